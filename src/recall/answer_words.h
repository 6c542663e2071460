// The words of a memory that may carry a value, read for the kinds of answer (answer_kind.h):
// Latin words as written and whether each begins a sentence, the capitalized ones that may
// name someone or something, Han names after a mark or a cue, names given after a role, masked
// numbers, the extractor's mentions. Shared by
// answer_kind.cc and answer_place.cc; internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_ANSWER_WORDS_H_
#define ENGRAM_RECALL_ANSWER_WORDS_H_

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "src/extract/entity_extractor.h"

namespace engram::recall {

// Characters and English words of a time, folded. 号 is a day only after a number ("3号",
// "十五号"; not "手机号"): HasDayNumber.
inline constexpr std::string_view kZhTimeChars = "年月日点周今明昨早晚午夜时分秒春夏秋冬";
inline constexpr std::string_view kEnTimeWords[] = {
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "june", "july", "august", "september", "october",
    "november", "december", "jan", "feb", "apr", "jun", "jul", "aug", "sept", "oct", "nov",
    "today", "tomorrow", "tonight", "yesterday", "morning", "afternoon",
    "evening", "night", "noon", "midnight", "week", "weekend", "weekly", "month", "monthly",
    "year", "yearly", "daily", "spring", "summer", "fall", "autumn", "winter", "o'clock",
    "next", "ago", "soon"};

// Words after which a capitalized name is a school's or an organisation's, no person's:
// "Maplewood Elementary" does not name a daughter's pediatrician.
inline constexpr std::string_view kOrgTails[] = {
    "elementary", "school", "high",    "academy",  "university", "college", "kindergarten",
    "hospital",   "clinic", "bank",    "inc",      "corp",       "company", "insurance",
    "airlines",   "hotel",  "library", "museum",   "park",       "street",  "avenue", "road"};

// Whether `folded` starts with one of `starts`.
bool StartsWithAny(std::string_view folded, std::span<const std::string_view> starts);

// Whether `folded` has a character of `chars` (one UTF-8 string of characters).
bool HasCharOf(std::string_view folded, std::string_view chars);

// Whether folded `query` asks what time of day ("what time's my flight", "几点出发").
bool AsksClockTime(std::string_view folded_query);

// Whether folded `query` names a day ("saturday's game", 周六, 明天, 3号).
bool NamesADay(std::string_view folded_query);

// A CJK unified ideograph of the basic block.
bool IsHan(char32_t c);

// ASCII words of `text` as written ("Sophie's" as "Sophie"), with whether each begins a
// sentence.
struct LatinWord {
  std::string text;
  bool sentence_start;
};
std::vector<LatinWord> LatinWords(std::string_view text);

// The question's Latin words, folded.
std::vector<std::string> AskedLatinWords(std::string_view query);

// A role the question asks by (`asked`: AskedLatinWords), then "is", ": " or up to three words
// and "is", "is now" or ": " ("union delegate is kirra dwyer", "insurance agent: carla mims"),
// or "'s" and a word that ends its clause, and a word of three letters or more that
// reads as no quality: no function word, no common quality ("great", "busy") and no ending of
// one (-ly, -ing, -ed, -ful, -ous, -ive, -able, -y): "my new boss is carlos", "deckhand this
// season is tyler", "drummer's marcus, he's solid", "second shooter for summer: ciarán"; not
// "my boss is great". `folded`: the memory, folded.
bool SaysRoleIsName(std::string_view folded, const std::vector<std::string>& asked);

// A name in Chinese after a word that gives one (是, 换成, 换到, 改成, 改用, 选了, 定了): two Han
// characters or more, neither grammar, a measure word ("是只柯基") nor the question's first two
// ("月子中心是馨月汇", "降糖药换成西格列汀了"), or a surname of one or two characters before 先生 /
// 小姐 / 女士 ("现在找田中先生"). The entity extractor knows few brands, firms and names of this
// kind. A brand is given after 卖, 喝 and 抽 too ("摊上啤酒一直卖珠江纯生") and after a count of
// packs ("一天一包红塔山"); a place after 搬到, 搬去, 搬进 and 迁到 ("搬到金州了"). Both texts folded.
enum class NameOf { kPerson, kBrand, kPlace };
bool HasHanNameAfterCue(std::string_view folded, std::string_view folded_query,
                        NameOf of = NameOf::kPerson);

// A relative, a partner or a post, then a name the question does not say: a surname and a given
// name ("店是跟我表哥周强合伙开的", "徒弟王磊"), 小 / 阿 and one character ("徒弟小亮"), or after a
// post two or three characters alone ("雪场经理巴合提 明天开会"). Both texts folded.
bool NamedAfterKin(std::string_view folded, std::string_view folded_query);

// Whether `text` has a masked phone, ID card or bank card number (a number, whatever its id).
bool HasMaskedNumber(std::string_view text);

// `text` without its masked values (⟦EMAIL:…⟧ is no name "EMAIL").
std::string WithoutPlaceholders(std::string_view text);

// Whether a word begins with a capital (not "I", "I'm").
bool IsCapitalized(const LatinWord& w);

// Whether a word that begins a sentence may name someone: not a function word ("My") and not
// read as a verb ("Started learning piano", "Booked an Airbnb", "Got a B+"). `lower`: folded.
bool StartsLikeAName(const std::string& lower);

// A capitalized word that the question does not say (`asked`: AskedLatinWords), no time word,
// and not a sentence's first word that reads as no name ("My", "Started"); HasProperWord: any
// of `words` is one.
bool IsProperWord(const LatinWord& w, const std::vector<std::string>& asked);
bool HasProperWord(const std::vector<LatinWord>& words, const std::vector<std::string>& asked);

// Two Han characters after one of `marks` that the question does not say, no time, no number
// and no 不: "住在全季", "订了亚朵", "是复旦毕业的", "买了科沃斯" (not "买了一台", "是不是").
bool HasHanAfter(std::string_view folded, std::string_view folded_query,
                 std::span<const std::string_view> marks);

// Names the extractor finds in `raw_text` of `types` that the question does not say.
bool HasMentionOf(std::string_view raw_text, std::string_view folded_query,
                  std::initializer_list<extract::EntityType> types);

// Whether a pair of Han characters calls someone by name as Chinese does: 小 / 老 / 阿 and a
// character that makes no common word with it (小林, 老周, 阿杰; not 小时, 老师, 阿姨).
bool CallsByName(std::string_view pair);

// The Chinese words that ask for an identifier (保单号, 车牌, 工号, 车次, ...).
std::span<const std::string_view> ZhIdentifierAsks();

// The Chinese nouns of identifiers folded `text` names, without a closing 号 after two
// characters or more (车牌 of 车牌号, 车位 of 车位号, 工号): "我的车位是B1-032" names a
// parking space, not the plate 我自己的车牌号是多少 asks for.
std::vector<std::string> ZhIdentifierNounsIn(std::string_view folded);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_ANSWER_WORDS_H_
