#include "src/extract/signal.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include "src/extract/corpus_util.h"
#include "src/text/pii/pii_masker.h"

namespace engram::extract {
namespace {

std::set<std::string> KindsOf(std::string_view raw) {
  const SignalResult r =
      SignalClassifier::Default().Classify(text::pii::Sanitize(raw).text);
  std::set<std::string> out;
  for (const Signal& s : r.signals) out.insert(std::string(SignalKindName(s.kind)));
  return out;
}

using S = std::set<std::string>;

TEST(SignalTest, RecognizesEachSignal) {
  EXPECT_TRUE(KindsOf("我喜欢喝拿铁").count("preference"));
  EXPECT_TRUE(KindsOf("I'll send the quote by Friday").count("commitment"));
  EXPECT_TRUE(KindsOf("从今天起我调到财务部了").count("state_change"));
  EXPECT_TRUE(KindsOf("张工的手机号换成13912345432了").count("fact"));
  EXPECT_TRUE(KindsOf("客户昨天投诉发货太慢").count("event"));
  EXPECT_TRUE(KindsOf("Remind me to call the bank on Monday").count("task"));
  EXPECT_TRUE(KindsOf("我们决定用B方案").count("decision"));
  EXPECT_TRUE(KindsOf("There is a risk that the launch slips").count("risk"));
}

TEST(SignalTest, ChitChatIsNotWorthRemembering) {
  for (const char* text : {"你好", "谢谢你！", "lol ok", "Good morning", "哈哈哈好的"}) {
    const SignalResult r = SignalClassifier::Default().Classify(text);
    EXPECT_FALSE(r.worth_remembering) << text;
    EXPECT_TRUE(r.signals.empty()) << text;
  }
}

TEST(SignalTest, QuestionsAreDamped) {
  const SignalResult r = SignalClassifier::Default().Classify("今天的会议纪要谁来写？");
  EXPECT_TRUE(r.is_question);
  EXPECT_FALSE(r.worth_remembering);
  EXPECT_TRUE(SignalClassifier::Default().Classify("今天的会议改到三点").worth_remembering);
}

TEST(SignalTest, ContactPlaceholderIsAFact) {
  const SignalResult r = SignalClassifier::Default().Classify("李工 ⟦EMAIL:1⟧");
  ASSERT_FALSE(r.signals.empty());
  EXPECT_EQ(r.signals[0].kind, SignalKind::kFact);
  EXPECT_EQ(r.signals[0].rules[0], "any.fact.pii_placeholder");
}

TEST(SignalTest, ConfidenceCombinesRulesAndIsSorted) {
  const SignalResult r =
      SignalClassifier::Default().Classify("我们决定用B方案，但有延期的风险，我会周五前给结论");
  ASSERT_GE(r.signals.size(), 3u);
  for (size_t i = 1; i < r.signals.size(); ++i) {
    EXPECT_GE(r.signals[i - 1].confidence, r.signals[i].confidence);
  }
  for (const Signal& s : r.signals) {
    EXPECT_GT(s.confidence, 0.0);
    EXPECT_LE(s.confidence, 1.0);
  }
}

TEST(SignalTest, ThresholdComesFromOptions) {
  SignalOptions strict;
  strict.threshold = 0.99;
  const SignalClassifier classifier(DefaultSignalRules(), strict);
  EXPECT_FALSE(classifier.Classify("我喜欢喝拿铁").worth_remembering);
}

struct PrecisionRecall {
  double precision = 0;
  double recall = 0;
};

// Prints precision / recall per signal and for worth_remembering over a labelled corpus
// ({"text", "signals": [...], "worth"}); returns the worth_remembering numbers.
PrecisionRecall Evaluate(const std::string& name, size_t min_rows) {
  const std::vector<nlohmann::json> rows = testing::ReadCorpus(name);
  EXPECT_GE(rows.size(), min_rows) << name;
  int tp[kSignalKindCount] = {}, fp[kSignalKindCount] = {}, fn[kSignalKindCount] = {};
  int wtp = 0, wfp = 0, wfn = 0, wtn = 0;
  for (const nlohmann::json& row : rows) {
    const std::string text = row.at("text").get<std::string>();
    const std::set<std::string> want = row.at("signals").get<std::set<std::string>>();
    const bool want_worth = row.at("worth").get<bool>();
    const SignalResult r =
        SignalClassifier::Default().Classify(text::pii::Sanitize(text).text);
    std::set<std::string> got;
    for (const Signal& s : r.signals) got.insert(std::string(SignalKindName(s.kind)));
    for (int k = 0; k < kSignalKindCount; ++k) {
      const std::string kind(SignalKindName(static_cast<SignalKind>(k)));
      const bool g = got.count(kind) > 0;
      const bool w = want.count(kind) > 0;
      tp[k] += g && w;
      fp[k] += g && !w;
      fn[k] += !g && w;
    }
    wtp += r.worth_remembering && want_worth;
    wtn += !r.worth_remembering && !want_worth;
    if (r.worth_remembering != want_worth) {
      (r.worth_remembering ? wfp : wfn)++;
      std::printf("  %s: %s\n", r.worth_remembering ? "false worth" : "missed worth",
                  text.c_str());
    }
  }
  auto ratio = [](int a, int b) { return b == 0 ? 0.0 : static_cast<double>(a) / b; };
  std::printf("%s\n  %-13s %9s %6s %4s %4s %4s\n", name.c_str(), "class", "precision",
              "recall", "tp", "fp", "fn");
  for (int k = 0; k < kSignalKindCount; ++k) {
    std::printf("  %-13s %9.2f %6.2f %4d %4d %4d\n",
                std::string(SignalKindName(static_cast<SignalKind>(k))).c_str(),
                ratio(tp[k], tp[k] + fp[k]), ratio(tp[k], tp[k] + fn[k]), tp[k], fp[k], fn[k]);
  }
  PrecisionRecall pr{ratio(wtp, wtp + wfp), ratio(wtp, wtp + wfn)};
  std::printf("  %-13s %9.2f %6.2f %4d %4d %4d  (tn %d, n %zu)\n", "worth", pr.precision,
              pr.recall, wtp, wfp, wfn, wtn, rows.size());
  return pr;
}

// The set the rules were developed on. Gate: worth_remembering precision and recall >= 0.85.
TEST(SignalCorpusTest, PrecisionRecallOnLabelledSet) {
  const PrecisionRecall pr = Evaluate("signal_labelled.jsonl", 200);
  EXPECT_GE(pr.precision, 0.85);
  EXPECT_GE(pr.recall, 0.85);
}

// Written after the rule table was frozen and never used to tune it: the honest estimate.
// Looser gate (precision >= 0.70, recall >= 0.50), fixed before the first run. Measured when
// frozen (third round; earlier held-out sets became dev rows): precision 1.00, recall 0.81
// (39/48).
TEST(SignalCorpusTest, PrecisionRecallOnHeldOutSet) {
  const PrecisionRecall pr = Evaluate("signal_heldout.jsonl", 50);
  EXPECT_GE(pr.precision, 0.70);
  EXPECT_GE(pr.recall, 0.50);
}

}  // namespace
}  // namespace engram::extract
