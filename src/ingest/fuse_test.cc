#include "src/ingest/fuse.h"

#include <gtest/gtest.h>

#include "engram/iso8601.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/stages.h"

namespace engram::ingest {
namespace {

store::IngestBatch Facts(const std::string& text, SourceType source) {
  RememberRequest r;
  r.principal.user_id = "alice";
  r.text = text;
  r.source = source;
  const Instant at = ParseIso8601("2024-07-15T10:30:00+08:00").value();
  store::IngestBatch b = BuildBatch(r, at, {}).value();
  ApplyStages(at, &b, true, true);
  return b;
}

TEST(FuseTest, EveryMemoryCarriesTheSourceReliability) {
  SourceReliability reliability;
  auto form = Facts("把张工的部门改成AI Lab，职级升为高级工程师", SourceType::kWebForm);
  ASSERT_GE(form.memories.size(), 2u);
  const double fact_confidence = form.memories[1].confidence.overall;
  Fuse(reliability, &form);
  for (const Memory& m : form.memories) EXPECT_DOUBLE_EQ(m.confidence.source, 0.95);
  EXPECT_DOUBLE_EQ(form.memories[0].confidence.overall, 0.95);  // the record itself
  EXPECT_DOUBLE_EQ(form.memories[1].confidence.overall, 0.95 * fact_confidence);
  EXPECT_TRUE(form.corrections.empty());

  auto voice = Facts("明天下午开会", SourceType::kVoice);
  reliability.voice = 0.6;  // configurable
  Fuse(reliability, &voice);
  EXPECT_DOUBLE_EQ(voice.memories[0].confidence.source, 0.6);
  EXPECT_DOUBLE_EQ(reliability.For(SourceType::kApi), 0.88);
  EXPECT_DOUBLE_EQ(reliability.For(SourceType::kChat), 0.85);
}

TEST(FuseTest, MarksTheFactsOfAnExplicitCorrection) {
  for (const char* text : {"更正一下，张工的手机号是⟦PHONE:abc⟧", "Actually, I work at Acme"}) {
    auto b = Facts(text, SourceType::kChat);
    ASSERT_GE(b.memories.size(), 2u) << text;
    Fuse(SourceReliability{}, &b);
    EXPECT_EQ(b.corrections, std::vector<int>{1}) << text;
  }
  auto plain = Facts("张工的手机号是⟦PHONE:abc⟧", SourceType::kChat);
  Fuse(SourceReliability{}, &plain);
  EXPECT_TRUE(plain.corrections.empty());
}

}  // namespace
}  // namespace engram::ingest
