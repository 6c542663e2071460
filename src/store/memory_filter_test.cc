#include "src/store/memory_filter.h"

#include <gtest/gtest.h>

namespace engram::store {
namespace {

Memory WithMeta(const std::string& meta) {
  Memory m;
  m.metadata_json = meta;
  return m;
}

MemoryFilter Meta(const std::string& condition) {
  RecallFilter f;
  f.metadata_json = condition;
  auto c = MemoryFilter::Compile(f);
  EXPECT_TRUE(c.ok()) << condition << ": " << c.status().ToString();
  return c.ok() ? std::move(c).value() : MemoryFilter();
}

bool M(const std::string& condition, const std::string& meta) {
  return Meta(condition).Matches(WithMeta(meta));
}

TEST(MemoryFilterTest, EmptyFilterMatchesEverything) {
  RecallFilter f;
  f.metadata_json = "{}";
  auto c = MemoryFilter::Compile(f);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->empty());
  EXPECT_TRUE(c->Matches(WithMeta("not json")));
}

TEST(MemoryFilterTest, TypeKindSessionAgent) {
  RecallFilter f;
  f.types = {MemoryType::kSemantic, MemoryType::kProcedural};
  f.kinds = {MemoryKind::kPreference};
  f.session_id = "s1";
  f.agent_id = "bot";
  auto c = MemoryFilter::Compile(f);
  ASSERT_TRUE(c.ok());
  Memory m;
  m.type = MemoryType::kSemantic;
  m.kind = MemoryKind::kPreference;
  m.source.session_id = "s1";
  m.scope.agent_id = "bot";
  EXPECT_TRUE(c->Matches(m));
  Memory other_type = m;
  other_type.type = MemoryType::kEpisodic;
  EXPECT_FALSE(c->Matches(other_type));
  Memory other_kind = m;
  other_kind.kind = MemoryKind::kFact;
  EXPECT_FALSE(c->Matches(other_kind));
  Memory other_session = m;
  other_session.source.session_id = "s2";
  EXPECT_FALSE(c->Matches(other_session));
  Memory other_agent = m;
  other_agent.scope.agent_id = "";
  EXPECT_FALSE(c->Matches(other_agent));
}

TEST(MemoryFilterTest, EqualityAndPresence) {
  EXPECT_TRUE(M(R"({"project": "apollo"})", R"({"project": "apollo", "x": 1})"));
  EXPECT_FALSE(M(R"({"project": "apollo"})", R"({"project": "zeus"})"));
  EXPECT_FALSE(M(R"({"project": "apollo"})", "{}"));
  EXPECT_TRUE(M(R"({"n": 1})", R"({"n": 1.0})"));
  EXPECT_FALSE(M(R"({"n": 1})", R"({"n": true})"));
  EXPECT_TRUE(M(R"({"tags": ["a", "b"]})", R"({"tags": ["a", "b"]})"));
  EXPECT_TRUE(M(R"({"project": "*"})", R"({"project": null})"));
  EXPECT_FALSE(M(R"({"project": "*"})", R"({"other": 1})"));
  // Every key of one object must hold.
  EXPECT_FALSE(M(R"({"a": 1, "b": 2})", R"({"a": 1, "b": 3})"));
  // Metadata that is not an object is treated as empty.
  EXPECT_FALSE(M(R"({"a": 1})", "[1]"));
  EXPECT_TRUE(M(R"({"a": {"ne": 1}})", "garbage"));
}

TEST(MemoryFilterTest, Operators) {
  const std::string meta = R"({"n": 5, "s": "Beta 会議", "t": "b"})";
  EXPECT_TRUE(M(R"({"n": {"eq": 5}})", meta));
  EXPECT_TRUE(M(R"({"n": {"ne": 4}})", meta));
  EXPECT_TRUE(M(R"({"missing": {"ne": 4}})", meta));
  EXPECT_TRUE(M(R"({"n": {"in": [1, 5]}})", meta));
  EXPECT_FALSE(M(R"({"missing": {"in": [1, 5]}})", meta));
  EXPECT_TRUE(M(R"({"n": {"nin": [1, 2]}})", meta));
  EXPECT_TRUE(M(R"({"n": {"gt": 4, "lte": 5}})", meta));
  EXPECT_FALSE(M(R"({"n": {"gt": 5}})", meta));
  EXPECT_TRUE(M(R"({"n": {"gte": 5, "lt": 5.5}})", meta));
  EXPECT_TRUE(M(R"({"t": {"gt": "a"}})", meta));
  EXPECT_FALSE(M(R"({"n": {"gt": "a"}})", meta));  // a number is not ordered with a string
  EXPECT_TRUE(M(R"({"s": {"contains": "eta"}})", meta));
  EXPECT_FALSE(M(R"({"s": {"contains": "beta"}})", meta));
  EXPECT_TRUE(M(R"({"s": {"icontains": "BETA 会议"}})", meta));  // case and 會/会 folded
  EXPECT_FALSE(M(R"({"n": {"contains": "5"}})", meta));
}

TEST(MemoryFilterTest, LogicalCombinations) {
  const std::string meta = R"({"team": "infra", "p": 2})";
  EXPECT_TRUE(M(R"({"OR": [{"team": "web"}, {"team": "infra"}]})", meta));
  EXPECT_FALSE(M(R"({"AND": [{"team": "infra"}, {"p": 3}]})", meta));
  EXPECT_TRUE(M(R"({"NOT": [{"team": "web"}]})", meta));
  EXPECT_FALSE(M(R"({"NOT": [{"team": "web"}, {"p": 2}]})", meta));
  EXPECT_TRUE(M(R"({"OR": [{"AND": [{"p": {"gt": 1}}, {"team": "infra"}]}], "p": 2})", meta));
}

TEST(MemoryFilterTest, MalformedConditionsNameTheirPlace) {
  auto error = [](const std::string& condition) {
    RecallFilter f;
    f.metadata_json = condition;
    auto c = MemoryFilter::Compile(f);
    EXPECT_FALSE(c.ok()) << condition;
    EXPECT_EQ(c.status().code(), StatusCode::kInvalidArgument);
    return c.ok() ? std::string() : c.status().message();
  };
  EXPECT_NE(error("{").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error("[1]").find("must be a JSON object"), std::string::npos);
  EXPECT_NE(error(R"({"a": {"like": 1}})").find("filter.metadata.a: unknown operator 'like'"),
            std::string::npos);
  EXPECT_NE(error(R"({"OR": {"a": 1}})").find("filter.metadata.OR: must be a list"),
            std::string::npos);
  EXPECT_NE(error(R"({"OR": [1]})").find("filter.metadata.OR[0]"), std::string::npos);
  EXPECT_NE(error(R"({"a": {"in": 3}})").find("filter.metadata.a.in: must be a list"),
            std::string::npos);
  EXPECT_NE(error(R"({"a": {"gt": [1]}})").find("a.gt"), std::string::npos);
  EXPECT_NE(error(R"({"a": {"contains": 1}})").find("must be a string"), std::string::npos);
  EXPECT_NE(error(R"({"a": {}})").find("no operator"), std::string::npos);
}

TEST(MemoryFilterTest, SealedValuesAreSeenWithoutTheirPlaceholderIds) {
  const std::string meta = R"({"phone":"⟦PHONE:k3v9x2m1q8abcd2f⟧","⟦EMAIL:q8abcd2fk3v9x2m1⟧":1})";
  EXPECT_TRUE(M(R"({"phone":"⟦PHONE⟧"})", meta));
  EXPECT_TRUE(M(R"({"phone":{"contains":"⟦PHONE"}})", meta));
  EXPECT_FALSE(M(R"({"phone":{"contains":"⟦PHONE:k"}})", meta));
  EXPECT_FALSE(M(R"({"phone":"⟦PHONE:k3v9x2m1q8abcd2f⟧"})", meta));
  // An ordering probe answers alike whatever the id.
  const std::string other = R"({"phone":"⟦PHONE:aaaaaaaaaaaaaaaa⟧"})";
  for (const char* probe : {R"({"phone":{"gte":"⟦PHONE:k"}})", R"({"phone":{"lt":"⟦PHONE:b"}})"}) {
    EXPECT_EQ(M(probe, meta), M(probe, other)) << probe;
  }
  EXPECT_TRUE(M(R"({"⟦EMAIL⟧":1})", meta));
  EXPECT_FALSE(M(R"({"⟦EMAIL:q8abcd2fk3v9x2m1⟧":"*"})", meta));
}

}  // namespace
}  // namespace engram::store
