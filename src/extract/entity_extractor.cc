#include "src/extract/entity_extractor.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "src/base/utf8.h"
#include "src/extract/entity_rules.h"

namespace engram::extract {
namespace {

using std::string_view;

struct Char {
  char32_t cp;
  size_t begin;  // byte offset
  size_t end;
};

// Characters that end a given name ("王说老师" is not a name).
constexpr string_view kGivenNameStops = "的在和与跟去给是了向到从对把被说找让请这那个我你他她们，";

bool IsHan(char32_t c) { return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF); }
bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiAlnum(char c) { return IsAsciiAlpha(c) || IsDigit(c); }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsLower(char c) { return c >= 'a' && c <= 'z'; }

bool Contains(string_view set, char32_t cp) {
  char buf[4];
  size_t n = 0;
  if (cp < 0x80) {
    buf[n++] = static_cast<char>(cp);
  } else if (cp < 0x800) {
    buf[n++] = static_cast<char>(0xC0 | (cp >> 6));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    buf[n++] = static_cast<char>(0xE0 | (cp >> 12));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    buf[n++] = static_cast<char>(0xF0 | (cp >> 18));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return set.find(string_view(buf, n)) != string_view::npos;
}

// The characters of a rule-table string as a set (built once per table).
class CharSet {
 public:
  explicit CharSet(string_view chars) {
    for (size_t pos = 0; pos < chars.size();) set_.insert(base::DecodeUtf8(chars, &pos));
  }
  // The first characters of the words of these lists.
  explicit CharSet(std::initializer_list<std::span<const string_view>> lists) {
    for (std::span<const string_view> list : lists) {
      for (string_view w : list) {
        size_t pos = 0;
        if (!w.empty()) set_.insert(base::DecodeUtf8(w, &pos));
      }
    }
  }
  bool Has(char32_t c) const { return set_.count(c) > 0; }

 private:
  std::unordered_set<char32_t> set_;
};

const CharSet& Surnames() {
  static const CharSet* s = new CharSet(rules::SingleSurnames());
  return *s;
}
const CharSet& RunStopSet() {
  static const CharSet* s = new CharSet(rules::RunStops());
  return *s;
}
const CharSet& NicknameFollowerSet() {
  static const CharSet* s = new CharSet(rules::NicknameFollowers());
  return *s;
}
const CharSet& GivenNameStopSet() {
  static const CharSet* s = new CharSet(kGivenNameStops);
  return *s;
}

// The characters a word of Suffixed(), Roles() or Money()'s lists can start with: at any other
// character those word-list loops cannot match, and the scan skips them.
constexpr string_view kProject[] = {"项目"};
const CharSet& SuffixedStarts() {
  static const CharSet* s =
      new CharSet({rules::OrgSuffixes(), rules::PlaceSuffixes(), rules::KnownPlaces(),
                   std::span<const string_view>(kProject), rules::RolePrefixes(),
                   rules::UnitSuffixes()});
  return *s;
}
const CharSet& RoleStarts() {
  static const CharSet* s = new CharSet({rules::StandaloneRoles(), rules::RolePrefixes()});
  return *s;
}
const CharSet& MoneyPrefixStarts() {
  static const CharSet* s = new CharSet({rules::MoneyPrefixes()});
  return *s;
}

// Called for every character against every word list: most candidates differ in their first
// code point, so its bytes are compared inline before memcmp.
bool StartsWith(string_view text, size_t at, string_view prefix) {
  if (at > text.size() || text.size() - at < prefix.size()) return false;
  const char* p = text.data() + at;
  const size_t head = std::min<size_t>(prefix.size(), 3);
  for (size_t k = 0; k < head; ++k) {
    if (p[k] != prefix[k]) return false;
  }
  return std::memcmp(p + head, prefix.data() + head, prefix.size() - head) == 0;
}

// The one pass's view of the text: its characters and a byte -> character index.
class Scanner {
 public:
  explicit Scanner(string_view text) : text_(text) {
    size_t pos = 0;
    while (pos < text.size()) {
      size_t begin = pos;
      char32_t cp = base::DecodeUtf8(text, &pos);
      chars_.push_back({cp, begin, pos});
    }
  }

  void Run() {
    for (size_t i = 0; i < chars_.size(); ++i) {
      const char32_t c = chars_[i].cp;
      if (IsHan(c)) {
        Persons(i);
        if (SuffixedStarts().Has(c)) Suffixed(i);
      }
      if (c < 0x80 && IsAsciiAlpha(static_cast<char>(c)) && WordStart(chars_[i].begin)) {
        Ids(chars_[i].begin);
        English(chars_[i].begin);
      }
      if (MoneyPrefixStarts().Has(c) || (c < 0x80 && IsDigit(static_cast<char>(c)))) Money(i);
      if (RoleStarts().Has(c)) Roles(i);
    }
  }

  std::vector<EntityMention> Take() {
    // Longer spans first, then more confident, then earlier; keep those that do not overlap.
    std::vector<EntityMention> all = std::move(found_);
    std::stable_sort(all.begin(), all.end(), [](const EntityMention& a, const EntityMention& b) {
      if (a.end - a.begin != b.end - b.begin) return a.end - a.begin > b.end - b.begin;
      if (a.confidence != b.confidence) return a.confidence > b.confidence;
      return a.begin < b.begin;
    });
    std::vector<EntityMention> kept;
    for (EntityMention& m : all) {
      bool overlaps = std::any_of(kept.begin(), kept.end(), [&](const EntityMention& k) {
        return m.begin < k.end && k.begin < m.end;
      });
      if (!overlaps) kept.push_back(std::move(m));
    }
    std::sort(kept.begin(), kept.end(),
              [](const EntityMention& a, const EntityMention& b) { return a.begin < b.begin; });
    return kept;
  }

 private:
  void Add(size_t begin, size_t end, EntityType type, double confidence, size_t key_begin,
           size_t key_end, string_view title = {}) {
    if (end <= begin || key_end <= key_begin) return;
    EntityMention m;
    m.begin = begin;
    m.end = end;
    m.text = std::string(text_.substr(begin, end - begin));
    m.key = std::string(text_.substr(key_begin, key_end - key_begin));
    m.type = type;
    m.confidence = confidence;
    m.title = std::string(title);
    found_.push_back(std::move(m));
  }

  bool WordStart(size_t byte) const {
    return byte == 0 || !IsAsciiAlnum(text_[byte - 1]);
  }
  bool WordEnd(size_t byte) const { return byte >= text_.size() || !IsAsciiAlnum(text_[byte]); }

  // Index of the character starting at `byte`, or chars_.size().
  size_t IndexAt(size_t byte) const {
    auto it = std::lower_bound(chars_.begin(), chars_.end(), byte,
                               [](const Char& c, size_t b) { return c.begin < b; });
    return static_cast<size_t>(it - chars_.begin());
  }
  char32_t CpAt(size_t byte) const {
    size_t i = IndexAt(byte);
    return i < chars_.size() && chars_[i].begin == byte ? chars_[i].cp : 0;
  }

  // The surname starting at character i: its byte length, or 0.
  size_t SurnameAt(size_t i) const {
    const size_t b = chars_[i].begin;
    for (string_view c : rules::CompoundSurnames()) {
      if (StartsWith(text_, b, c)) return c.size();
    }
    if (!Surnames().Has(chars_[i].cp)) return 0;
    if (i > 0) {
      string_view bigram = text_.substr(chars_[i - 1].begin, chars_[i].end - chars_[i - 1].begin);
      for (string_view w : rules::SurnameWordBigrams()) {
        if (w == bigram) return 0;
      }
    }
    return chars_[i].end - b;
  }

  // A title at `byte` that is not the start of an ordinary word.
  const rules::Title* TitleAt(size_t byte, bool after_given_name) const {
    for (const rules::Title& t : rules::Titles()) {
      if (after_given_name && !t.after_given_name) continue;
      if (!StartsWith(text_, byte, t.text)) continue;
      char32_t next = CpAt(byte + t.text.size());
      if (next != 0 && !t.not_before.empty() && Contains(t.not_before, next)) return nullptr;
      return &t;
    }
    return nullptr;
  }

  void Persons(size_t i) {
    const size_t b = chars_[i].begin;
    // 老王 / 小李
    if ((chars_[i].cp == U'老' || chars_[i].cp == U'小') && i + 1 < chars_.size()) {
      size_t s = SurnameAt(i + 1);
      if (s > 0) {
        size_t e = chars_[i + 1].begin + s;
        char32_t next = CpAt(e);
        if (next == 0 || !IsHan(next) || NicknameFollowerSet().Has(next)) {
          Add(b, e, EntityType::kPerson, 0.7, b, e);
        }
      }
    }
    size_t s = SurnameAt(i);
    if (s == 0) return;
    if (const rules::Title* t = TitleAt(b + s, false)) {
      Add(b, b + s + t->text.size(), EntityType::kPerson, t->confidence, b,
          b + s + t->text.size(), t->text);
      return;
    }
    // Surname + one or two given-name characters + a title: 王小明老师.
    size_t j = IndexAt(b + s);
    for (size_t n = 1; n <= 2 && j + n <= chars_.size(); ++n) {
      const Char& last = chars_[j + n - 1];
      if (!IsHan(last.cp) || GivenNameStopSet().Has(last.cp)) break;
      if (const rules::Title* t = TitleAt(last.end, true)) {
        Add(b, last.end + t->text.size(), EntityType::kPerson, 0.75, b,
            last.end + t->text.size(), t->text);
        return;
      }
    }
  }

  // A name run that ends right before character i (walking back over Han, ASCII letters
  // and digits, never crossing a stop character), at most `max` characters: its first byte.
  // `more_stops`: characters it does not cross either.
  size_t RunBefore(size_t i, size_t min, size_t max, string_view more_stops = {}) const {
    size_t n = 0;
    size_t k = i;
    while (k > 0 && n < max) {
      const Char& c = chars_[k - 1];
      bool name_char = IsHan(c.cp) || (c.cp < 0x80 && IsAsciiAlnum(static_cast<char>(c.cp)));
      if (!name_char || RunStopSet().Has(c.cp) || Contains(more_stops, c.cp)) break;
      --k;
      ++n;
    }
    return n >= min ? chars_[k].begin : string_view::npos;
  }

  // Org / place / project / department names ending in a suffix, and known places.
  void Suffixed(size_t i) {
    const size_t b = chars_[i].begin;
    struct Family {
      std::span<const string_view> suffixes;
      EntityType type;
      double confidence;
    };
    const Family families[] = {{rules::OrgSuffixes(), EntityType::kOrg, 0.75},
                               {rules::PlaceSuffixes(), EntityType::kPlace, 0.7}};
    for (const Family& f : families) {
      for (string_view suffix : f.suffixes) {
        if (!StartsWith(text_, b, suffix)) continue;
        // A park of firms is a place: "南山区科技园" (PlaceSuffixes), no firm "南山区科技".
        if (suffix == "科技" && StartsWith(text_, b + suffix.size(), "园")) break;
        size_t start = RunBefore(i, 2, 8);
        // A room one comes to: "下周来实验室" names no lab "周来".
        if (start != string_view::npos && (suffix == "实验室" || suffix == "工作室")) {
          start = RunBefore(i, 2, 8, rules::UnitRunStops());
        }
        if (start != string_view::npos) {
          Add(start, b + suffix.size(), f.type, f.confidence, start, b + suffix.size());
        }
        break;
      }
    }
    for (string_view place : rules::KnownPlaces()) {
      if (static_cast<unsigned char>(place[0]) >= 0x80 && StartsWith(text_, b, place)) {
        Add(b, b + place.size(), EntityType::kPlace, 0.8, b, b + place.size());
      }
    }
    if (StartsWith(text_, b, "项目")) {
      size_t start = RunBefore(i, 2, 8);
      if (start != string_view::npos) Add(start, b + 6, EntityType::kProject, 0.7, start, b + 6);
      // 项目Alpha: an ASCII name right after.
      size_t e = b + 6;
      while (e < text_.size() && (IsAsciiAlnum(text_[e]) || text_[e] == '-')) ++e;
      if (e > b + 7) Add(b, e, EntityType::kProject, 0.75, b + 6, e);
    }
    Unit(i);
    for (string_view prefix : rules::RolePrefixes()) {
      if (!StartsWith(text_, b, prefix)) continue;
      for (string_view suffix : rules::DepartmentSuffixes()) {
        if (StartsWith(text_, b + prefix.size(), suffix)) {
          size_t e = b + prefix.size() + suffix.size();
          Add(b, e, EntityType::kDepartment, 0.8, b, e);
          break;
        }
      }
    }
  }

  // A unit named by a short free run that stands alone: "在算法组", "加入增长团队", "是平台部的".
  void Unit(size_t i) {
    const size_t b = chars_[i].begin;
    for (string_view suffix : rules::UnitSuffixes()) {
      if (!StartsWith(text_, b, suffix)) continue;
      const size_t e = b + suffix.size();
      if (Contains(rules::NotUnitAfter(), CpAt(e))) return;
      size_t k = i;
      size_t n = 0;
      while (k > 0 && n <= 4) {  // one more than allowed: a longer run is no name
        const Char& c = chars_[k - 1];
        bool name_char = IsHan(c.cp) || (c.cp < 0x80 && IsAsciiAlnum(static_cast<char>(c.cp)));
        if (!name_char || RunStopSet().Has(c.cp) || Contains(rules::UnitRunStops(), c.cp)) break;
        --k;
        ++n;
      }
      if (n < 2 || n > 4 || Contains(rules::NotUnitLast(), chars_[i - 1].cp)) return;
      Add(chars_[k].begin, e, EntityType::kDepartment, 0.6, chars_[k].begin, e);
      return;
    }
  }

  void Roles(size_t i) {
    const size_t b = chars_[i].begin;
    const bool ascii = chars_[i].cp < 0x80;
    if (ascii && !WordStart(b)) return;
    for (string_view role : rules::StandaloneRoles()) {
      if (StartsWith(text_, b, role) && (!IsAsciiAlpha(role[0]) || WordEnd(b + role.size()))) {
        Add(b, b + role.size(), EntityType::kRole, 0.8, b, b + role.size());
      }
    }
    for (string_view prefix : rules::RolePrefixes()) {
      if (!StartsWith(text_, b, prefix)) continue;
      for (string_view suffix : rules::RoleSuffixes()) {
        size_t e = b + prefix.size() + suffix.size();
        if (StartsWith(text_, b + prefix.size(), suffix) &&
            (!IsAsciiAlpha(suffix.back()) || WordEnd(e))) {
          Add(b, e, EntityType::kRole, 0.8, b, e);
          break;
        }
      }
    }
  }

  // The cue ending right before `byte` (spaces and '#', ':' between them allowed): its start.
  size_t CueBefore(size_t byte, std::span<const string_view> cues) const {
    size_t e = byte;
    while (e > 0 && (text_[e - 1] == ' ' || text_[e - 1] == '#' || text_[e - 1] == ':')) --e;
    for (string_view cue : cues) {
      if (e >= cue.size() && text_.substr(e - cue.size(), cue.size()) == cue) {
        return e - cue.size();
      }
    }
    return string_view::npos;
  }

  // Ticket and contract ids: letters, then one or more "-" groups, the last one digits.
  void Ids(size_t b) {
    size_t e = b;
    while (e < text_.size() && IsAsciiAlpha(text_[e]) && e - b < 8) ++e;
    const string_view prefix = text_.substr(b, e - b);
    if (prefix.empty() || e >= text_.size() || text_[e] != '-') return;
    bool all_upper = std::all_of(prefix.begin(), prefix.end(), IsUpper);
    size_t groups = 0;
    size_t last_digits = 0;
    while (e + 1 < text_.size() && text_[e] == '-' && IsAsciiAlnum(text_[e + 1])) {
      size_t g = e + 1;
      size_t digits = 0;
      while (g < text_.size() && IsAsciiAlnum(text_[g])) digits += IsDigit(text_[g++]);
      last_digits = digits == g - e - 1 ? digits : 0;
      e = g;
      ++groups;
    }
    if (groups == 0 || last_digits == 0 || !WordEnd(e)) return;
    const size_t contract_cue = CueBefore(b, rules::ContractCues());
    const size_t ticket_cue = CueBefore(b, rules::TicketCues());
    bool contract_prefix = false;
    for (string_view p : rules::ContractPrefixes()) contract_prefix |= (prefix == p);
    if (contract_cue != string_view::npos) {
      Add(contract_cue, e, EntityType::kContract, 0.95, b, e);
    } else if (ticket_cue != string_view::npos) {
      Add(ticket_cue, e, EntityType::kTicket, 0.95, b, e);
    } else if (contract_prefix) {
      Add(b, e, EntityType::kContract, 0.85, b, e);
    } else if (all_upper) {
      Add(b, e, EntityType::kTicket, last_digits >= 2 ? 0.85 : 0.7, b, e);
    }
  }

  // A number at `byte` ("5,000.50"): its end, or `byte` when there is none.
  size_t NumberEnd(size_t byte) const {
    size_t e = byte;
    while (e < text_.size() && (IsDigit(text_[e]) ||
                                ((text_[e] == ',' || text_[e] == '.') && e > byte &&
                                 e + 1 < text_.size() && IsDigit(text_[e + 1])))) {
      ++e;
    }
    return e;
  }

  void Money(size_t i) {
    const size_t b = chars_[i].begin;
    for (string_view p : rules::MoneyPrefixes()) {
      if (!StartsWith(text_, b, p)) continue;
      if (IsAsciiAlpha(p[0]) && !WordStart(b)) continue;
      size_t n = b + p.size();
      if (n < text_.size() && text_[n] == ' ') ++n;
      size_t e = NumberEnd(n);
      if (e == n) continue;
      for (string_view s : rules::MoneySuffixes()) {
        if (StartsWith(text_, e, s) && (!IsAsciiAlpha(s[0]) || WordEnd(e + s.size()))) {
          e += s.size();
          break;
        }
      }
      Add(b, e, EntityType::kMoney, 0.9, b, e);
      return;
    }
    if (!IsDigit(text_[b]) || (b > 0 && (IsAsciiAlnum(text_[b - 1]) || text_[b - 1] == '.' ||
                                         text_[b - 1] == ','))) {
      return;
    }
    size_t e = NumberEnd(b);
    for (string_view s : rules::MoneySuffixes()) {
      if (!StartsWith(text_, e, s)) continue;
      if (IsAsciiAlpha(s[0])) return;  // 3k alone is not money; $3k is
      size_t end = e + s.size();
      bool bare = s == "万" || s == "亿" || s == "百万";
      if (bare) {
        char32_t next = CpAt(end);
        if (next != 0 && Contains(rules::NotMoneyAfterWan(), next)) return;
      }
      Add(b, end, EntityType::kMoney, bare ? 0.7 : 0.9, b, end);
      return;
    }
  }

  // English: honorific + name, runs of capitalized words (org, project, place or person).
  void English(size_t b) {
    auto word_at = [&](size_t at) -> string_view {
      if (at >= text_.size() || !IsUpper(text_[at])) return {};
      size_t e = at + 1;
      while (e < text_.size() && (IsLower(text_[e]) || text_[e] == '\'')) ++e;
      if (e == at + 1 || !WordEnd(e)) return {};  // "API", "iOS", "A" are not names
      return text_.substr(at, e - at);
    };
    auto is_stop = [](string_view w) {
      for (string_view s : rules::EnglishStopwords()) {
        if (s == w) return true;
      }
      return false;
    };
    if (b > 0 && IsUpper(text_[b - 1])) return;
    string_view first = text_.substr(b);
    for (string_view h : rules::EnglishHonorifics()) {
      if (!StartsWith(text_, b, h) || !WordEnd(b + h.size())) continue;
      size_t n = b + h.size();
      if (n < text_.size() && text_[n] == '.') ++n;
      if (n < text_.size() && text_[n] == ' ') ++n;
      string_view name = word_at(n);
      if (!name.empty()) Add(b, n + name.size(), EntityType::kPerson, 0.9, n, n + name.size());
      return;
    }
    (void)first;
    // An acronym opening a name that ends in an org suffix: "AI Lab", "IBM Research Labs".
    if (OrgAfterAcronym(b, word_at)) return;
    // Only the first word of a run starts a mention (a run is never split in two).
    if (b >= 2 && text_[b - 1] == ' ' && !word_at(PrevWordStart(b - 1)).empty()) return;
    std::vector<string_view> words;
    size_t at = b;
    while (words.size() < 4) {
      string_view w = word_at(at);
      if (w.empty()) break;
      words.push_back(w);
      at += w.size();
      if (at + 1 < text_.size() && text_[at] == ' ' && IsUpper(text_[at + 1])) {
        ++at;
      } else {
        break;
      }
    }
    size_t skip = 0;
    while (skip < words.size() && is_stop(words[skip])) ++skip;
    if (skip == words.size()) return;
    const size_t start = static_cast<size_t>(words[skip].data() - text_.data());
    const size_t end = static_cast<size_t>(words.back().data() - text_.data()) +
                       words.back().size();
    const string_view run = text_.substr(start, end - start);
    for (string_view p : rules::KnownPlaces()) {
      if (p == run) return Add(start, end, EntityType::kPlace, 0.8, start, end);
    }
    for (string_view s : rules::EnglishOrgSuffixes()) {
      if (words.size() - skip >= 2 && words.back() == s) {
        return Add(start, end, EntityType::kOrg, 0.8, start, end);
      }
    }
    if (words[skip] == "Project" && words.size() - skip >= 2) {
      size_t name = static_cast<size_t>(words[skip + 1].data() - text_.data());
      return Add(start, end, EntityType::kProject, 0.8, name, end);
    }
    // A lone capitalized word opening a sentence is usually an ordinary word ("Order T-102
    // ships"): it counts only as a speaker label or an address ("Caroline:", "Bob, can").
    const bool sentence_start = start == 0 || SentenceEndBefore(start);
    const bool lone = words.size() - skip == 1;
    if (lone && IsOrgSuffix(words.back())) return;  // "Lab", "Inc" alone name no one
    if (lone && sentence_start &&
        (end >= text_.size() || (text_[end] != ':' && text_[end] != ',' && text_[end] != '\''))) {
      return;
    }
    double conf = lone ? (sentence_start ? 0.6 : 0.7) : 0.75;
    Add(start, end, EntityType::kPerson, conf, start, end);
  }

  static bool IsOrgSuffix(string_view word) {
    for (string_view s : rules::EnglishOrgSuffixes()) {
      if (s == word) return true;
    }
    return false;
  }

  // At `b`, an all-capital word of 2-6 letters or digits ("AI", "IBM") followed by up to three
  // capitalized words, the last an org suffix: adds the org and returns true.
  template <typename WordAt>
  bool OrgAfterAcronym(size_t b, const WordAt& word_at) {
    size_t e = b;
    while (e < text_.size() && (IsUpper(text_[e]) || IsDigit(text_[e]))) ++e;
    if (e - b < 2 || e - b > 6 || e >= text_.size() || text_[e] != ' ') return false;
    size_t at = e + 1;
    for (int n = 0; n < 3; ++n) {
      string_view w = word_at(at);
      if (w.empty()) return false;
      at += w.size();
      if (IsOrgSuffix(w)) {
        Add(b, at, EntityType::kOrg, 0.8, b, at);
        return true;
      }
      if (at + 1 >= text_.size() || text_[at] != ' ') return false;
      ++at;
    }
    return false;
  }

  size_t PrevWordStart(size_t space) const {
    size_t k = space;
    while (k > 0 && IsAsciiAlpha(text_[k - 1])) --k;
    return k;
  }

  bool SentenceEndBefore(size_t byte) const {
    size_t k = byte;
    while (k > 0 && text_[k - 1] == ' ') --k;
    if (k == 0) return true;
    char c = text_[k - 1];
    if (c == '.' || c == '!' || c == '?' || c == ':' || c == '"') return true;
    size_t i = IndexAt(k);
    if (i == 0 || i > chars_.size()) return false;
    char32_t cp = chars_[i - 1].cp;
    return cp == U'。' || cp == U'！' || cp == U'？' || cp == U'：' || cp == U'“';
  }

  string_view text_;
  std::vector<Char> chars_;
  std::vector<EntityMention> found_;
};

}  // namespace

std::string_view EntityTypeName(EntityType type) {
  switch (type) {
    case EntityType::kPerson: return "person";
    case EntityType::kOrg: return "org";
    case EntityType::kDepartment: return "department";
    case EntityType::kPlace: return "place";
    case EntityType::kProject: return "project";
    case EntityType::kTicket: return "ticket";
    case EntityType::kContract: return "contract";
    case EntityType::kMoney: return "money";
    case EntityType::kRole: return "role";
    case EntityType::kOther: return "other";
  }
  return "other";
}

std::optional<EntityType> ParseEntityType(std::string_view name) {
  for (int t = 0; t <= static_cast<int>(EntityType::kOther); ++t) {
    if (EntityTypeName(static_cast<EntityType>(t)) == name) return static_cast<EntityType>(t);
  }
  return std::nullopt;
}

bool IsLinkable(EntityType type) { return type != EntityType::kMoney; }

std::vector<EntityMention> FindEntityMentions(std::string_view text) {
  // One remember scans the same few texts many times (the pronoun test, the directory's gender
  // hints and the coreference of the turn and of the session's last turns, then linking), and
  // each turn is scanned again as history for the next turns. A small per-thread memo turns
  // those repeats into a lookup; the result depends on the text alone.
  constexpr size_t kMemoEntries = 64;
  thread_local std::unordered_map<std::string, std::vector<EntityMention>> memo;
  const std::string key(text);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  Scanner s(text);
  s.Run();
  std::vector<EntityMention> mentions = s.Take();
  if (memo.size() >= kMemoEntries) memo.clear();
  memo.emplace(key, mentions);
  return mentions;
}

}  // namespace engram::extract
