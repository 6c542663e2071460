// The held-out truth set (tests/corpora/truth_heldout.jsonl): recall-truth scenarios written
// blind, by a writer who read neither the rules nor the scenario suite, scored once after the
// rules were frozen (tests/corpora/README.md). Each row: turns a user said (days before the
// question), a question, and what the answer must show: `first` (a substring of the first
// hit), `absent` (substrings no hit may contain), `none` (no hit at all), `count` (how many
// hits contain a substring). Runs on the real e5 embedder with the default options.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

using json = nlohmann::json;

// The first set, blind, once, with the rules frozen (2026-12-01): 30/52 = 57.7 % (abstention
// 6/6, correction 8/8, change_verb 5/9, dedup 3/6, newer_statement 2/7, past_question 3/8,
// status 3/8). Its rows have been development data since: 50/52 after tuning on them.
constexpr double kFirstSetFloor = 50.0 / 52;

// The second set (truth_heldout2.jsonl, 70 rows), written blind by someone who had read neither
// the rules nor any scenario, scored once with the rules frozen (2026-12-02): 45/70 = 64.3 % at
// min_relevance 0.35 (abstention 8/10, change_verb 6/10, correction 8/10, dedup 3/10,
// newer_statement 8/10, past_question 6/10, status 6/10); 36/70 = 51.4 % with no floor
// (abstention 0/10). Those scores are the floors; the rows are development data from now on.
struct SetFloor {
  double min_relevance;
  double score;
};
constexpr SetFloor kSecondSetFloors[] = {{0.35, 45.0 / 70}, {0.0, 36.0 / 70}};

// The third set (truth_heldout3.jsonl, 70 rows), written blind like the second by another
// writer, scored once with the rules frozen after tuning on the first two (2026-12-02, dev
// scores then 50/52 and 62/70): 42/70 = 60.0 % at min_relevance 0.35 (abstention 4/10,
// change_verb 6/10, correction 8/10, dedup 6/10, newer_statement 6/10, past_question 7/10,
// status 5/10); 34/70 = 48.6 % with no floor. The word lists fit what they were tuned on and
// generalize to about six rows in ten. Development data from now on.
constexpr SetFloor kThirdSetFloors[] = {{0.35, 42.0 / 70}, {0.0, 34.0 / 70}};

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Whether the recall answers the row as expected; `why` says how it does not.
bool Check(const json& expect, const std::vector<RecallHit>& hits, std::string* why) {
  if (expect.value("none", false) && !hits.empty()) {
    *why = "expected no hit, got '" + hits[0].memory.content + "'";
    return false;
  }
  if (expect.contains("first")) {
    const std::string first = expect["first"];
    if (hits.empty() || !Contains(hits[0].memory.content, first)) {
      *why = "first hit lacks '" + first + "': " + (hits.empty() ? "(none)" : hits[0].memory.content);
      return false;
    }
  }
  const json absent = expect.value("absent", json::array());
  for (const auto& a : absent) {
    for (const RecallHit& h : hits) {
      if (Contains(h.memory.content, a.get<std::string>())) {
        *why = "'" + a.get<std::string>() + "' came back: " + h.memory.content;
        return false;
      }
    }
  }
  const json counts = expect.value("count", json::object());
  for (const auto& [part, n] : counts.items()) {
    int found = 0;
    for (const RecallHit& h : hits) found += Contains(h.memory.content, part);
    if (found != n.get<int>()) {
      *why = "'" + part + "' in " + std::to_string(found) + " hits, expected " +
             std::to_string(n.get<int>());
      return false;
    }
  }
  return true;
}

struct Score {
  int passed = 0;
  int total = 0;
};

// Runs every row of tests/corpora/`file` on a fresh engine (e5, `min_relevance`) and prints the
// misses and the per-family counts.
Score ScoreFile(const std::string& file, double min_relevance) {
  Score score;
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  EXPECT_NE(root, nullptr);
  if (root == nullptr) return score;
  std::ifstream in(std::string(root) + "/tests/corpora/" + file);
  EXPECT_TRUE(in) << "tests/corpora/" << file << " is missing";
  testing::TempDir dir;
  testing::FakeClock clock;
  Options o;
  o.db_path = dir.File("truth.db");
  o.clock = &clock;
  o.default_offset_minutes = 480;
  o.min_relevance = min_relevance;
  auto engine = Engine::Open(o);
  EXPECT_TRUE(engine.ok()) << engine.status().ToString();
  if (!engine.ok()) return score;
  const Instant now{clock.NowMicros() / 1000, clock.LocalOffsetMinutes()};
  std::map<std::string, std::pair<int, int>> by_family;  // passed, total
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const json row = json::parse(line);
    const std::string id = row.at("id");
    Principal p;
    p.user_id = "truth-" + id;
    for (const json& turn : row.at("turns")) {
      RememberRequest r;
      r.principal = p;
      r.text = turn.at("text");
      const double days = turn.value("days_ago", 0.0);
      r.at = Instant{now.unix_ms - static_cast<int64_t>(days * 86400000.0), now.offset_minutes};
      auto w = (*engine)->Remember(r);
      EXPECT_TRUE(w.ok()) << id << ": " << w.status().ToString();
    }
    RecallRequest q;
    q.principal = p;
    q.query = row.at("query");
    q.at = now;
    auto hits = (*engine)->Recall(q);
    EXPECT_TRUE(hits.ok()) << id << ": " << hits.status().ToString();
    if (!hits.ok()) continue;
    std::string why;
    const bool ok = Check(row.at("expect"), hits->hits, &why);
    auto& [fp, ft] = by_family[row.value("family", "?")];
    ++ft;
    ++score.total;
    if (ok) {
      ++fp;
      ++score.passed;
    } else {
      std::cout << "  miss " << id << " (" << row.value("family", "?") << "): " << why << "\n";
    }
  }
  for (const auto& [family, pt] : by_family) {
    std::cout << "  " << family << ": " << pt.first << "/" << pt.second << "\n";
  }
  std::cout << file << " at min_relevance " << min_relevance << ": " << score.passed << "/"
            << score.total << " = " << 100.0 * score.passed / std::max(score.total, 1) << "%\n";
  return score;
}

TEST(TruthHeldOutTest, ScoreOnFirstSet) {
  const Score s = ScoreFile("truth_heldout.jsonl", 0.35);
  ASSERT_GT(s.total, 0);
  EXPECT_GE(static_cast<double>(s.passed) / s.total, kFirstSetFloor);
}

void ExpectFloors(const std::string& file, const SetFloor (&floors)[2]) {
  for (const SetFloor& f : floors) {
    const Score s = ScoreFile(file, f.min_relevance);
    ASSERT_GT(s.total, 0);
    EXPECT_GE(static_cast<double>(s.passed) / s.total, f.score) << file;
  }
}

TEST(TruthHeldOutTest, ScoreOnSecondSet) { ExpectFloors("truth_heldout2.jsonl", kSecondSetFloors); }

TEST(TruthHeldOutTest, ScoreOnThirdSet) { ExpectFloors("truth_heldout3.jsonl", kThirdSetFloors); }

}  // namespace
}  // namespace engram
