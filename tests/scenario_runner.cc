// Runs the declarative scenario files under tests/scenarios/ (format: tests/scenarios/README.md)
// against the public API, one test per file.
#include <cstdlib>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "engram/engram.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

namespace fs = std::filesystem;

// Compiled in, so that test discovery (which runs without the test environment) sees the
// same files as the run.
std::string ScenarioRoot() { return ENGRAM_SCENARIO_DIR; }

std::vector<std::string> ScenarioFiles() {
  std::vector<std::string> files;
  if (!fs::exists(ScenarioRoot())) return files;
  for (const auto& e : fs::recursive_directory_iterator(ScenarioRoot())) {
    if (e.path().extension() == ".test") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One command line: "verb key=value ... : text".
struct Command {
  std::string verb;
  std::map<std::string, std::string> args;
  std::string text;
  bool has_text = false;
};

Command Parse(const std::string& line) {
  Command c;
  std::string head = line;
  size_t colon = line.find(" : ");
  if (colon != std::string::npos) {
    head = line.substr(0, colon);
    c.text = line.substr(colon + 3);
    c.has_text = true;
  }
  std::istringstream in(head);
  in >> c.verb;
  std::string tok;
  while (in >> tok) {
    size_t eq = tok.find('=');
    if (eq == std::string::npos) {
      c.args[tok] = "";
    } else {
      c.args[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
  }
  return c;
}

class Scenario {
 public:
  Scenario(std::string path, std::string backend)
      : path_(std::move(path)), backend_(std::move(backend)) {}

  void Run() {
    std::ifstream in(path_);
    ASSERT_TRUE(in) << "cannot read " << path_;
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (size_t i = 0; i < lines.size(); ++i) {
      line_no_ = i + 1;
      const std::string& l = lines[i];
      if (l.empty() || l[0] == '#') continue;
      if (l.rfind("error ", 0) == 0) {
        // "error Code command...": the command must fail with that status code.
        std::istringstream words(l.substr(6));
        std::string code;
        words >> code;
        std::string rest;
        std::getline(words, rest);
        Status s = Do(Parse(rest.substr(rest.find_first_not_of(' '))));
        EXPECT_EQ(std::string(StatusCodeName(s.code())), code) << Where() << s.ToString();
        continue;
      }
      Command c = Parse(l);
      if (c.verb == "recall" || c.verb == "recall_exact" || c.verb == "history" ||
          c.verb == "review" || c.verb == "list" || c.verb == "relations" || c.verb == "links") {
        std::vector<std::string> expected;
        while (++i < lines.size() && lines[i] != "----") expected.push_back(lines[i]);
        ASSERT_LT(i, lines.size()) << Where() << "block without '----'";
        ExpectBlock(c, expected);
      } else {
        Execute(c);
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
  }

 private:
  std::string Where() const { return path_ + ":" + std::to_string(line_no_) + ": "; }

  Engine& engine() {
    if (!engine_) {
      const Options where = testing::BackendOptions(backend_, dir_);
      options_.backend = where.backend;
      options_.store = where.store;
      options_.db_path = where.db_path;
      options_.vault_key_file = where.vault_key_file;
      options_.clock = &clock_;
      options_.default_offset_minutes = 480;
      auto e = Engine::Open(options_);
      EXPECT_TRUE(e.ok()) << Where() << e.status().ToString();
      if (e.ok()) engine_ = std::move(e).value();
    }
    return *engine_;
  }

  Principal Who(const Command& c) {
    Principal p;
    p.user_id = c.args.count("user") ? c.args.at("user") : "";
    if (c.args.count("agent")) p.agent_id = c.args.at("agent");
    if (c.args.count("team")) p.teams = {c.args.at("team")};
    if (c.args.count("role")) p.roles = {c.args.at("role")};
    return p;
  }

  int64_t Id(const Command& c) {
    std::string v = c.args.count("id") ? c.args.at("id") : "0";
    if (!v.empty() && v[0] == '$') {
      EXPECT_TRUE(ids_.count(v.substr(1))) << Where() << "unknown id " << v;
      return ids_[v.substr(1)];
    }
    return std::atoll(v.c_str());
  }

  std::optional<Instant> At(const Command& c) {
    if (!c.args.count("at")) return std::nullopt;
    auto t = ParseIso8601(c.args.at("at"));
    EXPECT_TRUE(t.ok()) << Where() << t.status().ToString();
    return t.ok() ? std::optional<Instant>(*t) : std::nullopt;
  }

  // Runs a command; returns its status (for `error`).
  Status Do(const Command& c) {
    if (c.verb == "remember") {
      RememberRequest r;
      r.principal = Who(c);
      r.text = c.text;
      r.at = At(c);
      for (auto [key, field] : {std::pair{"valid_from", &r.valid_from}, {"valid_to", &r.valid_to}}) {
        if (!c.args.count(key)) continue;
        ENGRAM_ASSIGN_OR_RETURN(auto t, ParseIso8601(c.args.at(key)));
        *field = t;
      }
      if (c.args.count("session")) r.session_id = c.args.at("session");
      if (c.args.count("source")) {
        auto source = ParseSourceType(c.args.at("source"));
        EXPECT_TRUE(source.has_value()) << Where() << "unknown source";
        r.source = source.value_or(SourceType::kChat);
      }
      if (c.args.count("visibility")) {
        r.visibility = ParseVisibility(c.args.at("visibility")).value_or(Visibility::kPrivate);
        if (r.visibility == Visibility::kTeam && c.args.count("team")) {
          r.team_id = c.args.at("team");
        }
      }
      for (auto [key, field] : {std::pair{"subject", &r.subject}, {"attribute", &r.attribute},
                                {"value", &r.value}}) {
        if (c.args.count(key)) *field = c.args.at(key);
      }
      ENGRAM_ASSIGN_OR_RETURN(auto out, engine().Remember(r));
      if (c.args.count("as")) ids_[c.args.at("as")] = out.memories.at(0).id;
      if (c.args.count("guard")) {
        EXPECT_EQ(out.guard, c.args.at("guard")) << Where();
      }
      if (c.args.count("reviews")) {
        EXPECT_EQ(out.review_items.size(), std::stoul(c.args.at("reviews"))) << Where();
      }
      if (c.args.count("review_as") && !out.review_items.empty()) {
        ids_[c.args.at("review_as")] = out.review_items.front();
        review_names_.insert(c.args.at("review_as"));
      }
      if (c.args.count("event_type")) {
        EXPECT_EQ(out.event_type, c.args.at("event_type")) << Where();
      }
      if (c.args.count("fact_as") && out.memories.size() > 1) {
        ids_[c.args.at("fact_as")] = out.memories[1].id;
      }
      if (c.args.count("facts")) {
        EXPECT_EQ(std::to_string(out.memories.size() - 1), c.args.at("facts")) << Where();
      }
      const std::pair<const char*, size_t> counts[] = {{"reinforced", out.reinforced.size()},
                                                       {"outranked", out.outranked.size()},
                                                       {"candidates", out.candidates.size()},
                                                       {"superseded", out.superseded.size()}};
      for (const auto& [key, got] : counts) {
        if (c.args.count(key)) {
          EXPECT_EQ(std::to_string(got), c.args.at(key)) << Where() << key;
        }
      }
      if (c.args.count("kind")) {
        EXPECT_EQ(ToString(out.memories.at(0).kind), c.args.at("kind")) << Where();
      }
      if (c.args.count("event")) {
        const auto& ev = out.memories.at(0).event_time;
        EXPECT_EQ(ev ? FormatIso8601(ev->from) : "none", c.args.at("event")) << Where();
      }
      if (c.args.count("entities")) {  // "张伟,王博后+" (+ = a new entity), "-" = none
        std::string got;
        for (const EntityLinkView& l : out.entities) {
          got += (got.empty() ? "" : ",") + l.name + (l.created ? "+" : "");
        }
        EXPECT_EQ(got.empty() ? "-" : got, c.args.at("entities")) << Where();
      }
      if (c.args.count("coref")) {  // "他>李工", "they>John+Mary", "她>?" (unresolved)
        std::string got;
        for (const CoreferenceView& v : out.coreferences) {
          std::string names;
          for (const std::string& n : v.antecedents) names += (names.empty() ? "" : "+") + n;
          got += (got.empty() ? "" : ",") + v.pronoun + ">" + (v.resolved ? names : "?");
        }
        EXPECT_EQ(got.empty() ? "-" : got, c.args.at("coref")) << Where();
      }
      return Status::OK();
    }
    if (c.verb == "entity") {  // one directory entry: name= [type= aliases=a;b roles= id=]
      EntityEntry e;
      e.name = c.args.count("name") ? c.args.at("name") : "";
      if (c.args.count("type")) e.type = c.args.at("type");
      auto list = [&](const char* key) {
        std::vector<std::string> out;
        std::string v = c.args.count(key) ? c.args.at(key) : "";
        for (size_t b = 0; b < v.size();) {
          size_t e2 = v.find(';', b);
          if (e2 == std::string::npos) e2 = v.size();
          if (e2 > b) out.push_back(v.substr(b, e2 - b));
          b = e2 + 1;
        }
        return out;
      };
      e.aliases = list("aliases");
      e.roles = list("roles");
      if (c.args.count("id")) e.external_id = c.args.at("id");
      if (c.args.count("visibility")) {
        e.visibility = ParseVisibility(c.args.at("visibility")).value_or(Visibility::kPrivate);
        if (c.args.count("team")) e.team_id = c.args.at("team");
      }
      return engine().ImportEntities({Who(c), {e}}).status();
    }
    if (c.verb == "correct") {
      CorrectRequest r{Who(c), Id(c), c.text, "", At(c)};
      ENGRAM_ASSIGN_OR_RETURN(auto out, engine().Correct(r));
      if (c.args.count("as")) ids_[c.args.at("as")] = out.id;
      return Status::OK();
    }
    if (c.verb == "forget") {
      return engine().Forget(ForgetRequest{Who(c), Id(c), c.args.count("hard") > 0});
    }
    if (c.verb == "get") {
      ENGRAM_ASSIGN_OR_RETURN(auto m, engine().Get(Who(c), Id(c)));
      if (c.has_text) {
        EXPECT_EQ(m.content, c.text) << Where();
      }
      if (c.args.count("status")) {
        EXPECT_EQ(ToString(m.status), c.args.at("status")) << Where();
      }
      if (c.args.count("session")) {  // "-" = no session
        const std::string& want = c.args.at("session");
        EXPECT_EQ(m.source.session_id, want == "-" ? "" : want) << Where();
      }
      if (c.args.count("current")) {
        EXPECT_EQ(m.current, c.args.at("current") == "1") << Where();
      }
      if (c.args.count("reinforced")) {
        EXPECT_EQ(std::to_string(m.reinforced), c.args.at("reinforced")) << Where();
      }
      if (c.args.count("value")) {
        EXPECT_EQ(m.value, c.args.at("value")) << Where();
      }
      if (c.args.count("conf")) {  // "source:0.95,consistency:0.5" (two decimals)
        std::string want = c.args.at("conf");
        for (size_t b = 0; b < want.size();) {
          size_t e = want.find(',', b);
          if (e == std::string::npos) e = want.size();
          const std::string pair = want.substr(b, e - b);
          const std::string name = pair.substr(0, pair.find(':'));
          const double* field = name == "temporal"      ? &m.confidence.temporal
                                : name == "entity"      ? &m.confidence.entity
                                : name == "event_type"  ? &m.confidence.event_type
                                : name == "source"      ? &m.confidence.source
                                : name == "consistency" ? &m.confidence.consistency
                                : name == "overall"     ? &m.confidence.overall
                                                        : nullptr;
          EXPECT_NE(field, nullptr) << Where() << "unknown confidence " << name;
          if (field) {
            char got[16];
            std::snprintf(got, sizeof got, "%.2f", *field);
            EXPECT_EQ(name + ":" + got, pair) << Where();
          }
          b = e + 1;
        }
      }
      return Status::OK();
    }
    if (c.verb == "message") {  // the raw message of memory id=, read from the database file
      ENGRAM_ASSIGN_OR_RETURN(auto m, engine().Get(Who(c), Id(c)));
      ENGRAM_ASSIGN_OR_RETURN(auto said, engine().GetMessage(Who(c), m.source.message_id));
      EXPECT_EQ(said.content, c.text) << Where();
      return Status::OK();
    }
    if (c.verb == "history") {  // only as "error CODE history ..."; blocks check content
      return engine().History(Who(c), Id(c)).status();
    }
    if (c.verb == "sweep") {
      ENGRAM_ASSIGN_OR_RETURN(auto out, engine().Sweep());
      if (c.args.count("dormant")) {
        EXPECT_EQ(out.dormant, std::atoll(c.args.at("dormant").c_str())) << Where();
      }
      return Status::OK();
    }
    if (c.verb == "feedback") {  // on the last recall's request id
      FeedbackRequest r{Who(c), last_request_id_, Id(c),
                        c.args.count("verdict") ? c.args.at("verdict") : "", c.text};
      ENGRAM_ASSIGN_OR_RETURN(auto out, engine().Feedback(r));
      if (c.args.count("as")) {
        EXPECT_TRUE(out.corrected.has_value()) << Where() << "no corrected version";
        if (out.corrected) ids_[c.args.at("as")] = out.corrected->id;
      }
      return Status::OK();
    }
    if (c.verb == "compact") {
      ENGRAM_ASSIGN_OR_RETURN(auto r, engine().Compact({Who(c), c.args.count("dry_run") > 0}));
      size_t merged = 0;
      for (const CompactMerge& m : r.merges) merged += m.merged_ids.size();
      const std::pair<const char*, size_t> counts[] = {
          {"merged", merged}, {"links", r.links.size()}, {"summaries", r.summaries.size()}};
      for (const auto& [key, got] : counts) {
        if (c.args.count(key)) {
          EXPECT_EQ(std::to_string(got), c.args.at(key)) << Where() << key;
        }
      }
      if (c.args.count("as") && !r.summaries.empty()) {
        ids_[c.args.at("as")] = r.summaries.front().id;
      }
      return Status::OK();
    }
    if (c.verb == "erase") {
      ENGRAM_ASSIGN_OR_RETURN(
          auto r, engine().EraseUser(Who(c), c.args.count("target") ? c.args.at("target") : ""));
      if (c.args.count("memories")) {
        EXPECT_EQ(std::to_string(r.memories), c.args.at("memories")) << Where();
      }
      return Status::OK();
    }
    if (c.verb == "files_lack") {  // no file of the database directory holds the text
      for (const auto& entry : fs::directory_iterator(dir_.path())) {
        const std::string path = entry.path().string();
        if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".key") == 0) continue;
        std::ifstream in(path, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_EQ(bytes.find(c.text), std::string::npos) << Where() << "found in " << path;
      }
      return Status::OK();
    }
    if (c.verb == "resolve") {
      std::string verdict = c.args.count("approve") ? "approve" : "reject";
      return engine().ResolveReview(Who(c), Id(c), verdict).status();
    }
    if (c.verb == "advance_clock") {
      clock_.Advance(std::atoll(c.args.begin()->first.c_str()) * 1000000);
      return Status::OK();
    }
    if (c.verb == "restart") {
      // Durability is what a restart checks; process memory has none, so on the memory
      // backend the engine (and its data) is kept and the rest of the scenario still runs.
      if (backend_ == "memory") return Status::OK();
      engine_.reset();
      engine();
      return Status::OK();
    }
    ADD_FAILURE() << Where() << "unknown command '" << c.verb << "'";
    return Status::OK();
  }

  void Execute(const Command& c) {
    if (c.verb == "options") {
      ASSERT_EQ(engine_, nullptr) << Where() << "options must come before the first command";
      for (const auto& [k, v] : c.args) {
        if (k == "embedder") {
          options_.embedder = v;
        } else if (k == "decay_floor") {
          options_.decay_floor = std::atof(v.c_str());
        } else if (k == "ttl_hours_state") {
          options_.ttl_hours_state = std::atof(v.c_str());
        } else if (k == "ttl_hours_preference") {
          options_.ttl_hours_preference = std::atof(v.c_str());
        } else if (k == "extract_facts") {
          options_.extract_facts = v == "1" || v == "true";
        } else if (k == "self_contained") {
          options_.self_contained_memories = v == "1" || v == "true";
        } else if (k == "dormant_after_days") {
          options_.dormant_after_days = std::atof(v.c_str());
        } else if (k == "min_relevance") {
          options_.min_relevance = std::atof(v.c_str());
        } else if (k == "auto_session_gap_minutes") {
          options_.auto_session_gap_minutes = std::atof(v.c_str());
        } else {
          ADD_FAILURE() << Where() << "unknown option " << k;
        }
      }
      return;
    }
    Status s = Do(c);
    EXPECT_TRUE(s.ok()) << Where() << s.ToString();
  }

  void ExpectBlock(const Command& c, const std::vector<std::string>& expected) {
    std::string recalled;  // recall blocks: each hit's relevance, for failure messages
    std::vector<std::string> got;
    if (c.verb == "review") {  // lines "KIND $memory" (or "KIND -"), oldest first, exact
      auto items = engine().Review(Who(c), c.args.count("all") > 0, 100);
      ASSERT_TRUE(items.ok()) << Where() << items.status().ToString();
      for (const ReviewItemView& r : *items) {
        std::string name = "-";
        for (const auto& [n, id] : ids_) {
          if (id == r.memory_id && r.memory_id != 0 && !review_names_.count(n)) name = "$" + n;
        }
        got.push_back(r.kind + " " + name);
      }
    } else if (c.verb == "list") {  // contents of visible current memories, in id order
      ListRequest r;
      r.principal = Who(c);
      if (c.args.count("kind")) r.kind = ParseMemoryKind(c.args.at("kind"));
      r.limit = 1000;
      auto out = engine().List(r);
      ASSERT_TRUE(out.ok()) << Where() << out.status().ToString();
      for (const Memory& m : out->memories) got.push_back(m.content);
    } else if (c.verb == "relations") {  // "predicate object-name-or-value", exact
      ListEntitiesRequest q{Who(c), c.args.count("entity") ? c.args.at("entity") : ""};
      auto found = engine().ListEntities(q);
      ASSERT_TRUE(found.ok()) << Where() << found.status().ToString();
      ASSERT_FALSE(found->entities.empty()) << Where() << "no such entity";
      auto rels = engine().EntityRelations(Who(c), found->entities[0].id, 50);
      ASSERT_TRUE(rels.ok()) << Where() << rels.status().ToString();
      for (const EntityRelationView& r : rels->relations) {
        if (r.predicate == "co_mentioned" && c.args.count("stated")) continue;
        std::string value = r.object.id ? r.object.name : r.value;
        // A sealed identifier reads as its kind: ⟦EMAIL:token⟧ -> ⟦EMAIL⟧.
        for (size_t b = value.find("⟦"); b != std::string::npos; b = value.find("⟦", b + 1)) {
          size_t colon = value.find(':', b), end = value.find("⟧", b);
          if (colon < end && end != std::string::npos) value.erase(colon, end - colon);
        }
        got.push_back((r.direction == "incoming" ? "<- " : "") + r.predicate + " " + value);
      }
    } else if (c.verb == "links") {  // "kind content-of-the-other-memory", oldest first
      const int64_t id = Id(c);
      auto links = engine().Links(Who(c), id);
      ASSERT_TRUE(links.ok()) << Where() << links.status().ToString();
      for (const MemoryLinkView& l : *links) {
        auto other = engine().Get(Who(c), l.from_id == id ? l.to_id : l.from_id);
        ASSERT_TRUE(other.ok()) << Where() << other.status().ToString();
        got.push_back(l.kind + " " + other->content);
      }
    } else if (c.verb == "history") {
      auto h = engine().History(Who(c), Id(c));
      ASSERT_TRUE(h.ok()) << Where() << h.status().ToString();
      for (const Memory& m : *h) got.push_back(m.content);
    } else {
      RecallRequest r;
      r.principal = Who(c);
      r.query = c.text;
      r.at = At(c);
      r.limit = c.args.count("limit") ? std::atoi(c.args.at("limit").c_str()) : 10;
      r.include_history = c.args.count("history") > 0;
      r.include_expired = c.args.count("expired") > 0;
      r.deep = c.args.count("deep") > 0;
      if (c.args.count("threshold")) r.min_relevance = std::atof(c.args.at("threshold").c_str());
      auto out = engine().Recall(r);
      ASSERT_TRUE(out.ok()) << Where() << out.status().ToString();
      last_request_id_ = out->request_id;
      for (const RecallHit& h : out->hits) {
        // states=1: a hit that is not current reads "(outdated) content" / "(expired) ...".
        const bool label = c.args.count("states") && h.state != "current";
        got.push_back((label ? "(" + h.state + ") " : "") + h.memory.content);
        char rel[64];
        std::snprintf(rel, sizeof rel, "\n  relevance %.3f: ", h.relevance);
        recalled += rel + h.memory.content;
      }
    }
    if (std::getenv("ENGRAM_SCENARIO_VERBOSE") && !recalled.empty()) {
      std::cout << Where() << recalled << "\n";
    }
    bool exact = c.verb != "recall";
    if (exact) {
      EXPECT_EQ(got, expected) << Where() << recalled;
    } else {
      ASSERT_GE(got.size(), expected.size()) << Where() << "too few hits" << recalled;
      for (size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(got[k], expected[k]) << Where() << recalled;
      }
      if (expected.empty()) {
        EXPECT_TRUE(got.empty()) << Where() << "expected no hits";
      }
    }
  }

  std::string path_;
  size_t line_no_ = 0;
  std::string backend_;  // "sqlite", "memory" or "postgres" (testing/test_backends.h)
  testing::TempDir dir_;
  testing::FakeClock clock_;
  Options options_ = [] {
    Options o;
    o.embedder = "hashing";
    return o;
  }();
  std::unique_ptr<Engine> engine_;
  std::map<std::string, int64_t> ids_;
  std::set<std::string> review_names_;  // names in ids_ that hold review item ids
  std::string last_request_id_;          // of the last recall, for feedback
};

// Every scenario on every backend.
class ScenarioTest : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(ScenarioTest, Runs) { Scenario(std::get<0>(GetParam()), std::get<1>(GetParam())).Run(); }

TEST(ScenarioFilesTest, AtLeastOneScenarioIsFound) { EXPECT_FALSE(ScenarioFiles().empty()); }

INSTANTIATE_TEST_SUITE_P(Files, ScenarioTest,
                         ::testing::Combine(::testing::ValuesIn(ScenarioFiles()),
                                            ::testing::Values("sqlite", "memory", "postgres")),
                         [](const auto& param_info) {
                           std::string name =
                               fs::relative(std::get<0>(param_info.param), ScenarioRoot())
                                   .replace_extension("")
                                   .string();
                           for (char& ch : name) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return name + "_" + std::get<1>(param_info.param);
                         });

}  // namespace
}  // namespace engram
