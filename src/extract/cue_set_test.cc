#include "src/extract/cue_set.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace engram::extract {
namespace {

// The definition At() must keep: try every alternative, longest first (list order among equal
// lengths), and take the first that starts at `pos` and respects ASCII word boundaries.
std::optional<CueHit> NaiveAt(const std::vector<std::string>& alts, std::string_view text,
                              size_t pos, bool after_token) {
  std::vector<size_t> order(alts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return alts[x].size() > alts[y].size(); });
  for (size_t i : order) {
    const std::string& a = alts[i];
    if (text.substr(pos, a.size()) != a) continue;
    const size_t end = pos + a.size();
    if (!after_token && IsAsciiAlnum(a.front()) && pos > 0 && IsAsciiAlnum(text[pos - 1])) {
      continue;
    }
    if (IsAsciiAlnum(a.back()) && end < text.size() && IsAsciiAlnum(text[end])) continue;
    return CueHit{pos, end, i};
  }
  return std::nullopt;
}

TEST(CueSetTest, AtTakesTheLongestAlternativeStartingThere) {
  CueSet cues("下周 | 下周二 | 下 | 周二 | pm | p");
  const std::string text = "下周二下午3pm";
  std::optional<CueHit> hit = cues.At(text, 0);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->end, std::string("下周二").size());
  EXPECT_EQ(hit->index, 1u);
  hit = cues.At(text, std::string("下周二").size());
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->index, 2u);  // "下": the only alternative that starts there
  EXPECT_FALSE(cues.At(text, 1));  // inside a character
  const size_t pm = text.find("pm");
  EXPECT_FALSE(cues.At(text, pm));  // "3pm": p follows a digit
  hit = cues.At(text, pm, /*after_token=*/true);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->index, 4u);
  EXPECT_FALSE(cues.At(text, text.size()));
}

TEST(CueSetTest, OneByteAlternativesMatchAtTheLastByte) {
  CueSet cues("ab | a | ;");
  EXPECT_EQ(cues.At("x;", 1)->index, 2u);
  EXPECT_EQ(cues.At("a", 0)->index, 1u);
  EXPECT_EQ(cues.At("ab", 0)->index, 0u);
  EXPECT_FALSE(cues.At("abc", 0));  // "ab" is followed by a letter, "a" too
}

TEST(CueSetTest, AtAgreesWithTryingEveryAlternative) {
  const std::vector<std::string> alts = {
      "今天", "今天下午", "下午", "周", "周二", "下周", "下周二", "点", "点半", "today", "to",
      "next week", "next", "am", "pm", "a", ":00", "号", "前", "之前", "十", "三点"};
  std::string list;
  for (const std::string& a : alts) list += (list.empty() ? "" : " | ") + a;
  CueSet cues(list);
  for (std::string_view text :
       {"今天下午三点半之前，下周二10am today", "next weekend to tomorrow: 3:00 pm", "周周二下周",
        "ama pm:00 a", "十号前后"}) {
    for (size_t pos = 0; pos <= text.size(); ++pos) {
      for (bool after_token : {false, true}) {
        std::optional<CueHit> got = cues.At(text, pos, after_token);
        std::optional<CueHit> want = NaiveAt(alts, text, pos, after_token);
        ASSERT_EQ(got.has_value(), want.has_value()) << text << " @" << pos;
        if (got) {
          EXPECT_EQ(got->end, want->end) << text << " @" << pos;
          EXPECT_EQ(got->index, want->index) << text << " @" << pos;
        }
      }
    }
  }
}

// ClauseStart walks back from `pos`; it must agree with scanning the text forward from its
// start (the definition: the end of the last clause break that starts before `pos`).
TEST(CueSetTest, ClauseStartAgreesWithAForwardScan) {
  auto forward = [](std::string_view text, size_t pos) {
    size_t start = 0;
    for (size_t i = 0; i < pos && i < text.size();) {
      const size_t n = ClauseBreakAt(text, i);
      start = n > 0 ? i + n : start;
      i += n > 0 ? n : 1;
    }
    return start;
  };
  for (std::string_view text :
       {"昨天下午三点，客户张工说下周二要验收。另外$50,000 ok. Next; fine!…好？", "", "，", "a.b. c",
        "工单T-102还在等财务审批；预算只能控制在20万！如果……就请王经理催一下\n谢谢"}) {
    for (size_t pos = 0; pos <= text.size() + 1; ++pos) {
      EXPECT_EQ(ClauseStart(text, pos), forward(text, pos)) << text << " @" << pos;
    }
  }
  EXPECT_EQ(ClauseBreakAt("a，b", 1), std::string_view("，").size());
  EXPECT_EQ(ClauseBreakAt("好…", 3), std::string_view("…").size());
  EXPECT_EQ(ClauseBreakAt("好。", 3), std::string_view("。").size());
  EXPECT_EQ(ClauseBreakAt("好的", 3), 0u);
}

}  // namespace
}  // namespace engram::extract
