#include "src/text/pii/pii_masker.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace engram::text::pii {
namespace {

TEST(PiiMaskerTest, ReplacesFindingsWithTypedPlaceholders) {
  SanitizedText s = MaskPii("张工手机13912345432，邮箱zhang@example.com，备用13812345678");
  EXPECT_EQ(s.text, "张工手机⟦PHONE:1⟧，邮箱⟦EMAIL:1⟧，备用⟦PHONE:2⟧");
  ASSERT_EQ(s.findings.size(), 3u);
  EXPECT_EQ(s.findings[0].placeholder, "⟦PHONE:1⟧");
  EXPECT_EQ(s.findings[0].value, "13912345432");
  EXPECT_EQ(s.findings[2].placeholder, "⟦PHONE:2⟧");
}

TEST(PiiMaskerTest, SameValueGetsSamePlaceholder) {
  SanitizedText s = MaskPii("139 1234 5432 也就是 13912345432");
  EXPECT_EQ(s.text, "⟦PHONE:1⟧ 也就是 ⟦PHONE:1⟧");
  EXPECT_EQ(s.findings.size(), 2u);
}

TEST(PiiMaskerTest, UsesIdFunctionAndRejectsBadIds) {
  auto id_fn = [](PiiKind, std::string_view canonical, int) {
    return canonical == "13912345432" ? std::string("abc123") : std::string("Bad-Id!");
  };
  SanitizedText s = MaskPii("13912345432 13812345678", id_fn);
  EXPECT_EQ(s.text, "⟦PHONE:abc123⟧ ⟦PHONE:2⟧");
}

TEST(PiiMaskerTest, EscapesForgedPlaceholderBrackets) {
  SanitizedText s = MaskPii("看这个⟦PHONE:1⟧和13912345432");
  EXPECT_EQ(s.text, "看这个[PHONE:1]和⟦PHONE:1⟧");
  ASSERT_EQ(FindPlaceholders(s.text).size(), 1u);
}

TEST(PiiMaskerTest, SanitizeNormalizesFullWidthDigitsFirst) {
  SanitizedText s = Sanitize("  手机：１３９１２３４５４３２  ");
  EXPECT_EQ(s.text, "手机:⟦PHONE:1⟧");
  ASSERT_EQ(s.findings.size(), 1u);
  EXPECT_EQ(s.findings[0].canonical, "13912345432");
}

TEST(PiiMaskerTest, FindsOnlyWellFormedPlaceholders) {
  const std::string text = "a⟦PHONE:1⟧b⟦NOPE:1⟧c⟦EMAIL:⟧d⟦EMAIL:x y⟧e⟦ID_CARD:z9⟧";
  std::vector<PlaceholderRef> refs = FindPlaceholders(text);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].placeholder, "⟦PHONE:1⟧");
  EXPECT_EQ(refs[0].kind, PiiKind::kPhone);
  EXPECT_EQ(refs[1].placeholder, "⟦ID_CARD:z9⟧");
  EXPECT_EQ(refs[1].kind, PiiKind::kIdCard);
}

TEST(PiiMaskerTest, DropsPlaceholderIdsForTheRuleStages) {
  EXPECT_EQ(WithoutPlaceholderIds("发到⟦EMAIL:k3v9x2⟧和⟦PHONE:1⟧,⟦NOPE:1⟧"),
            "发到⟦EMAIL⟧和⟦PHONE⟧,⟦NOPE:1⟧");
  EXPECT_EQ(WithoutPlaceholderIds("no placeholders"), "no placeholders");
}

TEST(PiiMaskerTest, MasksValuesForNonOwners) {
  EXPECT_EQ(MaskValue(PiiKind::kPhone, "13912345432"), "139****5432");
  EXPECT_EQ(MaskValue(PiiKind::kPhone, "139 1234 5432"), "139****5432");
  EXPECT_EQ(MaskValue(PiiKind::kPhone, "+86 139-1234-5432"), "+86 139****5432");
  EXPECT_EQ(MaskValue(PiiKind::kPhone, "010-88886666"), "010****6666");
  EXPECT_EQ(MaskValue(PiiKind::kEmail, "zhang@example.com"), "z***@example.com");
  EXPECT_EQ(MaskValue(PiiKind::kIdCard, "110105194912310021"), "1101**********0021");
  EXPECT_EQ(MaskValue(PiiKind::kBankCard, "6222 0212 3456 7890 128"), "6222***********0128");
  EXPECT_EQ(MaskValue(PiiKind::kUrl, "https://wiki.example.com/a?b=1"),
            "https://wiki.example.com/***");
  EXPECT_EQ(MaskValue(PiiKind::kIp, "10.0.12.7"), "10.0.*.*");
  EXPECT_EQ(MaskValue(PiiKind::kIp, "2001:db8::1"), "2001:****");
  EXPECT_EQ(MaskValue(PiiKind::kPhone, "12"), "**");
}

TEST(PiiMaskerTest, RendersPlaintextMaskedOrPlaceholder) {
  SanitizedText s = MaskPii("张工手机13912345432，身份证11010519491231002X");
  std::map<std::string, std::string> vault;
  for (const PiiFinding& f : s.findings) vault[f.placeholder] = f.value;
  auto lookup = [&](const PlaceholderRef& ref) -> std::optional<std::string> {
    auto it = vault.find(std::string(ref.placeholder));
    if (it == vault.end()) return std::nullopt;
    return it->second;
  };
  EXPECT_EQ(RenderPlaceholders(s.text, RenderMode::kPlaintext, lookup),
            "张工手机13912345432，身份证11010519491231002X");
  EXPECT_EQ(RenderPlaceholders(s.text, RenderMode::kMasked, lookup),
            "张工手机139****5432，身份证1101**********002X");
  EXPECT_EQ(RenderPlaceholders(s.text, RenderMode::kPlaceholder, lookup), s.text);
  auto none = [](const PlaceholderRef&) -> std::optional<std::string> { return std::nullopt; };
  EXPECT_EQ(RenderPlaceholders(s.text, RenderMode::kPlaintext, none), s.text);
}

}  // namespace
}  // namespace engram::text::pii
