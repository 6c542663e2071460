// AuditAnchor on its own: rewritten in place under a lock, it never moves backwards and no
// reader sees a half-written head, with several writers and readers at once (each with its
// own AuditAnchor, as separate processes would have).
#include "src/store/audit_anchor.h"

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

const std::string kKey(32, 'k');

AuditHead Head(int64_t seq) {
  return AuditHead{1, seq, std::string(64, static_cast<char>('a' + seq % 6))};
}

TEST(AuditAnchorTest, CreatesOnlyWhenAskedAndNeverMovesBack) {
  testing::TempDir dir;
  AuditAnchor anchor(dir.File("db.audit-head"), kKey);
  EXPECT_EQ(anchor.Write(Head(3), false).code(), StatusCode::kFailedPrecondition);
  EXPECT_FALSE(std::filesystem::exists(anchor.path()));
  ASSERT_TRUE(anchor.Write(Head(3), true).ok());
  struct stat st{};
  ASSERT_EQ(::stat(anchor.path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600);
  ASSERT_TRUE(anchor.Write(Head(9), false).ok());
  ASSERT_TRUE(anchor.Write(Head(5), false).ok());  // skipped: a later head is anchored
  auto read = anchor.Read();
  ASSERT_TRUE(read.ok() && *read);
  EXPECT_EQ((*read)->seq, 9);
  EXPECT_EQ((*read)->hash, Head(9).hash);
  // No temporary file is left beside it.
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) files += e.exists();
  EXPECT_EQ(files, 1);
}

TEST(AuditAnchorTest, AShorterHeadOfANewKeyingReplacesTheWholeFile) {
  testing::TempDir dir;
  AuditAnchor anchor(dir.File("a"), kKey);
  ASSERT_TRUE(anchor.Write(AuditHead{1, 123456789, std::string(64, 'f')}, true).ok());
  ASSERT_TRUE(anchor.Write(AuditHead{2, 7, std::string(64, 'e')}, false).ok());
  auto read = anchor.Read();
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ((*read)->keyed_from, 2);
  EXPECT_EQ((*read)->seq, 7);
}

TEST(AuditAnchorTest, AnEditedOrForeignAnchorIsLeftAsEvidence) {
  testing::TempDir dir;
  AuditAnchor anchor(dir.File("a"), kKey);
  ASSERT_TRUE(anchor.Write(Head(4), true).ok());
  AuditAnchor other(dir.File("a"), std::string(32, 'x'));
  EXPECT_EQ(other.Read().status().code(), StatusCode::kCorruption);
  EXPECT_EQ(other.Write(Head(8), false).code(), StatusCode::kCorruption);
  std::ofstream(anchor.path(), std::ios::trunc) << "engram-audit-head v1\nseq=8\n";
  EXPECT_EQ(anchor.Write(Head(8), false).code(), StatusCode::kCorruption);
  std::ifstream in(anchor.path());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "engram-audit-head v1\nseq=8\n");  // not overwritten
}

TEST(AuditAnchorTest, ConcurrentWritersAndReadersSeeOnlyWholeHeadsAndTheLast) {
  testing::TempDir dir;
  const std::string path = dir.File("a");
  ASSERT_TRUE(AuditAnchor(path, kKey).Write(Head(0), true).ok());
  constexpr int kWriters = 4, kPerWriter = 300;
  std::atomic<int> bad_reads{0}, reads{0};
  std::atomic<bool> done{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      AuditAnchor mine(path, kKey);
      // Writer w writes seqs w+1, w+1+kWriters, ...: interleaved, each writer ascending.
      for (int i = 0; i < kPerWriter; ++i) {
        EXPECT_TRUE(mine.Write(Head(1 + w + i * kWriters), false).ok());
      }
    });
  }
  threads.emplace_back([&] {
    AuditAnchor reader(path, kKey);
    int64_t last = 0;
    while (!done.load()) {
      auto head = reader.Read();
      ++reads;
      if (!head.ok() || !*head || (*head)->seq < last) {
        ++bad_reads;
        continue;
      }
      last = (*head)->seq;
    }
  });
  for (int w = 0; w < kWriters; ++w) threads[w].join();
  done = true;
  threads.back().join();
  EXPECT_GT(reads.load(), 0);
  EXPECT_EQ(bad_reads.load(), 0);  // never torn, never backwards
  auto final_head = AuditAnchor(path, kKey).Read();
  ASSERT_TRUE(final_head.ok() && *final_head);
  EXPECT_EQ((*final_head)->seq, kWriters * kPerWriter);  // the largest seq any writer wrote
}

}  // namespace
}  // namespace engram::store
