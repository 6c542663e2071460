// What kind of answer a question asks for, and whether a memory carries one.
//
// A question for a way to reach someone, a name, an age, a time still to come, an amount or a
// colour is answered only by a statement that carries such a value. A memory that shares the
// question's subject but not the value ("橘子几岁了？" against "橘子最近胃口不太好。", "What's
// the name of Sophie's teacher?" against "My daughter Sophie started kindergarten.") says
// nothing about what was asked; recall reads its relevance as a share kOffAnswerFactor of what
// its words and vector say (truth.h, ScoreRelevance), so that a question about an attribute
// never stated gets no answer rather than the subject's other memories.
//
//   kind      asked by                                       carried by
//   contact   手机号, 电话, e-mail, WeChat, phone ...        AsksForContact's words, 5+ digits,
//             (relevance.h AsksForContact)                   "@", a masked value
//   name      叫什么, 名字, 姓什么, "name", "who is X's",   a name the question does not say:
//             "who is my"
//                                                            a capitalized word, a zh person
//                                                            mention, 叫 / 姓 / 名为 before a
//                                                            name the question does not say,
//                                                            名字, "是" + a surname and one or
//                                                            two characters
//   age       几岁, 多大了, "how old"                        a number
//   time      几点, 哪天, 什么时候, "when is", "what time"   a number of at most four digits
//             (not asked about the past: a past event's      not ending a Latin word ("X1" is
//             own time answers "when did ...")               a model, 13812345678 a phone, 2.1%
//                                                            a share) or a time word (周, 月,
//                                                            星期, "Monday", "tomorrow"; not 期
//                                                            alone: 定期)
//   amount    是多少, 多少钱, "how much", "number"           a number (not a lone 一 / "one":
//                                                            "一家公司", "one-on-ones")
//   colour    什么颜色, "what color"                         a colour word
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
  kJob
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
