// Coreference: which person a third-person pronoun of a message names, judged against the
// person mentions of the message itself and of the last turns of its session (DESIGN.md §2,
// stage 5).
//
//   history (newest first): ["李工说接口文档周五前给", "张总监说要改方案"]
//   ResolveCoreference("他昨天说要把接口改成异步", "user", history)
//     -> 他 [0, 3) -> 李工 (turn 1, confidence 0.9)
//
// Pronouns: 他 她 他们 她们 这个人 此人, the duals 他俩 她俩 他们俩 他们两个 两人 二人 (zh); he she
// him her his hers they them their
// "this person" "that person" (en). First and second person (我, I, you) are never resolved:
// they are the speaker and the addressee.
// Candidates: person and role mentions (FindEntityMentions) and common person nouns (妈妈,
// my sister, 同事, friends), in the text before the pronoun (turn 0) and in the history
// (turn k = k turns back). A turn opening with "Name:" names its speaker; speakers are the
// participants of the dialogue (I / you to each other), so neither they nor a mention that
// shortens a speaker's name ("Mel" for "Melanie") is an antecedent.
// Score of a candidate = RecencyWeight(turn) x gender fit x type fit:
//   recency  turns 0-1 1.0, 2 0.85, 3 0.7, 4-6 0.5, older 0.1 (the last three weigh most);
//   gender   from hints (the entity directory), the title (先生/女士, Mr/Ms), a table of
//            common English given names, or the noun (mom, 爸爸); a mismatch excludes the
//            candidate, an unknown gender fits 0.9 (他, he), 0.75 (她, she);
//   type     person 1.0, role 0.9 (财务总监).
// The best candidate wins; another one scoring at least 0.9 of it makes the pronoun
// ambiguous (confidence x 0.6). Plural pronouns take the persons of the nearest turn that
// mentions two or more (en "they" x 0.8: it often means things). A dual takes the last two
// people named before it, across turns (x 0.9 x the recency of the older one; x 0.6,
// ambiguous, when a third person shares that one's turn); "两人" that counts or qualifies
// ("我们两人", "两人份") is no pronoun. A pronoun whose winner is a
// common noun ("my mom") is reported unresolved (reason "unnamed"): there is no name to give.
// Resolved means confidence >= kCorefMinConfidence.
//
// Thread safety: pure functions over immutable tables.
#ifndef ENGRAM_SRC_EXTRACT_COREFERENCE_H_
#define ENGRAM_SRC_EXTRACT_COREFERENCE_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engram::extract {

inline constexpr double kCorefMinConfidence = 0.6;

enum class Gender { kUnknown, kMale, kFemale };

// How an English pronoun is used, for rewriting it as a name ("his" -> "Li's").
enum class PronounCase { kSubject, kObject, kPossessive };

// One earlier turn of the session.
struct CorefTurn {
  std::string text;     // normalized (text::Normalize) content, possibly already rewritten
  std::string speaker;  // who said it when known by name; "" = unknown (also read from a
                        // leading "Name:" of the text)
};

// A gender known from outside the text (the entity directory), by the name mentions use.
struct GenderHint {
  std::string name;
  Gender gender = Gender::kUnknown;
};

struct CorefAntecedent {
  std::string name;     // the mention's key (李工, Li, 财务总监)
  std::string type;     // person | role
  int turn = 0;         // 0 = the message itself, k = k turns back
};

struct CorefResolution {
  size_t begin = 0;     // byte span of the pronoun in the message
  size_t end = 0;
  std::string pronoun;  // as written
  bool plural = false;
  bool english = false;
  PronounCase pronoun_case = PronounCase::kSubject;
  std::vector<CorefAntecedent> antecedents;  // the best reading; empty when none fits
  double confidence = 0;                     // of that reading
  bool resolved = false;                     // confidence >= kCorefMinConfidence and named
  std::string reason;   // why not resolved: no_antecedent | ambiguous | unnamed | low_confidence
};

// Weight of a mention `turn` turns back (0 = the message itself).
double RecencyWeight(int turn);

// Whether `text` has a pronoun ResolveCoreference reads (a cheap check before gathering
// history or hints); none inside a placeholder.
bool HasThirdPersonPronoun(std::string_view text);

// The gender a name carries by its title or given name ("李女士", "Mr Smith", "Caroline"),
// else kUnknown: how a directory entry with the alias "李女士" gives its other names a gender.
Gender NameGender(std::string_view name);

// The speaker named by a leading "Name:" / "Name：" (at most four words), else "".
std::string SpeakerPrefix(std::string_view text);

// The third-person pronouns of `text`, in text order, each with its reading.
// `speaker` is who says `text` ("" = unknown; a leading "Name:" is used too); `history` the
// earlier turns of the session, newest first (only the first kCorefMaxTurns are read).
// A masked value's placeholder (⟦PHONE:id⟧) is read as no word, in the text and the turns.
// REQUIRES: text and history are valid UTF-8, text::Normalize'd.
inline constexpr size_t kCorefMaxTurns = 8;
std::vector<CorefResolution> ResolveCoreference(std::string_view text, std::string_view speaker,
                                                std::span<const CorefTurn> history,
                                                std::span<const GenderHint> hints = {});

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_COREFERENCE_H_
