#include "src/recall/answer_kind.h"

#include <algorithm>
#include <utility>
#include <cctype>
#include <span>
#include <string>
#include <vector>

#include "src/base/utf8.h"
#include "src/extract/coreference_rules.h"
#include "src/extract/entity_extractor.h"
#include "src/extract/entity_rules.h"
#include "src/recall/answer_measures.h"
#include "src/recall/answer_place.h"
#include "src/recall/answer_time.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/recall/relevance.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// Question phrases, folded; ASCII ones match whole words (HasCue).
constexpr std::string_view kAgeAsks[] = {"几岁", "多少岁", "多大了", "多大年纪", "今年多大",
                                         "多大岁数", "how old"};
constexpr std::string_view kTimeAsks[] = {"几点", "什么时候", "啥时候", "哪天", "哪一天",
                                          "几号", "几月", "哪个月", "哪年", "哪一年", "what time",
                                          "what date", "which day", "what day", "what year",
                                          "which year", "when's", "星期几", "周几", "礼拜几"};
constexpr std::string_view kWhenStarts[] = {"when is ", "when are ", "when does ", "when do ",
                                            "when will "};
constexpr std::string_view kColourAsks[] = {"什么颜色", "啥颜色", "哪种颜色", "what color",
                                            "what colour", "which color", "which colour"};
// ... and a dose of a medicine ("what dose is marco taking", "一次吃几片").
// ... and how far a thing measures ("how thick was the ice").
constexpr std::string_view kAmountAsks[] = {"是多少", "多少钱", "挣多少", "how much", "number",
                                            "dose", "dosage", "几片", "几粒", "剂量", "用量",
                                            "how thick", "how deep", "how tall", "how wide",
                                            "how heavy", "how high", "how fast", "how long is",
                                            "how long are", "how big is", "how big are", "几年级",
                                            "几多"};
// An amount of money: a number of minutes or a model's number ("V12", "Q3") is none.
constexpr std::string_view kMoneyAsks[] = {"多少钱", "花了多少", "挣多少", "挣了多少", "赚了多少",
                                           "赚多少", "好多钱", "几多钱", "多少块", "啥价", "什么价",
                                           "啥价钱"};
// Nouns of money: asked for with 多少 / 几, or right after "what's the", "what is my" ...
constexpr std::string_view kZhMoneyNouns[] = {"价格", "价钱", "预算", "费", "工资", "租金", "房租",
                                              "薪", "押金", "定金", "工钱", "报价", "钱", "定价",
                                              "售价", "收购价", "单价"};
constexpr std::string_view kEnMoneyNouns[] = {
    "budget", "price", "cost",   "salary", "rent",   "fee",        "fees",    "tuition",
    "deposit", "premium", "fare", "wage",  "wages",  "hourly",     "balance", "deductible",
    "pay",    "paying", "payout", "paycheck"};
// After "how much": a payment ("how much did i get in tips").
constexpr std::string_view kPayWords[] = {"pay",     "paid",    "paying", "spend",  "spent",
                                          "charge",  "charged", "charging", "asking", "owe",
                                          "owed",    "earn",    "earns",  "make",   "makes",
                                          "tips"};
// A size of clothes or shoes: carried by a number before 码, a letter size or "size" and a
// number (CarriesSize).
constexpr std::string_view kSizeAsks[] = {"多大码", "几码", "什么码", "尺码", "多大号",
                                          "what size", "shoe size", "clothes size", "dress size"};
// An area: carried by a number before a unit of area (CarriesArea).
constexpr std::string_view kAreaAsks[] = {"面积", "多少平", "几平", "多少平方", "square feet",
                                          "square foot", "square meters", "square metres",
                                          "sq ft", "how many acres", "多少亩", "几亩"};
// A share or a ratio: carried by a per cent or a ratio (CarriesShare).
constexpr std::string_view kShareAsks[] = {"percentage", "percent", "百分比", "百分之几", "占比",
                                           "几成", "ratio", "dilution", "比例", "稀释"};
// A brand or a model.
constexpr std::string_view kBrandAsks[] = {"牌子", "品牌", "什么牌", "哪个牌", "what brand",
                                           "which brand", "what make", "what model",
                                           "which model"};
// A job: asked by these, folded.
constexpr std::string_view kJobAsks[] = {"do for work", "do for a living", "'s job", "what job",
                                         "干啥工作", "做什么工作", "干什么工作", "什么工作",
                                         "做什么的", "干什么的", "干啥的", "做啥的", "职业",
                                         "在哪上班", "在哪儿上班", "在哪工作", "在哪儿工作"};
// ... and carried by these: work, a trade, a workplace.
constexpr std::string_view kZhJobWords[] = {"上班", "工作", "公司", "单位", "职", "工程师", "经理",
                                            "老板", "医生", "护士", "老师", "教授", "司机", "销售",
                                            "会计", "律师", "开店", "开了一家", "退休", "生意",
                                            "创业", "厂"};
constexpr std::string_view kEnJobWords[] = {
    "work", "works", "worked", "working", "job", "career", "employed", "company", "office",
    "hired", "startup", "engineer", "teacher", "nurse", "doctor", "lawyer", "designer",
    "developer", "manager", "analyst", "accountant", "consultant", "chef", "professor",
    "retired", "intern", "firm", "business", "owns", "runs"};
constexpr std::string_view kNameAsks[] = {"叫什么", "叫啥", "名字", "姓什么", "姓啥", "贵姓",
                                          "name"};
constexpr std::string_view kWhoStarts[] = {"who is ", "who's "};
// "旺财的兽医是谁？": a person known by a role; not "我的雇主是谁？" (an organisation).
constexpr std::string_view kZhPersonRoles[] = {"兽医", "医生", "大夫", "老师", "班主任", "教练",
                                               "律师", "主刀", "房东", "中介", "对接人", "负责人",
                                               "经理", "主管", "上司", "导师", "会计", "保姆",
                                               "阿姨", "师傅", "男朋友", "女朋友", "对象"};
// "Who is my GP?": a person known by a role of the asker's.
constexpr std::string_view kWhoMyStarts[] = {"who is my ", "who's my ", "who is our ",
                                             "who's our "};

// Days that come once a year: answered by a day of the calendar, not "这周末".
constexpr std::string_view kYearlyDays[] = {"生日", "纪念日", "birthday", "anniversary", "bday"};

// What carries a value, folded.
constexpr std::string_view kZhColourChars = "红橙黄绿青蓝紫黑白灰粉棕褐银";
constexpr std::string_view kEnColours[] = {
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "black", "white", "gray",
    "grey", "pink", "brown", "silver", "gold", "golden", "beige", "navy", "teal", "maroon",
    "copper", "platinum", "blonde", "blond", "auburn", "ginger", "brunette", "burgundy", "lilac",
    "lavender", "turquoise", "cream", "ivory", "olive", "charcoal", "bronze", "coral", "magenta",
    "indigo", "mint", "peach"};
constexpr std::string_view kZhNameWords[] = {"叫", "名字", "姓", "名为"};

// A Chinese numeral that counts: not a weekday or an ordinal (NamesADayOrOrder).
bool HasZhCount(std::string_view folded) {
  size_t at = 0;
  while (at < folded.size()) {
    const size_t begin = at;
    base::DecodeUtf8(folded, &at);
    if (at - begin < 2 || kZhNumerals.find(folded.substr(begin, at - begin)) == std::string_view::npos) {
      continue;
    }
    if (!NamesADayOrOrder(folded, begin)) return true;
  }
  return false;
}

bool HasNumber(std::string_view folded) {
  return HasDigit(folded) || HasZhCount(folded) || HasEnNumberWord(folded);
}

// Folded `text` without the times of a clock, the days of a month and the numbers of a kind,
// which count nothing: "9am", "4:15", "the 14th", "type 1", and "at 9" before the end, a mark or a word of when ("fri at 9",
// "at 9 tomorrow"; not "at 38 lbs").
std::string WithoutClockTimes(std::string_view text) {
  constexpr std::string_view kWhen[] = {"tomorrow", "tonight", "today", "sharp", "on", "and",
                                        "or", "then", "with", "w", "for", "the", "every", "each",
                                        "this", "next", "ish"};
  std::string out(text);
  for (size_t at = 0; at < out.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(out[at])) ||
        (at > 0 && std::isalnum(static_cast<unsigned char>(out[at - 1])))) {
      continue;
    }
    size_t end = at;
    while (end < out.size() &&
           (std::isdigit(static_cast<unsigned char>(out[end])) || out[end] == ':')) {
      ++end;
    }
    const std::string_view number = std::string_view(out).substr(at, end - at);
    size_t next = end;
    while (next < out.size() && out[next] == ' ') ++next;
    size_t next_end = next;
    while (next_end < out.size() && std::isalpha(static_cast<unsigned char>(out[next_end]))) {
      ++next_end;
    }
    const std::string_view word = std::string_view(out).substr(next, next_end - next);
    const bool ordinal = next == end && end - at <= 2 &&
                         (word == "st" || word == "nd" || word == "rd" || word == "th");
    const bool clock =
        number.find(':') != std::string_view::npos || word == "am" || word == "pm" || ordinal;
    // ... not one of a measure ("at 12°C").
    const bool after_at = at >= 3 && std::string_view(out).substr(at - 3, 3) == "at " &&
                          end - at <= 2 &&
                          (end >= out.size() || static_cast<unsigned char>(out[end]) < 0x80) &&
                          (word.empty() || std::find(std::begin(kWhen), std::end(kWhen), word) !=
                                               std::end(kWhen));
    // "type 1 diabetic", "stage 3", "grade 2s": a kind, no amount.
    constexpr std::string_view kKindsBefore[] = {"type ", "stage ", "grade ", "class ",
                                                 "phase ", "tier ", "category "};
    const bool names_kind = end - at == 1 && std::any_of(std::begin(kKindsBefore),
                                                         std::end(kKindsBefore),
                                                         [&](std::string_view k) {
      return std::string_view(out).substr(0, at).ends_with(k);
    });
    if (clock || after_at || names_kind) {
      for (size_t k = at; k < end; ++k) out[k] = ' ';
    }
    at = end;
  }
  return out;
}

bool NamedAfter(std::string_view text, std::string_view mark);

// "是" (or 给, 由, 找, a colon) + a surname (or 阿 / 小 / 老) + one or two characters, then the
// end or a punctuation mark: "新组长是赵凯。", "我的健身教练是阿杰", "剪辑外包给阿杰，每条300",
// "剪辑外包:小雨,一条350".
bool NamedAfterShi(std::string_view text) {
  for (std::string_view mark : {"是", "给", "由", "找", ":"}) {
    if (NamedAfter(text, mark)) return true;
  }
  return false;
}

bool NamedAfter(std::string_view text, std::string_view mark) {
  const std::string_view surnames = extract::rules::SingleSurnames();
  for (size_t at = text.find(mark); at != std::string_view::npos; at = text.find(mark, at + 1)) {
    size_t p = at + mark.size();
    if (p >= text.size()) break;
    const size_t first = p;
    base::DecodeUtf8(text, &p);
    const std::string_view head = text.substr(first, p - first);
    // A surname, or 阿 / 小 / 老 before a name ("阿杰", "小美", "老周").
    if (surnames.find(head) == std::string_view::npos && head != "阿" && head != "小" &&
        head != "老") {
      continue;
    }
    int given = 0;
    while (p < text.size() && given < 3) {
      const size_t before = p;
      const char32_t c = base::DecodeUtf8(text, &p);
      if (c < 0x4E00 || c > 0x9FFF) {
        p = before;
        break;
      }
      ++given;
    }
    // The run ended at the text's end or at a character that is not Han.
    if (given >= 1 && given <= 2) return true;
  }
  return false;
}

bool HasName(std::string_view raw_text, std::string_view folded, std::string_view query) {
  const std::string text = WithoutPlaceholders(raw_text);
  const std::string folded_query = text::FoldForSearch(query);
  // The question's own words ("sophie" of "Sophie's").
  const std::vector<std::string> asked = AskedLatinWords(query);
  const std::vector<LatinWord> words = LatinWords(text);
  for (size_t i = 0; i < words.size(); ++i) {
    const LatinWord& w = words[i];
    if (!IsCapitalized(w)) continue;
    // A capitalized run ending in a school's or an organisation's word names no person.
    size_t last = i;
    while (last + 1 < words.size() && std::isupper(static_cast<unsigned char>(words[last + 1].text[0]))) {
      ++last;
    }
    if (last > i && AnyCue(text::FoldForSearch(words[last].text), kOrgTails)) {
      // ... unless the question asks the name of one ("the name of the hotel I used to work
      // at": "the Meadfoot Grange Hotel") by a word the question does not say.
      const std::string tail = text::FoldForSearch(words[last].text);
      const bool asked_org = std::find(asked.begin(), asked.end(), tail) != asked.end();
      for (size_t k = i; asked_org && k < last; ++k) {
        if (IsProperWord(words[k], asked)) return true;
      }
      i = last;
      continue;
    }
    if (!IsProperWord(w, asked)) continue;  // "My", "Started", a weekday, the question's own
    if (i > 0 && !w.sentence_start && text::FoldForSearch(words[i - 1].text) == "in") {
      continue;  // a place: "studying engineering in Toronto"
    }
    // A place gone to ("moving to Denver"), and an abbreviation ("Rocky the GSD").
    constexpr std::string_view kGoing[] = {"moving", "moved", "move", "moves", "flying", "flew",
                                           "driving", "drove", "relocating", "relocated",
                                           "heading", "headed"};
    if (i > 1 && !w.sentence_start && text::FoldForSearch(words[i - 1].text) == "to" &&
        AnyCue(text::FoldForSearch(words[i - 2].text), kGoing)) {
      continue;
    }
    if (w.text.size() >= 2 && std::all_of(w.text.begin(), w.text.end(), [](char c) {
          return std::isupper(static_cast<unsigned char>(c));
        })) {
      continue;
    }
    return true;
  }
  // A title before a word names someone however it is typed ("seeing dr lindqvist now").
  constexpr std::string_view kTitles[] = {"dr", "mr", "mrs", "ms", "prof"};
  const std::vector<LatinWord> lower = LatinWords(folded);
  for (size_t i = 0; i + 1 < lower.size(); ++i) {
    if (std::find(std::begin(kTitles), std::end(kTitles), lower[i].text) == std::end(kTitles)) {
      continue;
    }
    const std::string next = text::FoldForSearch(lower[i + 1].text);
    if (std::find(asked.begin(), asked.end(), next) == asked.end()) return true;
  }
  // A word a name is given by, however it is typed ("neighbor's name is harold", "a cat
  // named dickinson"), that the question does not say.
  for (size_t i = 0; i + 1 < lower.size(); ++i) {
    const std::string_view cue = lower[i].text;
    // ... or a word whom one answers to ("reporting to carla mendez", "supervised by omar").
    const std::string_view prev = i > 0 ? std::string_view(lower[i - 1].text) : "";
    const bool answers_to =
        (cue == "to" && (prev == "report" || prev == "reports" || prev == "reporting" ||
                         prev == "reported")) ||
        (cue == "by" && (prev == "managed" || prev == "supervised")) ||
        (cue == "under" && (prev == "work" || prev == "works" || prev == "working"));
    const bool names = cue == "named" || cue == "called" || cue == "name's" || answers_to ||
                       ((cue == "is" || cue == "s") && prev == "name") ||
                       (cue == "name" && folded.find("name's " + lower[i + 1].text) !=
                                             std::string_view::npos);
    if (!names) continue;
    const std::string next = text::FoldForSearch(lower[i + 1].text);
    if (IsContentToken(next) && std::find(asked.begin(), asked.end(), next) == asked.end()) {
      return true;
    }
  }
  // A role the question asks by, then "is" and a word that reads as no quality ("my new boss is
  // carlos", "my accountant is fiona mcbride"; not "my boss is great").
  if (SaysRoleIsName(folded, asked)) return true;
  // ... or another word for that role ("my manager is now tom briggs", asked who my boss is).
  constexpr std::pair<std::string_view, std::string_view> kSameRoles[] = {
      {"boss", "manager"}, {"boss", "supervisor"}, {"manager", "boss"},
      {"supervisor", "boss"}, {"doctor", "gp"}, {"gp", "doctor"}, {"boss", "gaffer"},
      {"manager", "gaffer"}, {"rep", "delegate"}, {"therapist", "pt"}, {"physio", "pt"}};
  std::vector<std::string> others;
  for (const auto& [role, other] : kSameRoles) {
    if (std::find(asked.begin(), asked.end(), role) != asked.end()) others.emplace_back(other);
  }
  if (!others.empty() && SaysRoleIsName(folded, others)) return true;
  // Chinese names: the extractor's person mentions (Latin ones are the capitalized words).
  const auto mentions = Mentions(raw_text);
  for (const extract::EntityMention& m : *mentions) {
    if (m.type != extract::EntityType::kPerson || m.key.empty() ||
        static_cast<unsigned char>(m.key[0]) < 0x80) {
      continue;
    }
    if (folded_query.find(text::FoldForSearch(m.key)) == std::string::npos) return true;
  }
  // 叫 / 姓 / 名为 introducing a name the question does not say ("我家狗叫豆豆" does not name
  // the vet of "豆豆的兽医叫什么名字").
  for (std::string_view w : kZhNameWords) {
    for (size_t at = folded.find(w); at != std::string_view::npos; at = folded.find(w, at + 1)) {
      size_t end = at + w.size();
      for (int k = 0; k < 2 && end < folded.size(); ++k) base::DecodeUtf8(folded, &end);
      const std::string_view named = std::string_view(folded).substr(at + w.size(), end - at - w.size());
      if (named.empty() || folded_query.find(named) == std::string::npos) return true;
    }
  }
  return NamedAfterShi(folded) || NamedAfterKin(folded, folded_query);
}

// Letters then digits in one word the question does not say: a model ("V12", "S23", "X1").
bool HasModelWord(std::string_view text, const std::vector<std::string>& asked) {
  for (size_t at = 0; at + 1 < text.size(); ++at) {
    if (!std::isalpha(static_cast<unsigned char>(text[at])) ||
        !std::isdigit(static_cast<unsigned char>(text[at + 1]))) {
      continue;
    }
    size_t begin = at;
    while (begin > 0 && std::isalpha(static_cast<unsigned char>(text[begin - 1]))) --begin;
    const std::string word = text::FoldForSearch(text.substr(begin, at + 1 - begin));
    if (std::find(asked.begin(), asked.end(), word) == asked.end()) return true;
  }
  return false;
}

// A Latin word of two or more letters in Chinese text that the question does not say: a brand
// or a model ("戴森V12", "买了个Kindle").
bool HasLatinInHan(std::string_view folded, const std::vector<std::string>& asked) {
  bool han = false;
  for (size_t at = 0; at < folded.size();) {
    const char32_t c = base::DecodeUtf8(folded, &at);
    if (IsHan(c)) {
      han = true;
      break;
    }
  }
  if (!han) return false;
  for (const LatinWord& w : LatinWords(folded)) {
    if (w.text.size() >= 2 && std::find(asked.begin(), asked.end(), w.text) == asked.end()) {
      return true;
    }
  }
  return false;
}

// Which card or account money goes to ("这个月房租转到哪张卡"): its number, or its bank's or
// brand's name (NamesACard).
constexpr std::string_view kCardAsks[] = {"哪张卡", "哪个卡", "哪个账户", "哪个账号", "which card",
                                          "which account"};

// An identifier: a policy, account, order or flight number, a plate, a seat.
constexpr std::string_view kEnIdNouns[] = {
    "policy", "account", "tracking", "confirmation", "order", "flight", "flyer", "member",
    "membership", "license", "licence", "plate", "serial", "case", "claim", "ticket",
    "reference", "booking", "reservation", "routing", "invoice", "passport", "badge",
    "employee", "locker", "seat", "gate", "vin", "po", "lot", "model", "part", "container",
    "tax", "cabin", "room", "berth", "bunk", "slip", "stall", "booth", "table", "truck",
    "route", "suite", "pitch", "bay", "dock", "ward", "bed", "tag", "trailer", "tail",
    "registration", "reg", "rego", "customer", "client", "patient", "student", "staff"};

bool AsksForIdentifier(std::string_view q) {
  constexpr std::string_view kIdWords[] = {"ein", "ssn", "vin", "tax id", "税号", "sku", "货号", "条码",
                                           "barcode", "upc", "asin", "hull id", "booking ref",
                                           "booking reference", "reference number", "ref number"};
  if (AnyCue(q, ZhIdentifierAsks()) || AnyCue(q, kIdWords) || AnyCue(q, kCardAsks)) return true;
  // A password or a code to a door ("wifi password", "door code", 门禁密码); not "which
  // password manager".
  constexpr std::string_view kSecrets[] = {"密码", "password", "passcode", "pin", "door code",
                                           "gate code", "access code", "lock code",
                                           "lockbox code", "alarm code"};
  if (AnyCue(q, kSecrets) && !HasCue(q, "password manager")) return true;
  // A code or a combination to open something ("the key safe code", "the shed combo"); not
  // a code of dress or of a post office.
  constexpr std::string_view kNotSecretCodes[] = {"dress code", "zip code", "post code",
                                                  "postal code", "area code", "country code"};
  if ((HasCue(q, "code") || HasCue(q, "combo") || HasCue(q, "combination")) &&
      !AnyCue(q, kNotSecretCodes)) {
    return true;
  }
  if (HasCue(q, "license plate") || HasCue(q, "plate number") || HasCue(q, "number plate") ||
      HasCue(q, "what seat") ||
      HasCue(q, "which seat") || HasCue(q, "what gate") || HasCue(q, "which gate") ||
      HasCue(q, "which locker") || HasCue(q, "what locker")) {
    return true;
  }
  // "what's the Ranger's rego", "what's Sarah's car registration": a vehicle's plate.
  constexpr std::string_view kPlates[] = {"rego", "registration", "reg", "plate", "plates"};
  constexpr std::string_view kNotPlates[] = {"fee", "fees", "cost", "date", "form", "desk"};
  if ((q.starts_with("what") || q.starts_with("wat")) && AnyCue(q, kPlates) &&
      !AnyCue(q, kNotPlates)) {
    return true;
  }
  const std::vector<LatinWord> words = LatinWords(q);
  for (size_t i = 1; i < words.size(); ++i) {
    if (words[i].text != "number" && words[i].text != "no" && words[i].text != "id") {
      continue;
    }
    if (std::find(std::begin(kEnIdNouns), std::end(kEnIdNouns), words[i - 1].text) !=
        std::end(kEnIdNouns)) {
      return true;
    }
  }
  return false;
}

bool AsksForShare(std::string_view q) {
  return AnyCue(q, kShareAsks) || q.find("what %") != std::string_view::npos;
}

bool AsksForMoney(std::string_view q) {
  if (AnyCue(q, kMoneyAsks)) return true;
  if (AnyCue(q, kZhMoneyNouns) && (q.find("多少") != std::string_view::npos ||
                                   q.find("几") != std::string_view::npos)) {
    return true;
  }
  // A price of a kind (进价, 出厂价, 批发价 ...) asked with 多少: not 评价 (a review).
  if (q.find("价") != std::string_view::npos && q.find("多少") != std::string_view::npos &&
      q.find("评价") == std::string_view::npos) {
    return true;
  }
  // A price by the unit sold ("东魁今年卖多少一斤", "多少一碗").
  constexpr std::string_view kHowMuchFor = "多少一";
  for (size_t at = q.find(kHowMuchFor); at != std::string_view::npos;
       at = q.find(kHowMuchFor, at + 1)) {
    if (StartsWithSaleUnit(q.substr(at + kHowMuchFor.size()))) return true;
  }
  if (HasCue(q, "how much")) return AnyCue(q, kPayWords) || AnyCue(q, kEnMoneyNouns);
  // "what do i charge for the aged cheddar", "what did the vet charge": a payment asked with
  // "what".
  constexpr std::string_view kChargeWords[] = {"charge", "charges", "charging", "charged",
                                               "cost", "costs"};
  if (q.starts_with("what") && AnyCue(q, kChargeWords)) return true;
  // "What is the budget for ...", "what's my rent": the noun within three words of "what".
  const std::vector<LatinWord> words = LatinWords(q);
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i].text != "what" && words[i].text != "what's") continue;
    for (size_t k = i + 1; k < words.size() && k <= i + 4; ++k) {
      if (std::find(std::begin(kEnMoneyNouns), std::end(kEnMoneyNouns), words[k].text) !=
          std::end(kEnMoneyNouns)) {
        return true;
      }
    }
  }
  return false;
}

// Whether `query` asks for a fee or a rate, which a share may answer ("the agent charges 12%").
bool AsksForRate(std::string_view query) {
  constexpr std::string_view kRates[] = {"fee", "fees", "rate", "commission", "interest", "tax",
                                         "费", "率", "提成", "佣金", "抽成", "税"};
  return AnyCue(text::FoldForSearch(query), kRates);
}

bool CarriesBrand(std::string_view raw_text, std::string_view folded, std::string_view query) {
  const std::string folded_query = text::FoldForSearch(query);
  const std::vector<std::string> asked = AskedLatinWords(query);
  const std::string text = WithoutPlaceholders(raw_text);
  const std::vector<LatinWord> words = LatinWords(text);
  if (HasProperWord(words, asked) || HasModelWord(text, asked) ||
      HasLatinInHan(text::FoldForSearch(text), asked)) {
    return true;
  }
  if (folded.find("牌") != std::string_view::npos || HasCue(folded, "brand")) return true;
  constexpr std::string_view kZhBought[] = {"买了", "入了", "用的", "换了", "买的", "换成",
                                            "改用", "吃"};
  if (HasHanAfter(folded, folded_query, kZhBought)) return true;
  // "家里空调是格力的": 是, a short name, 的.
  for (size_t at = folded.find("是"); at != std::string_view::npos; at = folded.find("是", at + 1)) {
    size_t p = at + std::string_view("是").size();
    int han = 0;
    while (p < folded.size() && han <= 4) {
      const size_t before = p;
      const char32_t c = base::DecodeUtf8(folded, &p);
      if (folded.substr(before, p - before) == "的") {
        if (han >= 2) return true;
        break;
      }
      if (!IsHan(c)) break;
      ++han;
    }
  }
  return HasMentionOf(raw_text, folded_query,
                      {extract::EntityType::kOrg, extract::EntityType::kPerson});
}

// `folded` with each token of `query` that has a digit ("3a", "t-205") blanked out.
std::string WithoutNumbersOf(std::string_view query, std::string folded) {
  auto part = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == ':';
  };
  size_t i = 0;
  while (i < query.size()) {
    if (!part(query[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < query.size() && part(query[j])) ++j;
    std::string_view token = query.substr(i, j - i);
    while (!token.empty() && !std::isalnum(static_cast<unsigned char>(token.back()))) {
      token.remove_suffix(1);
    }
    i = j;
    if (!HasDigit(token)) continue;
    for (size_t at = folded.find(token); at != std::string::npos; at = folded.find(token, at)) {
      folded.replace(at, token.size(), " ");
    }
  }
  return folded;
}

// A card or an account named by its bank or brand ("the Amex card", "招商银行卡", "建行卡"),
// for a question that asks which card or account (kIdWords).
bool NamesACard(std::string_view raw_text, std::string_view folded, std::string_view query) {
  if (!AnyCue(Folded(query), kCardAsks)) return false;
  constexpr std::string_view kBanks[] = {"银行", "建行", "工行", "农行", "招行", "中行", "交行",
                                         "信用卡", "储蓄卡", "支付宝", "微信"};
  return AnyCue(folded, kBanks) ||
         HasProperWord(LatinWords(WithoutPlaceholders(raw_text)), AskedLatinWords(query));
}

// `folded` (of `raw_text`) without the numbers that follow a code of capitals ("RDH 22871",
// "TP 1358"), which count no money; a currency's code ("USD 500", "RMB 3000") stays.
std::string WithoutCodeNumbers(std::string_view raw_text, std::string folded) {
  constexpr std::string_view kCurrencies[] = {"USD", "RMB", "CNY", "HKD", "EUR", "GBP", "CAD",
                                              "AUD", "JPY", "SGD", "NTD", "TWD", "NZD", "CHF"};
  for (size_t i = 0; i < raw_text.size(); ++i) {
    if (!std::isupper(static_cast<unsigned char>(raw_text[i])) ||
        (i > 0 && std::isalnum(static_cast<unsigned char>(raw_text[i - 1])))) {
      continue;
    }
    size_t j = i;
    while (j < raw_text.size() && std::isupper(static_cast<unsigned char>(raw_text[j]))) ++j;
    const std::string_view code = raw_text.substr(i, j - i);
    size_t k = j;
    while (k < raw_text.size() && raw_text[k] == ' ') ++k;
    size_t end = k;
    while (end < raw_text.size() && std::isdigit(static_cast<unsigned char>(raw_text[end]))) ++end;
    i = j;
    if (code.size() < 2 || code.size() > 5 || k == j || end == k ||
        std::find(std::begin(kCurrencies), std::end(kCurrencies), code) != std::end(kCurrencies)) {
      continue;
    }
    const std::string number(raw_text.substr(k, end - k));
    const std::string lower = text::FoldForSearch(raw_text.substr(i - code.size(), end - (i - code.size())));
    for (size_t at = folded.find(lower); at != std::string::npos; at = folded.find(lower, at + 1)) {
      folded.replace(at + lower.size() - number.size(), number.size(), std::string(number.size(), ' '));
    }
  }
  return folded;
}

// 多大 of a thing ("熬汤的桶多大"), not of someone (他儿子多大, 你多大; kAgeAsks).
bool AsksHowBigAThingIs(std::string_view q) {
  const size_t at = q.find("多大");
  if (at == std::string_view::npos) return false;
  const std::string_view before = q.substr(0, at);
  // 多大 that ends the question, not one of a measure named after it (多大剂量).
  const std::string_view after = q.substr(at + std::string_view("多大").size());
  constexpr std::string_view kEnds[] = {"?", "？", " ", "啊", "呢", "的"};
  if (!after.empty() && !StartsWithAny(after, kEnds)) return false;
  for (std::string_view who : {"你", "我", "他", "她", "岁", "宝宝", "孩子", "娃"}) {
    if (before.ends_with(who)) return false;
  }
  for (const auto& n : extract::coref_rules::ChinesePersonNouns()) {
    if (before.ends_with(n.text)) return false;
  }
  // A home, a shop or a plot is as big as its area ("房子多大": "120平").
  for (std::string_view area : {"房", "屋", "家", "店", "地", "院", "园", "厂", "仓库", "办公室",
                                "公寓", "面积", "门面", "卧", "室", "厅", "平"}) {
    if (q.find(area) != std::string_view::npos) return false;
  }
  return true;
}

// 几号 of a day ("机票订的几号"), not of a line, a room or a parking space ("几号线",
// "车位是几号").
bool AsksForDayOfMonth(std::string_view q) {
  constexpr std::string_view kAsk = "几号";
  const size_t at = q.find(kAsk);
  if (at == std::string_view::npos) return false;
  constexpr std::string_view kNotADay = "楼线门床房室窗车院馆店口位机码子桌";
  const std::string_view next = q.substr(at + kAsk.size(), 3);
  if (next.size() == 3 && kNotADay.find(next) != std::string_view::npos) return false;
  for (std::string_view thing : {"车位", "座位", "房间", "门牌", "床位", "柜"}) {
    if (q.find(thing) != std::string_view::npos) return false;
  }
  return true;
}

}  // namespace

AnswerKind AskedKind(std::string_view query, bool about_past) {
  const std::string q = text::FoldForSearch(query);
  // What someone does or did ("What is John planning to do after receiving Samantha's phone
  // number?"): an act, whatever else the question names.
  if (q.starts_with("what ") &&
      (HasCue(q, "to do") || HasCue(q, "doing") ||
       (q.starts_with("what did ") && (q.ends_with(" do") || q.ends_with(" do?") ||
                                       q.find(" do ") != std::string::npos)))) {
    return AnswerKind::kAny;
  }
  if (AsksForContact(query)) return AnswerKind::kContact;
  if (AnyCue(q, kAgeAsks)) return AnswerKind::kAge;
  // A birthday, an anniversary, a date: a day of the calendar, not an hour.
  constexpr std::string_view kDateAsks[] = {"生日", "纪念日", "birthday", "anniversary",
                                            "what date", "bday"};
  constexpr std::string_view kHourAsks[] = {"几点", "what time", "dinner", "晚饭", "饭"};
  // 哪个月结号 asks for a monthly account (月结), not a month.
  const bool asks_time = (AnyCue(q, kTimeAsks) && q.find("个月结") == std::string::npos) ||
                         StartsWithAny(q, kWhenStarts);
  // "what's tom's birthday?" asks for the day as "when" does.
  const bool asks_what = q.starts_with("what's ") || q.starts_with("what is ");
  if (!about_past && (asks_time || HasCue(q, "when") || asks_what) &&
      (AnyCue(q, kDateAsks) || AsksForDayOfMonth(q)) && !AnyCue(q, kHourAsks)) {
    return AnswerKind::kDate;
  }
  if (!about_past && asks_time) return AnswerKind::kTime;
  if (AnyCue(q, kColourAsks)) return AnswerKind::kColour;
  if (AnyCue(q, kSizeAsks) || (HasCue(q, "size") && (HasCue(q, "what") || HasCue(q, "which"))) ||
      AsksHowBigAThingIs(q)) {
    return AnswerKind::kSize;
  }
  if (AsksForShare(q)) return AnswerKind::kShare;
  if (AnyCue(q, kAreaAsks)) return AnswerKind::kArea;
  constexpr std::string_view kBloodAsks[] = {"血型", "blood type", "blood group"};
  if (AnyCue(q, kBloodAsks)) return AnswerKind::kBloodType;
  // "Which Kindle model did I buy?": a model.
  if (AnyCue(q, kBrandAsks) ||
      (HasCue(q, "model") && (HasCue(q, "which") || HasCue(q, "what")))) {
    return AnswerKind::kBrand;
  }
  if (AsksForIdentifier(q)) return AnswerKind::kIdentifier;
  if (AsksForMoney(q)) return AnswerKind::kMoney;
  // 多少 asks for a number ("考了多少分"), as do 几级 / 几个 / 多重 ...; 多少次 for a count of
  // memories.
  constexpr std::string_view kHowMany[] = {"几级", "几个", "几只", "几口", "几台", "几套", "几辆",
                                           "多重", "多高", "多长", "多远", "几丸", "几片", "几粒",
                                           "几颗", "几袋", "几包", "几支", "几瓶", "几头"};
  // "how many exhibit binders do we need", "how many tomato plants do the Morales want": a
  // number wanted; "how many pets does James have", "how many times" count memories.
  // "how many units of insulin", "how many mg": a measure, which one statement gives.
  constexpr std::string_view kMeasures[] = {
      "units", "mg", "ml", "mcg", "tablets", "pills", "capsules", "puffs", "drops", "scoops",
      "bales", "tons", "tonnes", "litres", "liters", "gallons", "pounds", "lbs", "kilos", "kg",
      "hours", "miles", "km", "acres", "hectares", "feet", "inches", "sacks", "bushels"};
  // "how many bags did Olsen order", "how many head are in barn 3": a number one statement
  // gives of a trade or of a place's stock.
  constexpr std::string_view kTradeOrStock[] = {
      "order", "ordered", "ordering", "buy", "bought", "sell", "sold", "taking", "deliver",
      "delivered", "ship", "shipped", "are in", "are at", "are on", "is in", "in barn"};
  const bool how_many = q.starts_with("how many ") && !HasCue(q, "times") &&
                        ((!about_past && (HasCue(q, "need") || HasCue(q, "want") ||
                                          HasCue(q, "should"))) ||
                         AnyCue(q.substr(9), kMeasures) || AnyCue(q.substr(9), kTradeOrStock));
  // "what horsepower is the outboard", "what's the torque spec": a measure.
  constexpr std::string_view kMeasureNouns[] = {"horsepower", "torque", "wattage", "voltage",
                                                "temperature", "temp", "hp", "micron", "ph",
                                                "psi", "rpm"};
  const bool what_measure = q.starts_with("what") && AnyCue(q, kMeasureNouns);
  if (AnyCue(q, kAmountAsks) || AnyCue(q, kHowMany) || how_many || what_measure ||
      (q.find("多少") != std::string::npos && q.find("多少次") == std::string::npos)) {
    return AnswerKind::kAmount;
  }
  if (AsksForPlace(q)) return AnswerKind::kPlace;
  // "课题是做什么的", "这个app是干什么的": what a thing is for, not someone's job.
  constexpr std::string_view kThings[] = {"课题", "项目", "研究", "论文", "公司", "产品", "软件",
                                          "app", "这个", "那个", "它"};
  if (AnyCue(q, kJobAsks) && !AnyCue(q, kThings)) return AnswerKind::kJob;
  // "御膳坊原来叫什么名字", "what were we called before the rename": the old name of anything,
  // a shop's or a team's as well as a person's.
  constexpr std::string_view kRenamed[] = {"原来叫", "以前叫", "之前叫", "原名", "改名", "改名前",
                                           "old name", "called before", "used to be called",
                                           "rename", "renamed"};
  if (AnyCue(q, kRenamed)) return AnswerKind::kAny;
  if (AnyCue(q, kNameAsks)) return AnswerKind::kName;
  constexpr std::string_view kWho = "是谁";
  for (std::string_view role : kZhPersonRoles) {
    const size_t at = q.find(role);
    if (at == std::string::npos) continue;
    if (std::string_view(q).substr(at + role.size(), kWho.size()) == kWho) return AnswerKind::kName;
    // "该挂哪个医生", "找哪位老师": which person of the role.
    for (std::string_view which : {"哪个", "哪位"}) {
      if (at >= which.size() && std::string_view(q).substr(at - which.size(), which.size()) == which) {
        return AnswerKind::kName;
      }
    }
  }
  // "视频剪辑是谁在做", "报销找谁", "who handles payroll", "who do I call for ...": the person
  // who does a thing.
  constexpr std::string_view kWhoDoes[] = {"是谁在", "谁在做", "谁负责", "谁在负责", "找谁", "谁来做",
                                           "谁管", "who handles", "who do i call", "who should i call",
                                           "who's in charge", "who is in charge", "who takes care"};
  if (AnyCue(q, kWhoDoes)) return AnswerKind::kName;
  // "Who is Max's vet?": a person known by a role of someone's.
  if (StartsWithAny(q, kWhoStarts) && q.find("'s ", 4) != std::string::npos) return AnswerKind::kName;
  if (StartsWithAny(q, kWhoMyStarts)) return AnswerKind::kName;
  // "what's my band called?": what a thing is called.
  const size_t last = q.find_last_not_of(" ?？.");
  if (last != std::string::npos && std::string_view(q).substr(0, last + 1).ends_with(" called") &&
      (q.starts_with("what") || q.starts_with("wat "))) {
    return AnswerKind::kName;
  }
  return AnswerKind::kAny;
}

bool CarriesKind(AnswerKind kind, std::string_view text, std::string_view query) {
  if (kind == AnswerKind::kAny) return true;
  if (kind == AnswerKind::kContact) return CarriesContact(text, query);
  // A masked value's random id is no number ("⟦PHONE:73kl4…⟧"), and a number the question
  // says names what is asked about, not the answer ("the new rent for 3A" and "Need to
  // repaint 3A").
  const std::string folded =
      WithoutNumbersOf(Folded(query), text::FoldForSearch(WithoutPlaceholders(text)));
  const bool yearly = kind == AnswerKind::kDate && AnyCue(Folded(query), kYearlyDays);
  switch (kind) {
    case AnswerKind::kAge:
      return HasAge(folded);
    case AnswerKind::kAmount:
      return (HasNumber(WithoutClockTimes(folded)) || HasMaskedNumber(text)) &&
             GivesLengthIfAsked(folded, Folded(query));
    case AnswerKind::kIdentifier:  // a masked value of any kind is one (CarriesIdentifier)
      return CarriesIdentifier(text, folded, Folded(query)) || NamesACard(text, folded, query);
    case AnswerKind::kTime:
      return CarriesTime(folded, Folded(query));
    case AnswerKind::kColour:
      return HasCharOf(folded, kZhColourChars) || AnyCue(folded, kEnColours);
    case AnswerKind::kName:
      return HasName(text, folded, query) || HasHanNameAfterCue(folded, Folded(query));
    case AnswerKind::kMoney:
      return HasMoneyNumber(WithoutAskedNumeralWords(WithoutCodeNumbers(text, folded),
                                                     Folded(query))) ||
             (AsksForRate(query) && HasPercent(folded));
    case AnswerKind::kBrand:
      return CarriesBrand(text, folded, query) ||
             HasHanNameAfterCue(folded, Folded(query), NameOf::kBrand);
    case AnswerKind::kPlace:
      return CarriesPlace(text, folded, query) ||
             HasHanNameAfterCue(folded, Folded(query), NameOf::kPlace);
    case AnswerKind::kSize:
      return CarriesSize(folded);
    case AnswerKind::kShare:
      return CarriesShare(folded, Folded(query));
    case AnswerKind::kArea:
      return CarriesArea(folded);
    case AnswerKind::kBloodType:
      return CarriesBloodType(folded);
    case AnswerKind::kDate:  // a yearly day said from the memory's time needs its name
      return CarriesDate(folded, yearly, !yearly || AnyCue(folded, kYearlyDays));
    case AnswerKind::kJob:
      return AnyCue(folded, kZhJobWords) || AnyCue(folded, kEnJobWords);
    default:
      return true;
  }
}

}  // namespace engram::recall
