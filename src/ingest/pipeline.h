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

// The text a memory's vector is computed from. A raw turn of a conversation is embedded
// together with the turn before it in the same session (`previous`, may be null), cut to
// `context_bytes` on a character boundary: a reply such as "about 30-60 seconds" is then
// found by the question it answers ("how long do you hold the pose?"). Facts and turns
// without a session are embedded as written. The stored content never changes.
std::string EmbeddingText(const Memory& memory, const Memory* previous, size_t context_bytes);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_PIPELINE_H_
