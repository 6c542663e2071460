#include "src/recall/statement_frame.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "src/base/utf8.h"
#include "src/recall/relevance.h"

namespace engram::recall {
namespace {

bool IsCjk(char32_t c) { return c >= 0x4E00 && c <= 0x9FFF; }

// Ends a clause: a frame lies within the first one.
bool EndsClause(char32_t c) {
  static const std::u32string_view kMarks = U",.;:!?，。；：！？、\n";
  return kMarks.find(c) != std::u32string_view::npos;
}

// Characters before 是 / 为 that make it part of another word or a negation ("但是", "还是",
// "不是", "也是", "就是", "可是", "总是", "只是", "于是", "要是", "真是", "像是", "算是", "认为",
// "因为", "作为", "成为").
bool BindsCopula(char32_t before) {
  static const std::u32string_view kChars = U"但还不也就可总只于要真像算或都正倒若凡认因作成以";
  return kChars.find(before) != std::u32string_view::npos;
}

// The word of ASCII letters that starts at `at` in `s`, if any.
std::string_view WordAt(std::string_view s, size_t at) {
  size_t end = at;
  while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '\'')) {
    ++end;
  }
  return s.substr(at, end - at);
}

// Whether the value after an English copula is negated or additive.
bool WeakValue(std::string_view rest) {
  size_t at = 0;
  while (at < rest.size() && rest[at] == ' ') ++at;
  const std::string_view w = WordAt(rest, at);
  return w.empty() || w == "not" || w == "no" || w == "also" || w == "too" || w == "still" ||
         w == "now";  // "X is now Y" is a change the change cues read
}

int CjkContentChars(std::string_view s) {
  int n = 0;
  size_t at = 0;
  while (at < s.size()) {
    const char32_t c = base::DecodeUtf8(s, &at);
    if (IsCjk(c) && !IsCjkFunctionChar(c)) ++n;
  }
  return n;
}

// Whether `frame` names enough (kFrameWords content words), or one after "my" / "our", which
// says whose it is ("my accountant is", "my go-to beer:"; not "priya is").
bool NamesEnough(std::string_view frame) {
  const size_t words = ContentWords(frame).size();
  return static_cast<int>(words) >= kFrameWords ||
         (words == 1 && (frame.starts_with("my ") || frame.starts_with("our ")));
}

// A label and a code after it, in a first clause of nothing else ("家里wifi密码 lj88886666",
// "gate code 4521"): the label is the frame when it names enough, has no digit and ends with a
// word for a code (密码, 号, "password", "code"); the code has a digit and four characters or
// more, letters, digits and signs.
std::string LabelOfACode(std::string_view folded) {
  size_t end = 0;
  while (end < folded.size()) {
    size_t next = end;
    if (EndsClause(base::DecodeUtf8(folded, &next))) break;
    end = next;
  }
  const std::string_view clause = folded.substr(0, end);
  // The first code: a run of ASCII letters, digits and signs after a space or a Han character.
  auto code_char = [](char ch) {
    const unsigned char u = static_cast<unsigned char>(ch);
    return u < 0x80 && (std::isalnum(u) || std::string_view("-_#@$!.*&").find(ch) !=
                                               std::string_view::npos);
  };
  size_t begin = 0;
  std::string_view code;
  while (begin < clause.size()) {
    size_t stop = begin;
    while (stop < clause.size() && code_char(clause[stop])) ++stop;
    const std::string_view run = clause.substr(begin, stop - begin);
    const bool after_label = begin > 0 && (clause[begin - 1] == ' ' ||
                                           static_cast<unsigned char>(clause[begin - 1]) >= 0x80);
    if (after_label && run.size() >= 4 && std::any_of(run.begin(), run.end(), ::isdigit) &&
        (stop == clause.size() || clause[stop] == ' ' ||
         static_cast<unsigned char>(clause[stop]) >= 0x80)) {
      code = run;
      break;
    }
    begin = stop > begin ? stop : begin + 1;
  }
  if (code.empty()) return "";
  std::string_view label = clause.substr(0, begin);
  while (!label.empty() && label.back() == ' ') label.remove_suffix(1);
  const bool label_digit = std::any_of(label.begin(), label.end(), ::isdigit);
  if (label_digit) return "";
  // The longest word for a code the label ends with; something must come before it.
  constexpr std::string_view kZhEnds[] = {"密码", "账号", "码", "号"};
  constexpr std::string_view kEnEnds[] = {"password", "passcode", "code", "pin", "number",
                                          "id", "no", "ref", "wifi", "combo"};
  const auto zh_end = std::find_if(std::begin(kZhEnds), std::end(kZhEnds),
                                   [&](std::string_view e) { return label.ends_with(e); });
  const bool zh = zh_end != std::end(kZhEnds) && label.size() > zh_end->size() &&
                  CjkContentChars(label) >= kFrameChars;
  size_t w = label.size();
  while (w > 0 && std::isalpha(static_cast<unsigned char>(label[w - 1]))) --w;
  const std::string_view last = label.substr(w);
  const bool en = (w == 0 || label[w - 1] == ' ') && NamesEnough(label) &&
                  std::find(std::begin(kEnEnds), std::end(kEnEnds), last) != std::end(kEnEnds);
  return zh || en ? std::string(label) : "";
}

std::string CopulaFrame(std::string_view folded) {
  size_t at = 0;
  char32_t before = 0;
  bool word_start = true;
  while (at < folded.size()) {
    const size_t here = at;
    const char32_t c = base::DecodeUtf8(folded, &at);
    // A label and its value ("production office: suite 500, 1133 w pender"): the label is the
    // frame, as "production office is" would be, when it names enough and has no number.
    // Not in Chinese, where what comes before a colon is as often a heading ("这学期班委选举结
    // 果：班长陈浩然").
    // A dash set apart by spaces labels as a colon does ("coffee order — medium oat latte").
    const bool dash = (c == U'\u2014' || c == U'\u2013' || c == U'-') && here > 0 &&
                      folded[here - 1] == ' ' && at < folded.size() && folded[at] == ' ';
    if ((c == U':' || dash) && at < folded.size()) {
      std::string_view label = folded.substr(0, here);
      while (!label.empty() && label.back() == ' ') label.remove_suffix(1);
      const bool number_or_han = std::any_of(label.begin(), label.end(), [](char ch) {
        const unsigned char u = static_cast<unsigned char>(ch);
        return std::isdigit(u) || u >= 0x80;
      });
      if (!number_or_han && NamesEnough(label)) {
        return std::string(label) + ":";  // with the colon: a label (IsLabel)
      }
      return "";
    }
    if (EndsClause(c)) return "";
    if ((c == U'是' || c == U'为') && before != 0 && !BindsCopula(before)) {
      const std::string_view frame = folded.substr(0, at);
      const std::string_view rest = folded.substr(at);
      const bool valued = !rest.empty() && rest.substr(0, 3) != "不" && rest.substr(0, 3) != "否";
      if (valued && CjkContentChars(frame) >= kFrameChars) return std::string(frame);
      return "";
    }
    if (word_start && c < 0x80 && std::isalpha(static_cast<int>(c))) {
      const std::string_view w = WordAt(folded, here);
      if (w == "is" || w == "are") {
        const std::string_view frame = folded.substr(0, here + w.size());
        const std::string_view rest = folded.substr(here + w.size());
        if (WeakValue(rest)) return "";
        if (NamesEnough(frame)) return std::string(frame);
        return "";
      }
    }
    word_start = !(c < 0x80 && (std::isalnum(static_cast<int>(c)) || c == '\''));
    before = c;
  }
  return "";
}

}  // namespace

std::string StatementFrame(std::string_view folded) {
  std::string frame = CopulaFrame(folded);
  return frame.empty() ? LabelOfACode(folded) : frame;
}

bool IsLabel(std::string_view frame) { return frame.ends_with(":"); }

}  // namespace engram::recall
