#include "src/recall/answer_words.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "src/base/utf8.h"
#include "src/extract/entity_rules.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/recall/relevance.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::recall {

bool StartsWithAny(std::string_view folded, std::span<const std::string_view> starts) {
  for (std::string_view s : starts) {
    if (folded.substr(0, s.size()) == s) return true;
  }
  return false;
}

// Whether `folded` has a character of `chars` (one UTF-8 string of characters).
bool HasCharOf(std::string_view folded, std::string_view chars) {
  size_t at = 0;
  while (at < folded.size()) {
    const size_t begin = at;
    base::DecodeUtf8(folded, &at);
    if (at - begin > 1 && chars.find(folded.substr(begin, at - begin)) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

std::vector<LatinWord> LatinWords(std::string_view text) {
  std::vector<LatinWord> out;
  bool start = true;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      if (c == '.' || c == '!' || c == '?' || c == ':' || c == ';') start = true;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (std::isalpha(static_cast<unsigned char>(text[j])) ||
                               text[j] == '\'' || text[j] == '-')) {
      ++j;
    }
    std::string w(text.substr(i, j - i));
    if (w.size() > 2 && w.compare(w.size() - 2, 2, "'s") == 0) w.resize(w.size() - 2);
    out.push_back({std::move(w), start});
    start = false;
    i = j;
  }
  return out;
}

// A word that begins a sentence names someone unless it is a function word ("My") or reads as a
// verb ("Started learning piano", "Booked an Airbnb", "Got a B+").
bool StartsLikeAName(const std::string& lower) {
  constexpr std::string_view kVerbs[] = {"got", "get", "need", "bought", "went", "took", "had",
                                         "have", "made", "saw", "met", "just", "finally", "still",
                                         "also", "thanks", "thank", "love", "hate", "hope"};
  if (!IsContentToken(lower)) return false;
  if (std::find(std::begin(kVerbs), std::end(kVerbs), lower) != std::end(kVerbs)) return false;
  const auto ends = [&](std::string_view tail) {
    return lower.size() > tail.size() + 2 && lower.compare(lower.size() - tail.size(), tail.size(), tail) == 0;
  };
  return !ends("ed") && !ends("ing");
}

// `text` without its masked values (⟦EMAIL:…⟧ is no name "EMAIL").
std::string WithoutPlaceholders(std::string_view text) {
  std::string out;
  size_t at = 0;
  for (const text::pii::PlaceholderRef& p : text::pii::FindPlaceholders(text)) {
    out.append(text.substr(at, p.begin - at)).append(" ");
    at = p.end;
  }
  out.append(text.substr(at));
  return out;
}

// The question's Latin words, folded.
std::vector<std::string> AskedLatinWords(std::string_view query) {
  std::vector<std::string> asked;
  for (const LatinWord& w : LatinWords(query)) asked.push_back(text::FoldForSearch(w.text));
  return asked;
}

bool IsCapitalized(const LatinWord& w) {
  return std::isupper(static_cast<unsigned char>(w.text[0])) && w.text != "I" &&
         w.text.rfind("I'", 0) != 0;
}

// A capitalized word (not "I") that the question does not say (`asked`: AskedLatinWords), no
// time word, and not a sentence's first word that reads as no name ("My", "Started").
bool IsProperWord(const LatinWord& w, const std::vector<std::string>& asked) {
  if (!IsCapitalized(w)) return false;
  const std::string lower = text::FoldForSearch(w.text);
  if (std::find(asked.begin(), asked.end(), lower) != asked.end() || AnyCue(lower, kEnTimeWords)) {
    return false;
  }
  return !w.sentence_start || StartsLikeAName(lower);
}

bool AsksClockTime(std::string_view folded_query) {
  return HasCue(folded_query, "what time") || HasCue(folded_query, "what hour") ||
         folded_query.find("几点") != std::string_view::npos;
}

bool NamesADay(std::string_view folded_query) {
  constexpr std::string_view kEnDays[] = {
      "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today",
      "tomorrow", "tonight", "mon", "tue", "tues", "wed", "thu", "thurs", "fri", "sat", "sun"};
  return AnyCue(folded_query, kEnDays) || HasCharOf(folded_query, "周今明昨号");
}

bool IsHan(char32_t c) { return c >= 0x4E00 && c <= 0x9FFF; }


// A capitalized word the question does not say, not a time word and not a sentence's first
// word that reads as no name: a place, a brand, an organisation or a person.
bool HasProperWord(const std::vector<LatinWord>& words, const std::vector<std::string>& asked) {
  return std::any_of(words.begin(), words.end(),
                     [&](const LatinWord& w) { return IsProperWord(w, asked); });
}

// Two Han characters after one of `marks` that the question does not say, no time, no number
// and no 不: "住在全季", "订了亚朵", "是复旦毕业的", "买了科沃斯" (not "买了一台", "是不是").
bool HasHanAfter(std::string_view folded, std::string_view folded_query,
                 std::span<const std::string_view> marks) {
  for (std::string_view m : marks) {
    for (size_t at = folded.find(m); at != std::string_view::npos; at = folded.find(m, at + 1)) {
      size_t p = at + m.size();
      const size_t begin = p;
      int han = 0;
      while (han < 2 && p < folded.size()) {
        const size_t before = p;
        const char32_t c = base::DecodeUtf8(folded, &p);
        const std::string_view ch = folded.substr(before, p - before);
        if (!IsHan(c) || kZhTimeChars.find(ch) != std::string_view::npos ||
            (han == 0 && (ch == "一" || ch == "不" || kZhNumerals.find(ch) != std::string_view::npos))) {
          break;
        }
        ++han;
      }
      if (han < 2) continue;
      if (folded_query.find(folded.substr(begin, p - begin)) == std::string_view::npos) return true;
    }
  }
  return false;
}

// Names the extractor finds of `types` that the question does not say.
bool HasMentionOf(std::string_view raw_text, std::string_view folded_query,
                  std::initializer_list<extract::EntityType> types) {
  const auto mentions = Mentions(raw_text);
  for (const extract::EntityMention& m : *mentions) {
    if (m.key.empty() || std::find(types.begin(), types.end(), m.type) == types.end()) continue;
    if (folded_query.find(text::FoldForSearch(m.key)) == std::string_view::npos) return true;
  }
  return false;
}

bool SaysRoleIsName(std::string_view folded, const std::vector<std::string>& asked) {
  constexpr std::string_view kQualities[] = {
      "great", "nice", "awesome", "cool", "chill", "strict", "new", "amazing", "fine", "okay",
      "good", "bad", "terrible", "out", "away", "sick", "busy", "super", "really", "pretty",
      "still", "also", "now", "back", "off", "gone", "here", "there", "late", "early", "home",
      "kind", "mean", "tough", "fair", "nuts", "wild", "weird", "old", "young", "best", "worst",
      "the", "a", "an", "my", "our", "his", "her", "their", "your", "not", "very", "so", "too",
      "just", "always", "never", "going", "about", "from", "with", "off", "due", "done", "open",
      "closed", "over", "down", "what", "who", "that", "this", "one", "better", "worse", "well",
      "ill", "ok", "sore", "tired", "happy", "lazy", "asleep"};
  // Whether the word at `begin` reads as a name: three letters or more, no quality, no ending
  // of one, no day or time ("fridays" too), a content word the question does not say;
  // `closed`: and a clause ends after it ("drummer's marcus, he's solid").
  auto name_at = [&](size_t begin, bool closed) {
    size_t end = begin;
    while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
    if (end - begin < 3 ||
        (end < folded.size() && std::isdigit(static_cast<unsigned char>(folded[end])))) {
      return false;
    }
    if (closed && end < folded.size() && folded[end] != ',' && folded[end] != '.' &&
        folded[end] != ';' && !folded.substr(end).starts_with(" and ")) {
      return false;
    }
    const std::string next(folded.substr(begin, end - begin));
    const bool quality = std::any_of(std::begin(kQualities), std::end(kQualities),
                                     [&](std::string_view q) { return next == q; });
    bool ending = false;
    for (std::string_view e : {"ly", "ing", "ed", "ful", "ous", "ive", "able", "y"}) {
      ending = ending || next.ends_with(e);
    }
    // Nor a day or time ("teacher is tues at 4:15").
    constexpr std::string_view kDays[] = {"mon", "tue", "tues", "wed", "thu", "thur", "thurs",
                                          "fri", "sat", "sun", "tmrw", "tmr", "tonite"};
    std::string_view one = next;  // "fridays": a day too
    if (one.ends_with("s")) one.remove_suffix(1);
    const bool day = AnyCue(next, kEnTimeWords) || AnyCue(one, kEnTimeWords) ||
                     std::find(std::begin(kDays), std::end(kDays), next) != std::end(kDays);
    return !quality && !ending && !day && IsContentToken(next) &&
           std::find(asked.begin(), asked.end(), next) == asked.end();
  };
  for (const std::string& role : asked) {
    for (size_t at = folded.find(role); at != std::string_view::npos;
         at = folded.find(role, at + 1)) {
      const size_t after = at + role.size();
      if ((at > 0 && std::isalnum(static_cast<unsigned char>(folded[at - 1]))) ||
          (after < folded.size() && std::isalnum(static_cast<unsigned char>(folded[after])))) {
        continue;
      }
      const std::string_view rest = folded.substr(after);
      // "role is X"; "role: X" ("second shooter for summer: ciarán"); "role's X, ..."
      if (rest.starts_with(" is ") && name_at(after + 4, false)) return true;
      if (rest.starts_with(" is now ") && name_at(after + 8, false)) return true;
      // "role now, X" ("we've a new supervisor now, ciaran walsh").
      if (rest.starts_with(" now, ") && name_at(after + 6, false)) return true;
      if (rest.starts_with(": ") && name_at(after + 2, false)) return true;
      // "role, it's X" ("i had it wrong about the union rep, it's dean marsh").
      if (rest.starts_with(", it's ") && name_at(after + 7, false)) return true;
      if (rest.starts_with("'s ") && name_at(after + 3, true)) return true;
      // "role" and up to three words, then "is X" or ": X" ("deckhand this season is tyler").
      size_t k = after;
      for (int words = 0; words < 3 && k < folded.size(); ++words) {
        while (k < folded.size() && folded[k] == ' ') ++k;
        size_t e = k;
        while (e < folded.size() && std::isalpha(static_cast<unsigned char>(folded[e]))) ++e;
        if (e == k) break;
        k = e;
        if (folded.substr(k).starts_with(" is ") && name_at(k + 4, false)) return true;
        if (folded.substr(k).starts_with(" is now ") && name_at(k + 8, false)) return true;
        // ... or ": X" ("relief milker for weekends: colm o'driscoll").
        if (folded.substr(k).starts_with(": ") && name_at(k + 2, false)) return true;
      }
    }
  }
  return false;
}

namespace {

// The bytes of a name alone at `at` of `folded`: 小 / 阿 and one character; or, after a `post`,
// two or three Han characters, none of grammar, then a character that is not Han or the end.
// 0 when none.
size_t HanRunAt(std::string_view folded, size_t at, bool post) {
  size_t p = at;
  int chars = 0;
  bool pet = false;
  while (p < folded.size() && chars < 4) {
    size_t next = p;
    const char32_t c = base::DecodeUtf8(folded, &next);
    if (!IsHan(c) || IsCjkFunctionChar(c)) break;
    if (chars == 0) pet = c == U'小' || c == U'阿';
    p = next;
    ++chars;
    if (pet && chars == 2) return p - at;
  }
  size_t after = p;
  const bool ends = p == folded.size() || !IsHan(base::DecodeUtf8(folded, &after));
  return post && ends && chars >= 2 && chars <= 3 && !pet ? p - at : 0;
}

// A count of packs, then two Han characters or more the question does not say: a brand
// ("一天一包红塔山", "两瓶青岛"); not a count of what is asked about ("一包烟").
bool HasHanNameAfterACount(std::string_view folded, std::string_view folded_query) {
  constexpr std::u32string_view kCounts = U"一二两三四五六七八九十几半0123456789";
  constexpr std::u32string_view kPacks = U"包条瓶罐盒箱袋听桶";
  for (size_t at = 0; at < folded.size();) {
    const char32_t c = base::DecodeUtf8(folded, &at);
    if (kCounts.find(c) == std::u32string_view::npos || at >= folded.size()) continue;
    size_t p = at;
    if (kPacks.find(base::DecodeUtf8(folded, &p)) == std::u32string_view::npos) continue;
    const size_t start = p;
    int chars = 0;
    while (p < folded.size() && chars < 2) {
      size_t next = p;
      const char32_t h = base::DecodeUtf8(folded, &next);
      if (!IsHan(h) || IsCjkFunctionChar(h)) break;
      p = next;
      ++chars;
    }
    if (chars == 2 &&
        folded_query.find(folded.substr(start, p - start)) == std::string_view::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool HasHanNameAfterCue(std::string_view folded, std::string_view folded_query, NameOf of) {
  constexpr std::string_view kNameCues[] = {"是", "换成", "换到", "改成", "改用", "选了", "定了"};
  // A brand is what one sells, drinks or smokes too ("一直卖珠江纯生", "抽的云烟"); a place is
  // where one moved ("搬到金州了", "搬到东栅那边租房子了").
  constexpr std::string_view kBrandCues[] = {"卖", "喝", "抽"};
  constexpr std::string_view kPlaceCues[] = {"搬到", "搬去", "搬进", "迁到"};
  const std::span<const std::string_view> more =
      of == NameOf::kBrand   ? std::span<const std::string_view>(kBrandCues)
      : of == NameOf::kPlace ? std::span<const std::string_view>(kPlaceCues)
                             : std::span<const std::string_view>();
  if (of == NameOf::kBrand && HasHanNameAfterACount(folded, folded_query)) return true;
  // A measure word opens a kind, not a name ("是只柯基", "是个", "是家").
  constexpr std::u32string_view kMeasures = U"只个件位家种条台辆匹头本";
  // Whether two Han characters after `cue`, neither grammar nor the question's, open a name.
  auto names_after = [&](std::string_view cue) {
    for (size_t at = folded.find(cue); at != std::string_view::npos;
         at = folded.find(cue, at + 1)) {
      const size_t start = at + cue.size();
      size_t k = start;
      int chars = 0;
      while (k < folded.size()) {
        size_t next = k;
        const char32_t c = base::DecodeUtf8(folded, &next);
        if (!IsHan(c) || IsCjkFunctionChar(c) ||
            (chars == 0 && kMeasures.find(c) != std::u32string_view::npos)) {
          break;
        }
        if (++chars == 2) {  // the run's first two characters: are they the question's?
          if (folded_query.find(folded.substr(start, next - start)) == std::string_view::npos) {
            return true;
          }
          break;
        }
        k = next;
      }
    }
    return false;
  };
  if (std::any_of(std::begin(kNameCues), std::end(kNameCues), names_after) ||
      std::any_of(more.begin(), more.end(), names_after)) {
    return true;
  }
  // A surname of one or two characters before a title ("田中先生", "佐藤小姐", "陈女士").
  for (std::string_view title : {"先生", "小姐", "女士"}) {
    for (size_t at = folded.find(title); at != std::string_view::npos;
         at = folded.find(title, at + 1)) {
      size_t begin = at;
      int chars = 0;
      while (begin >= 3 && chars < 2) {
        size_t probe = begin - 3;
        const char32_t c = base::DecodeUtf8(folded, &probe);
        if (!IsHan(c) || IsCjkFunctionChar(c)) break;
        begin -= 3;
        ++chars;
      }
      if (chars == 0) continue;
      if (folded_query.find(folded.substr(begin, at - begin)) == std::string_view::npos) {
        return true;
      }
    }
  }
  // The thing the question asks the name of (the two characters before its 叫 or 是谁), then a
  // space or a colon and a name of two Han characters or more the question does not say ("降压
  // 药 苯磺酸氨氯地平" for 我吃的降压药叫啥), or a person's name right after it ("校医刘娟" for
  // 校医叫什么).
  size_t called = folded_query.find("叫");
  if (called == std::string_view::npos) called = folded_query.find("是谁");
  if (called != std::string_view::npos && called >= 6) {
    const std::string_view thing = folded_query.substr(called - 6, 6);
    size_t t = 0;
    const char32_t a = base::DecodeUtf8(thing, &t);
    const char32_t b = base::DecodeUtf8(thing, &t);
    const bool han = IsHan(a) && IsHan(b) && !IsCjkFunctionChar(a) && !IsCjkFunctionChar(b);
    for (size_t at = han ? folded.find(thing) : std::string_view::npos;
         at != std::string_view::npos; at = folded.find(thing, at + 1)) {
      size_t k = at + thing.size();
      if (k < folded.size() && folded[k] != ' ' && folded[k] != ':') {
        // A surname and one or two more characters (a person's name) the question does not say.
        size_t s = k;
        const char32_t first = base::DecodeUtf8(folded, &s);
        size_t e = s;
        const char32_t second = e < folded.size() ? base::DecodeUtf8(folded, &e) : 0;
        const std::string_view surname = folded.substr(k, s - k);
        if (IsHan(first) && IsHan(second) && !IsCjkFunctionChar(second) &&
            extract::rules::SingleSurnames().find(surname) != std::string_view::npos &&
            folded_query.find(folded.substr(k, e - k)) == std::string_view::npos) {
          return true;
        }
        continue;
      }
      while (k < folded.size() && (folded[k] == ' ' || folded[k] == ':')) ++k;
      size_t end = k;
      int chars = 0;
      while (end < folded.size() && chars < 2) {
        size_t next = end;
        const char32_t c = base::DecodeUtf8(folded, &next);
        if (!IsHan(c) || IsCjkFunctionChar(c)) break;
        end = next;
        ++chars;
      }
      // Not a time or a dose said of it ("降压药 每天早上一片").
      constexpr std::string_view kNoName[] = {"每天", "每周", "每月", "每晚", "今天", "明天",
                                              "昨天", "早上", "晚上", "上午", "下午", "中午",
                                              "一天", "一片", "一粒", "一次", "两次", "继续",
                                              "还是", "已经", "现在", "以前", "之前", "最近"};
      const std::string_view name = folded.substr(k, end - k);
      if (chars == 2 && folded_query.find(name) == std::string_view::npos &&
          std::find(std::begin(kNoName), std::end(kNoName), name) == std::end(kNoName)) {
        return true;
      }
    }
  }
  return false;
}

bool HasMaskedNumber(std::string_view text) {
  const std::vector<text::pii::PlaceholderRef> masked = text::pii::FindPlaceholders(text);
  return std::any_of(masked.begin(), masked.end(), [](const text::pii::PlaceholderRef& p) {
    return p.kind == text::pii::PiiKind::kPhone || p.kind == text::pii::PiiKind::kIdCard ||
           p.kind == text::pii::PiiKind::kBankCard;
  });
}

bool CallsByName(std::string_view pair) {
  constexpr std::string_view kNotNames[] = {
      "小时", "小区", "小学", "小孩", "小朋", "小组", "小店", "小程", "小号", "小米", "小红",
      "小狗", "小猫", "小宝", "小费", "小票", "小吃", "小说", "小姐", "小伙", "小型", "小心",
      "老师", "老板", "老公", "老婆", "老家", "老人", "老妈", "老爸", "老大", "老二", "老三",
      "老客", "老款", "老年", "老房", "老小", "老同", "老友", "老伴", "老总", "老外", "老街",
      "阿姨", "阿婆", "阿公", "阿爸", "阿妈"};
  // A surname and a title one calls an elder or a colleague by (刘姐, 王哥, 李总, 张工).
  constexpr std::string_view kSurnames =
      "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
      "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚"
      "邵万钱严武戴莫孔向汤";
  if (pair.size() == 6) {
    const std::string_view first = pair.substr(0, 3);
    const std::string_view title = pair.substr(3);
    const size_t at = kSurnames.find(first);
    if (at != std::string_view::npos && at % 3 == 0 &&
        (title == "姐" || title == "哥" || title == "总" || title == "工" || title == "叔" ||
         title == "姨")) {
      return true;
    }
  }
  if (!(pair.starts_with("小") || pair.starts_with("老") || pair.starts_with("阿"))) return false;
  return std::find(std::begin(kNotNames), std::end(kNotNames), pair) == std::end(kNotNames);
}

namespace {

constexpr std::string_view kZhIdAsks[] = {
    "保单号", "单号", "车牌", "账号", "帐号", "卡号", "编号", "航班号", "座位", "会员号",
    "工号", "学号", "房间号", "房号", "门牌号", "护照号", "身份证号", "合同号", "发票号",
    "订单号", "案号", "批号", "展位号", "柜号", "车位号", "楼号", "床号", "桌号", "手牌号",
    "证号", "执照号", "证书号", "车次", "车架号", "序列号", "设备号", "终端号", "机身号",
    "串号"};

}  // namespace

std::span<const std::string_view> ZhIdentifierAsks() { return kZhIdAsks; }

std::vector<std::string> ZhIdentifierNounsIn(std::string_view folded) {
  std::vector<std::string> out;
  constexpr std::string_view kHao = "号";
  for (std::string_view noun : kZhIdAsks) {
    std::string_view stem = noun;
    if (stem.size() >= 3 * 3 && stem.ends_with(kHao)) stem.remove_suffix(kHao.size());
    if (folded.find(stem) == std::string_view::npos) continue;
    if (std::find(out.begin(), out.end(), stem) == out.end()) out.emplace_back(stem);
  }
  return out;
}

bool NamedAfterKin(std::string_view folded, std::string_view folded_query) {
  constexpr std::string_view kKin[] = {"表哥", "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟",
                                       "堂妹", "姐夫", "妹夫", "同事", "同学", "徒弟", "师傅",
                                       "师父", "朋友", "老乡", "合伙人", "搭档", "发小"};
  // A post ("车间主任白海峰", "经理巴合提"), after which a name may stand alone.
  constexpr std::string_view kPosts[] = {"主任", "经理", "组长", "班长", "队长", "厂长", "社长",
                                         "站长", "店长", "主管", "书记", "村长", "会计"};
  const std::string_view surnames = extract::rules::SingleSurnames();
  auto named_after = [&](std::string_view kin, bool post) {
    for (size_t at = folded.find(kin); at != std::string_view::npos;
         at = folded.find(kin, at + 1)) {
      size_t p = at + kin.size();
      const size_t first = p;
      if (p >= folded.size()) break;
      // ... or a name of two or three characters alone, as many names without a Han surname
      // are ("雪场经理巴合提 明天开会", "新书记苏和 电话"), or 小 / 阿 and one ("徒弟小亮").
      if (const size_t run = HanRunAt(folded, first, post);
          run > 0 && folded_query.find(folded.substr(first, run)) == std::string_view::npos) {
        return true;
      }
      base::DecodeUtf8(folded, &p);
      if (surnames.find(folded.substr(first, p - first)) == std::string_view::npos ||
          p >= folded.size()) {
        continue;
      }
      const char32_t c = base::DecodeUtf8(folded, &p);  // the given name's first character
      if (!IsHan(c) || IsCjkFunctionChar(c)) continue;
      if (folded_query.find(folded.substr(first, p - first)) == std::string_view::npos) {
        return true;
      }
    }
    return false;
  };
  return std::any_of(std::begin(kKin), std::end(kKin),
                     [&](std::string_view kin) { return named_after(kin, false); }) ||
         std::any_of(std::begin(kPosts), std::end(kPosts),
                     [&](std::string_view post) { return named_after(post, true); });
}

}  // namespace engram::recall
