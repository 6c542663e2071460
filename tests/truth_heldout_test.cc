// The held-out truth set (tests/corpora/truth_heldout.jsonl): recall-truth scenarios written
// blind, by a writer who read neither the rules nor the scenario suite, scored once after the
// rules were frozen (tests/corpora/README.md). Each row: turns a user said (days before the
// question), a question, and what the answer must show: `first` (a substring of the first
// hit), `absent` (substrings no hit may contain), `none` (no hit at all), `count` (how many
// hits contain a substring). Runs on the real e5 embedder with the default options.
// ENGRAM_TRUTH_DEBUG=1 prints, under each miss, every hit at floor 0 (relevance, state, text).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string_view>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/text/normalize.h"
#include "src/testing/temp_dir.h"
#include "tests/truth_heldout_floors2.h"

namespace engram {
namespace {

using json = nlohmann::json;

using namespace truth_heldout;  // NOLINT: the floors of every set, by name

// ASCII letters in lower case: the writers were told that expectations match case-insensitively
// ("northern air" is said by "Northern Air Maintenance").
std::string AsciiLower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Whether a memory's content says `part`, as stored: content is kept in its canonical form
// (text::Normalize: NFKC, so "记住：" is stored as "记住:"), and so is read the expectation,
// ignoring the case of ASCII letters.
bool Contains(const std::string& text, const std::string& part) {
  return AsciiLower(text).find(AsciiLower(text::Normalize(part))) != std::string::npos;
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

// Every hit of `q` at floor 0, with its relevance, state and vector cosine (ENGRAM_TRUTH_DEBUG:
// set, for each miss; "all", for every row).
void DebugHits(Engine& engine, const RecallRequest& q, std::string* out) {
  RecallRequest q2 = q;
  q2.min_relevance = 0;
  auto all = engine.Recall(q2);
  for (const RecallHit& h : all.ok() ? all->hits : std::vector<RecallHit>{}) {
    auto v = h.channels.find("vector");
    const std::string cosine = v == h.channels.end() ? "-" : std::to_string(v->second.score).substr(0, 5);
    *out += "      " + std::to_string(h.relevance).substr(0, 5) + " " + cosine + " " + h.state +
            " " + h.memory.content + "\n";
  }
}

// Runs every row of `path` on a fresh engine (e5, default options), asking each question once
// per floor of `min_relevance` (a request's own floor), and prints the misses and the
// per-family counts of each floor. Scores come back in the order of `min_relevance`.
std::vector<Score> ScorePath(const std::string& path, const std::vector<double>& min_relevance) {
  std::vector<Score> scores(min_relevance.size());
  std::ifstream in(path);
  EXPECT_TRUE(in) << path << " is missing";
  testing::TempDir dir;
  testing::FakeClock clock;
  Options o;
  o.db_path = dir.File("truth.db");
  o.clock = &clock;
  o.default_offset_minutes = 480;
  auto engine = Engine::Open(o);
  EXPECT_TRUE(engine.ok()) << engine.status().ToString();
  if (!engine.ok()) return scores;
  const Instant now{clock.NowMicros() / 1000, clock.LocalOffsetMinutes()};
  // per floor: family -> (passed, total), and the misses in file order
  std::vector<std::map<std::string, std::pair<int, int>>> by_family(min_relevance.size());
  std::vector<std::string> misses(min_relevance.size());
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
    for (size_t f = 0; f < min_relevance.size(); ++f) {
      RecallRequest q;
      q.principal = p;
      q.query = row.at("query");
      q.at = now;
      q.min_relevance = min_relevance[f];
      auto hits = (*engine)->Recall(q);
      EXPECT_TRUE(hits.ok()) << id << ": " << hits.status().ToString();
      if (!hits.ok()) continue;
      std::string why;
      const bool ok = Check(row.at("expect"), hits->hits, &why);
      auto& [fp, ft] = by_family[f][row.value("family", "?")];
      ++ft;
      ++scores[f].total;
      const char* debug = std::getenv("ENGRAM_TRUTH_DEBUG");
      if (ok && debug != nullptr && std::string_view(debug) == "all") {
        misses[f] += "  pass " + id + " (" + row.value("family", "?") + ")\n";
        DebugHits(**engine, q, &misses[f]);
      }
      if (ok) {
        ++fp;
        ++scores[f].passed;
      } else {
        misses[f] += "  miss " + id + " (" + row.value("family", "?") + "): " + why + "\n";
        if (debug != nullptr) DebugHits(**engine, q, &misses[f]);
      }
    }
  }
  for (size_t f = 0; f < min_relevance.size(); ++f) {
    std::cout << misses[f];
    for (const auto& [family, pt] : by_family[f]) {
      std::cout << "  " << family << ": " << pt.first << "/" << pt.second << "\n";
    }
    std::cout << path.substr(path.rfind('/') + 1) << " at min_relevance " << min_relevance[f]
              << ": " << scores[f].passed << "/" << scores[f].total << " = "
              << 100.0 * scores[f].passed / std::max(scores[f].total, 1) << "%\n";
  }
  return scores;
}

std::string CorpusPath(const std::string& file) {
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  EXPECT_NE(root, nullptr);
  return std::string(root == nullptr ? "." : root) + "/tests/corpora/" + file;
}

// Each floor of `floors` must be reached at its min_relevance.
template <size_t N>
void ExpectFloors(const std::string& file, const SetFloor (&floors)[N]) {
  std::vector<double> levels;
  for (const SetFloor& f : floors) levels.push_back(f.min_relevance);
  const std::vector<Score> scores = ScorePath(CorpusPath(file), levels);
  for (size_t i = 0; i < N; ++i) {
    ASSERT_GT(scores[i].total, 0) << file;
    EXPECT_GE(static_cast<double>(scores[i].passed) / scores[i].total, floors[i].score)
        << file << " at min_relevance " << floors[i].min_relevance;
  }
}

TEST(TruthHeldOutTest, ScoreOnFirstSet) { ExpectFloors("truth_heldout.jsonl", kFirstSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSecondSet) { ExpectFloors("truth_heldout2.jsonl", kSecondSetFloors); }

TEST(TruthHeldOutTest, ScoreOnThirdSet) { ExpectFloors("truth_heldout3.jsonl", kThirdSetFloors); }

TEST(TruthHeldOutTest, ScoreOnFourthSet) { ExpectFloors("truth_heldout4.jsonl", kFourthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnFifthSet) { ExpectFloors("truth_heldout5.jsonl", kFifthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSixthSet) { ExpectFloors("truth_heldout6.jsonl", kSixthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSeventhSet) {
  ExpectFloors("truth_heldout7.jsonl", kSeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEighthSet) { ExpectFloors("truth_heldout8.jsonl", kEighthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnNinthSet) { ExpectFloors("truth_heldout9.jsonl", kNinthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnTenthSet) { ExpectFloors("truth_heldout10.jsonl", kTenthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnEleventhSet) {
  ExpectFloors("truth_heldout11.jsonl", kEleventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwelfthSet) {
  ExpectFloors("truth_heldout12.jsonl", kTwelfthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirteenthSet) {
  ExpectFloors("truth_heldout13.jsonl", kThirteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFourteenthSet) {
  ExpectFloors("truth_heldout14.jsonl", kFourteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFifteenthSet) {
  ExpectFloors("truth_heldout15.jsonl", kFifteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixteenthSet) {
  ExpectFloors("truth_heldout16.jsonl", kSixteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventeenthSet) {
  ExpectFloors("truth_heldout17.jsonl", kSeventeenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEighteenthSet) {
  ExpectFloors("truth_heldout18.jsonl", kEighteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNineteenthSet) {
  ExpectFloors("truth_heldout19.jsonl", kNineteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentiethSet) {
  ExpectFloors("truth_heldout20.jsonl", kTwentiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFirstSet) {
  ExpectFloors("truth_heldout21.jsonl", kTwentyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySecondSet) {
  ExpectFloors("truth_heldout22.jsonl", kTwentySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyThirdSet) {
  ExpectFloors("truth_heldout23.jsonl", kTwentyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFourthSet) {
  ExpectFloors("truth_heldout24.jsonl", kTwentyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFifthSet) {
  ExpectFloors("truth_heldout25.jsonl", kTwentyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySixthSet) {
  ExpectFloors("truth_heldout26.jsonl", kTwentySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySeventhSet) {
  ExpectFloors("truth_heldout27.jsonl", kTwentySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyEighthSet) {
  ExpectFloors("truth_heldout28.jsonl", kTwentyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyNinthSet) {
  ExpectFloors("truth_heldout29.jsonl", kTwentyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtiethSet) {
  ExpectFloors("truth_heldout30.jsonl", kThirtiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFirstSet) {
  ExpectFloors("truth_heldout31.jsonl", kThirtyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySecondSet) {
  ExpectFloors("truth_heldout32.jsonl", kThirtySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyThirdSet) {
  ExpectFloors("truth_heldout33.jsonl", kThirtyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFourthSet) {
  ExpectFloors("truth_heldout34.jsonl", kThirtyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFifthSet) {
  ExpectFloors("truth_heldout35.jsonl", kThirtyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySixthSet) {
  ExpectFloors("truth_heldout36.jsonl", kThirtySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySeventhSet) {
  ExpectFloors("truth_heldout37.jsonl", kThirtySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyEighthSet) {
  ExpectFloors("truth_heldout38.jsonl", kThirtyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyNinthSet) {
  ExpectFloors("truth_heldout39.jsonl", kThirtyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortiethSet) {
  ExpectFloors("truth_heldout40.jsonl", kFortiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFirstSet) {
  ExpectFloors("truth_heldout41.jsonl", kFortyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySecondSet) {
  ExpectFloors("truth_heldout42.jsonl", kFortySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyThirdSet) {
  ExpectFloors("truth_heldout43.jsonl", kFortyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFourthSet) {
  ExpectFloors("truth_heldout44.jsonl", kFortyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFifthSet) {
  ExpectFloors("truth_heldout45.jsonl", kFortyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySixthSet) {
  ExpectFloors("truth_heldout46.jsonl", kFortySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySeventhSet) {
  ExpectFloors("truth_heldout47.jsonl", kFortySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyEighthSet) {
  ExpectFloors("truth_heldout48.jsonl", kFortyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyNinthSet) {
  ExpectFloors("truth_heldout49.jsonl", kFortyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftiethSet) {
  ExpectFloors("truth_heldout50.jsonl", kFiftiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFirstSet) {
  ExpectFloors("truth_heldout51.jsonl", kFiftyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySecondSet) {
  ExpectFloors("truth_heldout52.jsonl", kFiftySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyThirdSet) {
  ExpectFloors("truth_heldout53.jsonl", kFiftyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFourthSet) {
  ExpectFloors("truth_heldout54.jsonl", kFiftyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFifthSet) {
  ExpectFloors("truth_heldout55.jsonl", kFiftyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySixthSet) {
  ExpectFloors("truth_heldout56.jsonl", kFiftySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySeventhSet) {
  ExpectFloors("truth_heldout57.jsonl", kFiftySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyEighthSet) {
  ExpectFloors("truth_heldout58.jsonl", kFiftyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyNinthSet) {
  ExpectFloors("truth_heldout59.jsonl", kFiftyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtiethSet) {
  ExpectFloors("truth_heldout60.jsonl", kSixtiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFirstSet) {
  ExpectFloors("truth_heldout61.jsonl", kSixtyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySecondSet) {
  ExpectFloors("truth_heldout62.jsonl", kSixtySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyThirdSet) {
  ExpectFloors("truth_heldout63.jsonl", kSixtyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFourthSet) {
  ExpectFloors("truth_heldout64.jsonl", kSixtyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFifthSet) {
  ExpectFloors("truth_heldout65.jsonl", kSixtyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySixthSet) {
  ExpectFloors("truth_heldout66.jsonl", kSixtySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySeventhSet) {
  ExpectFloors("truth_heldout67.jsonl", kSixtySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyEighthSet) {
  ExpectFloors("truth_heldout68.jsonl", kSixtyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyNinthSet) {
  ExpectFloors("truth_heldout69.jsonl", kSixtyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventiethSet) {
  ExpectFloors("truth_heldout70.jsonl", kSeventiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFirstSet) {
  ExpectFloors("truth_heldout71.jsonl", kSeventyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySecondSet) {
  ExpectFloors("truth_heldout72.jsonl", kSeventySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyThirdSet) {
  ExpectFloors("truth_heldout73.jsonl", kSeventyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFourthSet) {
  ExpectFloors("truth_heldout74.jsonl", kSeventyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFifthSet) {
  ExpectFloors("truth_heldout75.jsonl", kSeventyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySixthSet) {
  ExpectFloors("truth_heldout76.jsonl", kSeventySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySeventhSet) {
  ExpectFloors("truth_heldout77.jsonl", kSeventySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyEighthSet) {
  ExpectFloors("truth_heldout78.jsonl", kSeventyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyNinthSet) {
  ExpectFloors("truth_heldout79.jsonl", kSeventyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightiethSet) {
  ExpectFloors("truth_heldout80.jsonl", kEightiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFirstSet) {
  ExpectFloors("truth_heldout81.jsonl", kEightyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySecondSet) {
  ExpectFloors("truth_heldout82.jsonl", kEightySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyThirdSet) {
  ExpectFloors("truth_heldout83.jsonl", kEightyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFourthSet) {
  ExpectFloors("truth_heldout84.jsonl", kEightyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFifthSet) {
  ExpectFloors("truth_heldout85.jsonl", kEightyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySixthSet) {
  ExpectFloors("truth_heldout86.jsonl", kEightySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySeventhSet) {
  ExpectFloors("truth_heldout87.jsonl", kEightySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyEighthSet) {
  ExpectFloors("truth_heldout88.jsonl", kEightyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyNinthSet) {
  ExpectFloors("truth_heldout89.jsonl", kEightyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetiethSet) {
  ExpectFloors("truth_heldout90.jsonl", kNinetiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFirstSet) {
  ExpectFloors("truth_heldout91.jsonl", kNinetyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySecondSet) {
  ExpectFloors("truth_heldout92.jsonl", kNinetySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyThirdSet) {
  ExpectFloors("truth_heldout93.jsonl", kNinetyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFourthSet) {
  ExpectFloors("truth_heldout94.jsonl", kNinetyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFifthSet) {
  ExpectFloors("truth_heldout95.jsonl", kNinetyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySixthSet) {
  ExpectFloors("truth_heldout96.jsonl", kNinetySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySeventhSet) {
  ExpectFloors("truth_heldout97.jsonl", kNinetySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyEighthSet) {
  ExpectFloors("truth_heldout98.jsonl", kNinetyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyNinthSet) {
  ExpectFloors("truth_heldout99.jsonl", kNinetyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredthSet) {
  ExpectFloors("truth_heldout100.jsonl", kHundredthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFirstSet) {
  ExpectFloors("truth_heldout101.jsonl", kHundredFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSecondSet) {
  ExpectFloors("truth_heldout102.jsonl", kHundredSecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredThirdSet) {
  ExpectFloors("truth_heldout103.jsonl", kHundredThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFourthSet) {
  ExpectFloors("truth_heldout104.jsonl", kHundredFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFifthSet) {
  ExpectFloors("truth_heldout105.jsonl", kHundredFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSixthSet) {
  ExpectFloors("truth_heldout106.jsonl", kHundredSixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSeventhSet) {
  ExpectFloors("truth_heldout107.jsonl", kHundredSeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredEighthSet) {
  ExpectFloors("truth_heldout108.jsonl", kHundredEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredNinthSet) {
  ExpectFloors("truth_heldout109.jsonl", kHundredNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTenthSet) {
  ExpectFloors("truth_heldout110.jsonl", kHundredTenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredEleventhSet) {
  ExpectFloors("truth_heldout111.jsonl", kHundredEleventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwelfthSet) {
  ExpectFloors("truth_heldout112.jsonl", kHundredTwelfthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredThirteenthSet) {
  ExpectFloors("truth_heldout113.jsonl", kHundredThirteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFourteenthSet) {
  ExpectFloors("truth_heldout114.jsonl", kHundredFourteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFifteenthSet) {
  ExpectFloors("truth_heldout115.jsonl", kHundredFifteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSixteenthSet) {
  ExpectFloors("truth_heldout116.jsonl", kHundredSixteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSeventeenthSet) {
  ExpectFloors("truth_heldout117.jsonl", kHundredSeventeenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredEighteenthSet) {
  ExpectFloors("truth_heldout118.jsonl", kHundredEighteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredNineteenthSet) {
  ExpectFloors("truth_heldout119.jsonl", kHundredNineteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentiethSet) {
  ExpectFloors("truth_heldout120.jsonl", kHundredTwentiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentyFirstSet) {
  ExpectFloors("truth_heldout121.jsonl", kHundredTwentyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentySecondSet) {
  ExpectFloors("truth_heldout122.jsonl", kHundredTwentySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentyThirdSet) {
  ExpectFloors("truth_heldout123.jsonl", kHundredTwentyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentyFourthSet) {
  ExpectFloors("truth_heldout124.jsonl", kHundredTwentyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentyFifthSet) {
  ExpectFloors("truth_heldout125.jsonl", kHundredTwentyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentySixthSet) {
  ExpectFloors("truth_heldout126.jsonl", kHundredTwentySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwentySeventhSet) {
  ExpectFloors("truth_heldout127.jsonl", kHundredTwentySeventhSetFloors);
}

// One test per set: its file and its floors (k<Name>SetFloors).
#define ENGRAM_TRUTH_SET_TEST(Name, file) \
  TEST(TruthHeldOutTest, ScoreOn##Name##Set) { ExpectFloors(file, k##Name##SetFloors); }

ENGRAM_TRUTH_SET_TEST(HundredTwentyEighth, "truth_heldout128.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredTwentyNinth, "truth_heldout129.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtieth, "truth_heldout130.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyFirst, "truth_heldout131.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtySecond, "truth_heldout132.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyThird, "truth_heldout133.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyFourth, "truth_heldout134.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyFifth, "truth_heldout135.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtySixth, "truth_heldout136.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtySeventh, "truth_heldout137.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyEighth, "truth_heldout138.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredThirtyNinth, "truth_heldout139.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortieth, "truth_heldout140.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyFirst, "truth_heldout141.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortySecond, "truth_heldout142.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyThird, "truth_heldout143.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyFourth, "truth_heldout144.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyFifth, "truth_heldout145.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortySixth, "truth_heldout146.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortySeventh, "truth_heldout147.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyEighth, "truth_heldout148.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFortyNinth, "truth_heldout149.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftieth, "truth_heldout150.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyFirst, "truth_heldout151.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftySecond, "truth_heldout152.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyThird, "truth_heldout153.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyFourth, "truth_heldout154.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyFifth, "truth_heldout155.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftySixth, "truth_heldout156.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftySeventh, "truth_heldout157.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyEighth, "truth_heldout158.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredFiftyNinth, "truth_heldout159.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtieth, "truth_heldout160.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyFirst, "truth_heldout161.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtySecond, "truth_heldout162.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyThird, "truth_heldout163.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyFourth, "truth_heldout164.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyFifth, "truth_heldout165.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtySixth, "truth_heldout166.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtySeventh, "truth_heldout167.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyEighth, "truth_heldout168.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSixtyNinth, "truth_heldout169.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventieth, "truth_heldout170.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyFirst, "truth_heldout171.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventySecond, "truth_heldout172.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyThird, "truth_heldout173.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyFourth, "truth_heldout174.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyFifth, "truth_heldout175.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventySixth, "truth_heldout176.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventySeventh, "truth_heldout177.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyEighth, "truth_heldout178.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredSeventyNinth, "truth_heldout179.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightieth, "truth_heldout180.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyFirst, "truth_heldout181.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightySecond, "truth_heldout182.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyThird, "truth_heldout183.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyFourth, "truth_heldout184.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyFifth, "truth_heldout185.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightySixth, "truth_heldout186.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightySeventh, "truth_heldout187.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyEighth, "truth_heldout188.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredEightyNinth, "truth_heldout189.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredNinetieth, "truth_heldout190.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredNinetyFirst, "truth_heldout191.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredNinetySecond, "truth_heldout192.jsonl")
ENGRAM_TRUTH_SET_TEST(HundredNinetyThird, "truth_heldout193.jsonl")

// A set written blind and not yet scored: `ENGRAM_TRUTH_BLIND=/abs/file.jsonl` scores it once
// at the default floor, 0.35 and 0 (prints only; no floor until it has been scored).
TEST(TruthHeldOutTest, ScoreBlindSetGiven) {
  const char* blind = std::getenv("ENGRAM_TRUTH_BLIND");
  if (blind == nullptr) GTEST_SKIP() << "ENGRAM_TRUTH_BLIND not set";
  const std::vector<Score> s = ScorePath(blind, {Options{}.min_relevance, 0.35, 0.0});
  EXPECT_GT(s[0].total, 0);
}

}  // namespace
}  // namespace engram
