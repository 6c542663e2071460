#include "eval/locomo/locomo_eval.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "engram/engram.h"
#include "engram/iso8601.h"

namespace engram::eval {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const char* CategoryName(int c) {
  switch (c) {
    case 1: return "multi-hop";
    case 2: return "temporal";
    case 3: return "open-domain";
    case 4: return "single-hop";
    case 5: return "adversarial";
  }
  return "other";
}

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

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1) + 0.5)];
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

}  // namespace

Result<LocomoReport> RunLocomoEval(const LocomoEvalOptions& options) {
  auto data = ReadJson(options.data_path);
  if (!data.ok()) return data.status();
  if (!data->is_array()) return Status::InvalidArgument("eval: LoCoMo data is not a JSON array");
  std::map<std::string, std::set<std::string>> corrections;  // "locomo_<c>_qa<i>" -> evidence
  std::string audit_path = options.audit_path;
  if (audit_path.empty()) {
    audit_path =
        (fs::path(options.data_path).parent_path() / "locomo10_audit_errors.json").string();
  }
  if (fs::exists(audit_path)) {
    auto audit = ReadJson(audit_path);
    if (!audit.ok()) return audit.status();
    for (const auto& e : *audit) {
      if (e.contains("question_id") && e.contains("correct_evidence")) {
        corrections[e["question_id"].get<std::string>()] = EvidenceIds(e["correct_evidence"]);
      }
    }
  }
  std::string db = options.db_path;
  bool temp_db = db.empty();
  if (temp_db) {
    db = (fs::temp_directory_path() / ("engram-locomo-" + std::to_string(::getpid()) + ".db"))
             .string();
  }
  for (const char* suffix : {"", "-wal", "-shm", ".vectors"}) fs::remove(db + suffix);
  Options eo = options.engine;
  eo.db_path = db;
  auto engine = Engine::Open(eo);
  if (!engine.ok()) return engine.status();

  LocomoReport report;
  const std::vector<int>& ks = options.ks;
  int max_k = *std::max_element(ks.begin(), ks.end());
  std::vector<double> latencies;
  using Clock = std::chrono::steady_clock;
  double ingest = 0;
  for (size_t ci = 0; ci < data->size(); ++ci) {
    if (options.max_conversations && static_cast<int>(ci) >= options.max_conversations) break;
    const json& sample = (*data)[ci];
    const json& conv = sample["conversation"];
    Principal p;
    p.user_id = "locomo-" + std::to_string(ci);
    Instant last_at;
    auto t0 = Clock::now();
    for (int s = 1; conv.contains("session_" + std::to_string(s)); ++s) {
      std::string key = "session_" + std::to_string(s);
      auto at = ParseLocomoDate(conv.value(key + "_date_time", ""));
      for (const json& turn : conv[key]) {
        RememberRequest r;
        r.principal = p;
        r.session_id = key;
        r.at = at;
        r.source = SourceType::kImport;
        std::string text = turn.value("text", "");
        if (turn.contains("blip_caption") && turn["blip_caption"].is_string()) {
          text += " [shares a photo: " + turn["blip_caption"].get<std::string>() + "]";
        }
        r.text = turn.value("speaker", "") + ": " + text;
        r.metadata_json = json{{"dia_id", turn.value("dia_id", "")}}.dump();
        auto w = (*engine)->Remember(r);
        if (!w.ok()) return w.status().WithPrefix("eval: remember " + turn.value("dia_id", ""));
        ++report.turns;
      }
      if (at) last_at = *at;
    }
    ingest += std::chrono::duration<double>(Clock::now() - t0).count();
    ++report.conversations;
    const json& qa = sample["qa"];
    for (size_t qi = 0; qi < qa.size(); ++qi) {
      const json& q = qa[qi];
      ++report.questions_total;
      std::set<std::string> orig = EvidenceIds(q.value("evidence", json::array()));
      if (orig.empty()) continue;
      std::string qid = "locomo_" + std::to_string(ci) + "_qa" + std::to_string(qi);
      auto fix = corrections.find(qid);
      std::set<std::string> fixed = orig;
      if (fix != corrections.end() && !fix->second.empty()) {
        fixed = fix->second;
        ++report.corrected_questions;
      }
      RecallRequest rr;
      rr.principal = p;
      rr.query = q.value("question", "");
      rr.limit = max_k;
      rr.at = last_at;
      auto t1 = Clock::now();
      auto res = (*engine)->Recall(rr);
      latencies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t1).count());
      if (!res.ok()) return res.status().WithPrefix("eval: recall '" + rr.query + "'");
      std::vector<std::string> ranked;
      for (const RecallHit& h : res->hits) {
        json meta = json::parse(h.memory.metadata_json, nullptr, false);
        ranked.push_back(meta.is_object() ? meta.value("dia_id", "") : "");
      }
      int cat = q.value("category", 0);
      Add(&report.by_category[cat], ks, orig, fixed, ranked);
      Add(&report.overall, ks, orig, fixed, ranked);
    }
  }
  for (auto& [c, s] : report.by_category) Finish(&s);
  Finish(&report.overall);
  report.ingest_seconds = ingest;
  report.recall_p50_ms = Percentile(latencies, 0.5);
  report.recall_p95_ms = Percentile(latencies, 0.95);
  engine->reset();
  if (temp_db) {
    for (const char* suffix : {"", "-wal", "-shm", ".vectors"}) fs::remove(db + suffix);
  }
  return report;
}

std::string LocomoReportJson(const LocomoReport& r) {
  auto scores = [](const RecallScores& s) {
    json rec = json::object(), cor = json::object();
    for (const auto& [k, v] : s.recall) rec["@" + std::to_string(k)] = v;
    for (const auto& [k, v] : s.corrected) cor["@" + std::to_string(k)] = v;
    return json{{"questions", s.questions}, {"recall", rec}, {"recall_corrected", cor}};
  };
  json cats = json::object();
  for (const auto& [c, s] : r.by_category) {
    json j = scores(s);
    j["name"] = CategoryName(c);
    cats[std::to_string(c)] = j;
  }
  json out = {{"benchmark", "locomo"},
              {"conversations", r.conversations},
              {"turns", r.turns},
              {"questions_total", r.questions_total},
              {"corrected_questions", r.corrected_questions},
              {"overall", scores(r.overall)},
              {"categories", cats},
              {"ingest_seconds", r.ingest_seconds},
              {"recall_latency_ms", {{"p50", r.recall_p50_ms}, {"p95", r.recall_p95_ms}}}};
  return out.dump(2);
}

void PrintLocomoReport(const LocomoReport& r, std::ostream& out) {
  char line[256];
  std::snprintf(line, sizeof line, "LoCoMo: %d conversations, %d turns, %d questions (%d scored)\n",
                r.conversations, r.turns, r.questions_total, r.overall.questions);
  out << line;
  out << "category            n    ";
  for (const auto& [k, v] : r.overall.recall) out << "  R@" << k << (k < 10 ? " " : "");
  out << "   |  corrected evidence\n";
  auto row = [&](const std::string& name, const RecallScores& s) {
    std::snprintf(line, sizeof line, "%-16s %5d    ", name.c_str(), s.questions);
    out << line;
    for (const auto& [k, v] : s.recall) {
      std::snprintf(line, sizeof line, " %5.1f", 100 * v);
      out << line;
    }
    out << "   | ";
    for (const auto& [k, v] : s.corrected) {
      std::snprintf(line, sizeof line, " %5.1f", 100 * v);
      out << line;
    }
    out << "\n";
  };
  for (const auto& [c, s] : r.by_category) row(std::to_string(c) + " " + CategoryName(c), s);
  row("overall", r.overall);
  std::snprintf(line, sizeof line, "ingest %.1f s; recall latency p50 %.2f ms, p95 %.2f ms\n",
                r.ingest_seconds, r.recall_p50_ms, r.recall_p95_ms);
  out << line;
}

}  // namespace engram::eval
