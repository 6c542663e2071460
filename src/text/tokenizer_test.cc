#include "src/text/tokenizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "src/base/utf8.h"

namespace engram::text {
namespace {

std::vector<Token> TokensOf(std::string_view text, TokenizeMode mode) {
  std::vector<Token> tokens;
  Tokenize(text, mode, &tokens);
  return tokens;
}

std::vector<std::string> Texts(std::string_view text, TokenizeMode mode) {
  std::vector<std::string> texts;
  for (const Token& t : TokensOf(text, mode)) texts.push_back(t.text);
  return texts;
}

std::vector<std::string> QueryTexts(std::string_view text) {
  return Texts(text, TokenizeMode::kQuery);
}

std::vector<std::string> DocTexts(std::string_view text) {
  return Texts(text, TokenizeMode::kDocument);
}

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

using Strings = std::vector<std::string>;

TEST(TokenizerTest, QueryModeEmitsBigramsOfHanRun) {
  EXPECT_EQ(QueryTexts("接口文档"), (Strings{"接口", "口文", "文档"}));
  for (const Token& t : TokensOf("接口文档", TokenizeMode::kQuery)) EXPECT_FALSE(t.colocated);
}

TEST(TokenizerTest, QueryModeEmitsUnigramOfSingleHan) {
  EXPECT_EQ(QueryTexts("张 说"), (Strings{"张", "说"}));
}

TEST(TokenizerTest, DocumentModeEmitsUnigramsAndColocatedBigrams) {
  const std::vector<Token> tokens = TokensOf("接口文档", TokenizeMode::kDocument);
  const std::vector<Token> expected = {
      {"接", 0, 3, false},  {"接口", 0, 6, true}, {"口", 3, 6, false}, {"口文", 3, 9, true},
      {"文", 6, 9, false},  {"文档", 6, 12, true}, {"档", 9, 12, false}};
  EXPECT_EQ(tokens, expected);
}

TEST(TokenizerTest, DocumentModeOfSentenceHasKeyBigrams) {
  const Strings texts = DocTexts("张工说下周二要验收接口文档");
  EXPECT_TRUE(Contains(texts, "接口"));
  EXPECT_TRUE(Contains(texts, "文档"));
  EXPECT_TRUE(Contains(texts, "张"));
  EXPECT_TRUE(Contains(texts, "周二"));
  EXPECT_FALSE(Contains(texts, "档"  "张"));  // no wrap-around bigram
  EXPECT_EQ(texts.size(), 13u + 12u);
}

TEST(TokenizerTest, HanFollowedByTicketId) {
  EXPECT_EQ(QueryTexts("工单T-102"), (Strings{"工单", "t-102"}));
  EXPECT_EQ(DocTexts("工单T-102"), (Strings{"工", "工单", "单", "t-102"}));
}

TEST(TokenizerTest, AlphanumericWordsStayWhole) {
  EXPECT_EQ(QueryTexts("Q3"), (Strings{"q3"}));
  EXPECT_EQ(QueryTexts("h2 3pm GPT4"), (Strings{"h2", "3pm", "gpt4"}));
}

TEST(TokenizerTest, JoinedRunsWithLettersAndDigitsStayWhole) {
  EXPECT_EQ(QueryTexts("abc_123 covid-19 T-102-b"), (Strings{"abc_123", "covid-19", "t-102-b"}));
}

TEST(TokenizerTest, JoinedRunsWithoutBothKindsSplit) {
  EXPECT_EQ(QueryTexts("e-mail"), (Strings{"e", "mail"}));
  EXPECT_EQ(QueryTexts("2024-05-01"), (Strings{"2024", "05", "01"}));
  EXPECT_EQ(QueryTexts("a--1 -x y-"), (Strings{"a", "1", "x", "y"}));  // only single joiners
}

TEST(TokenizerTest, StemsPureLetterWords) {
  EXPECT_EQ(QueryTexts("Meetings about Documents, running"),
            (Strings{"meeting", "about", "document", "run"}));
  EXPECT_EQ(QueryTexts("user-accounts"), (Strings{"user", "account"}));
}

TEST(TokenizerTest, ConvertsTraditionalToSimplified) {
  EXPECT_EQ(QueryTexts("會議記錄"), QueryTexts("会议记录"));
  EXPECT_EQ(QueryTexts("會議記錄"), (Strings{"会议", "议记", "记录"}));
  EXPECT_EQ(DocTexts("會議記錄"), DocTexts("会议记录"));
}

TEST(TokenizerTest, TraditionalOffsetsPointAtOriginalCharacters) {
  const std::string text = "開會議";
  int found = 0;
  for (const Token& t : TokensOf(text, TokenizeMode::kDocument)) {
    if (t.text == "开") {
      EXPECT_EQ(text.substr(t.begin, t.end - t.begin), "開");
      ++found;
    } else if (t.text == "会议") {
      EXPECT_EQ(text.substr(t.begin, t.end - t.begin), "會議");
      ++found;
    }
  }
  EXPECT_EQ(found, 2);
  EXPECT_EQ(DocTexts(text).size(), 5u);
}

TEST(TokenizerTest, FoldsFullWidthAndCase) {
  EXPECT_EQ(QueryTexts("Ｔ－１０２ ＡＢＣ"), (Strings{"t-102", "abc"}));
  EXPECT_EQ(QueryTexts("Straße ÉCOLE"), (Strings{"strasse", "école"}));
  EXPECT_EQ(QueryTexts("ﬁle"), (Strings{"file"}));
}

TEST(TokenizerTest, OffsetsPointAtOriginalText) {
  const std::string text = "张工说：Ｔ－１０２ 的 Report_v2 e\xCC\x81t\xC3\xA9 done!";
  const std::vector<Token> tokens = TokensOf(text, TokenizeMode::kQuery);
  auto source = [&](const std::string& token_text) {
    for (const Token& t : tokens) {
      if (t.text == token_text) return text.substr(t.begin, t.end - t.begin);
    }
    return std::string("<missing " + token_text + ">");
  };
  EXPECT_EQ(source("张工"), "张工");
  EXPECT_EQ(source("工说"), "工说");
  EXPECT_EQ(source("t-102"), "Ｔ－１０２");
  EXPECT_EQ(source("的"), "的");
  EXPECT_EQ(source("report_v2"), "Report_v2");
  EXPECT_EQ(source("\xC3\xA9t\xC3\xA9"), "e\xCC\x81t\xC3\xA9");  // composed across clusters
  EXPECT_EQ(source("done"), "done");
  for (const Token& t : tokens) {
    EXPECT_LE(t.begin, t.end);
    EXPECT_LE(t.end, text.size());
  }
}

TEST(TokenizerTest, KanaAndHangulAreBigrammed) {
  EXPECT_EQ(QueryTexts("カタカナ"), (Strings{"カタ", "タカ", "カナ"}));
  EXPECT_EQ(QueryTexts("한국어"), (Strings{"한국", "국어"}));
  EXPECT_EQ(QueryTexts("ｶﾀｶﾅ"), QueryTexts("カタカナ"));  // half-width folds to full-width
}

TEST(TokenizerTest, PunctuationSymbolsAndEmojiSeparate) {
  EXPECT_EQ(QueryTexts("a,b;c!d \xF0\x9F\x98\x80" "e。接口，文档"),
            (Strings{"a", "b", "c", "d", "e", "接口", "文档"}));
  EXPECT_TRUE(QueryTexts("!!! ... \xF0\x9F\x98\x80 ---").empty());
}

TEST(TokenizerTest, SoftHyphenDoesNotSplitWords) {
  EXPECT_EQ(QueryTexts("co\xC2\xAD" "operate"), (Strings{"cooperate"}));
}

TEST(TokenizerTest, EmptyInputGivesNothing) {
  std::vector<Token> tokens = {{"stale", 0, 1, false}};
  Tokenize("", TokenizeMode::kDocument, &tokens);
  EXPECT_TRUE(tokens.empty());
  EXPECT_TRUE(QueryTexts("   \t\n").empty());
}

TEST(TokenizerTest, InvalidUtf8IsSkipped) {
  const std::string text = "ab\xFF" "cd\xE5\xBC 接\xC0\xAF口";
  const std::vector<Token> tokens = TokensOf(text, TokenizeMode::kQuery);
  EXPECT_EQ(QueryTexts(text), (Strings{"ab", "cd", "接", "口"}));
  for (const Token& t : tokens) EXPECT_TRUE(base::IsValidUtf8(t.text));
  EXPECT_TRUE(QueryTexts("\xFF\xFE\x80\xC3").empty());
}

TEST(TokenizerTest, LargeRandomInputTokenizesWithinBounds) {
  // Deterministic pseudo-random mix of ASCII, Han, kana, marks, joiners and raw bytes.
  const char* pieces[] = {"a", "Z", "7", "-", "_", " ", "接", "會", "カ", "\xCC\x81",
                          "\xFF", "\xE5", "Ｔ", "\xF0\x9F\x98\x80", "ß", "\n"};
  std::string text;
  uint32_t state = 12345;
  while (text.size() < 64 * 1024) {
    state = state * 1664525u + 1013904223u;
    text += pieces[(state >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
  }
  for (TokenizeMode mode : {TokenizeMode::kDocument, TokenizeMode::kQuery}) {
    const std::vector<Token> tokens = TokensOf(text, mode);
    EXPECT_GT(tokens.size(), 1000u);
    size_t last_begin = 0;
    for (const Token& t : tokens) {
      ASSERT_FALSE(t.text.empty());
      ASSERT_TRUE(base::IsValidUtf8(t.text));
      ASSERT_LE(t.begin, t.end);
      ASSERT_LE(t.end, text.size());
      ASSERT_GE(t.begin, last_begin);  // tokens come in input order
      last_begin = t.begin;
    }
  }
}

TEST(TokenizerTest, LongCombiningMarkRunStaysBounded) {
  std::string text = "a";
  for (int i = 0; i < 20000; ++i) text += (i % 2 == 0) ? "\xCC\x81" : "\xCC\xA3";
  const std::vector<Token> tokens = TokensOf(text, TokenizeMode::kQuery);
  ASSERT_EQ(tokens.size(), 1u);
  EXPECT_EQ(tokens[0].begin, 0u);
  EXPECT_EQ(tokens[0].end, text.size());
}

TEST(TokenizerTest, ConcurrentCallsAgreeWithSequentialOne) {
  const std::string text = "張工說下週二要驗收接口文檔 T-102 meetings Ｑ３";
  const std::vector<Token> expected = TokensOf(text, TokenizeMode::kDocument);
  ASSERT_FALSE(expected.empty());
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        if (TokensOf(text, TokenizeMode::kDocument) != expected) ++mismatches[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int m : mismatches) EXPECT_EQ(m, 0);
}

}  // namespace
}  // namespace engram::text
