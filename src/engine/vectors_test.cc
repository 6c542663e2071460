// What the engine's embedder is handed: PII placeholders without their random ids.
#include "src/engine/vectors.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"

namespace engram::engine {
namespace {

// Returns a vector of 1s for any text and keeps each text it was handed.
class RecordingEmbedder final : public Embedder {
 public:
  explicit RecordingEmbedder(std::vector<std::string>* seen) : seen_(seen) {}
  int Dimension() const override { return 4; }
  std::string ModelId() const override { return "recording-4"; }
  Result<Embeddings> Embed(EmbedRole, std::span<const std::string> texts) override {
    seen_->insert(seen_->end(), texts.begin(), texts.end());
    Embeddings e;
    e.dimension = 4;
    e.values.assign(texts.size() * 4, 1.0f);
    return e;
  }

 private:
  std::vector<std::string>* seen_;
};

TEST(VectorsTest, TheEmbedderSeesPlaceholdersWithoutTheirIds) {
  std::vector<std::string> seen;
  auto store = store::NewMemoryStore();
  auto vectors = Vectors::Open(std::make_unique<RecordingEmbedder>(&seen), store.get(), "");
  ASSERT_TRUE(vectors.ok()) << vectors.status().ToString();
  ASSERT_TRUE((*vectors)->EmbedPassages({"我的手机号是⟦PHONE:dl6dkzymfqfuupzt⟧。", "周末爬山"}).ok());
  const std::vector<std::string> query = {"⟦EMAIL:k3v9x2m1⟧ 是谁的邮箱"};
  ASSERT_TRUE((*vectors)->embedder()->EmbedQueries(query).ok());
  EXPECT_EQ(seen, (std::vector<std::string>{"我的手机号是⟦PHONE⟧。", "周末爬山",
                                            "⟦EMAIL⟧ 是谁的邮箱"}));
  // Another id of the same kind is the same text to the embedder: served by the cache.
  ASSERT_TRUE((*vectors)->EmbedPassages({"我的手机号是⟦PHONE:q8abcd2f⟧。"}).ok());
  EXPECT_EQ(seen.size(), 3u);
}

}  // namespace
}  // namespace engram::engine
