#include "src/text/pii/pii_detector.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace engram::text::pii {
namespace {

// "KIND=value" per finding, for compact expectations.
std::vector<std::string> Found(std::string_view text) {
  std::vector<std::string> out;
  for (const PiiFinding& f : DetectPii(text)) {
    EXPECT_EQ(f.value, text.substr(f.begin, f.end - f.begin));
    out.push_back(std::string(PiiKindName(f.kind)) + "=" + f.value);
  }
  return out;
}

using V = std::vector<std::string>;

TEST(PiiDetectorTest, FindsMainlandMobileInChineseText) {
  EXPECT_EQ(Found("张工的手机号换成13912345432了"), V{"PHONE=13912345432"});
  EXPECT_EQ(Found("电话：139 1234 5432，微信同号"), V{"PHONE=139 1234 5432"});
  EXPECT_EQ(Found("call +86 139-1234-5432 today"), V{"PHONE=+86 139-1234-5432"});
  EXPECT_EQ(Found("号码8613912345432"), V{"PHONE=8613912345432"});
}

TEST(PiiDetectorTest, FindsLandlineAndInternationalNumbers) {
  EXPECT_EQ(Found("座机010-88886666转总机"), V{"PHONE=010-88886666"});
  EXPECT_EQ(Found("(0755) 8765 4321"), V{"PHONE=(0755) 8765 4321"});
  EXPECT_EQ(Found("office +1 415 555 2671."), V{"PHONE=+1 415 555 2671"});
  EXPECT_EQ(Found("London +44 20 7946 0958"), V{"PHONE=+44 20 7946 0958"});
}

TEST(PiiDetectorTest, CanonicalFormStripsSeparators) {
  std::vector<PiiFinding> f = DetectPii("+86 139-1234-5432");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].canonical, "+8613912345432");
  f = DetectPii("Zhang.San@Example.COM");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].canonical, "zhang.san@example.com");
}

TEST(PiiDetectorTest, FindsIdCardOnlyWithValidChecksumAndDate) {
  EXPECT_EQ(Found("身份证号11010519491231002X请核对"), V{"ID_CARD=11010519491231002X"});
  EXPECT_EQ(Found("id 440304199003074510."), V{"ID_CARD=440304199003074510"});
  EXPECT_EQ(Found("身份证号110105194912310021"), V{});  // bad checksum, no Luhn either
}

TEST(PiiDetectorTest, FindsBankCardsWithLuhn) {
  EXPECT_EQ(Found("卡号6222 0212 3456 7890 128"), V{"BANK_CARD=6222 0212 3456 7890 128"});
  EXPECT_EQ(Found("card 4111111111111111 exp"), V{"BANK_CARD=4111111111111111"});
  EXPECT_EQ(Found("card 4111111111111112 exp"), V{});
}

TEST(PiiDetectorTest, FindsEmailUrlAndIp) {
  EXPECT_EQ(Found("邮箱zhang.san@example.com。"), V{"EMAIL=zhang.san@example.com"});
  EXPECT_EQ(Found("13912345432@163.com"), V{"EMAIL=13912345432@163.com"});
  EXPECT_EQ(Found("见https://wiki.example.com/a?b=1，谢谢"),
            V{"URL=https://wiki.example.com/a?b=1"});
  EXPECT_EQ(Found("see www.example.org."), V{"URL=www.example.org"});
  EXPECT_EQ(Found("server 10.0.12.7 down"), V{"IP=10.0.12.7"});
  EXPECT_EQ(Found("v6 2001:db8::8a2e:370:7334 ok"), V{"IP=2001:db8::8a2e:370:7334"});
  EXPECT_EQ(Found("loopback ::1"), V{"IP=::1"});
}

TEST(PiiDetectorTest, IgnoresYearsDatesPricesAndIds) {
  EXPECT_EQ(Found("2024年Q3预算20万，工单T-102待财务审批"), V{});
  EXPECT_EQ(Found("meeting on 2024-06-14 at 10:30:00"), V{});
  EXPECT_EQ(Found("订单号SN13912345432已发货"), V{});
  EXPECT_EQ(Found("价格¥1999，库存300件，版本1.2.3"), V{});
  EXPECT_EQ(Found("mac aa:bb:cc:dd:ee:ff"), V{});
  EXPECT_EQ(Found("ratio 12345678901234567"), V{});
  EXPECT_EQ(Found("ts 1718323200002"), V{});  // passes Luhn, but no card starts with 1
}

TEST(PiiDetectorTest, SeparatesAdjacentNumbers) {
  EXPECT_EQ(Found("13912345432 13812345678"), V({"PHONE=13912345432", "PHONE=13812345678"}));
  EXPECT_EQ(Found("手机13912345432 2024年入职"), V{"PHONE=13912345432"});
}

TEST(PiiDetectorTest, KindNamesRoundTrip) {
  for (PiiKind k : {PiiKind::kPhone, PiiKind::kEmail, PiiKind::kIdCard, PiiKind::kBankCard,
                    PiiKind::kUrl, PiiKind::kIp}) {
    EXPECT_EQ(PiiKindFromName(PiiKindName(k)), k);
  }
  EXPECT_EQ(PiiKindFromName("phone"), std::nullopt);
}

TEST(PiiDetectorTest, NeverCrashesOnArbitraryBytes) {
  std::string s;
  for (int i = 0; i < 4096; ++i) s.push_back(static_cast<char>((i * 7919) % 256));
  for (size_t len = 0; len < s.size(); len += 97) {
    for (const PiiFinding& f : DetectPii(std::string_view(s).substr(0, len))) {
      EXPECT_LE(f.begin, f.end);
      EXPECT_LE(f.end, len);
    }
  }
}

// Every case in tests/corpora/pii_cases.jsonl: {"text": ..., "expect": ["KIND=value", ...]}.
TEST(PiiDetectorTest, MatchesCorpus) {
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  ASSERT_NE(root, nullptr) << "ENGRAM_SOURCE_DIR is not set";
  std::ifstream in(std::string(root) + "/tests/corpora/pii_cases.jsonl");
  ASSERT_TRUE(in.is_open());
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(Found(j.at("text").get<std::string>()), j.at("expect").get<V>())
        << j.at("text").get<std::string>();
    ++cases;
  }
  EXPECT_GE(cases, 40);
}

}  // namespace
}  // namespace engram::text::pii
