#include "src/embed/hashing_embedder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace engram::embed {
namespace {

float Dot(std::span<const float> a, std::span<const float> b) {
  float s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

TEST(HashingEmbedderTest, ReturnsUnitVectorsOfTheDimension) {
  HashingEmbedder embedder(64);
  std::vector<std::string> texts = {"hello world", "", "我爱喝拿铁", "!!!"};
  Result<Embeddings> out = embedder.EmbedPassages(texts);
  ASSERT_TRUE(out.ok());
  ASSERT_EQ(out->count(), 4u);
  for (size_t i = 0; i < out->count(); ++i) {
    EXPECT_NEAR(Dot(out->row(i), out->row(i)), 1.0f, 1e-5) << i;
  }
}

TEST(HashingEmbedderTest, IsDeterministicAndCaseInsensitive) {
  HashingEmbedder a(128);
  HashingEmbedder b(128);
  std::vector<std::string> x = {"My Boss"};
  std::vector<std::string> y = {"my boss"};
  Result<Embeddings> ex = a.EmbedQueries(x);
  Result<Embeddings> ey = b.EmbedQueries(y);
  ASSERT_TRUE(ex.ok() && ey.ok());
  EXPECT_EQ(ex->values, ey->values);
}

TEST(HashingEmbedderTest, SharedFeaturesMeanHigherSimilarity) {
  HashingEmbedder embedder(384);
  std::vector<std::string> texts = {"我喜欢喝咖啡", "喜欢咖啡", "明天开会", "coffee please",
                                    "coffee"};
  Result<Embeddings> e = embedder.EmbedPassages(texts);
  ASSERT_TRUE(e.ok());
  EXPECT_GT(Dot(e->row(0), e->row(1)), Dot(e->row(0), e->row(2)));
  EXPECT_GT(Dot(e->row(3), e->row(4)), 0.5f);
}

TEST(HashingEmbedderTest, InvalidUtf8IsAccepted) {
  HashingEmbedder embedder(32);
  std::vector<std::string> texts = {std::string("a\xff\xfe b\0c", 7)};
  Result<Embeddings> e = embedder.EmbedPassages(texts);
  ASSERT_TRUE(e.ok());
  EXPECT_NEAR(Dot(e->row(0), e->row(0)), 1.0f, 1e-5);
}

}  // namespace
}  // namespace engram::embed
