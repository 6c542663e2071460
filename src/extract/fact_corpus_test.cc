// Triple-level precision and recall of ExtractFacts over labelled corpora
// (tests/corpora/fact_labelled.jsonl, fact_heldout.jsonl; see tests/corpora/README.md).
//
// A fact is (subject, attribute, value, negative) with attribute = FactAttribute() (the
// qualifier when there is one: "push_time"). Subject and attribute match exactly; values match
// after trimming whitespace and punctuation at both ends. The corpus text is already sanitized
// (PII written as ⟦KIND:ID⟧), so it goes to ExtractFacts as is.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "src/extract/corpus_util.h"
#include "src/extract/fact_extractor.h"

namespace engram::extract {
namespace {

using Triple = std::tuple<std::string, std::string, std::string, bool>;

// Whitespace and punctuation (ASCII and the CJK marks) trimmed from both ends.
std::string TrimValue(std::string_view v) {
  static constexpr std::string_view kMarks[] = {"，", "。", "；", "：", "！", "？", "、",
                                                "“", "”", "（", "）"};
  bool changed = true;
  while (changed && !v.empty()) {
    changed = false;
    for (std::string_view m : kMarks) {
      if (v.size() >= m.size() && v.substr(0, m.size()) == m) v.remove_prefix(m.size());
      if (v.size() >= m.size() && v.substr(v.size() - m.size()) == m) {
        v.remove_suffix(m.size());
      }
    }
    for (const char c : std::string_view(" \t\n,.;:!?\"'()")) {
      if (!v.empty() && v.front() == c) {
        v.remove_prefix(1);
        changed = true;
      }
      if (!v.empty() && v.back() == c) {
        v.remove_suffix(1);
        changed = true;
      }
    }
  }
  return std::string(v);
}

struct Score {
  int tp = 0, fp = 0, fn = 0;
  int clean_rows = 0, clean_hits = 0;  // rows labelled with no fact; those that yielded one
  double precision() const { return tp + fp == 0 ? 1.0 : static_cast<double>(tp) / (tp + fp); }
  double recall() const { return tp + fn == 0 ? 1.0 : static_cast<double>(tp) / (tp + fn); }
};

// Scores `name`; prints the totals and, with `show_errors`, each wrong or missed triple.
Score Evaluate(const std::string& name, size_t min_rows, bool show_errors) {
  const std::vector<nlohmann::json> rows = testing::ReadCorpus(name);
  EXPECT_GE(rows.size(), min_rows) << name << " (set ENGRAM_SOURCE_DIR)";
  Score s;
  for (const nlohmann::json& row : rows) {
    const std::string text = row.at("text").get<std::string>();
    std::set<Triple> want;
    for (const nlohmann::json& f : row.at("facts")) {
      want.emplace(f.at("subject").get<std::string>(), f.at("attribute").get<std::string>(),
                   TrimValue(f.at("value").get<std::string>()), f.value("negative", false));
    }
    std::set<Triple> got;
    for (const ExtractedFact& f : ExtractFacts(text)) {
      got.emplace(f.subject, FactAttribute(f), TrimValue(f.value), f.negative);
    }
    if (want.empty()) {
      ++s.clean_rows;
      s.clean_hits += !got.empty();
    }
    for (const Triple& t : got) {
      const bool hit = want.count(t) > 0;
      (hit ? s.tp : s.fp)++;
      if (!hit && show_errors) {
        std::printf("  fp (%s, %s, %s%s)  <- %s\n", std::get<0>(t).c_str(),
                    std::get<1>(t).c_str(), std::get<3>(t) ? "not " : "", std::get<2>(t).c_str(),
                    text.c_str());
      }
    }
    for (const Triple& t : want) {
      if (got.count(t) > 0) continue;
      ++s.fn;
      if (show_errors) {
        std::printf("  fn (%s, %s, %s%s)  <- %s\n", std::get<0>(t).c_str(),
                    std::get<1>(t).c_str(), std::get<3>(t) ? "not " : "", std::get<2>(t).c_str(),
                    text.c_str());
      }
    }
  }
  std::printf("%s: %zu rows, precision %.2f (%d/%d), recall %.2f (%d/%d), "
              "no-fact rows with a fact %d/%d\n",
              name.c_str(), rows.size(), s.precision(), s.tp, s.tp + s.fp, s.recall(), s.tp,
              s.tp + s.fn, s.clean_hits, s.clean_rows);
  return s;
}

TEST(FactCorpusTest, TrimValueDropsOnlyEdgePunctuation) {
  EXPECT_EQ(TrimValue(" 20万。"), "20万");
  EXPECT_EQ(TrimValue("Spanish, French and German."), "Spanish, French and German");
  EXPECT_EQ(TrimValue("⟦PHONE:1⟧，"), "⟦PHONE:1⟧");
}

// The set the boundary rules were fixed against (in-sample, so an upper bound). Measured
// before the boundary fixes (session 7): precision 0.66 (57/87), recall 0.68 (57/84), 7 of
// 26 no-fact rows gave a fact; after: 1.00 (84/84), 1.00 (84/84), 0 of 26.
TEST(FactCorpusTest, PrecisionRecallOnLabelledSet) {
  const Score s = Evaluate("fact_labelled.jsonl", 100, /*show_errors=*/true);
  EXPECT_GE(s.precision(), 0.97);
  EXPECT_GE(s.recall(), 0.97);
  EXPECT_LE(s.clean_hits, 1);
}

// Written before any code change and never used for tuning: the honest estimate. Only the
// numbers are printed. Measured before the fixes: precision 0.71 (20/28), recall 0.71
// (20/28); after: 0.93 (27/29), 0.96 (27/28).
TEST(FactCorpusTest, PrecisionRecallOnHeldOutSet) {
  const Score s = Evaluate("fact_heldout.jsonl", 40, /*show_errors=*/false);
  EXPECT_GE(s.precision(), 0.90);
  EXPECT_GE(s.recall(), 0.92);
}

}  // namespace
}  // namespace engram::extract
