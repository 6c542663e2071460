#include "eval/madial/madial_eval.h"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "engram/engram.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::eval {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

Result<std::vector<json>> ReadJsonLines(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return Status::IOError("eval: cannot read '" + path.string() + "'");
  std::vector<json> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) return Status::InvalidArgument("eval: bad JSON line in " + path.string());
    rows.push_back(std::move(j));
  }
  return rows;
}

std::vector<int64_t> Ids(const json& list) {
  std::vector<int64_t> ids;
  if (!list.is_array()) return ids;
  for (const auto& v : list) {
    if (v.is_number_integer()) ids.push_back(v.get<int64_t>());
    if (v.is_string()) ids.push_back(std::atoll(v.get<std::string>().c_str()));
  }
  return ids;
}

double RecallAt(const std::vector<int64_t>& relevant, const std::vector<int64_t>& ranked, int k) {
  std::set<int64_t> gold(relevant.begin(), relevant.end());
  if (gold.empty()) return 0;
  int found = 0;
  for (size_t i = 0; i < ranked.size() && static_cast<int>(i) < k; ++i) {
    found += gold.count(ranked[i]) ? 1 : 0;
  }
  return static_cast<double>(found) / gold.size();
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1) + 0.5)];
}

// "<Bart>:\"text\"\n" -> "Bart: text".
std::string TurnText(std::string t) {
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  if (!t.empty() && t.front() == '<') {
    size_t close = t.find('>');
    if (close != std::string::npos) t = t.substr(1, close - 1) + t.substr(close + 1);
  }
  std::string out;
  for (char c : t) {
    if (c != '"') out += c;
  }
  return out;
}

}  // namespace

Result<MadialReport> RunMadialEval(const MadialEvalOptions& options) {
  const std::string& lang = options.language;
  if (lang != "zh" && lang != "en") return Status::InvalidArgument("eval: language is zh or en");
  if (options.query_turns != "user" && options.query_turns != "dialogue") {
    return Status::InvalidArgument("eval: query turns are 'user' or 'dialogue'");
  }
  const bool user_turns_only = options.query_turns == "user";
  fs::path dir = fs::path(options.root) / lang;
  ENGRAM_ASSIGN_OR_RETURN(auto memories,
                          ReadJsonLines(dir / ("MADial-Bench-" + lang + "-memory.jsonl")));
  ENGRAM_ASSIGN_OR_RETURN(auto dialogues,
                          ReadJsonLines(dir / ("MADial-Bench-" + lang + "-dialogue.jsonl")));

  std::string db = (fs::temp_directory_path() /
                    ("engram-madial-" + lang + "-" + std::to_string(::getpid()) + ".db"))
                       .string();
  for (const char* suffix : {"", "-wal", "-shm", ".vectors"}) fs::remove(db + suffix);
  Options eo = options.engine;
  eo.db_path = db;
  ENGRAM_ASSIGN_OR_RETURN(auto engine, Engine::Open(eo));

  MadialReport report;
  report.language = lang;
  // The English memory file has no user ids; a memory belongs to the user whose dialogues
  // cite it, so memories are looked up by id across the language's dialogues' users.
  std::map<int64_t, int64_t> owner;
  for (const json& d : dialogues) {
    for (int64_t id : Ids(d.value("relevant-id", json::array()))) owner[id] = d.value("user-id", 0);
  }
  for (const json& row : memories) {
    for (const auto& [key, m] : row.items()) {
      int64_t id = std::atoll(key.c_str());
      int64_t user = m.contains("user-id") ? m["user-id"].get<int64_t>() : owner[id];
      RememberRequest r;
      r.principal.user_id = "madial-" + std::to_string(user);
      r.text = m.value("event", "");
      auto at = ParseIso8601(m.value("time", ""));
      if (at.ok()) r.at = *at;
      r.source = SourceType::kImport;
      r.metadata_json = json{{"memory_id", id}, {"scene", m.value("scene", "")},
                             {"emotion", m.value("emotion", "")}}.dump();
      auto w = engine->Remember(r);
      if (!w.ok()) return w.status().WithPrefix("eval: remember memory " + key);
      ++report.memories;
    }
  }
  const int max_k = *std::max_element(options.ks.begin(), options.ks.end());
  std::vector<double> latencies;
  for (const json& d : dialogues) {
    std::vector<int64_t> relevant = Ids(d.value("relevant-id", json::array()));
    std::vector<int64_t> turns = Ids(d.value("test-turn", json::array()));
    if (relevant.empty() || turns.empty()) continue;
    const json& lines = d["dialogue"];
    std::string query;
    for (int64_t i = 0; i < turns[0] && i < static_cast<int64_t>(lines.size()); ++i) {
      std::string t = TurnText(lines[i].get<std::string>());
      if (t == "BOD" || t.empty()) continue;
      if (user_turns_only && t.starts_with("Assistant:")) continue;
      query += t + "\n";
    }
    RecallRequest rr;
    rr.principal.user_id = "madial-" + std::to_string(d.value("user-id", 0));
    rr.query = query;
    rr.limit = max_k;
    if (options.ask_at) rr.at = *options.ask_at;
    auto t0 = std::chrono::steady_clock::now();
    auto res = engine->Recall(rr);
    latencies.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (!res.ok()) return res.status().WithPrefix("eval: recall");
    std::vector<int64_t> ranked;
    for (const RecallHit& h : res->hits) {
      json meta = json::parse(h.memory.metadata_json, nullptr, false);
      ranked.push_back(meta.is_object() ? meta.value("memory_id", int64_t{-1}) : -1);
    }
    for (int k : options.ks) report.recall[k] += RecallAt(relevant, ranked, k);
    ++report.dialogues;
  }
  for (auto& [k, v] : report.recall) v = report.dialogues ? v / report.dialogues : 0;
  report.recall_p50_ms = Percentile(latencies, 0.5);
  report.recall_p95_ms = Percentile(latencies, 0.95);

  fs::path base_dir = fs::path(options.root) / "baselines" / lang;
  if (fs::is_directory(base_dir)) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(base_dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      ENGRAM_ASSIGN_OR_RETURN(auto rows, ReadJsonLines(f));
      std::map<int, double> scores;
      int n = 0;
      for (const json& row : rows) {
        json rel = row.contains("relevant_id") ? row["relevant_id"]
                                               : row.value("relevant-id", json());
        std::vector<int64_t> relevant = Ids(rel);
        std::vector<int64_t> top =
            Ids(row.contains("top_20_ids") ? row["top_20_ids"] : row.value("top-20-ids", json()));
        if (relevant.empty()) continue;
        for (int k : options.ks) scores[k] += RecallAt(relevant, top, k);
        ++n;
      }
      for (auto& [k, v] : scores) v = n ? v / n : 0;
      report.baselines[f.stem().string()] = scores;
    }
  }
  engine.reset();
  for (const char* suffix : {"", "-wal", "-shm", ".vectors"}) fs::remove(db + suffix);
  return report;
}

std::string MadialReportJson(const MadialReport& r) {
  auto scores = [](const std::map<int, double>& s) {
    json j = json::object();
    for (const auto& [k, v] : s) j["@" + std::to_string(k)] = v;
    return j;
  };
  json base = json::object();
  for (const auto& [name, s] : r.baselines) base[name] = scores(s);
  return json{{"benchmark", "madial-bench"},
              {"language", r.language},
              {"memories", r.memories},
              {"dialogues", r.dialogues},
              {"recall", scores(r.recall)},
              {"baselines", base},
              {"recall_latency_ms", {{"p50", r.recall_p50_ms}, {"p95", r.recall_p95_ms}}}}
      .dump(2);
}

void PrintMadialReport(const MadialReport& r, std::ostream& out) {
  char line[256];
  std::snprintf(line, sizeof line, "MADial-Bench %s: %d memories, %d dialogues\n",
                r.language.c_str(), r.memories, r.dialogues);
  out << line;
  out << "retriever                          ";
  for (const auto& [k, v] : r.recall) out << "  R@" << k << (k < 10 ? " " : "");
  out << "\n";
  auto row = [&](const std::string& name, const std::map<int, double>& s) {
    std::snprintf(line, sizeof line, "%-34s", name.c_str());
    out << line;
    for (const auto& [k, v] : s) {
      std::snprintf(line, sizeof line, " %5.1f", 100 * v);
      out << line;
    }
    out << "\n";
  };
  row("engram", r.recall);
  for (const auto& [name, s] : r.baselines) row("  published: " + name, s);
  std::snprintf(line, sizeof line, "recall latency p50 %.2f ms, p95 %.2f ms\n", r.recall_p50_ms,
                r.recall_p95_ms);
  out << line;
}

}  // namespace engram::eval
