#include "src/recall/statement_compare.h"

#include <algorithm>
#include <utility>
#include <cctype>
#include <cstdlib>
#include <iterator>

#include "src/base/utf8.h"
#include "src/recall/answer_measures.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/recall/relations.h"
#include "src/recall/relevance.h"

namespace engram::recall {

bool SharesATopic(const StatementShape& a, const StatementShape& b, bool one_is_enough) {
  std::vector<std::string> shared;
  std::set_intersection(a.units.begin(), a.units.end(), b.units.begin(), b.units.end(),
                        std::back_inserter(shared));
  const bool word = std::any_of(shared.begin(), shared.end(), [](const std::string& u) {
    return !u.empty() && static_cast<unsigned char>(u[0]) < 0x80;
  });
  return word || shared.size() >= 2 || (one_is_enough && !shared.empty());
}

double LatinUnitShare(const StatementShape& of, const StatementShape& in) {
  StatementShape latin;
  std::copy_if(of.units.begin(), of.units.end(), std::back_inserter(latin.units),
               [&](const std::string& u) {
                 return !u.empty() && static_cast<unsigned char>(u[0]) < 0x80 &&
                        std::none_of(of.values.begin(), of.values.end(),
                                     [&](const std::string& v) { return v.starts_with(u); });
               });
  return UnitShare(latin, in);
}

namespace {

// The Han character pairs of folded `text` (two characters side by side, neither a particle
// or copula: 高一, 一物, 物理 of 高一物理用的是…).
std::vector<std::string> HanPairs(std::string_view text) {
  std::vector<std::string> pairs;
  std::string last;
  size_t at = 0;
  while (at < text.size()) {
    const size_t begin = at;
    const char32_t c = base::DecodeUtf8(text, &at);
    constexpr std::u32string_view kGrammar = U"的了是吗呢吧啊呀和与在";
    const bool content = IsHan(c) && kGrammar.find(c) == std::u32string_view::npos;
    std::string now = content ? std::string(text.substr(begin, at - begin)) : std::string();
    if (!last.empty() && !now.empty()) pairs.push_back(last + now);
    last = std::move(now);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

// Fewer Han character pairs than this tell no change (HanPairShare).
constexpr size_t kHanPairsToCompare = 4;

}  // namespace

double HanPairShare(std::string_view of, std::string_view in) {
  const std::vector<std::string> pairs = HanPairs(of);
  if (pairs.size() < kHanPairsToCompare) return 0;
  size_t said = 0;
  for (const std::string& p : pairs) said += in.find(p) != std::string_view::npos;
  return static_cast<double>(said) / pairs.size();
}

namespace {

// One who plays an instrument, and the instrument: "the quintet's bassist is" frames what "bass
// player in the quintet is" frames.
constexpr std::pair<std::string_view, std::string_view> kPlayers[] = {
    {"bassist", "bass"},       {"guitarist", "guitar"}, {"pianist", "piano"},
    {"cellist", "cello"},      {"violinist", "violin"}, {"drummer", "drum"},
    {"trumpeter", "trumpet"},  {"saxophonist", "sax"},  {"keyboardist", "keys"},
    {"flautist", "flute"},     {"violist", "viola"},    {"organist", "organ"}};

// A frame's content words in one form: a player of an instrument as the instrument and
// "player"; "drums" and "keyboard" as "drum" and "keys"; "fave" as "favorite"; no filler
// ("honestly my fave glaze is").
void AsOneFrameWords(std::vector<std::string>* words) {
  constexpr std::string_view kFillers[] = {"honestly", "actually", "really", "basically", "tbh",
                                           "lol", "literally", "def", "definitely"};
  std::erase_if(*words, [&](const std::string& w) {
    return std::find(std::begin(kFillers), std::end(kFillers), w) != std::end(kFillers);
  });
  std::vector<std::string> more;
  for (std::string& w : *words) {
    if (w == "fave" || w == "fav" || w == "favourite") w = "favorite";
    if (w == "drums") w = "drum";
    if (w == "keyboard" || w == "keyboards") w = "keys";
    if (w == "saxophone") w = "sax";
    for (const auto& [player, instrument] : kPlayers) {
      const bool plural = w.size() == player.size() + 1 && w.starts_with(player) && w.back() == 's';
      if (w == player || plural) {
        w = instrument;
        more.emplace_back("player");
      }
    }
    if (w == "players") w = "player";
  }
  words->insert(words->end(), more.begin(), more.end());
}

}  // namespace

bool OneFrame(const std::string& a, const std::string& b) {
  if (a == b) return true;
  auto words = [](const std::string& f) {
    std::vector<std::string> w = ContentWords(f);
    AsOneFrameWords(&w);
    std::sort(w.begin(), w.end());
    w.erase(std::unique(w.begin(), w.end()), w.end());
    return w;
  };
  const std::vector<std::string> x = words(a);
  const std::vector<std::string> y = words(b);
  if (x.empty() || y.empty()) return false;
  return std::includes(x.begin(), x.end(), y.begin(), y.end()) ||
         std::includes(y.begin(), y.end(), x.begin(), x.end());
}

namespace {

// NearFrames on the frames' content words (ContentWords), read once by the caller.
bool NearFrameWords(const std::vector<std::string>& fa, const std::vector<std::string>& fb) {
  const std::vector<std::string>& x = fa.size() <= fb.size() ? fa : fb;
  const std::vector<std::string>& y = fa.size() <= fb.size() ? fb : fa;
  if (x.size() < 2) return false;
  size_t shared = 0;
  for (const std::string& w : x) shared += std::find(y.begin(), y.end(), w) != y.end();
  const bool head = std::find(fb.begin(), fb.end(), fa.back()) != fb.end() ||
                    std::find(fa.begin(), fa.end(), fb.back()) != fa.end();
  return shared >= kNearFrameShare * x.size() || (head && 2 * shared >= x.size());
}

}  // namespace

bool NearFrames(const std::string& a, const std::string& b) {
  return NearFrameWords(ContentWords(a), ContentWords(b));
}

bool OneThingFramed(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  if (a == b) return true;
  auto marked = [](const std::string& f) {
    return f.find("'s") != std::string::npos ||
           std::any_of(f.begin(), f.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (marked(a) || marked(b) || RelationsIn(a) != RelationsIn(b)) return false;
  // A frame of many words is a clause that runs on to another copula ("finally moved the compost
  // bin over by the back fence where it gets more sun my back is"), not the name of one thing.
  const std::vector<std::string> wa = ContentWords(a), wb = ContentWords(b);
  if (wa.size() > kFrameMaxWords || wb.size() > kFrameMaxWords) return false;
  return OneFrame(a, b) || NearFrameWords(wa, wb);
}

bool FramesDifferByAsked(const std::string& a, const std::string& b,
                         const std::vector<std::string>& asked) {
  if (a.empty() || b.empty() || a == b || !OneFrame(a, b)) return false;
  std::vector<std::string> x = ContentWords(a), y = ContentWords(b);
  if (x.size() < y.size()) std::swap(x, y);
  return std::all_of(x.begin(), x.end(), [&](const std::string& w) {
    return std::find(y.begin(), y.end(), w) != y.end() ||
           std::find(asked.begin(), asked.end(), w) != asked.end();
  });
}

namespace {

// The shape of a value: digits as '9', letters as 'a', marks kept ("208-555-0193" ->
// "999-999-9999", "bp4417823" -> "aa9999999").
std::string ValueShape(std::string_view v) {
  std::string out(v);
  for (char& c : out) {
    if (c >= '0' && c <= '9') c = '9';
    else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) c = 'a';
  }
  return out;
}

// Whether two values have one shape (ValueShape), or are both plain numbers ("800", "9.5")
// whose whole parts differ by at most one digit: "1100" after "800", "10" after "9.5"; not
// "212" after "7".
bool OneShape(std::string_view a, std::string_view b) {
  if (ValueShape(a) == ValueShape(b)) return true;
  auto whole_digits = [](std::string_view v) -> int {
    size_t digits = 0, dots = 0, whole = 0;
    for (char c : v) {
      if (c >= '0' && c <= '9') {
        ++digits;
        if (dots == 0) ++whole;
      } else if (c == '.') {
        ++dots;
      } else {
        return -1;
      }
    }
    return digits == 0 || dots > 1 ? -1 : static_cast<int>(whole);
  };
  const int x = whole_digits(a), y = whole_digits(b);
  return x > 0 && y > 0 && std::abs(x - y) <= 1;
}

// A newer statement that says this share of an older one's units says it again.
constexpr double kRestatedUnits = 0.5;

}  // namespace

bool GivesAValue(const StatementShape& newer, const StatementShape& older,
                 std::string_view question) {
  // Neither a negation, a month nor the question's own word; nor the newer's first word, which
  // a capital marks as a name no more than it marks "Pretrial".
  auto asked = [&](const std::string& v) {
    return question.find(v) != std::string_view::npos || !NamesAThing(v);
  };
  std::vector<std::string> older_numbers;
  bool name = false;
  for (const std::string& v : older.values) {
    if (asked(v)) continue;
    if (HasDigit(v)) {
      older_numbers.push_back(v);
    } else {
      name = true;
    }
  }
  const bool none = older_numbers.empty() && !name;
  // Said again: a value of the older's, or half its units.
  if (UnitShare(older, newer) >= kRestatedUnits) return true;
  for (const std::string& v : older.values) {
    if (!asked(v) && SaysWord(newer.folded, v)) return true;
  }
  for (const std::string& v : newer.values) {
    if (asked(v) || (!HasDigit(v) && newer.folded.starts_with(v))) continue;
    if (std::binary_search(older.values.begin(), older.values.end(), v)) return true;
    if (none) return true;
    if (HasDigit(v) ? std::any_of(older_numbers.begin(), older_numbers.end(),
                                  [&](const std::string& o) { return OneShape(v, o); })
                    : name) {
      return true;
    }
  }
  return false;
}

bool ValuesOfOneShape(const StatementCues& newer, const StatementCues& older,
                      std::span<const std::string> asked) {
  auto skip = [&](const std::string& n) {
    return std::find(asked.begin(), asked.end(), n) != asked.end();
  };
  for (const std::string& n : newer.numbers) {
    if (skip(n)) continue;
    for (const std::string& o : older.numbers) {
      if (!skip(o) && n != o && OneShape(n, o)) return true;
    }
  }
  return false;
}

bool SaysTheAskedNumbers(const StatementCues& newer, const StatementCues& older,
                         std::span<const std::string> asked) {
  for (const std::string& a : asked) {
    const bool in_older = std::find(older.numbers.begin(), older.numbers.end(), a) != older.numbers.end();
    const bool in_newer = std::find(newer.numbers.begin(), newer.numbers.end(), a) != newer.numbers.end();
    if (in_older && !in_newer) return false;
  }
  return true;
}

bool GiveOneValue(const StatementShape& a, const StatementShape& b, AnswerKind kind,
                  std::string_view question) {
  // A blood type is said in letters no value reads ("O negative", "o neg").
  if (kind == AnswerKind::kBloodType) {
    const std::string type = BloodTypeIn(a.folded);
    return !type.empty() && type == BloodTypeIn(b.folded);
  }
  std::vector<std::string> both;
  std::set_intersection(a.values.begin(), a.values.end(), b.values.begin(), b.values.end(),
                        std::back_inserter(both));
  // A value of the kind: a name may be any word; a number must be one of the kind ("central
  // milling" of two statements gives no price).
  const bool named = kind == AnswerKind::kName || kind == AnswerKind::kPlace ||
                     kind == AnswerKind::kBrand || kind == AnswerKind::kJob;
  // A number with the unit both say after it ("80" of "80升的不锈钢桶" and "汤桶80升"): one
  // Han character or one Latin word.
  auto with_unit = [&](const std::string& v) -> std::string {
    auto unit_after = [&](std::string_view text) -> std::string_view {
      const size_t at = text.find(v);
      if (at == std::string_view::npos) return "";
      std::string_view rest = text.substr(at + v.size());
      if (!rest.empty() && static_cast<unsigned char>(rest[0]) >= 0x80) return rest.substr(0, 3);
      while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
      size_t end = 0;
      while (end < rest.size() && std::isalpha(static_cast<unsigned char>(rest[end]))) ++end;
      return rest.substr(0, end);
    };
    const std::string_view unit = unit_after(a.folded);
    return !unit.empty() && unit == unit_after(b.folded) ? v + std::string(unit) : v;
  };
  return std::any_of(both.begin(), both.end(), [&](const std::string& value) {
    if (question.find(value) != std::string_view::npos) return false;
    // The kind of a masked value ("phone" of "⟦PHONE:yhpn…⟧") is no value: two masked phone
    // numbers are two numbers unless their ids match.
    if (a.folded.find("⟦" + value + ":") != std::string::npos) return false;
    const std::string v = HasDigit(value) ? with_unit(value) : value;
    if (!(named && !HasDigit(v)) && !CarriesKind(kind, v, question)) return false;
    const bool ascii = std::all_of(v.begin(), v.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x80;
    });
    // Of three characters with a digit ("80升", "42码"), or two Han characters.
    if (HasDigit(v)) return v.size() >= 3;
    return ascii ? v.size() >= 4 : v.size() >= 6;
  });
}

bool SharePhrase(std::string_view a, std::string_view b, std::string_view question,
                 bool with_digit) {
  auto says = [](std::string_view text, std::string_view phrase) {
    for (size_t at = text.find(phrase); at != std::string_view::npos;
         at = text.find(phrase, at + 1)) {
      const size_t end = at + phrase.size();
      const bool open = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const bool close = end >= text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
      if (open && close) return true;
    }
    return false;
  };
  auto candidate = [&](std::string_view phrase) {
    return question.find(phrase) == std::string_view::npos && says(b, phrase);
  };
  // Latin: two words side by side.
  constexpr std::string_view kSmall[] = {"the", "and", "for", "with", "that", "this", "was",
                                         "has", "have", "are", "not", "but", "you", "our",
                                         "his", "her", "its", "they", "them", "then", "than",
                                         "from", "just", "got", "get", "all", "out", "now"};
  std::vector<std::pair<size_t, size_t>> words;  // [begin, end) of each Latin word
  for (size_t at = 0; at < a.size();) {
    if (!std::isalnum(static_cast<unsigned char>(a[at]))) {
      ++at;
      continue;
    }
    size_t end = at;
    while (end < a.size() && (std::isalnum(static_cast<unsigned char>(a[end])))) ++end;
    words.emplace_back(at, end);
    at = end;
  }
  auto digit = [&](std::pair<size_t, size_t> w) {
    return HasDigit(a.substr(w.first, w.second - w.first));
  };
  auto content = [&](std::pair<size_t, size_t> w) {
    const std::string_view word = a.substr(w.first, w.second - w.first);
    return digit(w) || (word.size() >= 3 && std::find(std::begin(kSmall), std::end(kSmall),
                                                      word) == std::end(kSmall));
  };
  for (size_t k = 0; k + 1 < words.size(); ++k) {
    if (words[k + 1].first != words[k].second + 1 || a[words[k].second] != ' ') continue;
    if (!content(words[k]) || !content(words[k + 1])) continue;
    if (with_digit && !digit(words[k]) && !digit(words[k + 1])) continue;
    if (candidate(a.substr(words[k].first, words[k + 1].second - words[k].first))) return true;
  }
  // Han: three characters; a day in digits.
  constexpr std::u32string_view kNoPhrase = U"我你他她它们这那个的了是在和与吗呢吧啊呀也都就还又很有说";
  std::vector<std::pair<size_t, char32_t>> chars;  // byte offset, character
  for (size_t at = 0; at < a.size();) {
    const size_t begin = at;
    chars.emplace_back(begin, base::DecodeUtf8(a, &at));
  }
  chars.emplace_back(a.size(), U' ');
  auto han = [&](char32_t c) { return IsHan(c) && kNoPhrase.find(c) == std::u32string_view::npos; };
  for (size_t k = 0; k + 3 < chars.size() && !with_digit; ++k) {
    if (han(chars[k].second) && han(chars[k + 1].second) && han(chars[k + 2].second) &&
        candidate(a.substr(chars[k].first, chars[k + 3].first - chars[k].first))) {
      return true;
    }
  }
  constexpr std::u32string_view kDayMarks = U"月日号";
  for (size_t k = 0; k < chars.size();) {
    size_t end = k;
    bool digits = false, mark = false;
    while (end < chars.size() &&
           ((chars[end].second >= U'0' && chars[end].second <= U'9') ||
            kDayMarks.find(chars[end].second) != std::u32string_view::npos)) {
      digits = digits || (chars[end].second >= U'0' && chars[end].second <= U'9');
      mark = mark || kDayMarks.find(chars[end].second) != std::u32string_view::npos;
      ++end;
    }
    if (end - k >= 4 && digits && mark &&
        candidate(a.substr(chars[k].first, chars[end].first - chars[k].first))) {
      return true;
    }
    k = end > k ? end : k + 1;
  }
  return false;
}

bool ShareARareWord(const StatementShape& a, const StatementShape& b,
                    const StatementShape& question,
                    const std::unordered_map<std::string, int>& records_saying) {
  auto numbers = [](const StatementShape& s) {
    std::vector<std::string> with_digits;
    for (const std::string& v : s.values) {
      if (std::any_of(v.begin(), v.end(), ::isdigit)) with_digits.push_back(v);
    }
    return with_digits;
  };
  const std::vector<std::string> na = numbers(a), nb = numbers(b);
  const std::vector<std::string>& fewer = na.size() <= nb.size() ? na : nb;
  const std::vector<std::string>& more = &fewer == &na ? nb : na;
  if (!std::includes(more.begin(), more.end(), fewer.begin(), fewer.end())) return false;
  for (const std::string& u : a.units) {
    const bool digits = std::any_of(u.begin(), u.end(), ::isdigit);
    if (static_cast<unsigned char>(u[0]) >= 0x80 ||
        !(u.size() >= kRareWordLetters || (digits && u.size() >= 2)) ||
        !std::binary_search(b.units.begin(), b.units.end(), u) ||
        std::binary_search(question.units.begin(), question.units.end(), u)) {
      continue;
    }
    auto n = records_saying.find(u);
    if (n != records_saying.end() && n->second <= kRareWordRecords) return true;
  }
  return false;
}

bool Mentions(const StatementCues& x, const StatementCues& y) {
  constexpr std::string_view kProject = "项目";
  for (std::string_view s : x.subjects) {
    if (s.size() > kProject.size() + 3 && s.substr(s.size() - kProject.size()) == kProject) {
      s.remove_suffix(kProject.size());
    }
    if (y.folded.find(s) != std::string::npos) return true;
  }
  return false;
}

bool NamesOnlyNumbers(const StatementCues& c) {
  return std::all_of(c.subjects.begin(), c.subjects.end(), [](const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  });
}

bool SharesSubject(const StatementCues& a, const StatementCues& b) {
  auto mentions = [](const StatementCues& x, const StatementCues& y) { return Mentions(x, y); };
  if (!a.subjects.empty() && !b.subjects.empty()) {
    return mentions(a, b) || mentions(b, a);
  }
  const bool a_own = a.first_person && a.subjects.empty();
  const bool b_own = b.first_person && b.subjects.empty();
  // A statement that names only a code ("filed an insurance claim ..., claim #C-55102") is no
  // one else's: the speaker's own, said without "I".
  const bool a_other = !a.first_person && !a.subjects.empty() && !NamesOnlyNumbers(a);
  const bool b_other = !b.first_person && !b.subjects.empty() && !NamesOnlyNumbers(b);
  return !(a_own && b_other) && !(b_own && a_other);
}

bool SameBodyMeasure(std::string_view a, std::string_view b) {
  constexpr std::string_view kMeasures[] = {"体重", "身高", "血压", "腰围", "weight", "height",
                                            "blood pressure", "waist"};
  for (std::string_view m : kMeasures) {
    if (HasCue(a, m) && HasCue(b, m)) return true;
  }
  return false;
}

}  // namespace engram::recall
