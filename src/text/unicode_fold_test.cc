#include "src/text/unicode_fold.h"

#include <gtest/gtest.h>
#include <utf8proc.h>

#include <string>
#include <vector>

#include "src/base/utf8.h"

namespace engram::text::internal {
namespace {

struct Folded {
  char32_t cp;
  size_t begin;
  size_t end;
  bool operator==(const Folded&) const = default;
};

// The reference: `s` cut at utf8proc's grapheme breaks, each cluster NFKC + case folded by
// utf8proc_map, every code point with its cluster's byte range. REQUIRES: valid UTF-8.
std::vector<Folded> Reference(const std::string& s) {
  const auto options = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE |
                                                      UTF8PROC_COMPAT | UTF8PROC_CASEFOLD);
  std::vector<Folded> out;
  size_t begin = 0;
  while (begin < s.size()) {
    size_t end = begin;
    char32_t cp = base::DecodeUtf8(s, &end);
    utf8proc_int32_t state = 0;
    while (end < s.size()) {
      size_t next = end;
      const char32_t next_cp = base::DecodeUtf8(s, &next);
      if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(cp),
                                           static_cast<utf8proc_int32_t>(next_cp), &state)) {
        break;
      }
      cp = next_cp;
      end = next;
    }
    utf8proc_uint8_t* mapped = nullptr;
    const utf8proc_ssize_t n =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + begin),
                     static_cast<utf8proc_ssize_t>(end - begin), &mapped, options);
    const std::string folded(reinterpret_cast<const char*>(mapped),
                             n < 0 ? 0 : static_cast<size_t>(n));
    free(mapped);
    for (size_t pos = 0; pos < folded.size();) {
      out.push_back({base::DecodeUtf8(folded, &pos), begin, end});
    }
    begin = end;
  }
  return out;
}

std::vector<Folded> Fold(const std::string& s) {
  std::vector<FoldedChar> chars;
  FoldClusters(s, /*case_fold=*/true, &chars);
  std::vector<Folded> out;
  for (const FoldedChar& c : chars) out.push_back({c.cp, c.begin, c.end});
  return out;
}

// Every unified ideograph, before another, before ASCII, at the end, and before the
// characters that do join it into one cluster or change under NFKC (a variation selector, a
// combining mark, a compatibility ideograph, a full-width comma): the ideographs' fast path
// folds exactly as utf8proc does.
TEST(FoldClustersTest, UnifiedIdeographsFoldAsUtf8procDoes) {
  const std::vector<std::string> after = {"",         "a",        "Z",        "\xe4\xb8\x80",
                                          "\xef\xb8\x80", "\xcc\x81", "\xef\xa4\x80", "\xef\xbc\x8c",
                                          "\xe2\x80\x8d"};
  for (char32_t cp = 0x4E00; cp <= 0x9FFF; ++cp) {
    std::string han;
    base::AppendUtf8(cp, &han);
    for (const std::string& next : after) {
      const std::string s = han + next + han;
      ASSERT_EQ(Fold(s), Reference(s)) << std::hex << static_cast<uint32_t>(cp);
    }
  }
}

// Offsets: each ideograph of the fast path covers its own three bytes.
TEST(FoldClustersTest, UnifiedIdeographsKeepTheirByteRanges) {
  std::vector<FoldedChar> chars;
  FoldClusters("张工A说", true, &chars);
  ASSERT_EQ(chars.size(), 4u);
  EXPECT_EQ(chars[0].begin, 0u);
  EXPECT_EQ(chars[0].end, 3u);
  EXPECT_EQ(chars[1].begin, 3u);
  EXPECT_EQ(chars[1].end, 6u);
  EXPECT_EQ(chars[2].cp, U'a');
  EXPECT_EQ(chars[3].begin, 7u);
  EXPECT_EQ(chars[3].end, 10u);
}

}  // namespace
}  // namespace engram::text::internal
