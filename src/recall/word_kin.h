// Words of one sense: what a question calls a thing by and what a statement may call it by
// instead ("who's my boss" / "new supervisor now, ciaran walsh"; "who's my PCP" / "my primary
// care doc is dr. lindqvist"; 我的直属领导 / 我们站长是刘姐). The embedder weighs one word
// of a short statement little, so a statement in other words than the question shares no word
// with it and gets no relevance (relevance.h). A small table of the everyday slots the
// memory holds (people one answers to or sees for care, home, medicines, money, vehicles,
// services) counts such a word as the question's word.
//
// Each entry is read from the question's word to the statement's: a question for a "boss"
// is answered by "supervisor", while "manager" asks no more than any manager ("tour manager").
// A kin word in Latin script is a whole word of the statement, or a phrase of whole words;
// in Chinese, a run of characters anywhere in it.
//
// Thread safety: pure functions.
#ifndef ENGRAM_SRC_RECALL_WORD_KIN_H_
#define ENGRAM_SRC_RECALL_WORD_KIN_H_

#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

// The words a statement may say for the folded question word `word` (ContentWords), besides
// the word itself; empty when the table knows none.
const std::vector<std::string_view>& KinOf(std::string_view word);

// For each of `query_words`, whether `text` contains it or a kin of it (KinOf), given which
// it contains (`found`: WordsFound(query_words, text)).
std::vector<bool> WithKinFound(const std::vector<std::string>& query_words,
                               std::string_view text, std::vector<bool> found);

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_WORD_KIN_H_
