// Fact extraction: (subject, attribute, value) facts from a sanitized message, restricted to
// a relation whitelist (DESIGN.md §2 stages 5-6; issue 6 §5-6).
//
//   "张工的手机号换成⟦PHONE:1⟧了"       -> (张工, hasPhone, ⟦PHONE:1⟧)
//   "以后推送改到白天吧"                 -> (user, prefers[push_time], 白天)
//   "工单T-102状态改为待财务审批"         -> (工单T-102, status, 待财务审批)
//   "I work at Acme"                     -> (user, worksAt, Acme)
//   "Zhang is our finance director"      -> (Zhang, hasTitle, finance director)
//
// Only whitelisted attributes are ever returned (RelationWhitelist()); everything else a
// message says about an update (who made it, when, from which system) is memory metadata,
// not a relation. Synonyms map onto the whitelist through a rule table (fact_rules.cc):
// 电话/手机/手机号/phone/mobile -> hasPhone, 邮箱/email -> hasEmail, 在…工作/works at -> worksAt,
// 负责 -> responsibleFor, 汇报给/reports to -> reportsTo, 是…的成员/加入 -> memberOf,
// 擅长/skilled in -> hasSkill, 喜欢/偏好/prefer -> prefers, 职位/是…经理 -> hasTitle,
// 状态/进展/待…审批 -> status, 出差/休假/travelling -> availability (temporary).
//
// Values: a coordinated value stays whole ("Python和SQL", "Spanish, French and German") unless
// the conjunct is a clause of its own ("director and reports to Li"); a value ends at a clause
// break or a connective (但是, 因为, but, because, which), before a trailing time ("last
// month") and never inside a placeholder; an amount keeps its unit ("20万", "$50,000", "3.5k",
// "15%"). Questions, suppositions (如果, if) and past states (以前, used to) give no fact, nor
// does "X的Y是Z" when Y is not the cue's own noun ("预算超支的品类是差旅").
//
// Subjects: the first person (我, I, my, we) is "user"; a clause with no subject inherits the
// previous fact's subject in the same message ("把张工的部门改成AI Lab，职级升为高级工程师"),
// else is the speaker ("user", at lower confidence). Facts whose subject is the assistant or
// the system (你, 系统, you, the system) are never produced: a message cannot write rules about
// the memory engine itself as facts.
//
// Thread safety: pure function over immutable tables; safe to call concurrently.
#ifndef ENGRAM_SRC_EXTRACT_FACT_EXTRACTOR_H_
#define ENGRAM_SRC_EXTRACT_FACT_EXTRACTOR_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engram::extract {

// How the fuse stage treats a fact of an attribute (DESIGN.md §2 stage 6).
enum class FusionClass {
  kStrong,  // identity, contact, membership, reporting line: always written as an edge
  kWeak,    // skills, likes: written after `min_mentions` mentions or a confirmation
  kZero,    // temporary states: an attribute with a TTL, never an edge
};

// "strong", "weak", "zero".
std::string_view FusionClassName(FusionClass fusion);

struct AttributeSpec {
  std::string_view name;  // "worksAt", "hasPhone", ...
  FusionClass fusion;
  bool temporary;    // holds for days (a TTL), not for good
  int min_mentions;  // weak only: mentions before the edge is written (0 = n/a)
  std::string_view description;
  // Another attribute whose current fact this one complements (both kept, linked): a
  // budget's tightness and its amount. "" = none.
  std::string_view complements = "";
};

// The relation whitelist, in a fixed order.
std::span<const AttributeSpec> RelationWhitelist();
// The whitelist entry named `name`, or nullptr.
const AttributeSpec* FindAttribute(std::string_view name);

inline constexpr double kMinFactConfidence = 0.6;

struct ExtractedFact {
  std::string subject;         // "user" for the first person; else verbatim from the text
  std::string_view attribute;  // a RelationWhitelist() name (static storage)
  std::string qualifier;       // refines the attribute: "push_time" for prefers; often empty
  std::string value;           // verbatim from the text (placeholders kept, e.g. ⟦PHONE:1⟧)
  bool negative = false;       // "我不喜欢香菜": prefers, negated
  double confidence = 0;       // >= kMinFactConfidence
  FusionClass fusion = FusionClass::kStrong;
  bool temporary = false;
  bool correction = false;   // the message is an explicit correction (更正一下, actually…)
  bool self_stated = false;  // the subject is the speaker: counts as a confirmation
  size_t begin = 0;          // bytes in the input: from the subject (or cue) to the value end
  size_t end = 0;
  size_t value_begin = 0;  // bytes in the input
  size_t value_end = 0;
  std::string_view rule;  // id of the rule that produced it (static storage)
};

// `text` is the sanitized message (text::pii::Sanitize: normalized, PII as ⟦KIND:ID⟧); the
// matching is ASCII-case-insensitive, Chinese cues are simplified Chinese (fold traditional
// text first if needed; byte spans then refer to the folded text). Returns the facts in text
// order, at most one per (subject, attribute, value). Never fails.
std::vector<ExtractedFact> ExtractFacts(std::string_view text);

// The attribute a fact is stored under: its qualifier when it has one ("push_time"), else
// its whitelisted attribute.
inline std::string FactAttribute(const ExtractedFact& f) {
  return f.qualifier.empty() ? std::string(f.attribute) : f.qualifier;
}

// True iff the message states an explicit correction ("更正一下", "不对，是…", "actually").
bool IsExplicitCorrection(std::string_view text);

// True iff the speaker vouches for what the message says ("确认", "确实", "没错", "confirmed",
// "indeed"): a weak fact about someone else is then current at its first mention.
bool IsExplicitConfirmation(std::string_view text);

// --- rule table (fact_rules.cc) -----------------------------------------------------------

// What a value must look like for a rule to fire.
enum class FactValueShape {
  kAny,        // a short phrase
  kPhone,      // a ⟦PHONE:…⟧ placeholder or a run of >= 7 digits / '*'
  kEmail,      // a ⟦EMAIL:…⟧ placeholder or contains '@'
  kTitle,      // ends with a job title word (经理, 总监, director, engineer…)
  kTimeOfDay,  // 白天, 晚上, daytime, evening…
  kItemState,  // any phrase, and the subject must be a work item (工单, T-102, ticket…)
  kState,      // the cue itself is the value (出差, on vacation), with "在上海" if present
  kAmount,     // a short phrase with a digit (20万, 200k, $5,000)
  kQuality,    // a short phrase without a digit (很紧, tight)
};

struct FactRuleSpec {
  std::string_view id;
  std::string_view attribute;  // must name a RelationWhitelist() entry
  std::string_view cue;        // CueSet alternatives, lower case
  std::string_view connector;  // "" = value right after the cue; else one of these must follow
  std::string_view closing;    // "" = value runs to the clause end; else value ends before it
  FactValueShape shape;
  double weight;
  std::string_view qualifier = "";
  bool negative = false;
  bool keep_cue = false;         // the value starts at the cue ("待财务审批")
  bool speaker_subject = false;  // the subject is always the speaker
  std::string_view not_before = "";  // CueSet: the rule does not fire when one follows the cue
};

std::span<const FactRuleSpec> DefaultFactRules();

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_FACT_EXTRACTOR_H_
