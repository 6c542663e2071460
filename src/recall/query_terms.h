// Query analysis for the keyword channel: the query's terms as surface strings.
// Pure function, thread-safe.
#ifndef ENGRAM_RECALL_QUERY_TERMS_H_
#define ENGRAM_RECALL_QUERY_TERMS_H_

#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

// The distinct query-mode tokens of `query`, each returned as the slice of the original text
// it came from, so that the store's tokenizer folds it exactly as it folded the documents
// ("會議記錄" → "會議", "議記", "記錄"; "工单T-102" → "工单", "T-102"). Order of first appearance.
// Function and question words ("the", "what", "现在", IsContentToken) are left out: in a
// user's few memories they match what shares nothing but grammar ("The plumber is coming"
// for "What's the wireless key at home?"). A query of nothing else keeps them.
std::vector<std::string> KeywordTerms(std::string_view query);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_QUERY_TERMS_H_
