// What kind of answer a question asks for, and whether a memory carries one.
//
// A question for a way to reach someone, a name, an age, a time still to come, an amount, a
// sum of money, a colour, a brand, a place of a kind or a job is answered only by a statement
// that carries such a value. A memory that shares the question's subject but not the value
// ("橘子几岁了？" against "橘子最近胃口不太好。", "What's the name of Sophie's teacher?" against
// "My daughter Sophie started kindergarten.", "我成都住哪个酒店" against "下周要去成都出差") says
// nothing about what was asked; recall reads its relevance as a share kOffAnswerFactor of what
// its words and vector say (truth.h, ScoreRelevance, for one question only), so that a question
// about an attribute never stated gets no answer rather than the subject's other memories.
//
//   kind      asked by                                       carried by
//   contact   手机号, 电话, e-mail, WeChat, phone ...        AsksForContact's words, 5+ digits,
//             (relevance.h AsksForContact)                   "@", a masked value (asked for a
//                                                            phone only, no e-mail address)
//   name      叫什么, 叫啥, 名字, 姓什么, "name", "who is    a name the question does not say:
//             X's", "who is my", 兽医是谁 (a person's        a capitalized word (not a first
//             role + 是谁)                                   word that reads as a verb,
//                                                            "Started"; not after "in"), a zh
//                                                            person mention, 叫 / 姓 / 名为
//                                                            before a name the question does
//                                                            not say, 名字, "是" + a surname
//                                                            (or 阿 / 小 / 老) and one or two
//                                                            characters
//   age       几岁, 多大了, "how old"                        a number up to 120 that counts no
//                                                            other unit (not "干了十年了", "6
//                                                            years", "$40") and names no room
//                                                            (一楼108)
//   time      几点, 哪天, 星期几, 什么时候, "when is",       a number of at most four digits
//             "what time" (not asked about the past: a      not ending a Latin word ("X1" is
//             past event's own time answers "when did")     a model, 13812345678 a phone, 2.1%
//                                                            a share, "9-frame" a count), a
//                                                            number of 点 / 号 / 月 ... (not 好
//                                                            点了) or a time word (下周, 星期,
//                                                            "Monday", "next"; not "next to";
//                                                            not the statement's own day or one
//                                                            before it: 今天, "yesterday",
//                                                            "ago"); answer_time.h
//   money     多少钱, 花了多少, 挣了多少, 预算/工资/费/薪    a number that is no count of another
//             with 多少 / 几, "how much" + pay / cost,       unit (一个半小时, 25 min, 3°C, 四十
//             "what is the budget / price / rent"            单), no weekday (周四), no model's
//                                                            (V12, Q3) and none after a code of
//                                                            capitals ("RDH 22871"; "USD 48" is)
//   amount    是多少, 多少, "how much", "number", "how      a number (not a lone 一 / "one":
//             many units / mg ..."                           "一家公司", "one-on-ones"; not
//                                                            "type 1")
//   colour    什么颜色, "what color"                         a colour word
//   brand     牌子, 品牌, "what brand", "what model"        a Latin word in Chinese text, a
//                                                            capitalized word or a model
//                                                            ("V12"), 牌, 是X的, 买了 / 换成 + a
//                                                            name
//   place     哪个酒店 / 餐厅 / 学校, 酒店在哪, "which      a place noun (酒店, 小学, "hotel"),
//             hotel", "where is the venue", "address"        a name ending in 店 / 馆 / 院 / 路
//             (not of an e-mail), "where does X live",       ..., a capitalized name after "in",
//             住哪, 哪条路 (an address)                      "at", "to", "the" ... or ending in
//                                                            a place's word ("Elm Street"), 在 /
//                                                            住 / 订 / 是 + a name, a place or
//                                                            an organisation; an address: a
//                                                            number with a street word (路, 栋,
//                                                            层, "St"); asked where: a home or a
//                                                            kind of place ("house", "park")
//   job       "do for work", 做什么工作, 干啥的, 职业        work words (上班, 公司, 医生,
//                                                            "works", "engineer", ...)
//   date      生日, 纪念日, "birthday", "anniversary",      a day of the calendar: 3号, 十五日,
//             "what date", with when / 哪天 / 几号 ... (not   八月, 初六, 中秋, "October 3",
//             "what time")                                   "the 14th", 5/12, a weekday,
//                                                            明天, 昨天, "last night" (the
//                                                            memory's time tells the day);
//                                                            not 5号楼,
//                                                            "Sundays", "6 years", 8:15
//   identifier 保单号, 车牌, 座位, "policy number",          a word of letters and digits
//             "cabin number", "what seat" (a noun of a       ("HX-20931", "TP1358"; not hours,
//             thing with "number" / "no" / "id"), EIN,       "7-10pm"), a number of two digits
//             SSN, 税号                                      or more that is no sum, time, year,
//                                                            day of a month or count ("#217",
//                                                            "B座421"), a seat ("14C", "aisle"),
//                                                            a masked value; for 身份证, a
//                                                            passport, an SSN, an EIN: five
//                                                            digits or more (or the last digits
//                                                            when only they are asked for)
//   size      多大码, 尺码, "what size", "what boot size"    a number before 码, a letter
//             ("size" with what / which)                     size (S, M, XL), "size" and a
//                                                            number, a number of at most two
//                                                            digits that counts no unit
//   share     percentage, 百分比, 占比, 几成; ratio,          a per cent (35%, "percent",
//             dilution, 比例, 稀释                            百分之), 三成; for a ratio also
//                                                            "1:5000", "1/20", 1比3
//   area      面积, 多少平, "square feet", "sq ft", 几亩      a number before 平, ㎡, "sq",
//                                                            "square", "acre", 亩
//   blood     血型, "blood type"                             A / B / AB / O before 型, "type
//                                                            A", "O negative", "AB+", Rh
//
// Numbers are digits, Chinese numerals and English number words. Counting questions ("how
// many times ...") ask for no kind: their answer is the number of memories, not a value in one.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_ANSWER_KIND_H_
#define ENGRAM_RECALL_ANSWER_KIND_H_

#include <string_view>

namespace engram::recall {

enum class AnswerKind {
  kAny,
  kContact,
  kName,
  kAge,
  kTime,
  kAmount,
  kMoney,
  kColour,
  kBrand,
  kPlace,
  kJob,
  kSize,
  kDate,
  kIdentifier,
  kShare,
  kArea,
  kBloodType
};

// The relevance share left to a hit that does not carry the kind asked for.
inline constexpr double kOffAnswerFactor = 0.2;

// The kind `query` asks for; kAny when it asks for none of the above. `about_past`: the
// question's words ask about the past (QueryAnalysis::past_words), so a time need not be said.
AnswerKind AskedKind(std::string_view query, bool about_past);

// Whether `text` carries a value of `kind` (always for kAny). `query`: the question, whose
// own names do not answer a question for a name.
bool CarriesKind(AnswerKind kind, std::string_view text, std::string_view query);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_ANSWER_KIND_H_
