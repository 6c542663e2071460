// Consolidation: what a compaction run changes, computed from the memories it may touch.
//
//   auto plan = govern::PlanConsolidation(memories, params);   // pure, no I/O
//   store->ApplyConsolidation(ctx, *plan);                      // one transaction
//
// Three rules, rule-based and deterministic (the LLM hook is SummaryWriter):
//
//   reinforce  Current memories of one scope that state the same thing are merged: the
//              oldest survives (stays current), the others stop being current with a
//              "reinforces" link to it (never deleted; history still shows them). Facts are
//              the same when subject, attribute and value are equal after case/width/script
//              folding; other memories (same type and kind, not summaries) when both have at
//              least `min_tokens` tokens and token-set Jaccard >= `duplicate_jaccard`. Earlier
//              versions of a fact's lineage with the current value reinforce it too. The
//              survivor records every reinforcing id in metadata "reinforced_by" and its
//              confidence.consistency c becomes c + (1 - c)(1 - 2^-k) for k new ids.
//   complement Current facts with the same subject and different attributes, and episodic
//              memories whose event times overlap and whose token sets are related
//              (`complement_jaccard` <= J < `duplicate_jaccard`), get a "complements" link
//              (lower id -> higher id). At most `max_facts_per_subject` facts per subject.
//   summarize  The current episodic records of one session and scope, in time order, split
//              where `session_gap_ms` passes without a turn; a run of at least
//              `min_cluster_size` records becomes one summary memory (type episodic, kind
//              summary) whose event time spans the run, whose metadata lists its "sources",
//              and which links to each ("summarizes"). A current summary of the same session
//              sharing sources is revised (new version) when the run changed, left alone when
//              not: running twice writes nothing the second time.
//
// Sessionless episodic records are not summarized yet.
//
// Thread safety: pure functions.
#ifndef ENGRAM_GOVERN_CONSOLIDATION_H_
#define ENGRAM_GOVERN_CONSOLIDATION_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"
#include "src/govern/summary_writer.h"
#include "src/store/store.h"

namespace engram::govern {

struct ConsolidationParams {
  double duplicate_jaccard = 0.85;    // Default: 0.85
  size_t min_tokens = 4;              // Default: 4 (short turns like "ok" never merge)
  double complement_jaccard = 0.3;    // Default: 0.3
  size_t max_facts_per_subject = 16;  // Default: 16
  size_t min_cluster_size = 4;        // Default: 4
  int64_t session_gap_ms = 6 * 3600 * 1000;  // Default: 6 hours
  // Writes summary texts. Not owned; nullptr = ExtractiveSummaryWriter with default limits.
  const SummaryWriter* writer = nullptr;
};

// The plan for `memories` (as Store::ListConsolidatable returns them: current and earlier
// versions of the scopes the run may change). Summaries have no embedding yet (the caller
// adds them). Errors only from the summary writer.
Result<store::ConsolidationPlan> PlanConsolidation(const std::vector<Memory>& memories,
                                                   const ConsolidationParams& params);

}  // namespace engram::govern

#endif  // ENGRAM_GOVERN_CONSOLIDATION_H_
