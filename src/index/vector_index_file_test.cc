#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "src/index/index_test_util.h"
#include "src/index/vector_index.h"

namespace engram::index {
namespace {

namespace fs = std::filesystem;
constexpr int kDim = 24;

VectorIndexOptions Options() {
  VectorIndexOptions options;
  options.dimension = kDim;
  options.exact_search_max = 300;
  options.model_id = "test-model";
  return options;
}

class VectorIndexFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("engram_vi_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    path_ = (dir_ / "vectors.idx").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // 1000 vectors: a graph-sized public partition and two small ones.
  void Fill(VectorIndex* index) {
    testing::ClusteredVectors gen(kDim, 8, 0.4f, 11);
    data_ = gen.Many(1000);
    for (int64_t id = 0; id < 1000; ++id) {
      const std::string key = id < 800 ? "p" : id < 900 ? "u:ann" : "t:ops";
      ASSERT_TRUE(index->Add(key, id, Row(id)).ok());
    }
  }
  std::span<const float> Row(int64_t id) const {
    return std::span<const float>(data_.data() + id * kDim, kDim);
  }
  static std::vector<int64_t> Top(const VectorIndex& index, std::span<const float> q) {
    auto hits = index.Search(q, 10, SearchFilter{{"p", "u:ann", "t:ops"}, nullptr});
    std::vector<int64_t> ids;
    if (hits.ok()) {
      for (const VectorHit& h : *hits) ids.push_back(h.id);
    }
    return ids;
  }
  void FlipByte(uint64_t offset) {
    std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(offset));
    char c = 0;
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x5a);
    f.seekp(static_cast<std::streamoff>(offset));
    f.write(&c, 1);
  }

  fs::path dir_;
  std::string path_;
  std::vector<float> data_;
};

TEST_F(VectorIndexFileTest, RoundTripKeepsResultsAndSequence) {
  for (bool graphs : {false, true}) {
    auto index = graphs ? NewHnswVectorIndex(Options()) : NewFlatVectorIndex(Options());
    Fill(index.get());
    ASSERT_TRUE(index->Remove(5).ok());
    index->set_applied_sequence(42);
    ASSERT_TRUE(index->Save(path_).ok());
    auto loaded = LoadVectorIndex(path_, Options());
    ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
    EXPECT_EQ((*loaded)->kind(), index->kind());
    EXPECT_EQ((*loaded)->applied_sequence(), 42u);
    EXPECT_EQ((*loaded)->size(), 999u);
    EXPECT_FALSE((*loaded)->Contains(5));
    for (int64_t q : {0, 7, 850, 950}) EXPECT_EQ(Top(**loaded, Row(q)), Top(*index, Row(q)));
    EXPECT_FALSE(fs::exists(path_ + ".tmp"));
  }
}

// Two writers of one file (a CLI beside a running server): every save succeeds, the file
// always loads whole, no temporary is left behind, and the file is private (0600).
TEST_F(VectorIndexFileTest, ConcurrentWritersEachSaveWholeFiles) {
  std::vector<std::unique_ptr<VectorIndex>> writers;
  for (int w = 0; w < 2; ++w) {
    writers.push_back(w == 0 ? NewHnswVectorIndex(Options()) : NewFlatVectorIndex(Options()));
    Fill(writers.back().get());
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < 25; ++i) {
        if (!writers[static_cast<size_t>(w)]->Save(path_).ok()) ++failures;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  auto loaded = LoadVectorIndex(path_, Options());
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  EXPECT_EQ((*loaded)->size(), 1000u);
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    ++files;
    EXPECT_EQ(entry.path().string(), path_);
  }
  EXPECT_EQ(files, 1);
  EXPECT_EQ(fs::status(path_).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

TEST_F(VectorIndexFileTest, DetectsCorruptionTruncationAndMismatch) {
  auto index = NewHnswVectorIndex(Options());
  Fill(index.get());
  ASSERT_TRUE(index->Save(path_).ok());
  const uint64_t size = fs::file_size(path_);

  FlipByte(size / 2);
  EXPECT_EQ(LoadVectorIndex(path_, Options()).status().code(), StatusCode::kCorruption);
  FlipByte(size / 2);
  ASSERT_TRUE(LoadVectorIndex(path_, Options()).ok());

  VectorIndexOptions other = Options();
  other.dimension = kDim + 1;
  EXPECT_EQ(LoadVectorIndex(path_, other).status().code(), StatusCode::kFailedPrecondition);
  other = Options();
  other.model_id = "another-model";
  EXPECT_EQ(LoadVectorIndex(path_, other).status().code(), StatusCode::kFailedPrecondition);

  FlipByte(8);  // the format version
  EXPECT_EQ(LoadVectorIndex(path_, Options()).status().code(), StatusCode::kNotSupported);
  FlipByte(8);

  fs::resize_file(path_, size - 100);
  EXPECT_EQ(LoadVectorIndex(path_, Options()).status().code(), StatusCode::kCorruption);
  fs::remove(path_);
  EXPECT_EQ(LoadVectorIndex(path_, Options()).status().code(), StatusCode::kNotFound);
}

TEST_F(VectorIndexFileTest, AnyFlippedByteIsRejectedNotCrashedOn) {
  auto index = NewHnswVectorIndex(Options());
  Fill(index.get());
  ASSERT_TRUE(index->Save(path_).ok());
  const uint64_t size = fs::file_size(path_);
  for (uint64_t i = 0; i < 40; ++i) {
    const uint64_t offset = (i * 7919 * 104729) % size;
    FlipByte(offset);
    const StatusCode code = LoadVectorIndex(path_, Options()).status().code();
    EXPECT_TRUE(code == StatusCode::kCorruption || code == StatusCode::kNotSupported)
        << "offset " << offset << ": " << static_cast<int>(code);
    FlipByte(offset);
  }
  EXPECT_TRUE(LoadVectorIndex(path_, Options()).ok());
}

// The store committed changes 6..9 but the process died before the index was saved again:
// at open the index reports sequence 5 and catches up from the store's change log.
TEST_F(VectorIndexFileTest, IndexLaggingTheStoreIsRepairedAtOpen) {
  testing::ClusteredVectors gen(kDim, 4, 0.4f, 5);
  std::vector<float> v = gen.Many(400);
  std::vector<VectorChange> log;
  uint64_t seq = 0;
  for (int64_t id = 0; id < 400; ++id) {
    log.push_back({++seq, VectorChange::Op::kUpsert, id, id % 2 ? "p" : "u:bo",
                   std::vector<float>(v.begin() + id * kDim, v.begin() + (id + 1) * kDim)});
  }
  const size_t committed_before_crash = 350;
  VectorIndexOptions options = Options();
  options.exact_search_max = 100;  // both big partitions are graphs
  {
    auto index = NewHnswVectorIndex(options);
    ASSERT_TRUE(ApplyChanges(index.get(), std::span(log).first(committed_before_crash)).ok());
    ASSERT_TRUE(index->Save(path_).ok());
  }
  // After the save: removals (a deleted and a superseded memory) and more upserts.
  log.push_back({++seq, VectorChange::Op::kRemove, 1, "", {}});
  log.push_back({++seq, VectorChange::Op::kRemove, 2, "", {}});
  log.push_back({++seq, VectorChange::Op::kUpsert, 3, "t:new",
                 std::vector<float>(v.begin(), v.begin() + kDim)});
  // A crashed save left a partial temporary file behind.
  std::ofstream(path_ + ".tmp") << "partial";

  auto reopened = LoadVectorIndex(path_, options);
  ASSERT_TRUE(reopened.ok()) << reopened.status().ToString();
  EXPECT_EQ((*reopened)->applied_sequence(), committed_before_crash);
  ASSERT_TRUE(ApplyChanges(reopened->get(), log).ok());
  EXPECT_EQ((*reopened)->applied_sequence(), seq);

  // The exact oracle built from the whole log.
  auto oracle = NewFlatVectorIndex(options);
  ASSERT_TRUE(ApplyChanges(oracle.get(), log).ok());
  EXPECT_EQ((*reopened)->size(), oracle->size());
  EXPECT_FALSE((*reopened)->Contains(1));
  EXPECT_FALSE((*reopened)->Contains(2));
  EXPECT_EQ((*reopened)->PartitionSize("t:new"), 1u);
  EXPECT_EQ((*reopened)->PartitionSize("p"), 198u);  // 200 odd ids - 1 removed - 3 moved
  SearchFilter all{{"p", "u:bo", "t:new"}, nullptr};
  size_t found = 0, total = 0;
  for (int q = 0; q < 40; ++q) {
    std::span<const float> query(v.data() + q * kDim, kDim);
    auto got = (*reopened)->Search(query, 5, all);
    auto want = oracle->Search(query, 5, all);
    ASSERT_TRUE(got.ok() && want.ok());
    for (const VectorHit& w : *want) {
      ++total;
      for (const VectorHit& g : *got) found += g.id == w.id ? 1 : 0;
    }
    for (const VectorHit& g : *got) EXPECT_TRUE(g.id != 1 && g.id != 2) << g.id;
  }
  EXPECT_GE(static_cast<double>(found) / static_cast<double>(total), 0.95);
  ASSERT_TRUE((*reopened)->Save(path_).ok());
}

}  // namespace
}  // namespace engram::index
