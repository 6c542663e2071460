// PII through the engine: placeholders at rest, plaintext for the owner (audited), a masked
// form for others who may read, nothing for the rest.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

class PiiEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options o;
    o.db_path = dir_.File("pii.db");
    o.clock = &clock_;
    o.embedder = "hashing";
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
  }
  std::string FileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Engine> engine_;
  Principal alice_{"alice", "", {"sales"}, {}};
  Principal bob_{"bob", "", {"sales"}, {}};
  Principal carol_{"carol", "", {"ops"}, {}};
};

TEST_F(PiiEngineTest, OwnerSeesPlaintextTeammateSeesMaskedOthersSeeNothing) {
  RememberRequest r{alice_, "张工手机13912345432,身份证11010519491231002X"};
  r.visibility = Visibility::kTeam;
  r.team_id = "sales";
  auto out = engine_->Remember(r);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  const Memory& stored = out->memories.at(0);
  EXPECT_EQ(stored.content.find("13912345432"), std::string::npos) << stored.content;
  // The result shows the placeholders without their ids (never an id to a reader).
  EXPECT_NE(stored.content.find("⟦PHONE⟧"), std::string::npos) << stored.content;
  EXPECT_NE(stored.content.find("⟦ID_CARD⟧"), std::string::npos);

  auto mine = engine_->Get(alice_, stored.id);
  ASSERT_TRUE(mine.ok());
  EXPECT_EQ(mine->content, "张工手机13912345432,身份证11010519491231002X");
  auto theirs = engine_->Get(bob_, stored.id);
  ASSERT_TRUE(theirs.ok());
  EXPECT_EQ(theirs->content, "张工手机139****5432,身份证1101**********002X");
  EXPECT_EQ(engine_->Get(carol_, stored.id).status().code(), StatusCode::kNotFound);

  auto hits = engine_->Recall({bob_, "张工手机"});
  ASSERT_TRUE(hits.ok());
  ASSERT_FALSE(hits->hits.empty());
  EXPECT_EQ(hits->hits[0].memory.content, theirs->content);

  // Every plaintext reveal is audited; the masked read is not a reveal.
  auto audit = engine_->Audit(alice_, 0, 100);
  ASSERT_TRUE(audit.ok());
  int reveals = 0;
  for (const AuditEntryView& a : *audit) reveals += a.action == "reveal";
  EXPECT_EQ(reveals, 1);
  auto bobs = engine_->Audit(bob_, 0, 100);
  ASSERT_TRUE(bobs.ok());
  for (const AuditEntryView& a : *bobs) EXPECT_NE(a.action, "reveal");

  engine_.reset();  // checkpoint: nothing of the identifiers is in the files
  for (const char* suffix : {"", "-wal", ".vectors"}) {
    std::string bytes = FileBytes(dir_.File(std::string("pii.db") + suffix));
    EXPECT_EQ(bytes.find("13912345432"), std::string::npos) << suffix;
    EXPECT_EQ(bytes.find("11010519491231002X"), std::string::npos) << suffix;
  }
}

TEST_F(PiiEngineTest, AQueryNamingTheNumberFindsItsPlaceholder) {
  ASSERT_TRUE(engine_->Remember({alice_, "李老师的邮箱是 li.teacher@example.com"}).ok());
  ASSERT_TRUE(engine_->Remember({alice_, "明天开会"}).ok());
  auto hits = engine_->Recall({alice_, "li.teacher@example.com"});
  ASSERT_TRUE(hits.ok());
  ASSERT_FALSE(hits->hits.empty());
  EXPECT_EQ(hits->hits[0].memory.content, "李老师的邮箱是 li.teacher@example.com");
  ASSERT_TRUE(hits->hits[0].channels.count("keyword"));
}

TEST_F(PiiEngineTest, CorrectionsAreSealedToo) {
  auto first = engine_->Remember({alice_, "张工电话13900001111"});
  ASSERT_TRUE(first.ok());
  CorrectRequest c{alice_, first->memories[0].id, "张工电话改为13900002222"};
  auto v2 = engine_->Correct(c);
  ASSERT_TRUE(v2.ok()) << v2.status().ToString();
  EXPECT_EQ(v2->content.find("13900002222"), std::string::npos);
  auto got = engine_->Get(alice_, v2->id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->content, "张工电话改为13900002222");
}

}  // namespace
}  // namespace engram
