// StoreCore: the part of Store written once for every backend. Ingest, Supersede,
// ResolveReview, ApplyConsolidation, Forget and EraseUser are procedures over WritePort (write_port.h), run inside one write
// transaction the backend opens in RunWrite; the backend implements the port and the
// remaining Store methods (reads whose pushdown matters, maintenance, side tables).
//
// The shared rules live here, not in any backend: reconcile (reconcile.h), weak fusion
// (weak_fusion.h), version stamping (versions.h), access (access.h), what a superseded
// version loses (SupersedeCurrent below) and the audit details.
//
// Thread safety: as Store; RunWrite serializes or isolates the procedures.
#ifndef ENGRAM_STORE_STORE_CORE_H_
#define ENGRAM_STORE_STORE_CORE_H_

#include <functional>
#include <string>
#include <vector>

#include "src/store/store.h"
#include "src/store/write_port.h"

namespace engram::store {

class StoreCore : public Store {
 public:
  Result<IngestOutcome> Ingest(const OpContext& ctx, const IngestBatch& batch) final;
  Result<Memory> Supersede(const OpContext& ctx, int64_t id, const Revision& rev) final;
  Result<ReviewItem> ResolveReview(const OpContext& ctx, int64_t id,
                                   const std::string& resolution,
                                   const std::string& vector_model,
                                   const std::string& vector) final;
  Result<ConsolidationOutcome> ApplyConsolidation(const OpContext& ctx,
                                                  const ConsolidationPlan& plan) final;
  Status Forget(const OpContext& ctx, int64_t id, bool hard) final;
  Result<EraseOutcome> EraseUser(const OpContext& ctx, const std::string& user_id) final;

 protected:
  // Runs `body` in one write transaction of the backend: commits when it returns OK; else
  // nothing it wrote stays, and its status is returned.
  virtual Status RunWrite(const std::function<Status(WritePort&)>& body) = 0;
};

// What every retirement of a current fact by a newer version does, in one place: `old`
// stops being current (valid until `until`), the relations it stated close at `until`, its
// vector leaves the index, and `next` joins its lineage as the following version.
Status SupersedeCurrent(WritePort& port, const Memory& old, const Instant& now,
                        const Instant& until, Memory* next);

// Resolves as "confirmed" the open weak_candidate items of scope `scope_key` whose
// candidate `current` states (weak_fusion.h ConfirmsCandidate); appends their ids.
Status ConfirmCandidates(WritePort& port, const std::string& scope_key, const Memory& current,
                         const Instant& now, std::vector<int64_t>* confirmed);

}  // namespace engram::store

#endif  // ENGRAM_STORE_STORE_CORE_H_
