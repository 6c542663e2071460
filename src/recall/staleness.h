// Staleness at recall: which of a recall's memories a later statement has replaced, so that the
// answer is what is true now (DESIGN.md §6, "Truth at recall").
//
// Two sources, both about the same subject and slot:
//   * facts: a record whose message stated a fact that a later fact of another message
//     superseded (the store's versions, reconcile.h) is outdated by that message's record;
//   * cues: of two current records of one owner about the same subject and slot (contact,
//     residence, employer, title, habits and tools, preferences, work-item status, schedule,
//     budget; SlotsOf), the later outdates the earlier when it says so (a correction, a change
//     verb: 改成, 搬到, 不再, switched to, moved to, no longer, ...; a status transition) or,
//     for a slot that holds one value at a time, when it simply states the slot again.
//     An additive statement ("也", "also", "too") outdates nothing.
//
// Reading one statement (StatementCues, ReadCues, StatementUnits, the value helpers, Speaker)
// is statement_cues.cc; comparing two (Outdates, OutdatedByCues) and the facts source are
// staleness.cc.
//
// Thread safety: pure functions, except SuccessorsFromFacts, which reads the store (itself
// thread-safe).
#ifndef ENGRAM_RECALL_STALENESS_H_
#define ENGRAM_RECALL_STALENESS_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"
#include "src/store/store.h"

namespace engram::recall {

// Slots a statement speaks about, a bit each.
enum Slot : uint32_t {
  kSlotContact = 1u << 0,
  kSlotResidence = 1u << 1,
  kSlotEmployer = 1u << 2,
  kSlotTitle = 1u << 3,
  kSlotDrinkEat = 1u << 4,
  kSlotTool = 1u << 5,
  kSlotLike = 1u << 6,
  kSlotStatus = 1u << 7,
  kSlotSchedule = 1u << 8,
  kSlotBudget = 1u << 9,   // budgets, prices, rents, salaries
  kSlotFavorite = 1u << 10,  // "my favorite X is", "我最喜欢的X是": one favorite per X
  // The first step of a process ("下单", "提交了", "ordered", "applied for"): a later status of
  // the same thing replaces it; two first steps are two processes and leave each other alone.
  kSlotStarted = 1u << 11,
  kSlotSchool = 1u << 12,  // the school or class someone attends
  // One per role, like favorites: someone's dentist, doctor, landlord, gym, bank, carrier.
  kSlotProvider = 1u << 13,
  kSlotBody = 1u << 14,  // weight, height, age, one value per measure
};

// Slots of one value per thing named beside the cue ("my favorite X", "my X doctor", "X weighs"):
// a newer plain statement replaces only one that repeats kFavoriteSharedWords of its words.
inline constexpr uint32_t kOnePerThingSlots =
    kSlotFavorite | kSlotProvider | kSlotBody | kSlotSchool;

// Slots that hold one value at a time: a newer plain statement replaces the older one.
inline constexpr uint32_t kSingleValuedSlots = kSlotContact | kSlotResidence | kSlotEmployer |
                                               kSlotTitle | kSlotStatus | kSlotSchedule |
                                               kSlotBudget | kSlotSchool | kOnePerThingSlots;

// What the cue rules read off one statement.
struct StatementCues {
  uint32_t slots = 0;
  bool correction = false;  // an explicit correction ("更正", "不对", "i meant", ...)
  // Opens with a word that corrects only there ("Actually, ...", "其实..."): a correction
  // when it repeats kWeakCorrectionSharedWords of the older statement's words.
  bool opening_correction = false;
  bool change = false;      // a correction or change verb ("改成", "搬到", "moved to", ...)
  bool replace = false;     // a correction or a cue that the old state ended ("不再", "quit")
  // The only change cue is a "now" closing a clause ("moose is on purina pro plan sport now").
  bool change_by_now = false;
  // "也", "还", "also", "too", "as well"; not in a later clause that opens with "also", "另外"
  // or "顺便", an afterthought about another thing ("..., also pick up dry cleaning").
  bool additive = false;
  bool first_person = false;
  bool question = false;
  std::vector<std::string> subjects;  // folded keys of the people and items it names
  std::string folded;                 // the text, folded (text::FoldForSearch)
  std::string frame;                  // StatementFrame, without a speaker's "Name: "
  // With a change cue: the content words before the first one, what moved ("the billing
  // service" of "The billing service moved to rack 12"); empty without a cue.
  std::vector<std::string> before_change;
  int units = 0;                      // StatementUnits
  // The values it states, by kind (read only when it is short: units <= kStatementUnits).
  std::vector<std::string> numbers;   // masked values and words with a digit: "⟦phone:…⟧",
                                      // "3:30", "20230571", "ca4193", "3块2"; Chinese
                                      // numerals with their unit: "十二点"
  std::vector<std::string> weekdays;  // "monday", "mondays", "周一", "星期一" -> "1"
  bool turn = false;                  // a turn of a dialogue: opens with a speaker's "Name: "
};

// REQUIRES: `text` is valid UTF-8 (a memory's content).
StatementCues ReadCues(std::string_view text);

// Whether two memories were said by one owner (user, team, visibility, actor) and, in a
// transcript, by one speaker ("Caroline: ..."): only then may one replace or repeat the other.
bool SameOwner(const Memory& a, const Memory& b);

// How much the two statements have to do with each other: both answer the question at hand
// (their relevance to it), and the share of the older one's content words the newer repeats.
struct Topic {
  double newer_relevance = 1;
  double older_relevance = 1;
  // The share of the older one's content words the newer repeats; read for a change, and
  // for two statements of a favorite (whose X must be the same: kFavoriteSharedWords).
  double shared_words = 0;
  bool newer_says_more = true;  // the newer has content words the older lacks (a new value)
  // Both are statements of a few words (at most kStatementUnits each): a slot cue then says
  // what the statement is about. In a long narrative turn ("Thanks Calvin! It was a fun
  // project. I restored a car last year, but I sold it ...") it names one detail of many.
  bool both_short = true;
  // The older is, of the statements said before the newer one, the one whose words the newer
  // repeats the largest share of: what an explicit correction most likely corrects.
  bool closest = false;
  // Both state values of one kind (numbers, weekdays) and have no value in common, and the
  // share of the older one's other content words (its values and units left out) that the
  // newer repeats: "Emma's piano lessons are on Mondays at 5"
  // after "My daughter Emma's piano lessons are on Wednesdays at 4".
  bool other_values = false;
  double shared_besides_values = 0;
  // Of a status that one statement names the item of (T-205, Order #A-5530) and the other
  // does not: how many content words of the newer, besides status words, the older has
  // ("standing desk" of "The standing desk got delivered" after "Order #A-5530 (the standing
  // desk) shipped"). From kItemSharedWords the two are about one item.
  double shared_item_words = 0;
  // The question asks how an item stands (query_analysis.h AsksForStatus): two statements that both answer it
  // and share a word of the item are two steps of one process, whatever their words.
  bool asks_status = false;
  // The question asks what holds now (one question, no history cue), and the older carries
  // the kind of value it asks for, if any (answer_kind.h).
  bool asks_now = false;
  // Both are at most twice kStatementUnits: a step of a process told with its details
  // ("保险公司审核通过了，理赔款8600元已经打到我的工商银行卡上").
  bool both_fairly_short = true;
  // The question asks for one thing ("which bank", "who's my dentist", "哪家健身房"): two short
  // statements that both answer it fully give two answers, the later the one now.
  bool asks_one = false;
  // They share a content word or a stem, or both name a value (NamesAValue); read for a
  // question for one thing (asks_one).
  bool share_a_word = false;
  // Only the older statement says a content word of the question ("what milk do I like": "I
  // prefer soy milk in my coffee", then "我爱喝拿铁"): asked for one thing, with no word or
  // change between them, the newer is about something else; asked what holds now, a "now"
  // closing the newer's clause changes another thing ("netflix is $15 a month now").
  bool only_older_says_asked = false;
  // The question asks for a value now: one thing (asks_one), a kind of value (answer_kind.h),
  // where something is or what holds now (query_analysis.h AsksWhereOrNow). A change of what
  // two statements both answer fully then replaces the older (kOneAnswerRelevance).
  bool asks_value = false;
  // The question asks for a kind of value (answer_kind.h) that the older statement carries and
  // the newer does not: the newer is a remark about the same thing ("β-actin一抗放在-20度冰箱
  // 第二层" after "β-actin一抗按1:5000稀释就行", asked 稀释多少倍), no new value of it.
  bool newer_lacks_kind = false;
  // The question asks for a kind of value that both carry, with values of one shape (a phone
  // number and a phone number, "48个" and "52个"), not one the question names ("202" of "202那户
  // 合同啥时候到期"), and the newer says what the older is about (a word of the question both
  // say, or one of the question's and a topic the two share): two answers to it.
  bool both_answer_value = false;
  // The newer says of another thing what the older says of the thing asked about: another
  // word qualifies the question's ("guest wifi password is Green5678" after "the office wifi
  // password is Blue1234", asked for the office wifi password; "物业费每个月1200" after "房租每个
  // 月3500"), or another relation owns the value ("my wife's passport number" after "my
  // passport number"). Only a change or correction cue then replaces the older.
  bool another_thing = false;
  // The two statements' vector cosines to the question (-2: not known). A later remark about
  // the same thing that gives no answer ("7 dogs signed up for sunday already" after "moved
  // sunday group classes indoors to 212 Kessler Ave", asked where the classes are held) reads
  // as further from the question than the statement it follows (kRemarkCosineGap).
  double newer_cosine = -2;
  double older_cosine = -2;
  // The newer names a value that neither the older nor the question says, of a shape (a
  // number, a name) the older's values have (any, when the older has none).
  bool newer_gives_value = true;
  // The newer is at most twice kStatementUnits: a step reached, told briefly after a long
  // story of the step before ("今天请了半天假带俩娃去出入境办护照 ... 要15个工作日" -> "俩娃的护照
  // 拿到手了").
  bool newer_fairly_short = true;
  // Asked for a value now, both say a content word of the question (刑法 of "我现在刑法用谁的
  // 资料", said by "法考主观题刑法用的是罗翔的讲义" and "刑法资料换成柏浪涛的了").
  bool both_say_asked = false;
  // The frames of the two (StatementCues::frame) are one inside the other and differ only by
  // words the question says ("committee chair is" and "my thesis committee chair is", asked
  // "who chairs my thesis committee?").
  bool frames_differ_by_asked = false;
};

// Of a question asking for one thing, two short statements that both answer it with at least
// this relevance are two answers, the later the one now.
inline constexpr double kOneAnswerRelevance = 0.9;

// A newer statement whose cosine to the question is more than this below the older one's is a
// remark about the same thing, not another answer to it: it replaces the older only with a
// cue (a change or a correction). Measured on the development truth sets: a later remark sits
// a median 0.065 below the update it follows, an update 0.004 below what it replaces.
inline constexpr double kRemarkCosineGap = 0.03;

// Whether `topic` reads the newer statement as a remark: further from the question by
// kRemarkCosineGap, and giving no value of a shape the older one gives (Topic::
// newer_gives_value): "leg day at Crunch on Elm was brutal today" answers "which gym do I go
// to?" after "My gym is Planet Fitness on 5th Street", though further from it.
bool NewerIsARemark(const Topic& topic);

// Of a question asking how an item stands, two short statements of it that both answer the
// question with at least this relevance are two steps, the later the state now.
inline constexpr double kStatusQuestionRelevance = 0.6;
// ... and of an earlier step of any words, the relevance it needs when the later step, a
// status, answers the question fully (kOneAnswerRelevance).
inline constexpr double kStepRelevance = 0.25;
// ... and of a longer older step, the item words the two must share (Topic::newer_fairly_short).
inline constexpr double kLongStepItemWords = 1.0;

// Two short statements of one subject with other values of one kind replace each other when
// the newer repeats this share of the older one's words besides its values.
inline constexpr double kValueSharedWords = 0.5;

// An explicit correction ("Scratch that policy number I gave you — the right one is
// HX-448201") replaces the older statement closest to it (Topic::closest) when it repeats this
// share of its words, whatever the question.
inline constexpr double kClosestCorrectionSharedWords = 0.25;

// Whether the two statements state values of one kind, none of them in common, and no value
// of any kind in common ("on Thursday at 3" and "on Thursday, room 204" are one meeting).
// `names`: numbers that name what is asked about ("the 600k qualifier"), no values.
bool OtherValues(const StatementCues& newer, const StatementCues& older,
                 std::span<const std::string> names = {});

// Whether both statements say that something changed and name other things as what changed:
// each has a word before its change cue that the other has not there.
bool OtherThingsChanged(const StatementCues& newer, const StatementCues& older);

// Whether two short statements with other values name other things, folded: two members of
// one series before their copulas ("hive 3's queen is unmarked", "the queen in hive 2 is
// marked blue"), or two measures of one thing ("saddle setback is 6 cm", "my saddle height is
// 74.5 cm": after a word both say, each names a measure, height, width, setback, ..., that
// the other does not).
bool NamesOtherThings(std::string_view newer, std::string_view older);

// The weekday a folded word names, "1" (Monday) to "7", or "".
std::string WeekdayOf(std::string_view word);

// Units and periods that values are counted in: two statements that share only these
// ("2400 dollars a month" and "60 dollars a month") share no topic.
bool IsUnitWord(std::string_view w);

// The speaker a transcript line names before a colon ("Caroline: I moved ..."): one or two
// capitalized words, not a label such as "Correction" or "Update"; "" when there is none.
std::string_view Speaker(std::string_view text);

// English words plus CJK characters of a statement the slot rules read as one statement.
inline constexpr int kStatementUnits = 24;
int StatementUnits(std::string_view text);

// A statement opening with a word that corrects only there (StatementCues::opening_correction)
// replaces an older one when it repeats this share of its words.
inline constexpr double kWeakCorrectionSharedWords = 0.4;

// A status statement that names its item replaces (or is replaced by) one that does not name
// it only when the two share this many content words besides status words (Topic::
// shared_item_words): "The standing desk got delivered" after "Order #A-5530 (the standing
// desk) shipped", "车险理赔审核通过" after "车险理赔已经受理了，保险公司说…", but not "华星的合同
// 法务审核通过" after "蓝海科技的合同也在法务审核中" (合同 and 法务 only). Words of `newer` found in
// `older`, status words left out; a CJK word counts by its character pairs, three to two words.
inline constexpr double kItemSharedWords = 2;
double SharedItemWords(std::string_view newer, std::string_view older);

// A change cue in a newer statement that repeats at least this share of the older one's
// content words replaces it, whatever the slot.
inline constexpr double kChangeSharedWords = 0.5;

// Whether `newer` (said after `older`) replaces what `older` says, by the cue rules, both
// being about the same subject (the same named entity, or both the speaker's own):
//   - a correction of the same topic (both answer the question, or it repeats half the
//     words), or of the closest older statement (kClosestCorrectionSharedWords);
//     a statement opening with "actually" / "其实" that repeats kWeakCorrectionSharedWords;
//   - a change verb in a slot both speak of, the older answering the question (both short:
//     Topic::both_short);
//   - an ending cue ("sold", "no longer"; not negated: "I won't quit") that repeats a fifth of
//     the older one's words (half when either statement is long);
//   - a change verb that repeats half the older one's words (kChangeSharedWords; no slot);
//   - the same words with other values of one kind (Topic::other_values), both short and
//     neither an event, whatever the question ("钢琴课一节课300块" -> "钢琴课一节课收350块");
//   - the same frame with another value, both short, whatever the question ("My WiFi password
//     is Sunflower2021" -> "My WiFi password is BlueHeron#88"; statement_frame.h);
//   - a change said of what both answer (kTopicRelevance), with other values of one kind,
//     both short ("手机换成了华为Mate 60 Pro" after "我的主力机是小米13");
//   - asked how an item stands (Topic::asks_status): a later statement of the item that both
//     answer with kStatusQuestionRelevance, sharing a word of the item or, fairly short and
//     naming no item, saying a status ("修好了,下午开机试了两个小时"), neither additive;
//   - asked for one thing (Topic::asks_one): a later short statement, both answering with
//     kOneAnswerRelevance, neither additive;
//   - asked for a value now (Topic::asks_value): a change cue in a fairly short newer
//     statement, both answering with kOneAnswerRelevance, repeating a fifth of the older's
//     words ("compost bin is behind the shed" -> "finally moved the compost bin over by the
//     back fence ..."), not additive;
//   - a plain newer statement of a slot that holds one value, both answering the question
//     (both short)
//     (for a favorite, the newer repeating most of the older's words: the same X).
// An additive statement without a change cue, and a question, replace nothing.
bool Outdates(const StatementCues& newer, const StatementCues& older, const Topic& topic);

// For each memory of `ms` (in any order), the index of the memory among `ms` that outdates
// it by the cue rules, or -1: only current records (episodic) of one owner, said at
// different times by different messages, are compared; of several successors the latest wins.
// `relevance[i]` is memory i's relevance to the question (RecallHit::relevance).
// `status_question`: the question when it asks how an item stands (AsksForStatus), else "";
// two statements are then steps of the item only when both name the people and items the
// question names ("蓝海科技那份合同走到哪一步了" is not answered by "华星的合同签了").
// `asks_one`: the question asks for one thing (AsksForOne); `asks_value`: for a value now
// (Topic::asks_value). `value_question`: the question read for either; when it asks for a
// kind of value (answer_kind.h), a later statement replaces an earlier answer by those two
// rules only when it carries such a value: "Glidewell pickup is Tuesdays around 2" does not
// replace "... it's 448231" for "what's our Glidewell account number?".
// `cosine[i]`: memory i's vector cosine to the question (-2 or absent: not known).
std::vector<int> OutdatedByCues(const std::vector<const Memory*>& ms,
                                const std::vector<double>& relevance,
                                std::string_view status_question = "", bool asks_one = false,
                                bool asks_value = false, std::string_view value_question = "",
                                std::span<const double> cosine = {});

// For the current records among `records`, the current record (or, without one, the current
// fact) of the message whose fact superseded a fact of the record's message; keyed by the
// outdated record's id. Reads the store: its visibility rules apply.
Result<std::unordered_map<int64_t, Memory>> SuccessorsFromFacts(
    store::Store& store, const store::OpContext& ctx, const std::vector<const Memory*>& records);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_STALENESS_H_
