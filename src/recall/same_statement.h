// One statement, said twice in other words: which recall hits say the same thing, so that recall
// returns it once (seed 003 §3.1, "one memory per fact"; DESIGN.md §6, truth at recall).
//
// Without an LLM this reads two things off each text:
//   units   its content: CJK characters that are not grammar (花, 生, 过, 敏) and English
//           content words cut to five letters (allergic and allergy are "aller");
//   values  what tells one fact from another of the same shape: numbers, handles, e-mail-like
//           tokens, Latin words inside Chinese text, capitalized names, the people it names
//           (张工, "my sister"): "my sister lives in Boston" is not "my brother lives in Boston".
// Two statements say the same thing when every value of each occurs in the other, their units
// overlap by more than half (Dice coefficient), and either they say the same number or handle
// (a date, an amount, a house number, @kev.r; a number of up to three digits standing alone
// only where the statements name someone or something) or the units of
// one are all among the other's ("我对花生过敏" inside "我吃花生会过敏的"), so "我对虾过敏" and
// "我对花生过敏" stay two statements.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_SAME_STATEMENT_H_
#define ENGRAM_RECALL_SAME_STATEMENT_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

// What SameStatement compares, read once per text.
struct StatementShape {
  std::vector<std::string> units;   // sorted, unique
  std::vector<std::string> values;  // folded; sorted, unique
  std::string folded;               // the text without repeat markers, folded
  // The ids of its masked values ("⟦PHONE:k3v9…⟧"), also among `values`; sorted, unique. An id
  // is an identifier whatever letters and digits its random spelling happens to have.
  std::vector<std::string> masked;
};

// REQUIRES: `text` is valid UTF-8.
StatementShape ShapeOf(std::string_view text);

// Whether `s` names a value: a name, a number or an identifier, not only a relation ("mom"),
// a negation or a doubt.
bool NamesAValue(const StatementShape& s);

// Whether the two say the same thing (above). Symmetric.
bool SameStatement(const StatementShape& a, const StatementShape& b);

// Whether two statements give one answer to `question` in other words: every value of each
// occurs in the other, and they share a number the question does not say, other than as part
// of the name it asks about: an identifier, a phone number or a time of three characters or
// more, not a plain number of three digits ("我的工号是A10086" and "报销单上填工号A10086就行";
// "My husband Mark's phone number is 555-0142" and "If you need to reach Mark, his cell is
// 555-0142"), or a shorter one with one unit after it in both ("42码"), or with a unit of the
// statement besides the question's where both say the same words of the question ("I take
// lisinopril every morning at 8", "Every morning I take lisinopril at 8 am"; not "the dune
// island service moved to rack 280" and "the tundra umber service moved to rack 280" asked
// where the dune island service moved). A name both say is no answer: two turns of one story
// name the same people. An identifier of four characters or more with three digits or more
// ("5820", "T-55812"), or a day of a month ("Dec 18"), said alike by both is the answer even
// where other values differ ("The lockbox at 14 Birch has the code 5820", "birch st lockbox
// is 5820 if the cleaner asks").
// Questions state no answer. The caller holds it to short statements of one owner and speaker,
// neither an event.
bool SameAnswer(const StatementShape& a, const StatementShape& b, const StatementShape& question);

// Whether two short statements give `question` one answer named by a word rather than a
// number: a content word or a run of two Han characters both say, that the question does not
// say and that most of the hits do not say (`common`, sorted): "I'm vegetarian" and "Just a
// reminder that I don't eat meat, I'm vegetarian"; "我习惯十一点上床睡觉" and "我一般十一点就
// 睡了". The values of the one with fewer units occur in the other, and neither says a
// negation or doubt in the clause of that answer that the other does not say ("I like
// coffee", "I don't like coffee"). Questions state no answer. The caller holds it, like
// SameAnswer, to short statements of one owner and speaker, neither an event.
bool SameAnswerWord(const StatementShape& a, const StatementShape& b,
                    const StatementShape& question, std::span<const std::string> common);

// The share of `of`'s units that `in` has too, in [0, 1]; 0 when `of` has none.
double UnitShare(const StatementShape& of, const StatementShape& in);

// The clauses of `text` (ClauseTexts), in order, each shaped; only those of two units or more.
// None when the text is one clause, or more than four (talk, not a statement).
std::vector<StatementShape> ClauseShapes(std::string_view text);

// The clauses of `text` between clause breaks (CJK punctuation; , ; ! ? : except between
// digits; a full stop before a space, the end or a CJK character; a space before Chinese after
// Chinese or a number), blank ones left out.
std::vector<std::string_view> ClauseTexts(std::string_view text);

// Whether a clause of one statement says what a clause of the other says, or what the whole
// other says (SameStatement), where that clause is its statement's first or about the question
// (shares a unit with `question`), and has at least two units outside `common` (sorted; units
// that most of the hits say, so that a greeting opening two chatty turns does not make them
// one); and the values of one statement all occur in the other. `a_clauses`: ClauseShapes of
// `a`'s text, and so for `b`. "提醒一下，我青霉素过敏，开药的时候要注意" and "我青霉素过敏，小时候
// 打针还出过事" share the clause "我青霉素过敏"; "我对虾过敏，吃了会起疹子" and "我对花生过敏，
// 吃了会起疹子" share only a later clause the question "我对什么过敏" is not about, and
// "Alice likes green tea" and "Alice likes jasmine tea" share none.
bool ShareAClause(const StatementShape& a, const std::vector<StatementShape>& a_clauses,
                  const StatementShape& b, const std::vector<StatementShape>& b_clauses,
                  const StatementShape& question, std::span<const std::string> common);

// How many of `question`'s units and values `s` says too: of two records found to say one
// thing, the one that says more of the words searched for is the one shown (a note searched
// for by its tag, "rjtrzgwjyoqt", is not hidden behind another note of its shape).
size_t QuestionWordsSaid(const StatementShape& s, const StatementShape& question);

// Whether a value of ShapeOf names a thing (a number, a name, a handle), not a negation or a
// doubt ("没", "can't") nor a month ("May" of "a draft by May").
bool NamesAThing(const std::string& value);

// Whether folded `text` says `word` with no ASCII letter on either side.
bool SaysWord(std::string_view text, std::string_view word);

// Whether `a` says everything `b` says and more (its units a strict superset of b's).
bool SaysMore(const StatementShape& a, const StatementShape& b);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_SAME_STATEMENT_H_
