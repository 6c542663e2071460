#include "eval/temporal/temporal_eval.h"

#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engram/temporal.h"
#include "src/base/time.h"

namespace engram {
namespace eval_temporal {
extern const char kDeviationsTsv[];
}  // namespace eval_temporal

namespace {

using nlohmann::json;

// Default reference for cases without one (their answers do not depend on it).
constexpr char kNoRef[] = "2024-01-01T00:00:00+08:00";

struct Answer {
  std::string kind;  // value | interval | open_interval | duration | recurrence | none
  std::optional<int64_t> from, to;  // unix ms
  std::string grain;
  int64_t duration_ms = 0;
};

std::string Fmt(std::optional<int64_t> ms, int32_t off) {
  if (!ms) return "-";
  return base::FormatIso8601(Instant{*ms, off});
}

std::string Render(const Answer& a, int32_t off) {
  if (a.kind == "none") return "none";
  if (a.kind == "duration") return "duration " + std::to_string(a.duration_ms / 1000) + "s";
  return a.kind + " " + Fmt(a.from, off) + " " + Fmt(a.to, off) + " " + a.grain;
}

std::optional<int64_t> Ms(const json& v) {
  if (!v.is_string()) return std::nullopt;
  auto r = base::ParseIso8601(v.get<std::string>());
  if (!r.ok()) return std::nullopt;
  return r->unix_ms;
}

struct Deviation {
  Answer ours;
  std::string reason;
};

std::map<std::string, Deviation> LoadDeviations() {
  std::map<std::string, Deviation> out;
  std::istringstream in(eval_temporal::kDeviationsTsv);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) f.push_back(cell);
    if (f.size() < 6) continue;
    Deviation d;
    d.ours.kind = f[1];
    if (f[2] != "-") d.ours.from = Ms(json(f[2]));
    if (f[3] != "-") d.ours.to = Ms(json(f[3]));
    d.ours.grain = f[4];
    d.reason = f[5];
    out[f[0]] = d;
  }
  return out;
}

// Our answer: the longest match (the corpora hold one expression per text).
Answer Ours(const std::vector<TimeMatch>& ms) {
  Answer a;
  a.kind = "none";
  const TimeMatch* best = nullptr;
  for (const auto& m : ms) {
    if (!best || m.end - m.start > best->end - best->start) best = &m;
  }
  if (!best) return a;
  a.kind = std::string(ToString(best->kind));
  if (best->from) a.from = best->from->unix_ms;
  if (best->to) a.to = best->to->unix_ms;
  a.grain = std::string(ToString(best->grain));
  a.duration_ms = best->duration_ms;
  return a;
}

bool Same(const Answer& a, const Answer& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == "none" || a.kind == "recurrence") return true;
  if (a.kind == "duration") return a.duration_ms == b.duration_ms;
  return a.from == b.from && a.to == b.to && a.grain == b.grain;
}

// Expected answer of a case plus whether it matches ours under the corpus' rules.
bool Judge(const json& c, bool jionlp, const Answer& ours, Answer* exp) {
  const json& e = c["expected"];
  std::string type = e.value("type", "");
  if (type == "none") {
    exp->kind = "none";
    return ours.kind == "none";
  }
  if (jionlp) {
    if (type == "period") {
      exp->kind = "recurrence";
      return ours.kind == "recurrence";
    }
    if (type == "duration") {
      exp->kind = "duration";
      static const std::map<std::string, int64_t> kSec = {
          {"year", 365 * 86400}, {"month", 30 * 86400}, {"day", 86400},
          {"hour", 3600},        {"minute", 60},        {"second", 1}};
      auto seconds = [&](const json& d, double fallback) {
        double total = 0;
        bool any = false;
        for (auto& [k, v] : d.items()) {
          if (v.is_number() && kSec.count(k)) {
            total += v.get<double>() * kSec.at(k);
            any = true;
          }
        }
        return any ? total : fallback;
      };
      if (e.contains("delta") && e["delta"].is_array() && e["delta"].size() == 2) {
        // A range of lengths ("3~6个月"): ours must lie within it.
        double lo = seconds(e["delta"][0], 0), hi = seconds(e["delta"][1], 1e18);
        exp->duration_ms = static_cast<int64_t>(lo) * 1000;
        double ours_s = ours.duration_ms / 1000.0;
        return ours.kind == "duration" && ours_s >= lo && ours_s <= hi;
      }
      double total = e.contains("delta") && e["delta"].is_object() ? seconds(e["delta"], 0) : 0;
      exp->duration_ms = static_cast<int64_t>(total) * 1000;
      return ours.kind == "duration" && ours.duration_ms == exp->duration_ms;
    }
    exp->kind = type;
    exp->from = Ms(type == "value" ? e.value("value", json()) : e.value("from", json()));
    exp->to = Ms(e.value("to", json()));
    exp->grain = e.value("grain", json()).is_string() ? e["grain"].get<std::string>() : "";
    return ours.kind != "none" && ours.kind != "duration" && ours.from == exp->from &&
           ours.to == exp->to;
  }
  exp->grain = e.value("grain", "");
  if (type == "value") {
    exp->kind = "value";
    exp->from = Ms(e.value("value", json()));
    return ours.kind == "value" && ours.from == exp->from && ours.grain == exp->grain;
  }
  exp->from = Ms(e.value("from", json()));
  exp->to = Ms(e.value("to", json()));
  bool open = !exp->from || !exp->to;
  exp->kind = open ? "open_interval" : "interval";
  return ours.kind == exp->kind && ours.from == exp->from && ours.to == exp->to &&
         ours.grain == exp->grain;
}

}  // namespace

Result<TemporalEvalReport> RunTemporalEval(const std::string& corpus_path) {
  std::ifstream in(corpus_path);
  if (!in) return Status::NotFound("eval temporal: cannot open '" + corpus_path + "'");
  json doc = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("cases") || !doc["cases"].is_array()) {
    return Status::InvalidArgument("eval temporal: '" + corpus_path + "' is not a corpus");
  }
  TemporalEvalReport report;
  const json& meta = doc.value("meta", json::object());
  report.corpus = meta.contains("source") && meta["source"].is_string()
                      ? meta["source"].get<std::string>()
                      : corpus_path;
  bool jionlp = report.corpus.find("JioNLP") != std::string::npos;
  bool duckling = report.corpus.find("duckling") != std::string::npos;
  auto deviations = LoadDeviations();
  for (const json& c : doc["cases"]) {
    std::string id = c.value("id", "");
    std::string text = c.value("text", "");
    std::vector<std::string> tags;
    if (c.contains("tags") && c["tags"].is_array()) {
      for (const auto& t : c["tags"]) tags.push_back(t.get<std::string>());
    }
    std::string ref_text = c.contains("ref") && c["ref"].is_string()
                               ? c["ref"].get<std::string>()
                               : std::string(kNoRef);
    auto ref = base::ParseIso8601(ref_text);
    if (!ref.ok()) continue;
    TimeParseOptions opt;
    opt.language = c.value("lang", "auto");
    if (c.contains("locale") && c["locale"].is_string()) {
      std::string loc = c["locale"].get<std::string>();
      if (loc.size() == 5) opt.calendar = loc.substr(0, 2) + "-" + loc.substr(3, 2);
      for (auto& ch : opt.calendar) {
        if (&ch == &opt.calendar[0] || &ch == &opt.calendar[1]) ch = static_cast<char>(tolower(ch));
      }
    }
    if (jionlp) {
      const json& o = c.value("options", json::object());
      opt.prefer_future = o.is_object() && o.value("ret_future", false);
    }
    auto parsed = ParseTime(text, *ref, opt);
    Answer ours;
    ours.kind = "none";
    if (parsed.ok()) ours = Ours(*parsed);
    Answer exp;
    bool pass = Judge(c, jionlp, ours, &exp);
    bool is_dev = false;
    std::string reason;
    if (!pass) {
      auto it = deviations.find(id);
      if (it != deviations.end() && Same(it->second.ours, ours)) {
        is_dev = true;
        reason = it->second.reason;
      }
    }
    std::vector<std::string> groups = {"all"};
    bool holiday = false, locale = false, cn_holiday = false;
    for (const auto& t : tags) {
      if (t.rfind("holiday", 0) == 0) holiday = true;
      if (t == "locale") locale = true;
      if (t == "holiday:fixed_date" || t == "holiday:chinese_lunisolar") cn_holiday = true;
    }
    if (duckling && !holiday && !locale) groups.push_back("core");
    if (duckling && cn_holiday && opt.language == "zh") groups.push_back("holiday_cn");
    auto count = [&](TemporalPassRate* r) {
      if (is_dev) {
        ++r->deviations;
      } else {
        ++r->total;
        if (pass) ++r->passed;
      }
    };
    count(&report.overall);
    for (const auto& g : groups) count(&report.groups[g]);
    for (const auto& t : tags) count(&report.by_tag[t]);
    if (tags.empty()) count(&report.by_tag["(untagged)"]);
    if (!pass) {
      int32_t off = ref->offset_minutes;
      TemporalCaseResult r{id, text, Render(exp, off), Render(ours, off), tags, reason};
      (is_dev ? report.deviations : report.failures).push_back(std::move(r));
    }
  }
  return report;
}

std::string ReportToJson(const TemporalEvalReport& report) {
  nlohmann::ordered_json j;
  auto rate = [](const TemporalPassRate& r) {
    return nlohmann::ordered_json{{"total", r.total}, {"passed", r.passed},
                                  {"deviations", r.deviations}, {"rate", r.rate()}};
  };
  j["corpus"] = report.corpus;
  j["overall"] = rate(report.overall);
  for (const auto& [k, v] : report.groups) j["groups"][k] = rate(v);
  for (const auto& [k, v] : report.by_tag) j["tags"][k] = rate(v);
  auto cases = [](const std::vector<TemporalCaseResult>& v) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const auto& c : v) {
      nlohmann::ordered_json o{{"id", c.id}, {"text", c.text}, {"expected", c.expected},
                               {"got", c.got}, {"tags", c.tags}};
      if (!c.reason.empty()) o["reason"] = c.reason;
      a.push_back(o);
    }
    return a;
  };
  j["failures"] = cases(report.failures);
  j["deviations"] = cases(report.deviations);
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

void PrintReport(const TemporalEvalReport& report, std::ostream& out, int max_failures) {
  auto line = [&](const std::string& name, const TemporalPassRate& r) {
    out << "  " << std::left << std::setw(28) << name << std::right << std::setw(5) << r.passed
        << "/" << std::left << std::setw(5) << r.total << std::right << std::fixed
        << std::setprecision(1) << std::setw(6) << 100.0 * r.rate() << "%";
    if (r.deviations) out << "  (+" << r.deviations << " deviations)";
    out << "\n";
  };
  out << "corpus: " << report.corpus << "\n";
  line("overall", report.overall);
  out << "groups:\n";
  for (const auto& [k, v] : report.groups) line(k, v);
  out << "tags:\n";
  for (const auto& [k, v] : report.by_tag) line(k, v);
  out << "failures (" << report.failures.size() << "):\n";
  int n = 0;
  for (const auto& f : report.failures) {
    if (n++ >= max_failures) break;
    out << "  " << f.id << "  " << f.text << "\n      expected " << f.expected << "\n      got      "
        << f.got << "\n";
  }
}

}  // namespace engram
