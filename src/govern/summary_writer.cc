#include "src/govern/summary_writer.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "src/govern/token_sets.h"

namespace engram::govern {
namespace {

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::vector<std::string> SplitSentences(const std::string& text) {
  static const char* kEnders[] = {"\xE3\x80\x82", "\xEF\xBC\x81", "\xEF\xBC\x9F",
                                  "\xEF\xBC\x9B", "!", "?", ";", "\n"};  // 。！？；
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < text.size();) {
    size_t len = 0;
    for (const char* e : kEnders) {
      size_t n = std::char_traits<char>::length(e);
      if (text.compare(i, n, e) == 0) {
        len = n;
        break;
      }
    }
    if (len == 0 && text[i] == '.' && (i + 1 == text.size() || text[i + 1] == ' ')) len = 1;
    if (len > 0) {
      cur.append(text, i, len);
      if (std::string t = Trim(cur); !t.empty()) out.push_back(std::move(t));
      cur.clear();
      i += len;
      continue;
    }
    cur += text[i++];
  }
  if (std::string t = Trim(cur); !t.empty()) out.push_back(std::move(t));
  return out;
}

Result<std::string> ExtractiveSummaryWriter::Write(
    const std::vector<const Memory*>& cluster) const {
  if (cluster.empty()) return Status::InvalidArgument("summary: empty cluster");
  struct Sentence {
    std::string text;
    std::vector<std::string> tokens;
    size_t order = 0;
    double score = 0;
  };
  std::vector<Sentence> sentences;
  std::map<std::string, int> members_with;  // token -> memories of the cluster containing it
  for (const Memory* m : cluster) {
    for (const std::string& t : TokenSet(m->content)) ++members_with[t];
    for (std::string& s : SplitSentences(m->content)) {
      std::vector<std::string> tokens = TokenSet(s);
      if (tokens.empty()) continue;
      sentences.push_back(Sentence{std::move(s), std::move(tokens), sentences.size(), 0});
    }
  }
  if (sentences.empty()) return Status::InvalidArgument("summary: no sentence with words");
  for (Sentence& s : sentences) {
    double sum = 0;
    for (const std::string& t : s.tokens) sum += std::log(1.0 + members_with[t]);
    s.score = sum / std::sqrt(static_cast<double>(s.tokens.size()));
  }
  std::vector<size_t> by_score(sentences.size());
  for (size_t i = 0; i < by_score.size(); ++i) by_score[i] = i;
  std::stable_sort(by_score.begin(), by_score.end(), [&](size_t a, size_t b) {
    return sentences[a].score > sentences[b].score;
  });
  std::vector<size_t> chosen;
  size_t bytes = 0;
  for (size_t i : by_score) {
    if (chosen.size() >= limits_.max_sentences) break;
    Sentence& s = sentences[i];
    if (!chosen.empty() && bytes + s.text.size() > limits_.max_bytes) continue;
    if (s.text.size() > limits_.max_bytes) {  // one long run-on message: cut at a character
      size_t cut = limits_.max_bytes;
      while (cut > 0 && (static_cast<unsigned char>(sentences[i].text[cut]) & 0xC0) == 0x80) {
        --cut;
      }
      sentences[i].text = sentences[i].text.substr(0, cut) + "\xE2\x80\xA6";
    }
    bool repeats = false;
    for (size_t c : chosen) repeats = repeats || Jaccard(s.tokens, sentences[c].tokens) >
                                                     limits_.max_overlap;
    if (repeats) continue;
    chosen.push_back(i);
    bytes += s.text.size();
  }
  std::sort(chosen.begin(), chosen.end());
  std::string out;
  for (size_t i : chosen) {
    if (!out.empty()) out += " \xE2\x80\xA6 ";  // " … "
    out += sentences[i].text;
  }
  return out;
}

}  // namespace engram::govern
