#include "eval/locomo/locomo_eval.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "engram/engram.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"
#include "eval/common/eval_util.h"

namespace engram::eval {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

Result<json> ReadJson(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Status::IOError("eval: cannot read '" + path + "'");
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::InvalidArgument("eval: '" + path + "' is not JSON");
  return j;
}

// "1:56 pm on 8 May, 2023" -> 2023-05-08T13:56:00Z.
std::optional<Instant> ParseLocomoDate(const std::string& s) {
  static const char* kMonths[] = {"January", "February", "March",     "April",   "May",
                                  "June",    "July",     "August",    "September", "October",
                                  "November", "December"};
  int hour = 0, minute = 0, day = 0, year = 0;
  char ampm[3] = {0}, month[16] = {0};
  if (std::sscanf(s.c_str(), "%d:%d %2s on %d %15[A-Za-z], %d", &hour, &minute, ampm, &day,
                  month, &year) != 6) {
    return std::nullopt;
  }
  int m = 0;
  for (int i = 0; i < 12; ++i) {
    if (std::string(month) == kMonths[i]) m = i + 1;
  }
  if (m == 0) return std::nullopt;
  hour %= 12;
  if (ampm[0] == 'p' || ampm[0] == 'P') hour += 12;
  char iso[64];
  std::snprintf(iso, sizeof iso, "%04d-%02d-%02dT%02d:%02d:00Z", year, m, day, hour, minute);
  auto t = ParseIso8601(iso);
  return t.ok() ? std::optional<Instant>(*t) : std::nullopt;
}

// Evidence entries are usually "D1:3" but a few hold several ids or stray punctuation.
std::set<std::string> EvidenceIds(const json& list) {
  std::set<std::string> ids;
  if (!list.is_array()) return ids;
  for (const auto& e : list) {
    if (!e.is_string()) continue;
    std::string s = e.get<std::string>();
    for (char& c : s) {
      if (c == ',' || c == ';') c = ' ';
    }
    std::stringstream ss(s);
    std::string id;
    while (ss >> id) {
      if (id.size() > 1 && id[0] == 'D') ids.insert(id);
    }
  }
  return ids;
}

double Share(const std::set<std::string>& evidence, const std::vector<std::string>& ranked,
             int k) {
  if (evidence.empty()) return 0;
  int found = 0;
  for (const auto& id : evidence) {
    auto end = ranked.begin() + std::min<size_t>(k, ranked.size());
    found += std::find(ranked.begin(), end, id) != end;
  }
  return static_cast<double>(found) / evidence.size();
}

void Add(RecallScores* s, const std::vector<int>& ks, const std::set<std::string>& orig,
         const std::set<std::string>& fixed, const std::vector<std::string>& ranked) {
  ++s->questions;
  for (int k : ks) {
    s->recall[k] += Share(orig, ranked, k);
    s->corrected[k] += Share(fixed, ranked, k);
  }
}

void Finish(RecallScores* s) {
  for (auto* m : {&s->recall, &s->corrected}) {
    for (auto& [k, v] : *m) v = s->questions ? v / s->questions : 0;
  }
}


struct Question {
  int conversation = 0;
  int category = 0;
  std::string id;                  // locomo_<c>_qa<i>
  std::string text;
  std::set<std::string> evidence;  // original
  std::set<std::string> fixed;     // after the audit
};

struct Conversation {
  Principal principal;
  Instant last_at;                 // the last session's date: questions are asked then
};

Result<std::map<std::string, std::set<std::string>>> ReadCorrections(
    const LocomoEvalOptions& options) {
  std::map<std::string, std::set<std::string>> corrections;
  std::string path = options.audit_path;
  if (path.empty()) {
    path = (fs::path(options.data_path).parent_path() / "locomo10_audit_errors.json").string();
  }
  if (!fs::exists(path)) return corrections;
  ENGRAM_ASSIGN_OR_RETURN(auto audit, ReadJson(path));
  for (const auto& e : audit) {
    if (e.contains("question_id") && e.contains("correct_evidence")) {
      corrections[e["question_id"].get<std::string>()] = EvidenceIds(e["correct_evidence"]);
    }
  }
  return corrections;
}

// Remembers every turn of one conversation (unless `engine` is null) and returns its scope.
Result<Conversation> Ingest(Engine* engine, const json& conv, int index, bool sessions,
                            bool one_by_one, int* turns) {
  Conversation c;
  c.principal.user_id = "locomo-" + std::to_string(index);
  std::vector<RememberRequest> requests;
  std::vector<std::string> dia_ids;
  for (int s = 1; conv.contains("session_" + std::to_string(s)); ++s) {
    std::string key = "session_" + std::to_string(s);
    auto at = ParseLocomoDate(conv.value(key + "_date_time", ""));
    for (const json& turn : conv[key]) {
      ++*turns;
      if (engine == nullptr) continue;
      RememberRequest r;
      r.principal = c.principal;
      if (sessions) r.session_id = key;
      r.at = at;
      r.source = SourceType::kImport;
      std::string text = turn.value("text", "");
      if (turn.contains("blip_caption") && turn["blip_caption"].is_string()) {
        text += " [shares a photo: " + turn["blip_caption"].get<std::string>() + "]";
      }
      r.text = turn.value("speaker", "") + ": " + text;
      r.metadata_json = json{{"dia_id", turn.value("dia_id", "")}}.dump();
      requests.push_back(std::move(r));
      dia_ids.push_back(turn.value("dia_id", ""));
    }
    if (at) c.last_at = *at;
  }
  // RememberMany gives the rows one Remember per turn gives, with batched embeddings.
  std::vector<Result<RememberResult>> made;
  if (one_by_one) {
    for (const RememberRequest& r : requests) {
      made.push_back(engine->Remember(r));
      if (!made.back().ok()) break;
    }
  } else if (engine != nullptr) {
    made = engine->RememberMany(requests, /*stop_at_first_error=*/true);
  }
  for (size_t i = 0; i < made.size(); ++i) {
    if (!made[i].ok()) {
      return made[i].status().WithPrefix("eval: remember " + dia_ids[i]);
    }
  }
  return c;
}

Result<LocomoRun> AskAll(const LocomoEvalOptions& options, const LocomoVariant& variant,
                         const std::string& db, const std::vector<Conversation>& convs,
                         const std::vector<Question>& questions, std::ostream* dump) {
  Options eo = variant.engine;
  eo.db_path = db;
  eo.store = options.store;
  eo.create_if_missing = false;
  ENGRAM_ASSIGN_OR_RETURN(auto engine, Engine::Open(eo));
  LocomoRun run;
  run.name = variant.name;
  int max_k = *std::max_element(options.ks.begin(), options.ks.end());
  std::vector<double> latencies;
  for (const Question& q : questions) {
    RecallRequest rr;
    rr.principal = convs[q.conversation].principal;
    rr.query = q.text;
    rr.limit = max_k;
    rr.at = options.ask_at ? *options.ask_at : convs[q.conversation].last_at;
    auto t1 = std::chrono::steady_clock::now();
    auto res = engine->Recall(rr);
    latencies.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count());
    if (!res.ok()) return res.status().WithPrefix("eval: recall '" + rr.query + "'");
    std::vector<std::string> ranked;
    std::vector<double> relevance;
    for (const RecallHit& h : res->hits) {
      json meta = json::parse(h.memory.metadata_json, nullptr, false);
      ranked.push_back(meta.is_object() ? meta.value("dia_id", "") : "");
      relevance.push_back(h.relevance);
    }
    double negative_top = -1;
    std::string negative_hit;  // the top hit's content, for the dump
    if (options.negatives && convs.size() > 1) {
      rr.principal = convs[(q.conversation + 1) % convs.size()].principal;
      auto other = engine->Recall(rr);
      if (!other.ok()) return other.status().WithPrefix("eval: negative '" + rr.query + "'");
      ++run.negative_questions;
      if (!other->hits.empty()) {
        run.negatives_with_hits += 1;
        negative_top = other->hits.front().relevance;
        negative_hit = other->hits.front().memory.content;
      }
    }
    Add(&run.by_category[q.category], options.ks, q.evidence, q.fixed, ranked);
    Add(&run.overall, options.ks, q.evidence, q.fixed, ranked);
    if (dump != nullptr) {
      *dump << json{{"id", q.id},         {"category", q.category}, {"question", q.text},
                    {"evidence", q.evidence}, {"fixed", q.fixed},   {"ranked", ranked},
                    {"relevance", relevance}, {"negative_top", negative_top},
                    {"negative_hit", negative_hit}}
                   .dump()
            << "\n";
    }
  }
  for (auto& [c, s] : run.by_category) Finish(&s);
  Finish(&run.overall);
  if (run.negative_questions > 0) run.negatives_with_hits /= run.negative_questions;
  run.recall_p50_ms = Percentile(latencies, 0.5);
  run.recall_p95_ms = Percentile(latencies, 0.95);
  return run;
}

}  // namespace

Result<LocomoReport> RunLocomoEval(const LocomoEvalOptions& options) {
  ENGRAM_ASSIGN_OR_RETURN(auto data, ReadJson(options.data_path));
  if (!data.is_array()) return Status::InvalidArgument("eval: LoCoMo data is not a JSON array");
  ENGRAM_ASSIGN_OR_RETURN(auto corrections, ReadCorrections(options));
  if (options.ks.empty()) return Status::InvalidArgument("eval: no cut-off k given");
  ScratchDb db(options.db_path, "locomo");
  const bool on_file = options.store.empty();
  bool ingest = !(options.reuse_db && (!on_file || db.exists()));
  if (ingest && on_file) db.Remove();

  LocomoReport report;
  std::unique_ptr<Engine> engine;
  if (ingest) {
    Options eo = options.engine;
    eo.db_path = db.path();
    eo.store = options.store;
    ENGRAM_ASSIGN_OR_RETURN(auto opened, Engine::Open(eo));
    engine = std::move(opened);
  }
  std::vector<Conversation> convs;
  std::vector<Question> questions;
  auto t0 = std::chrono::steady_clock::now();
  for (size_t ci = 0; ci < data.size(); ++ci) {
    if (options.max_conversations && static_cast<int>(ci) >= options.max_conversations) break;
    const json& sample = data[ci];
    ENGRAM_ASSIGN_OR_RETURN(auto conv,
                            Ingest(engine.get(), sample["conversation"], static_cast<int>(ci),
                                   options.sessions, options.one_by_one, &report.turns));
    convs.push_back(conv);
    ++report.conversations;
    const json& qa = sample["qa"];
    for (size_t qi = 0; qi < qa.size(); ++qi) {
      const json& q = qa[qi];
      ++report.questions_total;
      Question question;
      question.conversation = static_cast<int>(ci);
      question.category = q.value("category", 0);
      question.id = "locomo_" + std::to_string(ci) + "_qa" + std::to_string(qi);
      question.text = q.value("question", "");
      question.evidence = EvidenceIds(q.value("evidence", json::array()));
      if (question.evidence.empty()) continue;
      question.fixed = question.evidence;
      auto fix = corrections.find(question.id);
      if (fix != corrections.end() && !fix->second.empty()) {
        question.fixed = fix->second;
        ++report.corrected_questions;
      }
      questions.push_back(std::move(question));
    }
  }
  if (ingest) {
    engine.reset();  // closes the database and saves the vector index
    report.ingest_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  std::vector<LocomoVariant> variants = options.variants;
  if (variants.empty()) variants.push_back({"hybrid", options.engine});
  std::ofstream dump;
  if (!options.dump_path.empty()) {
    dump.open(options.dump_path);
    if (!dump) return Status::IOError("eval: cannot write '" + options.dump_path + "'");
  }
  for (size_t v = 0; v < variants.size(); ++v) {
    auto run = AskAll(options, variants[v], db.path(), convs, questions,
                      v == 0 && dump.is_open() ? &dump : nullptr);
    if (!run.ok()) return run.status().WithPrefix("eval: variant " + variants[v].name);
    report.runs.push_back(std::move(run).value());
  }
  return report;
}

}  // namespace engram::eval
