// Rule tables of the coreference resolver (coreference.h): pronouns, person nouns and the
// genders that titles and common English given names carry.
//
// Thread safety: immutable data.
#ifndef ENGRAM_SRC_EXTRACT_COREFERENCE_RULES_H_
#define ENGRAM_SRC_EXTRACT_COREFERENCE_RULES_H_

#include <span>
#include <string_view>

#include "src/extract/coreference.h"

namespace engram::extract::coref_rules {

struct PronounRule {
  std::string_view text;  // zh: as written; en: lower case
  Gender gender;
  bool plural;
  PronounCase pronoun_case;
  bool dual = false;  // exactly two people (他俩, 两人): the last two named
};

// A noun that names a person without naming them: "my mom", "同事".
struct PersonNoun {
  std::string_view text;  // zh: as written; en: lower case
  Gender gender;
  bool plural;
};

// Longest first.
std::span<const PronounRule> ChinesePronouns();
std::span<const PronounRule> EnglishPronouns();  // one-word pronouns
std::span<const PersonNoun> ChinesePersonNouns();
std::span<const PersonNoun> EnglishPersonNouns();
// Characters that, before 他/她, make it part of another word (其他, 吉他).
std::string_view ChineseNotPronounBefore();
// Characters that, after 他, make it part of another word (他乡, 他日).
std::string_view ChineseNotPronounAfter();
// A bare dual (两人, 二人) is no pronoun after these words (我们两人, 你们二人) nor before
// these ones (两人份, 两人以上).
std::span<const std::string_view> DualNotAfter();
std::span<const std::string_view> DualNotBefore();
// Words after "her" that make it an object ("told her about", "her."), not a possessive.
std::span<const std::string_view> ObjectFollowers();

// The gender a zh title (工, 先生, 女士) or an English honorific (Mr, Ms) gives, if any.
Gender TitleGender(std::string_view title);
// The gender of a common English given name ("Caroline" female), else kUnknown.
Gender GivenNameGender(std::string_view name);

}  // namespace engram::extract::coref_rules

#endif  // ENGRAM_SRC_EXTRACT_COREFERENCE_RULES_H_
