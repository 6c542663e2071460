// Stage 6 of the write path (DESIGN.md section 2), after the rule stages: the confidence
// fingerprint's source reliability and overall score, and the explicit-correction marks
// that let reconciliation (src/store/reconcile.h) rank a new statement above the current one.
//
//   source       every memory of the batch gets the reliability of the request's channel;
//   overall      source x (an extracted fact: the extractor's confidence; else 1) — the
//                store multiplies in consistency when it reconciles;
//   corrections  the facts of a message that says it corrects ("更正一下", "不对，是…",
//                "actually", "correction:") are marked: they supersede whatever the age or
//                source of the current version.
//
//   relations    a fact of a whitelisted attribute with strong fusion (worksAt, hasTitle,
//                hasPhone, hasEmail, reportsTo, memberOf, responsibleFor, status) or a
//                weak one (hasSkill, prefers; listed only once the fact is current:
//                self-stated, confirmed, at its third mention, or approved in review —
//                weak_fusion.h) whose subject is a linked entity of the message becomes a
//                relation draft: to the entity its value names ("张工 reportsTo 李总"), else
//                to the literal value.
//                Zero-fusion facts (availability: 出差, 休假) are never edges: they stay
//                memories of kind "state" with a TTL.
//   complements a fact whose attribute complements another (budget: how tight; budgetLimit:
//                how much) is linked "complements" with the current fact of the other
//                attribute: "预算很紧" then "预算只能控制在20万" keeps both, linked.
//
// Who changed something, when and through which channel is the memory's source (actor,
// time, source type), never an extra fact or edge.
//
// REQUIRES: runs after entity linking (the batch's entity_links are final).
//
// Thread safety: pure function of its inputs.
#ifndef ENGRAM_INGEST_FUSE_H_
#define ENGRAM_INGEST_FUSE_H_

#include "engram/types.h"
#include "src/store/store.h"

namespace engram::ingest {

// Reliability of each input channel, in [0, 1] (Options::source_reliability_*).
struct SourceReliability {
  double web_form = 0.95;
  double api = 0.88;
  double chat = 0.85;
  double voice = 0.72;
  double import = 0.9;
  double For(SourceType type) const;
};

void Fuse(const SourceReliability& reliability, store::IngestBatch* batch);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_FUSE_H_
