// How two statements compare, for the rules of what is true now (staleness.h): the words and
// topics they share, their frames, and the values they give, by shape ("208-555-0193" and
// "208-555-0321"; "1100" and "800") and by whether a later one gives a value at all.
// Internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_STATEMENT_COMPARE_H_
#define ENGRAM_RECALL_STATEMENT_COMPARE_H_

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "src/recall/answer_kind.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness.h"

namespace engram::recall {

// Whether two statements share a unit that is a word, two Han characters, or one where
// `one_is_enough`: the newer says a change ("猫粮一直喂的皇家" -> "猫主子嫌弃了 改口吃渴望了"), or
// both count in the measure asked (班 of "我们班42个学生" and "班里一共45个人"). Otherwise one
// character alone is no topic (药 of "药房营业时间改成早8点到晚10点" and "张阿姨的降压药又要续方了").
bool SharesATopic(const StatementShape& a, const StatementShape& b, bool one_is_enough);

// The share of `of`'s English units (word stems) that `in` has too, names left out ("maria"
// of "Thanks, Maria" and "Hey Maria"); 0 when it has none.
double LatinUnitShare(const StatementShape& of, const StatementShape& in);

// The share of the Han character pairs of `of` that `in` says too: a short Chinese change by
// the words of what changed ("今年开始高一物理改用鲁科版了" after "高一物理用的是人教版教材": 高一,
// 一物, 物理 of eight). 0 with fewer than four pairs.
double HanPairShare(std::string_view of, std::string_view in);

// Whether two frames name one thing: equal, or the words of one all in the other ("theo's
// teacher is", "theo's teacher this year is"); not "my favorite movie is" and "my favorite
// cuisine is".
bool OneFrame(const std::string& a, const std::string& b);

// Whether two frames name one thing in words that mostly agree: of the shorter frame's content
// words (two or more), kNearFrameShare or more the longer says too, or half when the two share
// the last word of either ("坊里负责染缸的是" and "坊里管染缸的是", "orchard foreman is" and
// "foreman this season is", "拉花去市场用的是" and "拉花去市场开的是"; not "station 14 gate code
// is" and "station 14 training night is").
inline constexpr double kNearFrameShare = 0.6;
bool NearFrames(const std::string& a, const std::string& b);

// Whether two frames name one thing of one owner: equal, or one thing (OneFrame, NearFrames)
// with no owner ("tom's", 我儿子的) and no number ("hive 3's queen") unless the same in both:
// "我们班长是" and "我们班班长是", not "my teacher is" and "theo's teacher is"; neither of more
// than kFrameMaxWords content words.
inline constexpr size_t kFrameMaxWords = 6;
bool OneThingFramed(const std::string& a, const std::string& b);

// Whether two frames differ, one's content words all among the other's, and the words only
// the longer says are all among `asked` (the question's).
bool FramesDifferByAsked(const std::string& a, const std::string& b,
                         const std::vector<std::string>& asked);

// Topic::newer_gives_value: `question` folded. A number counts when one of the older's has its
// shape (OneShape: "329" after "299", "10" after "9.5", not "7 dogs" after "212 Kessler Ave").
bool GivesAValue(const StatementShape& newer, const StatementShape& older,
                 std::string_view question);

// Whether the newer states a value of the same shape as one of the older's, and another one:
// "208-555-0321" after "208-555-0193", "52个" after "48个"; not "3 guys" after "7:30".
bool ValuesOfOneShape(const StatementCues& newer, const StatementCues& older,
                      std::span<const std::string> asked);

// Whether every number the question names that the older says, the newer says too: "203的合同
// 9月15日到期" is about another flat than 202, asked of 202.
bool SaysTheAskedNumbers(const StatementCues& newer, const StatementCues& older,
                         std::span<const std::string> asked);

// Whether two statements that both carry the kind of value a question asks for give it one
// value: one both say that the question does not, of the kind, and distinctive enough to tell
// one fact by (a code, a handle, a number of three characters or more, "80升", a name, a blood
// type; "station's
// instagram is @wkxr_late" and "tell listeners to DM @wkxr_late for song requests"). Asked for
// that value, the second says nothing the first does not.
bool GiveOneValue(const StatementShape& a, const StatementShape& b, AnswerKind kind,
                  std::string_view question);

// Whether two folded statements say one phrase that the question does not: two words side by
// side, each a number or a content word of three letters or more ("loose screws", "1 liter"),
// three Han characters that are no grammar and no pronoun (潞江坝), or a day of the calendar in
// digits (10月18号). `with_digit`: only a phrase with a digit counts. Asked for a value, the
// phrase is the value, named alike in both.
bool SharePhrase(std::string_view a, std::string_view b, std::string_view question,
                 bool with_digit);

// Whether two statements share a word that says one fact: a Latin word of kRareWordLetters
// letters or more, or a number of two characters or more, that the question does not say and
// at most kRareWordRecords of the records shown say (`records_saying`: of each unit, how many)
// ("allergic to penicillin btw" and "told her about the penicillin allergy"; a third may say it
// again). Not in Han script, whose character pairs cross words ("今天", "老板" of two facts),
// nor when they give other numbers (工作日场地费 80, 周末场地费 150): the numbers of one are all
// among the other's.
inline constexpr size_t kRareWordLetters = 5;
inline constexpr int kRareWordRecords = 3;
bool ShareARareWord(const StatementShape& a, const StatementShape& b,
                    const StatementShape& question,
                    const std::unordered_map<std::string, int>& records_saying);

// Whether `y` mentions a subject of `x` (a project also without its word 项目: "官网改版").
bool Mentions(const StatementCues& x, const StatementCues& y);

// Whether every subject `c` names is a number or code (HX-448210, T-205), not a name.
bool NamesOnlyNumbers(const StatementCues& c);

// Whether two statements may be about the same subject: they are not when each names a
// person the other does not mention at all, or when one is only the speaker's and the other
// only about someone else.
bool SharesSubject(const StatementCues& a, const StatementCues& b);

// Whether two folded statements name the same measure of the body (体重, "weight", 身高): one
// value per measure.
bool SameBodyMeasure(std::string_view a, std::string_view b);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_STATEMENT_COMPARE_H_
