// The write pipeline: turns a RememberRequest into the batch the store commits.
//
// Today it validates, normalizes, and makes one memory per message: an episodic raw record,
// or a semantic fact when the request names (subject, attribute). The later stages of
// DESIGN.md section 2 (PII, guard, signal, anchor, extract, fuse) plug in here.
//
// Thread safety: pure function of its inputs.
#ifndef ENGRAM_INGEST_PIPELINE_H_
#define ENGRAM_INGEST_PIPELINE_H_

#include "engram/engine.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::ingest {

struct PipelineLimits {
  size_t max_text_bytes = 65536;
};

// InvalidArgument for any malformed field; nothing is written by this function.
Result<store::IngestBatch> BuildBatch(const RememberRequest& request, const Instant& at,
                                      const PipelineLimits& limits);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_PIPELINE_H_
