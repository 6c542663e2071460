#include "src/embed/embedding_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "src/embed/hashing_embedder.h"

namespace engram::embed {
namespace {

// Counts the texts it embeds, and can be told to fail.
class CountingEmbedder : public HashingEmbedder {
 public:
  CountingEmbedder() : HashingEmbedder(16) {}
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override {
    if (fail_) return Status::Unavailable("counting: down");
    embedded_ += texts.size();
    ++calls_;
    return HashingEmbedder::Embed(role, texts);
  }
  std::atomic<size_t> embedded_{0};
  std::atomic<size_t> calls_{0};
  bool fail_ = false;
};

// A backend whose every operation fails.
class BrokenBackend : public EmbeddingCacheBackend {
 public:
  Result<std::vector<float>> Get(std::string_view, std::string_view) override {
    return Status::IOError("broken: get");
  }
  Status Put(std::string_view, std::string_view, std::span<const float>) override {
    return Status::IOError("broken: put");
  }
};

TEST(EmbeddingCacheTest, EmbedsOnlyMissesInOneBatch) {
  auto counting = std::make_unique<CountingEmbedder>();
  CountingEmbedder* base = counting.get();
  InMemoryEmbeddingCacheBackend backend;
  CachingEmbedder cache(std::move(counting), &backend);

  std::vector<std::string> first = {"a", "b"};
  Result<Embeddings> e1 = cache.EmbedPassages(first);
  ASSERT_TRUE(e1.ok());
  EXPECT_EQ(base->embedded_, 2u);

  std::vector<std::string> second = {"b", "c", "a"};
  Result<Embeddings> e2 = cache.EmbedPassages(second);
  ASSERT_TRUE(e2.ok());
  EXPECT_EQ(base->embedded_, 3u);  // only "c"
  EXPECT_EQ(base->calls_, 2u);
  EXPECT_EQ(std::vector<float>(e2->row(0).begin(), e2->row(0).end()),
            std::vector<float>(e1->row(1).begin(), e1->row(1).end()));
  EXPECT_EQ(cache.stats().hits, 2u);
  EXPECT_EQ(cache.stats().misses, 3u);
  EXPECT_EQ(backend.size(), 3u);
}

TEST(EmbeddingCacheTest, QueryAndPassageAreCachedApart) {
  EXPECT_NE(EmbeddingTextHash(EmbedRole::kQuery, "x"), EmbeddingTextHash(EmbedRole::kPassage, "x"));
  auto counting = std::make_unique<CountingEmbedder>();
  CountingEmbedder* base = counting.get();
  InMemoryEmbeddingCacheBackend backend;
  CachingEmbedder cache(std::move(counting), &backend);
  std::vector<std::string> texts = {"x"};
  ASSERT_TRUE(cache.EmbedQueries(texts).ok());
  ASSERT_TRUE(cache.EmbedPassages(texts).ok());
  EXPECT_EQ(base->embedded_, 2u);
}

TEST(EmbeddingCacheTest, BackendFailureDegradesToMiss) {
  BrokenBackend backend;
  CachingEmbedder cache(std::make_unique<CountingEmbedder>(), &backend);
  std::vector<std::string> texts = {"a"};
  Result<Embeddings> e = cache.EmbedPassages(texts);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(cache.stats().backend_errors, 2u);  // the Get and the Put
}

TEST(EmbeddingCacheTest, ProviderErrorIsReturned) {
  auto counting = std::make_unique<CountingEmbedder>();
  counting->fail_ = true;
  InMemoryEmbeddingCacheBackend backend;
  CachingEmbedder cache(std::move(counting), &backend);
  std::vector<std::string> texts = {"a"};
  EXPECT_EQ(cache.EmbedPassages(texts).status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(backend.size(), 0u);
}

TEST(EmbeddingCacheTest, WrongDimensionEntryIsAMiss) {
  InMemoryEmbeddingCacheBackend backend;
  auto counting = std::make_unique<CountingEmbedder>();
  const std::string model = counting->ModelId();
  CachingEmbedder cache(std::move(counting), &backend);
  std::vector<float> short_vector = {1.0f, 0.0f};
  ASSERT_TRUE(backend.Put(model, EmbeddingTextHash(EmbedRole::kPassage, "a"), short_vector).ok());
  std::vector<std::string> texts = {"a"};
  Result<Embeddings> e = cache.EmbedPassages(texts);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->dimension, 16);
  EXPECT_EQ(cache.stats().misses, 1u);
}

TEST(EmbeddingCacheTest, VectorBlobRoundTrips) {
  std::vector<float> v = {1.5f, -2.0f, 0.25f};
  Result<std::vector<float>> back = DecodeVector(EncodeVector(v));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, v);
  EXPECT_EQ(DecodeVector("abc").status().code(), StatusCode::kCorruption);
  EXPECT_EQ(DecodeVector("").status().code(), StatusCode::kCorruption);
}

TEST(EmbeddingCacheTest, ConcurrentCallsAreSafe) {
  InMemoryEmbeddingCacheBackend backend;
  CachingEmbedder cache(std::make_unique<CountingEmbedder>(), &backend);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        std::vector<std::string> texts = {"t" + std::to_string((t + i) % 10)};
        if (!cache.EmbedQueries(texts).ok()) ++failures;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(backend.size(), 10u);
}

}  // namespace
}  // namespace engram::embed
