#include "src/embed/hashing_embedder.h"

#include <cmath>
#include <cstdint>

#include "src/base/utf8.h"

namespace engram::embed {
namespace {

constexpr uint64_t kFnvOffset = 1469598103934665603ULL;
constexpr uint64_t kFnvPrime = 1099511628211ULL;

uint64_t Fnv1a(std::string_view bytes, uint64_t h = kFnvOffset) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnvPrime;
  }
  return h;
}

bool IsAsciiWordChar(char32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
}

void AddFeature(std::string_view feature, std::span<float> out) {
  const uint64_t h = Fnv1a(feature);
  const size_t bucket = static_cast<size_t>(h % out.size());
  out[bucket] += (h >> 63) != 0 ? 1.0f : -1.0f;
}

}  // namespace

HashingEmbedder::HashingEmbedder(int dimension) : dimension_(dimension > 0 ? dimension : 1) {}

std::string HashingEmbedder::ModelId() const {
  return "hashing-v1-" + std::to_string(dimension_);
}

void HashingEmbedder::EmbedOne(std::string_view text, std::span<float> out) const {
  for (float& x : out) x = 0.0f;
  std::string word;
  std::string prev_cp;  // previous non-ASCII code point, for bigrams
  auto flush_word = [&] {
    if (!word.empty()) AddFeature("w:" + word, out);
    word.clear();
  };
  size_t pos = 0;
  while (pos < text.size()) {
    const char32_t cp = base::DecodeUtf8(text, &pos);
    if (IsAsciiWordChar(cp)) {
      word.push_back(static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp));
      prev_cp.clear();
      continue;
    }
    flush_word();
    if (cp < 0x80) {  // ASCII space or punctuation: a separator
      prev_cp.clear();
      continue;
    }
    std::string cur;
    base::AppendUtf8(cp, &cur);
    AddFeature("u:" + cur, out);
    if (!prev_cp.empty()) AddFeature("b:" + prev_cp + cur, out);
    prev_cp = std::move(cur);
  }
  flush_word();

  double norm = 0.0;
  for (float x : out) norm += static_cast<double>(x) * x;
  if (norm == 0.0) {
    out[0] = 1.0f;
    return;
  }
  const float inv = static_cast<float>(1.0 / std::sqrt(norm));
  for (float& x : out) x *= inv;
}

Result<Embeddings> HashingEmbedder::Embed(EmbedRole /*role*/,
                                          std::span<const std::string> texts) {
  Embeddings result;
  result.dimension = dimension_;
  result.values.resize(texts.size() * static_cast<size_t>(dimension_));
  for (size_t i = 0; i < texts.size(); ++i) {
    EmbedOne(texts[i], std::span<float>(result.values).subspan(i * dimension_, dimension_));
  }
  return result;
}

}  // namespace engram::embed
