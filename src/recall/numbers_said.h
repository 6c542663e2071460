// What numbers a text says, for the kinds of answer (answer_kind.h): a number that may be a
// sum of money, an age, a share, a weekday or an order rather than a count, a number written in
// English words, a day of the calendar, a code. Each reads folded text (text::FoldForSearch).
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_NUMBERS_SAID_H_
#define ENGRAM_RECALL_NUMBERS_SAID_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

// Chinese numerals besides 一, which alone often counts nothing ("一家公司").
inline constexpr std::string_view kZhNumerals = "零〇二三四五六七八九十百千万亿两半";

bool HasDigit(std::string_view text);

// Whether a date in digits, YYYY-MM-DD, starts at `at` of `text` and is no part of a longer
// number ("2024-06-13" of "(2024-06-13 15:00)", as the write path anchors 昨天下午三点).
bool IsoDateAt(std::string_view text, size_t at);

// Whether a digit or a Chinese numeral ends right before byte `at` of `folded`.
bool NumeralBefore(std::string_view folded, size_t at);

// "3号", "十五号": 号 after a digit or a Chinese numeral.
bool HasDayNumber(std::string_view folded);

// A day of the calendar: 3号, 十五日, 八月, 初六, 中秋, "October 3", "the 14th", 5/12, a
// weekday, 明天, 昨天, "last night"; not 5号楼, "Sundays", "6 years", 8:15.
// `calendar_day`: a day of the calendar (a birthday, an anniversary), not a day of the week
// ("这周末", "on Sunday"); a day named from the memory's time ("yesterday") is one only when
// `relative_days` ("last night we celebrated her birthday", not "小刘今天雕了只老虎").
bool CarriesDate(std::string_view folded, bool calendar_day = false, bool relative_days = true);

// A code (answer_kind.h, identifier): a word of letters and digits that is no unit after a
// number ("HX-20931", "CA927", "1Z88A04", "京A12345", "Pinecone_2024"), a number that may name
// a thing (HasCodeNumber: "#217", "B座421", "TP 1358"), a seat ("14C", "aisle") for a question
// about one (`folded_query`), a password said in words, or a masked value in `raw_text`.
bool CarriesIdentifier(std::string_view raw_text, std::string_view folded,
                       std::string_view folded_query);

// Whether `folded` says a number that may be an amount of money: not a model's number
// ("V12"), a time ("4:30"), a share ("2.1%"), a weekday or an ordinal ("周四", "第二") or a count
// of a unit that is no money ("一个半小时", "25 min", "3°C").
bool HasMoneyNumber(std::string_view folded);

// Whether folded `rest` opens with a unit a price is said by ("斤" of "一斤25", "碗", "箱").
bool StartsWithSaleUnit(std::string_view rest);

// Folded `text` with a blank for each pair of Han characters, a numeral and the character
// after it, that folded `question` says too: the name of the thing asked about, not a value
// ("八角" of "八角进价每斤多少" is star anise, not eight 角; "二铵" of "二铵一吨啥价").
std::string WithoutAskedNumeralWords(std::string text, std::string_view question);

// Whether `folded` says a number that may be someone's age: before 岁 or "years old", or a
// number of at most three digits that counts no other unit ("干了十年了", "6 years", "$40").
bool HasAge(std::string_view folded);

// Whether `folded` says a number that may be a size of shoes or clothes: at most two digits,
// or a half ("10.5"), that counts no unit and is no sum or day.
bool HasSizeNumber(std::string_view folded);

// Whether `folded` says a number of two digits or more that may name a thing (a locker, a
// room, a flight, the last digits of an account): no sum, time, day of a month or count of a unit.
bool HasCodeNumber(std::string_view folded);

// The codes `folded` names: words of ASCII letters, digits, "-" and "_" that start with a letter
// and hold a digit ("t-102", "inc-20417", "ca927"), or hold a letter between digits ("1z88a04");
// not a number with its unit ("10am", "5km"); and a numbered place of a site ("3号库", "5号楼",
// "2号线"): digits, 号 and what it numbers.
std::vector<std::string> CodesIn(std::string_view folded);

// Whether `folded` says a share: a number before "%", "percent", 个点 or 成, or after 百分之.
bool HasPercent(std::string_view folded);

// Whether the numeral at byte `at` of `folded` names a weekday or an order rather than counts:
// after 周, 星期, 礼拜, 第 or 初 (周六, 星期三, 礼拜五, 第二, 初八).
bool NamesADayOrOrder(std::string_view folded, size_t at);

// Whether `word` (folded) is a number written in English ("twelve", "dozen"); whether
// `folded` says one as a word.
bool IsEnNumberWord(std::string_view word);
bool HasEnNumberWord(std::string_view folded);

// Whether `folded` says a house number: two to five digits, then a word that is no unit, time
// or count ("2204 nw hoyt", "at 1820 ne alberta"; not "20 minutes", "2025 at 4pm").
bool HasHouseNumber(std::string_view folded);

// The measure word a Chinese question asks a count in: 个 of "我们班多少个学生", 件 of "一天大概
// 多少件", 台 of "几台"; empty when it asks none (多少钱 asks a sum, 几点 a time).
std::string_view AskedMeasure(std::string_view folded_query);

// Whether `folded` says a number counted in `measure`, "多" / "来" / "余" between them allowed:
// "45个人", "900多件" for 件, "三台".
bool CountsIn(std::string_view folded, std::string_view measure);

// Whether a content word is or holds a number (三十 and 十六 of 三十六亩, "12" of "12 bags"): a
// value, which links no two statements of one subject.
bool SaysANumber(std::string_view word);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_NUMBERS_SAID_H_
