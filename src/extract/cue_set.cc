#include "src/extract/cue_set.h"

#include <algorithm>

namespace engram::extract {
namespace {

std::vector<std::string_view> SplitAlternatives(std::string_view s) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t next = s.find(" | ", pos);
    if (next == std::string_view::npos) next = s.size();
    std::string_view alt = TrimSpaces(s.substr(pos, next - pos));
    if (!alt.empty()) out.push_back(alt);
    pos = next + 3;
  }
  return out;
}

bool StartsWith(std::string_view s, size_t pos, std::string_view p) {
  return s.size() >= pos + p.size() && s.compare(pos, p.size(), p) == 0;
}

uint16_t FirstTwo(std::string_view s, size_t pos) {
  return static_cast<uint16_t>(static_cast<unsigned char>(s[pos]) << 8 |
                               static_cast<unsigned char>(s[pos + 1]));
}

// Time tokens; prefixed weekdays are generated in TimeCues().
constexpr std::string_view kTimeTokens =
    "今天 | 明天 | 后天 | 大后天 | 昨天 | 前天 | 今晚 | 明晚 | 今早 | 明早 | 上午 | 下午 | 中午 | "
    "晚上 | 早上 | 凌晨 | 傍晚 | 这两天 | 这几天 | 最近几天 | 月底 | 月初 | 月中 | 年底 | 年初 | 周末 | 下周 | 上周 | 本周 | 这周 | "
    "下个月 | 上个月 | 本月 | 这个月 | 下月 | 明年 | 去年 | 今年 | 前 | 之前 | 以前 | 左右 | "
    "today | tomorrow | yesterday | tonight | this morning | this afternoon | this evening | "
    "next week | last week | this week | next month | last month | this month | eod | "
    "end of the month | end of the week | end of month | by end of day | the weekend | "
    "this weekend | next weekend";

std::string TimeCues() {
  std::string cues(kTimeTokens);
  for (std::string_view prefix : {"下周", "上周", "本周", "这周", "周", "星期", "下星期", "上星期",
                                  "礼拜", "下礼拜"}) {
    for (std::string_view day : {"一", "二", "三", "四", "五", "六", "日", "天"}) {
      cues.append(" | ").append(prefix).append(day);
    }
  }
  for (std::string_view prefix : {"", "next ", "last ", "this ", "by ", "on ", "until "}) {
    for (std::string_view day :
         {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}) {
      cues.append(" | ").append(prefix).append(day);
    }
  }
  return cues;
}

constexpr std::string_view kCnDigits[] = {"零", "一", "二", "三", "四", "五",
                                          "六", "七", "八", "九"};

// Length of a run of ASCII digits or Chinese numerals (一..九, 十, 两, 半) at pos.
size_t NumeralRun(std::string_view s, size_t pos) {
  size_t p = pos;
  while (p < s.size()) {
    if (s[p] >= '0' && s[p] <= '9') {
      ++p;
      continue;
    }
    bool cn = false;
    for (std::string_view d : kCnDigits) cn = cn || StartsWith(s, p, d);
    cn = cn || StartsWith(s, p, "十") || StartsWith(s, p, "两");
    if (!cn) break;
    p += 3;
  }
  return p - pos;
}

}  // namespace

CueSet::CueSet(std::string_view alternatives) {
  size_t index = 0;
  for (std::string_view a : SplitAlternatives(alternatives)) {
    alts_.push_back(Alt{std::string(a), index++, IsAsciiAlnum(a.front()), IsAsciiAlnum(a.back())});
    first_bytes_.set(static_cast<unsigned char>(a.front()));
  }
  std::stable_sort(alts_.begin(), alts_.end(),
                   [](const Alt& x, const Alt& y) { return x.text.size() > y.text.size(); });
  for (uint32_t i = 0; i < alts_.size(); ++i) {
    if (alts_[i].text.size() == 1) {
      one_byte_.push_back(i);
    } else {
      by_first_two_[FirstTwo(alts_[i].text, 0)].push_back(i);
    }
  }
}

bool CueSet::Bounded(std::string_view text, size_t pos, const Alt& alt, bool check_start) const {
  const size_t end = pos + alt.text.size();
  if (check_start && alt.ascii_start && pos > 0 && IsAsciiAlnum(text[pos - 1])) return false;
  if (alt.ascii_end && end < text.size() && IsAsciiAlnum(text[end])) return false;
  return true;
}

std::optional<CueHit> CueSet::Find(const IndexedText& indexed, size_t from, size_t to) const {
  const std::string_view text = indexed.text();
  to = std::min(to, text.size());
  std::optional<CueHit> best;
  for (const Alt& alt : alts_) {
    if (!indexed.MayContain(alt.text)) continue;
    size_t pos = from;
    while (pos < to) {
      pos = text.find(alt.text, pos);
      if (pos == std::string_view::npos || pos >= to) break;
      if (best && pos >= best->begin) break;  // longer alternatives came first
      if (Bounded(text, pos, alt)) {
        best = CueHit{pos, pos + alt.text.size(), alt.index};
        break;
      }
      ++pos;
    }
  }
  return best;
}

std::optional<CueHit> CueSet::Find(std::string_view text, size_t from, size_t to) const {
  return Find(IndexedText(text), from, to);
}

std::optional<CueHit> CueSet::At(std::string_view text, size_t pos, bool after_token) const {
  if (pos >= text.size() || !first_bytes_.test(static_cast<unsigned char>(text[pos]))) {
    return std::nullopt;
  }
  auto try_alt = [&](uint32_t i) -> std::optional<CueHit> {
    const Alt& alt = alts_[i];
    if (StartsWith(text, pos, alt.text) && Bounded(text, pos, alt, !after_token)) {
      return CueHit{pos, pos + alt.text.size(), alt.index};
    }
    return std::nullopt;
  };
  if (pos + 1 < text.size()) {
    if (auto it = by_first_two_.find(FirstTwo(text, pos)); it != by_first_two_.end()) {
      for (uint32_t i : it->second) {
        if (std::optional<CueHit> hit = try_alt(i)) return hit;
      }
    }
  }
  for (uint32_t i : one_byte_) {
    if (std::optional<CueHit> hit = try_alt(i)) return hit;
  }
  return std::nullopt;
}

std::optional<CueHit> CueSet::EndingAt(std::string_view text, size_t end) const {
  for (const Alt& alt : alts_) {
    if (alt.text.size() <= end && StartsWith(text, end - alt.text.size(), alt.text) &&
        Bounded(text, end - alt.text.size(), alt)) {
      return CueHit{end - alt.text.size(), end, alt.index};
    }
  }
  return std::nullopt;
}

std::string AsciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool IsAsciiAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t ClauseBreakAt(std::string_view text, size_t pos) {
  const char c = text[pos];
  auto digit = [&](size_t i) { return text[i] >= '0' && text[i] <= '9'; };
  if (c == ',' && pos > 0 && pos + 1 < text.size() && digit(pos - 1) && digit(pos + 1)) {
    return 0;  // "$50,000"
  }
  if (c == ',' || c == ';' || c == '!' || c == '?' || c == '\n') return 1;
  if (c == '.') {
    return (pos + 1 == text.size() || text[pos + 1] == ' ') ? 1 : 0;
  }
  // The breaks below start with byte E2 (…), E3 (。) or EF (the full-width ones).
  const unsigned char lead = static_cast<unsigned char>(c);
  if (lead != 0xE2 && lead != 0xE3 && lead != 0xEF) return 0;
  for (std::string_view b : {"，", "。", "；", "！", "？", "…"}) {
    if (StartsWith(text, pos, b)) return b.size();
  }
  return 0;
}

size_t ClauseStart(std::string_view text, size_t pos) {
  // The end of the last break that starts before `pos` (no break starts on a UTF-8
  // continuation byte, so walking back byte by byte finds what a forward scan would).
  for (size_t i = std::min(pos, text.size()); i > 0; --i) {
    if (const size_t n = ClauseBreakAt(text, i - 1); n > 0) return i - 1 + n;
  }
  return 0;
}

size_t ClauseEnd(std::string_view text, size_t pos) {
  for (size_t i = pos; i < text.size(); ++i) {
    if (ClauseBreakAt(text, i) > 0) return i;
  }
  return text.size();
}

std::string_view TrimSpaces(std::string_view s) {
  static constexpr std::string_view kQuotes[] = {"“", "”", "「", "」", "《", "》", "‘", "’"};
  bool changed = true;
  while (changed && !s.empty()) {
    changed = false;
    if (s.front() == ' ' || s.front() == '"' || s.front() == '\'') {
      s.remove_prefix(1);
      changed = true;
    } else if (s.back() == ' ' || s.back() == '"' || s.back() == '\'') {
      s.remove_suffix(1);
      changed = true;
    }
    for (std::string_view q : kQuotes) {
      if (s.starts_with(q)) {
        s.remove_prefix(q.size());
        changed = true;
      } else if (s.ends_with(q)) {
        s.remove_suffix(q.size());
        changed = true;
      }
    }
  }
  return s;
}

std::string_view StripFront(std::string_view s, const CueSet& cues) {
  s = TrimSpaces(s);
  while (std::optional<CueHit> hit = cues.At(s, 0)) {
    if (hit->end == 0) break;
    s = TrimSpaces(s.substr(hit->end));
  }
  return s;
}

std::string_view StripBack(std::string_view s, const CueSet& cues) {
  s = TrimSpaces(s);
  while (std::optional<CueHit> hit = cues.EndingAt(s, s.size())) {
    if (hit->begin == s.size()) break;
    s = TrimSpaces(s.substr(0, hit->begin));
  }
  return s;
}

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::vector<PhraseSpan> FindTimeWords(std::string_view lower) {
  static const CueSet* const kCues = new CueSet(TimeCues());
  static const CueSet* const kUnits = new CueSet("点半 | 点 | 号 | 日 | 月 | 时 | 分 | 周 | 天后 | "
                                                 "am | pm | :00 | :30");
  std::vector<PhraseSpan> out;
  size_t pos = 0;
  while (pos < lower.size()) {
    size_t end = pos;
    while (end < lower.size()) {
      size_t next = end;
      while (next < lower.size() && lower[next] == ' ' && next > pos) ++next;
      if (std::optional<CueHit> hit = kCues->At(lower, next)) {
        // "前" / "之前" alone is not a time; only as a suffix.
        if (end == pos && (lower.substr(next, hit->end - next) == "前" ||
                           lower.substr(next, hit->end - next) == "之前" ||
                           lower.substr(next, hit->end - next) == "以前" ||
                           lower.substr(next, hit->end - next) == "左右")) {
          break;
        }
        end = hit->end;
        continue;
      }
      const size_t digits = NumeralRun(lower, next);
      if (digits > 0) {
        if (std::optional<CueHit> unit = kUnits->At(lower, next + digits, true)) {
          end = unit->end;
          continue;
        }
      }
      break;
    }
    if (end > pos) {
      out.push_back(PhraseSpan{pos, end});
      pos = end;
    } else {
      ++pos;
    }
  }
  return out;
}

int ParseSmallNumber(std::string_view s) {
  if (s.empty()) return -1;
  if (s[0] >= '0' && s[0] <= '9') {
    int v = 0;
    for (char c : s) {
      if (c < '0' || c > '9' || v > 100000) return -1;
      v = v * 10 + (c - '0');
    }
    return v;
  }
  int total = 0;
  int digit = -1;
  for (size_t p = 0; p < s.size(); p += 3) {
    std::string_view ch = s.substr(p, 3);
    if (ch == "十") {
      total += (digit < 0 ? 1 : digit) * 10;
      digit = -1;
      continue;
    }
    if (ch == "两") {
      digit = 2;
      continue;
    }
    int d = -1;
    for (int i = 0; i < 10; ++i) {
      if (ch == kCnDigits[i]) d = i;
    }
    if (d < 0) return -1;
    digit = d;
  }
  return total + (digit < 0 ? 0 : digit);
}

bool IsAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

size_t Words(std::string_view s) {
  size_t n = 0;
  bool in = false;
  for (char c : s) {
    n += c != ' ' && !in;
    in = c != ' ';
  }
  return n;
}

bool Short(std::string_view s, size_t max_cp, size_t max_words) {
  if (s.empty()) return false;
  return IsAscii(s) ? Words(s) <= max_words : CodePoints(s) <= max_cp;
}

}  // namespace engram::extract
