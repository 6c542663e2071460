#include "src/text/han_converter.h"

#include <stdlib.h>

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace engram::text {
namespace {

TEST(HanConverterTest, DefaultConverterLoadsAndConverts) {
  const HanConverter& converter = DefaultHanConverter();
  ASSERT_TRUE(converter.ok()) << converter.status().ToString();
  EXPECT_EQ(converter.ToSimplified("會議記錄"), "会议记录");
  EXPECT_EQ(converter.ToSimplified("軟體開發"), "软体开发");
  EXPECT_EQ(&converter, &DefaultHanConverter());
}

TEST(HanConverterTest, LeavesSimplifiedAndNonHanTextAlone) {
  const HanConverter& converter = DefaultHanConverter();
  ASSERT_TRUE(converter.ok());
  EXPECT_EQ(converter.ToSimplified("接口文档 T-102 ok"), "接口文档 T-102 ok");
  EXPECT_EQ(converter.ToSimplified(""), "");
}

TEST(HanConverterTest, MissingConfigIsIdentityAndReportsWhy) {
  HanConverter converter("/nonexistent/engram/t2s.json");
  EXPECT_FALSE(converter.ok());
  EXPECT_EQ(converter.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(converter.status().message().find("opencc: load '/nonexistent/engram/t2s.json'"),
            std::string::npos)
      << converter.status().message();
  EXPECT_EQ(converter.ToSimplified("會議"), "會議");
}

TEST(HanConverterTest, InputWithNulOrInvalidUtf8IsReturnedUnchanged) {
  const std::string with_nul("會\0議", 7);
  EXPECT_EQ(DefaultHanConverter().ToSimplified(with_nul), with_nul);
  const std::string truncated = "會議\xE8\xAD";
  EXPECT_EQ(DefaultHanConverter().ToSimplified(truncated), truncated);
}

TEST(HanConverterTest, DefaultConfigPathHonoursEnvironment) {
  const char* saved = getenv("ENGRAM_OPENCC_DIR");
  const bool had_saved = saved != nullptr;
  const std::string saved_value = had_saved ? saved : "";
  ASSERT_EQ(setenv("ENGRAM_OPENCC_DIR", "/opt/opencc", 1), 0);
  EXPECT_EQ(HanConverter::DefaultConfigPath(), "/opt/opencc/t2s.json");
  ASSERT_EQ(unsetenv("ENGRAM_OPENCC_DIR"), 0);
  const std::string fallback = HanConverter::DefaultConfigPath();
  EXPECT_TRUE(fallback.ends_with("/opencc/t2s.json")) << fallback;
  EXPECT_TRUE(HanConverter(fallback).ok());
  if (had_saved) {
    ASSERT_EQ(setenv("ENGRAM_OPENCC_DIR", saved_value.c_str(), 1), 0);
  }
}

TEST(HanConverterTest, ConcurrentConversionsAgree) {
  const HanConverter& converter = DefaultHanConverter();
  ASSERT_TRUE(converter.ok());
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&converter, &mismatches, t] {
      for (int i = 0; i < 200; ++i) {
        if (converter.ToSimplified("這個軟體的會議記錄") != "这个软体的会议记录") ++mismatches[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int m : mismatches) EXPECT_EQ(m, 0);
}

}  // namespace
}  // namespace engram::text
