// The truth pass of recall: after fusion, what the store knows about versions and time shapes
// the answer (DESIGN.md §6, "Truth at recall").
//
//   1. relevance   every hit gets RecallHit::relevance (relevance.h);
//   2. outdated    a record a later statement replaced (staleness.h) is labelled `outdated`
//                  with the id of its successor; unless the question asks about the past
//                  (history cue: "以前", "used to", ...) or history was asked for, it yields
//                  its place to the successor (fetched when not a hit itself), so the current
//                  statement answers. Retired versions (include_history) are labelled too.
//                  Asked about the past with no hit known to be replaced, the earlier of the
//                  statements among the best hits that answer the question ranks first;
//   3. expired     a memory whose TTL ran out as of the question is labelled `expired` and,
//                  unless expired memories or the past were asked for, demoted
//                  (kExpiredFactor): it still answers when nothing current does;
//   4. duplicates  of hits whose folded contents are equal, the first stays; a current record
//                  whose content words a better record all says is left out (one statement,
//                  one hit: "我对花生过敏" said three times comes back once);
//   5. floor       hits below min_relevance are left out.
//
// Thread safety: stateless; reads the store (thread-safe).
#ifndef ENGRAM_RECALL_TRUTH_H_
#define ENGRAM_RECALL_TRUTH_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engram/engine.h"
#include "engram/status.h"
#include "src/recall/answer_kind.h"
#include "src/recall/query_analysis.h"
#include "src/recall/relevance.h"
#include "src/store/store.h"

namespace engram::recall {

inline constexpr double kExpiredFactor = 0.5;
inline constexpr double kPastBoost = 1.5;  // an outdated hit, when the past is asked about
// An outdated hit of the slot a question about the past asks about ("我上一家公司是哪家？"
// against "我在腾讯做产品经理", replaced by "我跳槽到字节了") answers it: at least this relevant.
inline constexpr double kPastSlotRelevance = 0.3;
inline constexpr double kOutdatedFactor = 0.5;  // an outdated hit kept by include_history

struct TruthParams {
  Instant at;                      // the question's time
  std::string query;               // the question (ShareAClause reads which clause it is about)
  bool asks_past = false;          // a history cue in the query: outdated hits rank up
  bool keep_outdated = false;      // outdated hits stay (include_history, or the past asked)
  // History asked for (include_history or a history cue), not only past tense: a statement its
  // successor corrects ("I misspoke earlier, the seed was 2.1 million") stays only then; it
  // never held, so "how much did we raise" is answered by the correction.
  bool history_asked = false;
  bool demote_outdated = false;    // ... but rank below current ones (kOutdatedFactor)
  bool include_expired = false;    // expired memories asked for (or the past)
  // Periods that ended, named by a question without past words: an outdated statement stays
  // (labelled) when it held during one of them, from its time to its successor's, and its
  // successor's time lies in none of them.
  std::vector<TimeWindow> past_windows;
  double min_relevance = 0;
  // The embedder's relevance scale (RelevanceScale): the cue rules ask whether two
  // statements are on the question's topic by their vector evidence on this scale, whatever
  // words the question uses; RecallHit::relevance (stricter for words no memory contains)
  // decides only what is kept.
  RelevanceScale topic_scale;
  int limit = 10;          // hits kept at most
  size_t cue_window = 20;  // the cue rules compare the best this many hits
};

// Relevance of each hit of `hits` before session spreading; `pre_spread_ids` are the hits'
// ids in that order (the context channel's rank names the lender by it). Fills relevance.
// `user_id`: the caller, whose own name a question may use without any memory saying it.
// `asked`: the kind of answer the question asks for (AskedKind); a hit that carries none keeps
// a share kOffAnswerFactor of its relevance, as does one that names only other relations than
// the question's (儿子 for 我女儿在哪上学; RelationsIn), or a teacher of a subject only for
// the class teacher (数学老师 for 班主任). All are read off one question only, not
// a dialogue used as the query. So is a hit of another subject: it carries the kind asked for
// but not a word of the question that names a person or thing (the question's first word, in
// Chinese), which only hits without such a value say, none sharing another word with it
// ("team's pizza place is 206-555-0172" beside "karen's moving to tacoma next month", asked
// for karen's phone number; "隔壁老李的电话…" beside "张小姐订了件旗袍"), also asked in the past
// tense ("how much deposit did the hendersons pay"; then not of a turn of a dialogue, whose
// speaker may be the subject); not asked what held before
// (`history_asked`: "Where did I live before Harbor Road?" names a place the answer does not).
// So is, for one question not asking what held before, a hit about another thing of the sort
// asked about (other_thing.h NamesSiblingOfAsked: "Silo 3 capacity is 2,800 tonnes" for "how big
// is silo 5?", 冬笋收购价 for 春笋收购价多少), whatever the kind asked.
void ScoreRelevance(std::string_view query, std::string_view user_id, AnswerKind asked,
                    const RelevanceScale& scale, const std::vector<int64_t>& pre_spread_ids,
                    std::vector<RecallHit>* hits, bool past_words = false,
                    bool history_asked = false);

// Steps 2-5 above; leaves at most params.limit hits, best first. `hits` are sorted best
// first on entry.
Status ApplyTruth(store::Store& store, const store::OpContext& ctx, const TruthParams& params,
                  std::vector<RecallHit>* hits);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_TRUTH_H_
