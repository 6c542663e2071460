#include "src/recall/past_states.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>
#include <unordered_set>
#include <utility>

#include "src/recall/cue_index.h"
#include "src/recall/query_analysis.h"
#include "src/recall/staleness.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

bool IsCurrentRecord(const Memory& m) { return m.current && m.type == MemoryType::kEpisodic; }

double VectorCosine(const RecallHit& h) {
  auto v = h.channels.find("vector");
  return v == h.channels.end() ? -2.0 : v->second.score;
}

}  // namespace

// A question about what held before ("我上一部手机是什么？", "Who was my boss before the
// reorg?") when no hit is known to be replaced: of two states of a thing the question finds,
// it asks for the one a later one ended.
void EarlierStatesFirst(double min_relevance, std::vector<RecallHit>* hits) {
  std::vector<size_t> best(hits->size());  // by score
  for (size_t i = 0; i < hits->size(); ++i) {
    if ((*hits)[i].state == "outdated") return;  // what replaced what is known: kPastBoost
    best[i] = i;
  }
  std::stable_sort(best.begin(), best.end(),
                   [&](size_t a, size_t b) { return (*hits)[a].score > (*hits)[b].score; });
  best.resize(std::min(best.size(), kPastStates));
  std::vector<size_t> states;
  for (size_t i : best) {
    const RecallHit& h = (*hits)[i];
    if (IsCurrentRecord(h.memory) && StatementUnits(h.memory.content) <= kStatementUnits &&
        h.relevance >= std::max(min_relevance, kPastStateRelevance)) {
      states.push_back(i);
    }
  }
  if (states.size() < 2) return;
  std::vector<double> scores;
  for (size_t i : states) scores.push_back((*hits)[i].score);
  std::sort(scores.begin(), scores.end(), std::greater<>());
  std::vector<size_t> by_time = states;
  std::stable_sort(by_time.begin(), by_time.end(), [&](size_t a, size_t b) {
    return MemoryTime((*hits)[a].memory).unix_ms < MemoryTime((*hits)[b].memory).unix_ms;
  });
  for (size_t k = 0; k < by_time.size(); ++k) (*hits)[by_time[k]].score = scores[k];
  // The latest state is what holds now, which the question does not ask for.
  hits->erase(hits->begin() + static_cast<std::ptrdiff_t>(by_time.back()));
}

void LeaveOutSuccessorsOfShown(std::vector<RecallHit>* hits) {
  std::unordered_set<int64_t> replacing;
  std::vector<RecallHit> out;
  for (RecallHit& h : *hits) {
    if (h.state == "current" && replacing.contains(h.memory.id)) continue;
    if (h.state == "outdated" && h.superseded_by != 0) replacing.insert(h.superseded_by);
    out.push_back(std::move(h));
  }
  *hits = std::move(out);
}

std::string NamedLaterState(std::string_view query) {
  const std::string folded = text::FoldForSearch(query);
  static constexpr std::string_view kSkip[] = {"the", "my", "our", "a", "an", "i", "we",
                                               "switching", "switched", "moving", "to", "got"};
  static constexpr std::string_view kNone[] = {"that", "this", "then", "now", "it", "you", "he",
                                               "she", "they", "last", "next", "and", "or"};
  for (size_t at = folded.find("before "); at != std::string::npos;
       at = folded.find("before ", at + 1)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(folded[at - 1]))) continue;
    std::string_view rest = std::string_view(folded).substr(at + 7);
    std::string word;
    while (!rest.empty()) {
      size_t end = 0;
      while (end < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[end])) ||
                                   rest[end] == '-' || rest[end] == '\'')) {
        ++end;
      }
      if (end == 0) break;
      const std::string_view w = rest.substr(0, end);
      rest.remove_prefix(std::min(rest.size(), end + 1));
      if (std::find(std::begin(kSkip), std::end(kSkip), w) != std::end(kSkip)) continue;
      if (std::find(std::begin(kNone), std::end(kNone), w) != std::end(kNone)) break;
      word = std::string(w);
      break;
    }
    if (word.size() >= 3 && !std::isdigit(static_cast<unsigned char>(word[0]))) return word;
  }
  return "";
}

void StateBeforeTheNamedOneFirst(std::string_view query, std::vector<RecallHit>* hits) {
  const std::string later = NamedLaterState(query);
  if (later.empty()) return;
  std::vector<bool> says(hits->size());
  size_t best_later = hits->size();
  for (size_t i = 0; i < hits->size(); ++i) {
    says[i] = HasCue(text::FoldForSearch((*hits)[i].memory.content), later);
    if (says[i] && (best_later == hits->size() || (*hits)[i].score > (*hits)[best_later].score)) {
      best_later = i;
    }
  }
  if (best_later == hits->size()) return;
  RecallHit& named = (*hits)[best_later];
  const Instant named_at = MemoryTime(named.memory);
  const uint32_t named_slots = ReadCues(named.memory.content).slots & kSingleValuedSlots;
  // Of the hits said before it that do not say it: one of its slot, the best by score; else the
  // closest to the question.
  size_t before = hits->size();
  bool of_slot = false;
  for (size_t i = 0; i < hits->size(); ++i) {
    const RecallHit& h = (*hits)[i];
    if (says[i] || MemoryTime(h.memory).unix_ms >= named_at.unix_ms ||
        h.memory.type != MemoryType::kEpisodic) {
      continue;
    }
    const bool slot = (ReadCues(h.memory.content).slots & named_slots) != 0;
    if (before == hits->size() || (slot && !of_slot) ||
        (slot == of_slot && VectorCosine(h) > VectorCosine((*hits)[before]))) {
      before = i;
      of_slot = slot;
    }
  }
  if (before == hits->size()) return;
  RecallHit& earlier = (*hits)[before];
  earlier.score = std::max(earlier.score, named.score * 1.01);
  earlier.relevance = std::max(earlier.relevance, named.relevance);
}

}  // namespace engram::recall
