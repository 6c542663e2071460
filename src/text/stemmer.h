// LightStem: a deliberately light, predictable English suffix stripper for the tokenizer.
//
// It only merges the most common inflections (plural -s/-es/-ies, -ing, -ed, -ied) so that a
// query for "document" finds "documents". It is not Porter: it never rewrites a word into a
// non-inflected root ("meetings" -> "meeting", not "meet"), and it strips at most one suffix.
// Document and query words go through the same function, so an imperfect stem ("created" ->
// "creat") still matches its own inflections.
//
// Rules, applied to a lowercase ASCII word w (first match wins):
//   1. |w| <= 3, or w contains anything but a-z: unchanged ("gas", "its", "q3").
//   2. w ends in "s":
//        ends in "ss", "us", "is"                      -> unchanged  ("class", "bus", "this")
//        ends in "ies" and |w| > 4                     -> "-y"       ("companies" -> "company")
//        ends in "sses", "xes", "zzes", "ches", "shes" -> drop "es"  ("boxes" -> "box")
//        otherwise                                     -> drop "s"   ("documents", "cases")
//      Deviation, on purpose: "-es after a single s or z" only drops the "s", because e-final
//      words are far more common there ("cases" -> "case", "sizes" -> "size", not "cas").
//   3. |w| <= 4: unchanged ("ping", "used", "red", "bed").
//   4. w ends in "eed": unchanged ("speed", "agreed").
//   5. w ends in "ied" -> "-y" ("studied" -> "study").
//   6. w ends in "ing" or "ed": drop it if the rest keeps >= 3 letters and a vowel (a e i o u,
//      or y after the first letter); then undouble a doubled final consonant other than l, s, z
//      if >= 3 letters remain ("running" -> "run", "stopped" -> "stop", "signed" -> "sign",
//      "called" -> "call", "added" -> "add", "string" and "bring" unchanged).
//
// Thread safety: pure function; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_STEMMER_H_
#define ENGRAM_SRC_TEXT_STEMMER_H_

#include <string>
#include <string_view>

namespace engram::text {

// Returns the light stem of `lower_word` per the rules above. Never fails; words outside
// [a-z]+ are returned unchanged.
std::string LightStem(std::string_view lower_word);

}  // namespace engram::text

#endif  // ENGRAM_SRC_TEXT_STEMMER_H_
