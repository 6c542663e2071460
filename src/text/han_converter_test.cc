#include "src/text/han_converter.h"

#include <stdlib.h>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include <Config.hpp>
#include <Conversion.hpp>
#include <ConversionChain.hpp>
#include <Converter.hpp>
#include <Dict.hpp>
#include <Lexicon.hpp>
#include <MaxMatchSegmentation.hpp>

#include "src/base/utf8.h"

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

// ToSimplified skips the dictionary lookups at characters that begin no key; it must still
// produce exactly what OpenCC's own Convert produces. Checked on every key of the t2s
// dictionaries (alone, between other characters, and glued to the next key) and on random
// mixtures of key characters, other Han characters, ASCII and punctuation.
TEST(HanConverterTest, AgreesWithOpenCCByteForByte) {
  const HanConverter& converter = DefaultHanConverter();
  ASSERT_TRUE(converter.ok());
  opencc::ConverterPtr reference = opencc::Config().NewFromFile(HanConverter::DefaultConfigPath());
  std::vector<std::string> keys;
  std::vector<std::string> chars = {"a", "Z", "1", " ", ",", "，", "。", "的", "是", "说",
                                    "😀", "é", "工", "张", "接口", "文档"};
  auto add_dict = [&](const opencc::DictPtr& dict) {
    const opencc::LexiconPtr lexicon = dict->GetLexicon();
    for (const auto& entry : *lexicon) {
      keys.push_back(entry->Key());
      const std::string& k = keys.back();
      for (size_t pos = 0; pos < k.size();) {
        const size_t start = pos;
        base::DecodeUtf8(k, &pos);
        chars.push_back(k.substr(start, pos - start));
      }
    }
  };
  auto seg = std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>(reference->GetSegmentation());
  ASSERT_NE(seg, nullptr);
  add_dict(seg->GetDict());
  for (const auto& conversion : reference->GetConversionChain()->GetConversions()) {
    add_dict(conversion->GetDict());
  }
  ASSERT_GT(keys.size(), 1000u);
  size_t checked = 0;
  size_t mismatches = 0;
  auto check = [&](const std::string& text) {
    ++checked;
    const std::string want = reference->Convert(text);
    const std::string got = converter.ToSimplified(text);
    if (got != want && ++mismatches <= 10) {
      ADD_FAILURE() << "'" << text << "': got '" << got << "', OpenCC '" << want << "'";
    }
    // Keeps() at every character promises the text comes back as it is.
    bool keeps = true;
    for (size_t pos = 0; pos < text.size() && keeps;) {
      const char32_t cp = base::DecodeUtf8(text, &pos);
      size_t after = pos;
      keeps = converter.Keeps(cp, pos < text.size() ? base::DecodeUtf8(text, &after) : 0);
    }
    if (keeps && want != text && ++mismatches <= 10) {
      ADD_FAILURE() << "'" << text << "': Keeps() everywhere, but OpenCC gives '" << want << "'";
    }
  };
  for (size_t i = 0; i < keys.size(); ++i) {
    check(keys[i]);
    check("我" + keys[i] + "了");
    check(keys[i] + keys[(i * 7919 + 1) % keys.size()]);
  }
  std::mt19937 rng(20261201);
  for (int n = 0; n < 20000; ++n) {
    std::string text;
    const int len = 1 + static_cast<int>(rng() % 24);
    for (int c = 0; c < len; ++c) text += chars[rng() % chars.size()];
    check(text);
  }
  EXPECT_EQ(mismatches, 0u) << "of " << checked;
}

}  // namespace
}  // namespace engram::text
