#include "src/govern/summary_writer.h"

#include <gtest/gtest.h>

namespace engram::govern {
namespace {

Memory Turn(int64_t id, const std::string& text) {
  Memory m;
  m.id = id;
  m.content = text;
  return m;
}

TEST(SummaryWriterTest, SplitsChineseAndEnglishSentences) {
  EXPECT_EQ(SplitSentences("我们周二验收。张工负责！好吗？"),
            (std::vector<std::string>{"我们周二验收。", "张工负责！", "好吗？"}));
  EXPECT_EQ(SplitSentences("Ship T-102 on Friday. Version 1.2 is fine\nok"),
            (std::vector<std::string>{"Ship T-102 on Friday.", "Version 1.2 is fine", "ok"}));
  EXPECT_TRUE(SplitSentences("   ").empty());
}

TEST(SummaryWriterTest, PicksCentralSentencesInOrderWithinLimits) {
  std::vector<Memory> turns = {
      Turn(1, "The interface document review is on Tuesday."),
      Turn(2, "Nice weather today."),
      Turn(3, "Zhang will send the interface document before the review."),
      Turn(4, "The review needs the interface document and the test report."),
      Turn(5, "Lunch?"),
  };
  std::vector<const Memory*> cluster;
  for (const Memory& m : turns) cluster.push_back(&m);
  auto text = ExtractiveSummaryWriter(ExtractiveLimits{2, 480, 0.5}).Write(cluster);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  EXPECT_EQ(text->find("weather"), std::string::npos) << *text;
  EXPECT_EQ(text->find("Lunch"), std::string::npos) << *text;
  EXPECT_NE(text->find("interface document"), std::string::npos) << *text;
  EXPECT_NE(text->find(" \xE2\x80\xA6 "), std::string::npos) << *text;  // two sentences
  // Chronological order of the chosen sentences.
  EXPECT_LT(text->find("Zhang"), text->find("test report")) << *text;
  auto again = ExtractiveSummaryWriter(ExtractiveLimits{2, 480, 0.5}).Write(cluster);
  EXPECT_EQ(*again, *text);  // deterministic
}

TEST(SummaryWriterTest, CutsARunOnMessageAtACharacter) {
  std::string long_text;
  for (int i = 0; i < 400; ++i) long_text += "验收";
  Memory m = Turn(1, long_text);
  auto text = ExtractiveSummaryWriter(ExtractiveLimits{3, 100, 0.5}).Write({&m});
  ASSERT_TRUE(text.ok());
  EXPECT_LE(text->size(), 103u);
  EXPECT_EQ(text->substr(text->size() - 3), "\xE2\x80\xA6");
  EXPECT_FALSE(ExtractiveSummaryWriter().Write({}).ok());
}

}  // namespace
}  // namespace engram::govern
