#include "src/govern/consolidation.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace engram::govern {
namespace {

constexpr int64_t kT0 = 1718348400000;  // 2024-06-14T07:00:00Z

class Memories {
 public:
  Memory& Add(const std::string& text, const std::string& user = "alice") {
    Memory m;
    m.id = m.lineage_id = next_++;
    m.scope = Scope{user, "", "", Visibility::kPrivate};
    m.content = text;
    m.source.at = Instant{kT0 + m.id * 60000, 480};
    all_.push_back(m);
    return all_.back();
  }
  Memory& Fact(const std::string& subject, const std::string& attribute,
               const std::string& value) {
    Memory& m = Add(subject + " " + attribute + " " + value);
    m.type = MemoryType::kSemantic;
    m.kind = MemoryKind::kFact;
    m.subject = subject;
    m.attribute = attribute;
    m.value = value;
    return m;
  }
  Memory& Turn(const std::string& session, const std::string& text, int64_t at_ms) {
    Memory& m = Add(text);
    m.source.session_id = session;
    m.source.at = Instant{at_ms, 480};
    return m;
  }
  std::vector<Memory>& all() { return all_; }

 private:
  std::vector<Memory> all_;
  int64_t next_ = 1;
};

store::ConsolidationPlan Plan(const std::vector<Memory>& ms, ConsolidationParams p = {}) {
  auto plan = PlanConsolidation(ms, p);
  EXPECT_TRUE(plan.ok()) << plan.status().ToString();
  return plan.ok() ? std::move(plan).value() : store::ConsolidationPlan{};
}

TEST(ConsolidationTest, NearDuplicatesMergeIntoTheOldestOfTheirScope) {
  Memories ms;
  ms.all().reserve(16);
  ms.Add("I really like green tea in the morning");
  ms.Add("I REALLY like green tea in the morning!");
  ms.Add("I really like green tea in the morning", "bob");   // another scope
  ms.Add("I really like black coffee in the evening");      // different
  ms.Add("ok");
  ms.Add("ok");                                              // too short to merge
  Memory& low = ms.Add("I really like green tea in the morning.");
  low.confidence.consistency = 0.5;
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.merges.size(), 1u);
  EXPECT_EQ(plan.merges[0].survivor_id, 1);
  EXPECT_EQ(plan.merges[0].duplicate_ids, (std::vector<int64_t>{2, 7}));
  auto meta = nlohmann::json::parse(plan.merges[0].survivor_metadata_json);
  EXPECT_EQ(meta["reinforced_by"], nlohmann::json::array({2, 7}));
  EXPECT_DOUBLE_EQ(plan.merges[0].consistency, 1.0);  // already 1
  EXPECT_TRUE(plan.links.empty());
  EXPECT_TRUE(plan.summaries.empty());
}

TEST(ConsolidationTest, ConsistencyRisesWithNewReinforcementsOnly) {
  Memories ms;
  ms.all().reserve(8);
  Memory& a = ms.Add("the quarterly report is due on Friday");
  a.confidence.consistency = 0.5;
  ms.Add("The quarterly report is due on Friday.");
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.merges.size(), 1u);
  EXPECT_DOUBLE_EQ(plan.merges[0].consistency, 0.75);
  // Once applied (the duplicate retired, the id recorded), a second plan changes nothing.
  ms.all()[0].metadata_json = plan.merges[0].survivor_metadata_json;
  ms.all()[0].confidence.consistency = 0.75;
  ms.all()[1].current = false;
  EXPECT_TRUE(Plan(ms.all()).merges.empty());
}

TEST(ConsolidationTest, FactsMergeByFoldedValueAndLinkOtherAttributes) {
  Memories ms;
  ms.all().reserve(16);
  ms.Fact("Zhang", "phone", "139");
  ms.Fact("ZHANG", "Phone", "139");   // the same fact, spelled differently
  ms.Fact("Zhang", "email", "z@x");   // complements
  ms.Fact("zhang", "title", "engineer");
  ms.Fact("Li", "phone", "138");      // another subject
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.merges.size(), 1u);
  EXPECT_EQ(plan.merges[0].survivor_id, 1);
  EXPECT_EQ(plan.merges[0].duplicate_ids, (std::vector<int64_t>{2}));
  std::vector<std::pair<int64_t, int64_t>> links;
  for (const auto& l : plan.links) {
    EXPECT_EQ(l.kind, "complements");
    links.emplace_back(l.from_id, l.to_id);
  }
  EXPECT_EQ(links, (std::vector<std::pair<int64_t, int64_t>>{{1, 3}, {1, 4}, {3, 4}}));
}

TEST(ConsolidationTest, EarlierVersionsWithTheSameValueReinforceTheCurrentFact) {
  Memories ms;
  ms.all().reserve(8);
  Memory& v1 = ms.Fact("Zhang", "phone", "139");
  v1.current = false;
  Memory& v2 = ms.Fact("Zhang", "phone", "138");
  v2.lineage_id = 1, v2.version = 2, v2.current = false;
  Memory& v3 = ms.Fact("Zhang", "phone", "139");
  v3.lineage_id = 1, v3.version = 3;
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.merges.size(), 1u);
  EXPECT_EQ(plan.merges[0].survivor_id, 3);
  EXPECT_TRUE(plan.merges[0].duplicate_ids.empty());
  auto meta = nlohmann::json::parse(plan.merges[0].survivor_metadata_json);
  EXPECT_EQ(meta["reinforced_by"], nlohmann::json::array({1}));
}

TEST(ConsolidationTest, OverlappingRelatedEventsAreComplements) {
  Memories ms;
  ms.all().reserve(8);
  for (const char* text : {"interface review meeting with Zhang on Tuesday",
                           "interface review meeting on Tuesday needs the report",
                           "dentist appointment"}) {
    Memory& m = ms.Add(text);
    m.event_time = TimeSpan{Instant{kT0, 0}, Instant{kT0 + 3600000, 0}, Grain::kHour};
  }
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.links.size(), 1u);
  EXPECT_EQ(plan.links[0].from_id, 1);
  EXPECT_EQ(plan.links[0].to_id, 2);
}

TEST(ConsolidationTest, SessionRunsBecomeOneSummaryEachAndAreNotRepeated) {
  Memories ms;
  ms.all().reserve(32);
  const int64_t hour = 3600000;
  for (int i = 0; i < 4; ++i) {
    ms.Turn("s1", "We review the interface document on Tuesday, part " + std::to_string(i) + ".",
            kT0 + i * 60000);
  }
  for (int i = 0; i < 4; ++i) {  // a day later: another run of the same session
    ms.Turn("s1", "Budget for the Q3 launch event, item " + std::to_string(i) + ".",
            kT0 + 24 * hour + i * 60000);
  }
  for (int i = 0; i < 3; ++i) ms.Turn("s2", "too short a run " + std::to_string(i), kT0);
  store::ConsolidationPlan plan = Plan(ms.all());
  ASSERT_EQ(plan.summaries.size(), 2u);
  const store::SummaryPlan& first = plan.summaries[0];
  EXPECT_EQ(first.sources, (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(first.replaces, 0);
  EXPECT_EQ(first.draft.kind, MemoryKind::kSummary);
  EXPECT_EQ(first.draft.type, MemoryType::kEpisodic);
  EXPECT_EQ(first.draft.source.session_id, "s1");
  ASSERT_TRUE(first.draft.event_time.has_value());
  EXPECT_EQ(first.draft.event_time->from.unix_ms, kT0);
  EXPECT_EQ(first.draft.event_time->to.unix_ms, kT0 + 4 * 60000);
  EXPECT_NE(first.draft.content.find("interface document"), std::string::npos);
  auto meta = nlohmann::json::parse(first.draft.metadata_json);
  EXPECT_EQ(meta["sources"], nlohmann::json::array({1, 2, 3, 4}));
  EXPECT_EQ(meta["summary_method"], "extractive");

  // As stored: the summaries exist; planning again writes nothing.
  int64_t id = 100;
  for (const store::SummaryPlan& sp : plan.summaries) {
    Memory s = sp.draft;
    s.id = s.lineage_id = id++;
    ms.all().push_back(s);
  }
  EXPECT_TRUE(Plan(ms.all()).summaries.empty());

  // The first run grows by one turn: its summary is revised, the other one stays.
  ms.Turn("s1", "Zhang sends the interface document tonight.", kT0 + 5 * 60000);
  store::ConsolidationPlan again = Plan(ms.all());
  ASSERT_EQ(again.summaries.size(), 1u);
  EXPECT_EQ(again.summaries[0].replaces, 100);
  EXPECT_EQ(again.summaries[0].sources.size(), 5u);
}

class FailingWriter final : public SummaryWriter {
 public:
  std::string Method() const override { return "failing"; }
  Result<std::string> Write(const std::vector<const Memory*>&) const override {
    return Status::Unavailable("llm: down");
  }
};

TEST(ConsolidationTest, AWritersErrorAbortsThePlan) {
  Memories ms;
  ms.all().reserve(8);
  for (int i = 0; i < 4; ++i) ms.Turn("s1", "turn number " + std::to_string(i), kT0 + i);
  FailingWriter writer;
  ConsolidationParams p;
  p.writer = &writer;
  auto plan = PlanConsolidation(ms.all(), p);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.status().code(), StatusCode::kUnavailable);
}

}  // namespace
}  // namespace engram::govern
