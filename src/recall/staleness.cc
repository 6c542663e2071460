#include "src/recall/staleness.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <unordered_set>

#include "engram/status_macros.h"
#include "src/base/utf8.h"
#include "src/recall/answer_kind.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/recall/other_thing.h"
#include "src/recall/relevance.h"
#include "src/recall/relations.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness_cues.h"
#include "src/recall/statement_compare.h"
#include "src/recall/statement_frame.h"
#include "src/recall/text_memo.h"

namespace engram::recall {
namespace {

// Both statements answer the question at hand at least this well (RecallHit::relevance).
constexpr double kTopicRelevance = 0.3;
// Asked what holds now, a change this relevant to the question replaces what answers it;
// a replace cue ("switched to") needs no more of the statement it ends either.
constexpr double kNowChangeRelevance = 0.6;
// In a slot both speak of, the older statement need only touch the question.
constexpr double kSlotRelevance = 0.1;
// Asked for a value now, a change of what both statements answer fully repeats this share of
// the older's words. Any word is too few: "他昨天说要把接口改成异步" shares 接口 with
// "李工说接口文档周五前给" and changes something else.
constexpr double kAnsweredChangeSharedWords = 0.2;
// Two favorites are of the same X when the newer repeats this share of the older's words.
constexpr double kFavoriteSharedWords = 0.5;
// A move to a new value ("moved the boat to ...") of a short statement: the share of the older
// one's words it must repeat.
constexpr double kMoveSharedWords = 0.3;

bool IsRecord(const Memory& m) {
  return m.current && m.type == MemoryType::kEpisodic && m.source.message_id != 0;
}

// The content words of what a statement says, without who says it and whom it addresses:
// the speaker's "Name: " and names called out ("Thanks, Maria.", "hey Maria, ..."): a
// capitalized word between a greeting or a comma and a punctuation mark. "Thanks, Maria"
// shares nothing of substance with "hey Maria, long time no talk". What a change must repeat
// of the statement it replaces.
std::vector<std::string> TopicWords(std::string_view content) {
  const std::string_view speaker = Speaker(content);
  if (!speaker.empty()) content.remove_prefix(std::min(content.size(), speaker.size() + 1));
  std::string said(content);
  for (size_t at = 0; at < said.size(); ++at) {
    if (said[at] < 'A' || said[at] > 'Z' || (at > 0 && WordChar(said[at - 1] | 0x20))) continue;
    size_t end = at + 1;
    while (end < said.size() && std::isalpha(static_cast<unsigned char>(said[end]))) ++end;
    if (end >= said.size() || std::string_view(",.!?").find(said[end]) == std::string_view::npos) {
      continue;
    }
    size_t b = at;
    while (b > 0 && said[b - 1] == ' ') --b;
    size_t a = b;
    while (a > 0 && std::isalpha(static_cast<unsigned char>(said[a - 1]))) --a;
    const std::string before = Folded(std::string_view(said).substr(a, b - a));
    bool called = b == 0 || said[b - 1] == ',';
    for (std::string_view greeting : {"hey", "hi", "hello", "thanks", "congrats", "bye", "dear"}) {
      called = called || before == greeting;
    }
    if (called) {
      std::fill(said.begin() + static_cast<std::ptrdiff_t>(at),
                said.begin() + static_cast<std::ptrdiff_t>(end), ' ');
    }
  }
  return ContentWords(said);
}

// What a statement of one value per thing says besides the value: its text with names (a
// capitalized word inside it, not a possessor), numbers and Chinese numerals blanked out. "My
// landlord is Greg Miller" -> "My landlord is"; "我家狗狗豆豆三岁了" -> "我家狗狗豆豆 岁了".
// `possessors` gets the capitalized words kept as possessors.
std::string WithoutValues(std::string_view content, std::vector<std::string>* possessors) {
  std::string out(content);
  for (size_t at = 0; at < out.size();) {
    const bool word_start = at == 0 || !std::isalnum(static_cast<unsigned char>(out[at - 1]));
    const bool sentence_start = at == 0 || (at >= 2 && out[at - 1] == ' ' && out[at - 2] == '.');
    if (word_start && std::isalnum(static_cast<unsigned char>(out[at]))) {
      size_t end = at;
      bool digit = false;
      while (end < out.size() && (std::isalnum(static_cast<unsigned char>(out[end])) ||
                                  out[end] == '-' || out[end] == '.')) {
        digit = digit || std::isdigit(static_cast<unsigned char>(out[end]));
        ++end;
      }
      // A possessor ("Tom's favorite tea") is whose thing it is, not the value.
      const bool possessor = out.compare(end, 2, "'s") == 0 ||
                             out.compare(end, 4, "\xE2\x80\x99s") == 0;
      const bool name = out[at] >= 'A' && out[at] <= 'Z' && !sentence_start && !possessor;
      if (possessor && out[at] >= 'A' && out[at] <= 'Z') possessors->push_back(out.substr(at, end - at));
      if (digit || name) std::fill(out.begin() + at, out.begin() + end, ' ');
      at = end;
      continue;
    }
    size_t next = at;
    const char32_t c = base::DecodeUtf8(out, &next);
    if (std::u32string_view(U"零一二两三四五六七八九十百千万半").find(c) != std::u32string_view::npos) {
      std::fill(out.begin() + at, out.begin() + next, ' ');
    }
    at = next;
  }
  return out;
}

// The slots two statements both speak of, `newer` said after `older`.
uint32_t SharedSlots(const StatementCues& newer, const StatementCues& older) {
  uint32_t shared = newer.slots & older.slots;
  // A later step replaces the first one: "日本签证被拒了" after "我提交了日本签证申请".
  if ((newer.slots & kSlotStatus) && (older.slots & kSlotStarted)) shared |= kSlotStatus;
  // Employer and title are one job: "老王跳槽了，去了小米" replaces "老王在华为做硬件工程师".
  constexpr uint32_t kJob = kSlotEmployer | kSlotTitle;
  if ((newer.slots & kJob) && (older.slots & kJob)) shared |= kSlotEmployer;
  return shared;
}

}  // namespace

namespace {

// Whether every item a statement names is an identifier (Order #A-5530, T-205) or a role
// (保险公司, the bank), which a later statement about the same item need not repeat; a name of
// its own (蓝海科技) tells the item apart from others of its kind.
bool NamesOnlyIdsOrRoles(const StatementCues& c) {
  static constexpr std::string_view kRoles[] = {
      "保险公司", "公司", "银行", "医院", "物业", "快递", "房东", "财务", "法务", "insurer",
      "the bank", "bank", "landlord", "the company"};
  return std::all_of(c.subjects.begin(), c.subjects.end(), [](const std::string& s) {
    if (std::any_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      return true;
    }
    return std::find(std::begin(kRoles), std::end(kRoles), s) != std::end(kRoles);
  });
}

// Whether a content word is part of a status cue ("审批" of "审批中", "delivered").
bool IsStatusWord(const std::string& word) {
  for (const SlotCues& slot : SlotCueTable()) {
    if (slot.slot != kSlotStatus && slot.slot != kSlotStarted) continue;
    // A Latin word only whole (HasCue): "sign" of "new sign is up" is the item, "signed" the
    // status.
    for (std::string_view cue : slot.cues) {
      if (HasCue(cue, word)) return true;
    }
  }
  return false;
}

}  // namespace

double SharedItemWords(std::string_view a, std::string_view b) {
  const std::vector<std::string> words = ContentWords(a);
  const std::vector<bool> found = WordsFound(words, b);
  int latin = 0;
  int pairs = 0;  // CJK character pairs: "车险理赔" is two words in three pairs
  for (size_t k = 0; k < words.size(); ++k) {
    if (!found[k] || IsStatusWord(words[k])) continue;
    ++(static_cast<unsigned char>(words[k][0]) < 0x80 ? latin : pairs);
  }
  return latin + pairs * 2.0 / 3.0;
}

namespace {

// Whether folded `text` says the old state ended in words whose object is the old value
// ("不再挤地铁了", "no more joe", "moved out of jake's"), not the new one ("把接口改成异步").
bool SaysTheOldEnded(std::string_view text) {
  constexpr std::string_view kEnded[] = {"不再", "戒了", "不用了", "换人", "卖了", "no longer",
                                         "no more", "quit", "stopped", "gave up", "done with",
                                         "ditched", "moved out", "sold"};
  return AnyCue(text, kEnded);
}

// Further from the question than the older statement by kRemarkCosineGap (both known).
bool Drifts(const Topic& topic) {
  return topic.newer_cosine > -2 && topic.older_cosine > -2 &&
         topic.newer_cosine < topic.older_cosine - kRemarkCosineGap;
}

}  // namespace

bool NewerIsARemark(const Topic& topic) {
  return !topic.newer_gives_value && Drifts(topic);
}

bool Outdates(const StatementCues& newer, const StatementCues& older, const Topic& topic) {
  if (newer.question || older.question) return false;
  // A "now" closing a clause says a value changed, not of what: of a statement that does not say
  // the question's word the older says, it is no change ("netflix is $15 a month now" after "gym
  // membership is $45 a month").
  if (newer.change_by_now && topic.only_older_says_asked) {
    StatementCues plain = newer;
    plain.change = false;
    plain.change_by_now = false;
    return Outdates(plain, older, topic);
  }
  // Of another thing (Topic::another_thing), only a change or correction cue replaces.
  const bool other_thing = topic.another_thing && !newer.change;
  // A correction of the closest statement may correct the number it names ("Scratch that
  // policy number, the right one is HX-448201" after "... is HX-448210"); of a person or an
  // organisation it needs the same one.
  if (newer.correction && topic.closest &&
      topic.shared_words >= kClosestCorrectionSharedWords &&
      (SharesSubject(newer, older) || (NamesOnlyNumbers(newer) && NamesOnlyNumbers(older)))) {
    return true;
  }
  // Codes that are the values asked for ("保单号 DAN-88219955" after "保单号 DAN-88213407") name
  // no two subjects.
  // ... nor do two people named as the one of a role the question asks for ("牙医是...林医生"
  // and "我的牙医 ...潘医生", asked which dentist).
  if (!SharesSubject(newer, older) &&
      !(topic.both_answer_value && NamesOnlyNumbers(newer) && NamesOnlyNumbers(older)) &&
      !(topic.asks_one && ShareARole(newer.folded, older.folded))) {
    return false;
  }
  const double both = std::min(topic.newer_relevance, topic.older_relevance);
  const uint32_t shared = SharedSlots(newer, older);
  // "也" / "also" adds to a slot; a status moves on whatever it says besides ("报销批下来了，
  // 钱也到账了").
  if (newer.additive && !newer.change && !(shared & kSlotStatus)) return false;
  // Both name the same person or item (T-205, 蓝海科技): the same subject beyond doubt. A
  // status names its item: one of two statements naming it cannot tell which item the other
  // is about ("华星的合同签了" says nothing of "蓝海科技的合同").
  const bool named = !newer.subjects.empty() && !older.subjects.empty();
  const bool one_named = newer.subjects.empty() != older.subjects.empty() &&
                         !Mentions(newer, older) && !Mentions(older, newer);
  // In a slot both speak of, the older statement answers the question and the newer one
  // need only touch it: "Which city do I live in?" -> "I moved to Denver last month".
  const bool slot_topic =
      shared != 0 && topic.older_relevance >= kSlotRelevance && topic.both_short;
  if (newer.correction && (both >= kTopicRelevance || topic.shared_words >= 0.5)) return true;
  // Asked for one thing: two short statements that both answer it fully are two answers,
  // the later the one now ("work gave me a ThinkPad X1" -> "typing this on my work MacBook
  // Pro"), unless one adds to the other ("也", "also"; the older one still yields to a cue
  // that the old state ended: "包装他们也负责" to "以后寄件换成京东物流了"), their frames name
  // two things ("My favorite movie is Heat", "My favorite cuisine is Ethiopian"; OneFrame) or
  // they share no word and no slot and do not both name a value ("pls remind me about mom's
  // call sunday" says nothing of a car).
  if (topic.asks_one && both >= kOneAnswerRelevance && !other_thing &&
      (newer.change || !NewerIsARemark(topic)) &&
      (topic.both_short || (newer.change && topic.both_fairly_short)) && !newer.additive &&
      (!older.additive || newer.replace) && !newer.question && !older.question &&
      (topic.share_a_word || (shared != 0 && !topic.only_older_says_asked)) &&
      (newer.frame.empty() || older.frame.empty() || IsLabel(newer.frame) ||
       IsLabel(older.frame) || OneFrame(newer.frame, older.frame))) {
    return true;
  }
  // Asked how an item stands: of two statements of it that both answer, the later is the
  // step it has reached ("顺丰已经揽收了" -> "空气炸锅到了 丰巢签收了", "requested a refund from
  // Zappos, waiting on them" -> "Zappos refund came through"). Not when either says "也" /
  // "also": another item in the same state ("蓝海科技的合同也在法务审核中").
  // A step that names no item of its own ("修好了,下午开机试了两个小时", "merged to main this
  // morning") is a step of the item asked about when both answer.
  const bool implicit_step =
      (newer.slots & kSlotStatus) && newer.subjects.empty() && topic.both_fairly_short;
  if (topic.asks_status && both >= kStatusQuestionRelevance &&
      (topic.both_fairly_short ||
       (topic.newer_fairly_short && topic.shared_item_words >= kLongStepItemWords)) &&
      (topic.shared_item_words > 0 || implicit_step) && !newer.additive && !older.additive &&
      !newer.question && !older.question) {
    return true;
  }
  // ... and a step that answers it fully moves on any earlier step of a process that answers
  // it at all ("case closed, kid got a zero" after "integrity hearing scheduled for the 12th",
  // asked what happened with the plagiarism case).
  constexpr uint32_t kSteps = kSlotStatus | kSlotStarted | kSlotSchedule;
  if (topic.asks_status && topic.newer_relevance >= kOneAnswerRelevance &&
      topic.older_relevance >= kStepRelevance && (newer.slots & kSlotStatus) &&
      (older.slots & kSteps) && topic.both_fairly_short && !newer.additive && !older.additive &&
      !newer.question && !older.question) {
    return true;
  }
  if (newer.opening_correction && topic.shared_words >= kWeakCorrectionSharedWords) {
    return true;
  }
  // A slot that holds one value changes with any change cue; one that accumulates values
  // (likes, habits, tools) only with a cue that the old one ended. Budgets and prices are one
  // per thing: another thing's that gives no amount ("仓库租金又涨了") leaves the lens budget
  // alone, changed or not.
  const bool other_price = (shared & kSingleValuedSlots) == kSlotBudget &&
                           topic.newer_lacks_kind && !topic.share_a_word &&
                           topic.shared_words == 0;
  // A change may say more than the statement it replaces ("搬家了 搬到云岩区黔灵山附近 合租 一个月
  // 八百 离送单区近多了" after "住在花溪大学城边上"); a turn of a dialogue says more in passing.
  const bool changed_slot = slot_topic || (shared != 0 && newer.change && !newer.turn &&
                                           !older.turn &&
                                           topic.older_relevance >= kSlotRelevance &&
                                           topic.both_fairly_short);
  if (changed_slot && (newer.replace || (newer.change && (shared & kSingleValuedSlots) != 0)) &&
      !OtherThingsChanged(newer, older) && !other_price) {
    return true;
  }
  // Asked for a value now: a change of what both answer fully, in a fifth of the older's words
  // ("compost bin is behind the shed" -> "finally moved the compost bin over by the back fence
  // where it gets more sun"; "我们诊所周末只开周六上午" -> "院长说从下个月起周末改成周六周日全天
  // 营业了").
  if (topic.asks_value && newer.change && both >= kOneAnswerRelevance && topic.both_fairly_short &&
      (topic.shared_words >= kAnsweredChangeSharedWords || topic.both_say_asked) &&
      !newer.additive && !OtherThingsChanged(newer, older)) {
    return true;
  }
  // Asked for a kind of value: two short statements that both answer fully, with other values
  // of one shape, of the thing asked (Topic::both_answer_value) are two answers, the later the
  // one now ("on-call line for after hours: 208-555-0321" after "our on-call night number is
  // 208-555-0193").
  if (topic.both_answer_value && topic.other_values && both >= kOneAnswerRelevance &&
      topic.both_short && !newer.additive && !older.additive && !other_thing &&
      !OtherThingsChanged(newer, older) && !NamesOtherThings(newer.folded, older.folded)) {
    return true;
  }
  // Asked what holds now: a short change to a new value on the question's topic replaces a
  // short statement that answers it fully, in whatever words ("moved over to Herne Hill Velo,
  // fees were way cheaper" after "racing for Lea Valley CC this season", asked which club I
  // race for).
  if (topic.asks_now && (newer.replace || (newer.change && ChangesToAValue(newer.folded))) &&
      topic.newer_relevance >= kNowChangeRelevance &&
      topic.older_relevance >= (newer.replace ? kNowChangeRelevance : kOneAnswerRelevance) &&
      topic.both_short && !newer.additive &&
      !older.additive && !topic.newer_lacks_kind && !other_thing &&
      !OtherThingsChanged(newer, older) && !NamesOtherThings(newer.folded, older.folded)) {
    return true;
  }
  // A change that names what the older statement is about ("I sold the Honda ..."); of two
  // short statements that both answer, one word of it, said to have ended ("不再挤地铁了" after
  // "每天坐地铁4号线上班").
  if (newer.replace && topic.older_relevance >= kTopicRelevance &&
      (topic.shared_words >= (topic.both_short ? 0.2 : kChangeSharedWords) ||
       (topic.both_short && topic.shared_words > 0 && both >= kNowChangeRelevance &&
        SaysTheOldEnded(newer.folded) &&
        !newer.additive && !OtherThingsChanged(newer, older) &&
        !NamesOtherThings(newer.folded, older.folded)))) {
    return true;
  }
  // A change said of the same thing in mostly the same words, in any slot or none ("IT
  // rotated the office Wi-Fi password; it's Sandpiper77 now" after "Office Wi-Fi password is
  // BlueHeron42"). Two changes of different things are two: "The search service moved to rack
  // 40" leaves "The billing service moved to rack 12" alone.
  if (newer.change && topic.older_relevance >= kTopicRelevance &&
      topic.shared_words >= kChangeSharedWords && !OtherThingsChanged(newer, older)) {
    return true;
  }
  // A move to a new place of what the older one puts in a place of that kind, in a third of
  // its words ("moved the boat to Ketch Harbour wharf" after "we fish out of the wharf at
  // Eastern Passage").
  if (newer.change && ChangesToAValue(newer.folded) && topic.both_short &&
      topic.older_relevance >= kTopicRelevance && topic.newer_relevance >= kTopicRelevance &&
      topic.shared_words >= kMoveSharedWords && !newer.additive &&
      !OtherThingsChanged(newer, older) && !NamesOtherThings(newer.folded, older.folded)) {
    return true;
  }
  // A change said of what both answer, with other values of one kind ("手机换成了华为Mate 60
  // Pro" after "我的主力机是小米13"): the value changed, in words of no slot. Sharing no word
  // and no slot, both must answer fully: "房租这个月涨了200" changes no weight of a diver.
  const bool linked = shared != 0 || topic.shared_words > 0 || topic.share_a_word;
  if (newer.change && both >= (linked ? kTopicRelevance : kOneAnswerRelevance) &&
      topic.both_short && topic.other_values && !topic.newer_lacks_kind &&
      !OtherThingsChanged(newer, older)) {
    return true;
  }
  // The same words with other values of one kind: the value changed, whatever the question;
  // not of two members of a series or two measures of a thing (NamesOtherThings).
  if (topic.both_short && topic.other_values && !topic.newer_lacks_kind &&
      topic.shared_besides_values >= kValueSharedWords && !OtherThingsChanged(newer, older) &&
      !NamesOtherThings(newer.folded, older.folded) && !other_thing) {
    return true;
  }
  // The same frame with another value, or one in nearly the same words (OneThingFramed): the
  // thing it names changed, whatever the question; or frames that differ by asked words.
  if (!newer.frame.empty() &&
      (topic.frames_differ_by_asked || OneThingFramed(newer.frame, older.frame)) &&
      topic.both_short && newer.folded != older.folded && !other_thing) {
    return true;
  }
  // A later status of the item both name (INC-20417, 蓝海科技的合同), however long either
  // statement: the item moved on.
  if ((shared & kSlotStatus) && named && !newer.additive) return true;
  // A plain newer statement: both answer the question; two favorites (doctors, weights) must
  // be of one X.
  const uint32_t single = shared & kSingleValuedSlots;
  // A measure of the body is one per measure: the same word for it (体重, "weight") is the same
  // thing, whatever else either says ("今天称了下 体重86公斤 肚子太大了", "体重78.5公斤").
  const bool one_measure = single == kSlotBody && SameBodyMeasure(newer.folded, older.folded);
  if ((single & ~kOnePerThingSlots) == 0 && topic.shared_words < kFavoriteSharedWords &&
      !one_measure) {
    return false;
  }
  if (single == kSlotStatus && one_named &&
      (newer.additive || topic.shared_item_words < kItemSharedWords ||
       !NamesOnlyIdsOrRoles(newer.subjects.empty() ? older : newer))) {
    return false;
  }
  return single != 0 && slot_topic && (both >= kTopicRelevance || named) &&
         topic.newer_says_more && !OtherThingsChanged(newer, older) && !other_thing &&
         !other_price;
}

namespace {

// Asked how an item stands: a step said between two steps of it that the rules linked (k
// outdated by j) is a step of it too, though it does not name the item ("工商那边说缺个消防证明"
// between "营业执照续期的材料交上去了" and "执照续期批下来了"; "The retirement board sent a letter
// asking for ..." between "I submitted my pension paperwork" and "My pension has been
// approved"), when it answers the question as well (kStatusQuestionRelevance) and adds to
// nothing ("也").
template <typename CuesOf, typename Comparable>
void StepsBetween(const std::vector<const Memory*>& ms, const std::vector<double>& relevance,
                  CuesOf& cues_of, Comparable& comparable, std::vector<int>* out) {
  const std::vector<int> linked = *out;
  for (size_t i = 0; i < ms.size() && i < relevance.size(); ++i) {
    if (linked[i] >= 0 || !IsRecord(*ms[i]) || relevance[i] < kStatusQuestionRelevance) continue;
    const StatementCues& c = cues_of(i);
    if (c.additive || c.question || c.units > 2 * kStatementUnits) continue;
    const int64_t at = ms[i]->source.at.unix_ms;
    for (size_t k = 0; k < ms.size(); ++k) {
      const int j = linked[k];
      if (j < 0 || linked[j] >= 0) continue;  // j: the step the item has reached
      if (ms[k]->source.at.unix_ms <= at && comparable(i, static_cast<size_t>(j)) &&
          comparable(k, i)) {
        (*out)[i] = j;
        break;
      }
    }
  }
}

// OutdatedByCues over `ms`, of which only the first `real` may outdate (the rest are clauses of
// long statements that OutdatedByCues adds).
std::vector<int> OutdatedAmong(const std::vector<const Memory*>& ms,
                               const std::vector<double>& relevance,
                               std::string_view status_question, bool asks_one, bool asks_value,
                               std::string_view value_question, size_t real,
                               std::span<const double> cosine) {
  // Asked for a kind of value (answer_kind.h), a later statement replaces an earlier answer
  // for the question only when it carries such a value itself.
  const AnswerKind asked =
      value_question.empty() ? AnswerKind::kAny : AskedKind(value_question, false);
  std::vector<int> answers(ms.size(), -1);  // -1 unread, else whether it carries the kind
  auto answers_value = [&](size_t j) {
    if (answers[j] < 0) answers[j] = CarriesKind(asked, ms[j]->content, value_question);
    return answers[j] == 1;
  };
  const std::vector<std::string> asked_items =
      status_question.empty() ? std::vector<std::string>() : ReadCues(status_question).subjects;
  // What the question names: another thing's statement replaces none of its (other_thing.h).
  std::optional<AskedThing> asked_thing;
  if (!value_question.empty()) asked_thing = ReadAskedThing(value_question);
  // The measure word a Chinese count is asked in (个 of "多少个学生").
  const std::string_view asked_measure =
      asked == AnswerKind::kAmount || asked == AnswerKind::kMoney
          ? AskedMeasure(asked_thing->folded)
          : std::string_view();
  // A number the question says names what it asks about ("the 600k qualifier"), no value.
  const std::vector<std::string> asked_numbers =
      value_question.empty() ? std::vector<std::string>() : ReadCues(value_question).numbers;
  std::vector<int> out(ms.size(), -1);
  std::vector<StatementCues> cues(ms.size());
  std::vector<bool> read(ms.size(), false);
  auto cues_of = [&](size_t i) -> const StatementCues& {
    if (!read[i]) {
      cues[i] = ReadCues(ms[i]->content);
      read[i] = true;
    }
    return cues[i];
  };
  // TopicWords of statement i, read once: what a change or correction must repeat of it.
  std::vector<std::optional<std::vector<std::string>>> topic_words(ms.size());
  auto words_of = [&](size_t i) -> const std::vector<std::string>& {
    if (!topic_words[i]) topic_words[i] = TopicWords(ms[i]->content);
    return *topic_words[i];
  };
  // ShapeOf statement i, read once: its units and values, for the comparisons of many pairs.
  std::vector<std::optional<StatementShape>> shapes(ms.size());
  auto shape_of = [&](size_t i) -> const StatementShape& {
    if (!shapes[i]) shapes[i] = ShapeOf(ms[i]->content);
    return *shapes[i];
  };
  // Which of the question's content words statement i says, read once.
  std::vector<std::optional<std::vector<bool>>> asked_found(ms.size());
  auto asked_words_in = [&](size_t i) -> const std::vector<bool>& {
    if (!asked_found[i]) asked_found[i] = WordsFound(asked_thing->words, ms[i]->content);
    return *asked_found[i];
  };
  auto says_asked = [&](size_t i) {
    const std::vector<bool>& found = asked_words_in(i);
    return std::find(found.begin(), found.end(), true) != found.end();
  };
  // Whether statements i and j both say a content word of the question.
  auto both_say_asked = [&](size_t i, size_t j) {
    const std::vector<bool>& a = asked_words_in(i);
    const std::vector<bool>& b = asked_words_in(j);
    for (size_t k = 0; k < a.size(); ++k) {
      if (a[k] && b[k]) return true;
    }
    return false;
  };
  // Whether statement j may outdate statement i at all: two current records of one owner and
  // one speaker ("I" of one speaker of a transcript is not "I" of the other), said later by
  // another message.
  auto comparable = [&](size_t i, size_t j) {
    const Memory& older = *ms[i];
    const Memory& newer = *ms[j];
    return i != j && IsRecord(older) && IsRecord(newer) && SameOwner(older, newer) &&
           newer.source.message_id != older.source.message_id &&
           newer.source.at.unix_ms > older.source.at.unix_ms;
  };
  // For each explicit correction, the comparable older statement sharing most of its words.
  std::vector<int> closest(ms.size(), -1);
  for (size_t j = 0; j < ms.size(); ++j) {
    if (!IsRecord(*ms[j]) || !cues_of(j).correction) continue;
    double best = 0;
    for (size_t i = 0; i < ms.size(); ++i) {
      if (!comparable(i, j)) continue;
      const double shared = KeywordCoverage(words_of(i), ms[j]->content);
      if (shared > best) {
        best = shared;
        closest[j] = static_cast<int>(i);
      }
    }
  }
  for (size_t i = 0; i < ms.size(); ++i) {
    if (!IsRecord(*ms[i])) continue;
    int best = -1;
    for (size_t j = 0; j < real; ++j) {
      const Memory& older = *ms[i];
      const Memory& newer = *ms[j];
      if (!comparable(i, j)) continue;
      if (best >= 0 && ms[best]->source.at.unix_ms >= newer.source.at.unix_ms) continue;
      Topic topic;
      topic.closest = closest[j] == static_cast<int>(i);
      topic.newer_relevance = j < relevance.size() ? relevance[j] : 1;
      topic.older_relevance = i < relevance.size() ? relevance[i] : 1;
      topic.newer_cosine = j < cosine.size() ? cosine[j] : -2;
      topic.older_cosine = i < cosine.size() ? cosine[i] : -2;
      const uint32_t single = SharedSlots(cues_of(j), cues_of(i)) & kSingleValuedSlots;
      // Only a change, a correction or two favorites read the shared words.
      if (cues_of(j).change || cues_of(j).opening_correction || (single & kOnePerThingSlots)) {
        topic.shared_words = KeywordCoverage(words_of(i), newer.content);
      }
      // A short change (not a correction) in English by the stems of its words too ("time
      // tracking", "time tracker"), in Chinese by its characters.
      if (cues_of(j).change && !cues_of(j).correction && !cues_of(j).opening_correction &&
          cues_of(i).units <= kStatementUnits && cues_of(j).units <= kStatementUnits) {
        topic.shared_words = std::max({topic.shared_words,
                                       LatinUnitShare(shape_of(i), shape_of(j)),
                                       HanPairShare(cues_of(i).folded, cues_of(j).folded)});
      }
      if (single & kOnePerThingSlots) {  // the X of "最喜欢的X" by its characters and stems too
        topic.shared_words = std::max(
            topic.shared_words, UnitShare(shape_of(i), shape_of(j)));
        // ... and, where the cue word is the X itself (a landlord, a weight; not "favorite",
        // whose X follows it), by its words besides the value ("My landlord is Greg Miller",
        // "体重82公斤"), when whoever owns the older one's X owns the newer one's too.
        std::vector<std::string> owners;
        const std::string bare = (single & kSlotFavorite) == 0
                                     ? WithoutValues(older.content, &owners)
                                     : std::string();
        const bool same_owner = std::all_of(owners.begin(), owners.end(), [&](const auto& o) {
          return newer.content.find(o) != std::string::npos;
        });
        if (!bare.empty() && same_owner) {
          topic.shared_words =
              std::max({topic.shared_words, KeywordCoverage(ContentWords(bare), newer.content),
                        UnitShare(ShapeOf(bare), shape_of(j))});
        }
      }
      if (!cues_of(j).change && single) {
        topic.newer_says_more = KeywordCoverage(ContentWords(newer.content), older.content) < 1;
      }
      // A status of which only one statement names the item, or any two statements when the
      // question asks how an item stands: the words of the item both say. A statement that
      // names no one and nothing ("那本相册印好了" of "陈先生那本相册到哪一步了") may be a
      // step of the item asked about; one naming another ("华星的合同签了") is not.
      const auto says = [&](size_t k, const std::string& item) {
        return cues_of(k).subjects.empty() || cues_of(k).folded.find(item) != std::string::npos;
      };
      topic.asks_status =
          !status_question.empty() &&
          std::all_of(asked_items.begin(), asked_items.end(), [&](const std::string& item) {
            return says(i, item) && says(j, item);
          });
      const bool gives_value = asked == AnswerKind::kAny || answers_value(j);
      const bool older_gives_value = asked == AnswerKind::kAny || answers_value(i);
      topic.newer_lacks_kind = !gives_value && answers_value(i);
      topic.asks_one = asks_one && older.kind != MemoryKind::kEvent && gives_value;
      topic.asks_now =
          !value_question.empty() && older.kind != MemoryKind::kEvent && older_gives_value;
      // Both carry a value of the kind asked, of one shape, and the newer says what the older
      // is about: a word of the question that the older says too, or another of the question's
      // words and a word of the older's.
      if (asked != AnswerKind::kAny && asks_value && older.kind != MemoryKind::kEvent &&
          newer.kind != MemoryKind::kEvent && gives_value && answers_value(i) &&
          ValuesOfOneShape(cues_of(j), cues_of(i), asked_numbers) &&
          SaysTheAskedNumbers(cues_of(j), cues_of(i), asked_numbers)) {
        const bool newer_says = says_asked(j);
        // A count asked in a measure word both count in ("我们班多少个学生": "我们班42个学生",
        // "班里一共45个人") answers it in other words for what is counted.
        const bool one_measure = CountsIn(cues_of(i).folded, asked_measure) &&
                                 CountsIn(cues_of(j).folded, asked_measure);
        topic.both_answer_value =
            both_say_asked(i, j) || ((newer_says || one_measure) &&
                         SharesATopic(shape_of(i), shape_of(j), one_measure));
      }
      topic.asks_value =
          asks_value && older.kind != MemoryKind::kEvent && gives_value && older_gives_value;
      if (asked_thing && (topic.asks_value || !cues_of(j).frame.empty())) {
        topic.both_say_asked = both_say_asked(i, j);
        topic.frames_differ_by_asked =
            FramesDifferByAsked(cues_of(j).frame, cues_of(i).frame, asked_thing->words);
      }
      topic.only_older_says_asked = asked_thing && says_asked(i) && !says_asked(j);
      if (topic.asks_one) {
        const StatementShape& a = shape_of(i);
        const StatementShape& b = shape_of(j);
        // ... or a change that names what the question asks about ("joined keller williams
        // ..., no longer at my old brokerage", asked what brokerage I am with).
        const bool change_of_asked =
            cues_of(j).change && asked_thing && says_asked(j);
        topic.share_a_word = KeywordCoverage(words_of(i), newer.content) > 0 ||
                             SharesATopic(a, b, cues_of(j).change) ||
                             (NamesAValue(a) && NamesAValue(b)) || change_of_asked;
      }
      if ((single == kSlotStatus &&
           cues_of(i).subjects.empty() != cues_of(j).subjects.empty()) ||
          topic.asks_status) {
        topic.shared_item_words = SharedItemWords(newer.content, older.content);
      }
      topic.both_short =
          cues_of(i).units <= kStatementUnits && cues_of(j).units <= kStatementUnits;
      topic.newer_fairly_short = cues_of(j).units <= 2 * kStatementUnits;
      topic.both_fairly_short = topic.newer_fairly_short && cues_of(i).units <= 2 * kStatementUnits;
      // Events happen again with other values on other days ("ran 5 km on Monday", "ran 8 km
      // on Tuesday"), and so do turns of a dialogue; a statement read as an event that names
      // no day may state what holds ("half day trip rate is $450 for two anglers").
      const bool events = older.kind == MemoryKind::kEvent || newer.kind == MemoryKind::kEvent;
      const bool again = events && (!cues_of(i).weekdays.empty() || !cues_of(j).weekdays.empty() ||
                                    !Speaker(older.content).empty());
      if (topic.both_short && !again &&
          OtherValues(cues_of(j), cues_of(i), asked_numbers)) {
        topic.other_values = true;
        std::vector<std::string> words;
        for (const std::string& w : words_of(i)) {
          const bool number = std::any_of(w.begin(), w.end(), [](char ch) {
            return ch >= '0' && ch <= '9';
          });
          if (!number && WeekdayOf(w).empty() && !IsUnitWord(w)) {
            words.push_back(w);
          }
        }
        topic.shared_besides_values = KeywordCoverage(words, newer.content);
      }
      // A name typed in lower case is no value of the statement's shape ("reporting to carla
      // mendez on the platform" after "supervisor on the platform is mike dorsey"): asked for a
      // name, one the newer carries (answer_kind.h) is one.
      if (topic.asks_one && Drifts(topic)) {
        topic.newer_gives_value =
            GivesAValue(shape_of(j), shape_of(i), asked_thing ? asked_thing->folded : "") ||
            (asked == AnswerKind::kName && gives_value && older_gives_value);
      }
      // Of another thing (other_thing.h), read only of a pair that would otherwise replace.
      if (Outdates(cues_of(j), cues_of(i), topic)) {
        topic.another_thing =
            asked_thing && (NamesAnotherThing(*asked_thing, older.content, newer.content) ||
                            NameOtherRoles(cues_of(i).folded, cues_of(j).folded));
        if (!topic.another_thing || Outdates(cues_of(j), cues_of(i), topic)) {
          best = static_cast<int>(j);
        }
      }
    }
    out[i] = best;
  }
  if (!status_question.empty()) {
    StepsBetween(ms, relevance, cues_of, comparable, &out);
  }
  return out;
}

}  // namespace

std::vector<int> OutdatedByCues(const std::vector<const Memory*>& ms,
                                const std::vector<double>& relevance,
                                std::string_view status_question, bool asks_one,
                                bool asks_value, std::string_view value_question,
                                std::span<const double> cosine) {
  if (status_question.empty() && !asks_one) {
    return OutdatedAmong(ms, relevance, status_question, asks_one, asks_value, value_question,
                         ms.size(), cosine);
  }
  // One question about the present: a long statement that says the asked thing in passing
  // ("... my commission split with the brokerage is 70/30, which honestly feels fine ...") is
  // outdated in part when a later one replaces what one of its clauses says; each clause of
  // a long record is compared as a statement of its own, and may be outdated, not outdate.
  std::vector<Memory> clauses;
  std::vector<size_t> parent;
  for (size_t i = 0; i < ms.size(); ++i) {
    if (!IsRecord(*ms[i]) || StatementUnits(ms[i]->content) <= kStatementUnits) continue;
    for (std::string_view c : ClauseTexts(ms[i]->content)) {
      if (StatementUnits(c) > kStatementUnits || ContentWords(c).size() < 2) continue;
      Memory m = *ms[i];
      m.content = std::string(c);
      clauses.push_back(std::move(m));
      parent.push_back(i);
    }
  }
  std::vector<const Memory*> all = ms;
  std::vector<double> all_relevance = relevance;
  all_relevance.resize(ms.size(), 1);
  std::vector<double> all_cosine(cosine.begin(), cosine.end());
  all_cosine.resize(ms.size(), -2);
  for (size_t k = 0; k < clauses.size(); ++k) {
    all.push_back(&clauses[k]);
    all_relevance.push_back(all_relevance[parent[k]]);
    all_cosine.push_back(all_cosine[parent[k]]);
  }
  std::vector<int> out =
      OutdatedAmong(all, all_relevance, status_question, asks_one, asks_value, value_question,
                    ms.size(), all_cosine);
  for (size_t k = 0; k < clauses.size(); ++k) {
    const int by = out[ms.size() + k];
    int& whole = out[parent[k]];
    if (by >= 0 && (whole < 0 || ms[by]->source.at.unix_ms > ms[whole]->source.at.unix_ms)) {
      whole = by;
    }
  }
  out.resize(ms.size());
  return out;
}

Result<std::unordered_map<int64_t, Memory>> SuccessorsFromFacts(
    store::Store& store, const store::OpContext& ctx, const std::vector<const Memory*>& records) {
  std::unordered_map<int64_t, Memory> out;
  std::unordered_map<int64_t, int64_t> record_of_message;  // message -> outdated record id
  std::vector<int64_t> messages;
  for (const Memory* m : records) {
    if (!IsRecord(*m)) continue;
    if (record_of_message.emplace(m->source.message_id, m->id).second) {
      messages.push_back(m->source.message_id);
    }
  }
  if (messages.empty()) return out;
  ENGRAM_ASSIGN_OR_RETURN(auto made, store.ListMessageMemories(ctx, messages, /*retired_only=*/true));
  // record id -> the current fact that replaced one of its message's facts
  std::unordered_map<int64_t, Memory> replaced_by;
  for (const Memory& f : made) {
    if (f.current || f.attribute.empty() || !f.superseded_at) continue;
    const int64_t record = record_of_message.at(f.source.message_id);
    if (replaced_by.count(record)) continue;
    auto versions = store.GetHistory(ctx, f.id);
    if (!versions.ok()) {
      if (versions.status().code() == StatusCode::kNotFound) continue;
      return versions.status();
    }
    for (Memory& v : *versions) {
      if (v.current && v.source.message_id != 0 &&
          v.source.message_id != f.source.message_id &&
          v.status != MemoryStatus::kDeleted && v.status != MemoryStatus::kQuarantined) {
        replaced_by.emplace(record, std::move(v));
        break;
      }
    }
  }
  if (replaced_by.empty()) return out;
  std::vector<int64_t> successors;
  for (const auto& [record, fact] : replaced_by) successors.push_back(fact.source.message_id);
  ENGRAM_ASSIGN_OR_RETURN(auto theirs, store.ListMessageMemories(ctx, successors, /*retired_only=*/false));
  std::unordered_map<int64_t, const Memory*> record_by_message;
  for (const Memory& m : theirs) {
    if (IsRecord(m)) record_by_message.emplace(m.source.message_id, &m);
  }
  std::unordered_map<int64_t, const Memory*> by_id;
  for (const Memory* m : records) by_id.emplace(m->id, m);
  for (auto& [record, fact] : replaced_by) {
    auto r = record_by_message.find(fact.source.message_id);
    if (r == record_by_message.end()) {
      out.emplace(record, std::move(fact));
      continue;
    }
    // The same speaker's statement only: in a transcript, the other speaker's "I" is another
    // person (the facts of both are the owner's, "user").
    const Memory* old = by_id.at(record);
    if (old->source.actor != r->second->source.actor ||
        Speaker(old->content) != Speaker(r->second->content)) {
      continue;
    }
    out.emplace(record, *r->second);
  }
  return out;
}

}  // namespace engram::recall
