#include "apps/cli/command.h"

#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>

#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

// Applies the lifecycle flags to the options (InvalidArgument for an unknown kind).
Status ApplyLifecycleFlags(const Globals& g, Options* o) {
  const std::map<std::string, double*> fields = {
      {"state", &o->ttl_hours_state}, {"preference", &o->ttl_hours_preference},
      {"task", &o->ttl_hours_task},   {"event", &o->ttl_hours_event},
      {"fact", &o->ttl_hours_fact},   {"raw", &o->ttl_hours_raw}};
  for (const std::string& spec : g.ttl_hours) {
    const size_t eq = spec.find('=');
    const std::string kind = spec.substr(0, eq);
    char* end = nullptr;
    const double hours =
        eq == std::string::npos ? -1 : std::strtod(spec.c_str() + eq + 1, &end);
    if (eq == std::string::npos || end == spec.c_str() + eq + 1 || *end != '\0') {
      return Status::InvalidArgument("--ttl-hours: expected KIND=HOURS, got '" + spec + "'");
    }
    auto it = fields.find(kind);
    if (it == fields.end()) {
      return Status::InvalidArgument("--ttl-hours: unknown kind '" + kind +
                                     "' (state, preference, task, event, fact, raw)");
    }
    if (hours < 0) return Status::InvalidArgument("--ttl-hours: must not be negative");
    *it->second = hours;
  }
  if (g.dormant_after_days) {
    if (*g.dormant_after_days < 0) {
      return Status::InvalidArgument("--dormant-after-days: must not be negative");
    }
    o->dormant_after_days = *g.dormant_after_days;
  }
  o->llm_base_url = g.llm_url;
  o->llm_model = g.llm_model;
  return Status::OK();
}

}  // namespace

int Fail(const Status& s) {
  std::cerr << "engram: " << s.ToString() << "\n";
  return s.code() == StatusCode::kInvalidArgument ? 2 : 1;
}

int ExitCode(const Result<int>& r) { return r.ok() ? *r : Fail(r.status()); }

void AddPrincipalFlags(CLI::App* cmd, PrincipalFlags* p) {
  cmd->add_option("--user", p->user, "User the call acts for")->required();
  cmd->add_option("--agent", p->agent, "Agent acting for the user");
  cmd->add_option("--team", p->teams, "Team the user belongs to (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--role", p->roles,
                  "Role: member, team-admin, reviewer, admin, service (repeatable)")
      ->allow_extra_args(false);
}

void AddJsonFlag(CLI::App* cmd, Globals* g) { cmd->add_flag("--json", g->json, "Print JSON"); }

void ApplyStore(const std::string& db, Options* o) {
  const bool uri = db.find("://") != std::string::npos || db.rfind("postgres:", 0) == 0 ||
                   db.rfind("sqlite:", 0) == 0 || db == "memory:";
  if (uri) {
    o->store = db;
  } else {
    o->db_path = db;
  }
}

Result<Options> GlobalOptions(const Globals& g) {
  Options o;
  ApplyStore(g.db, &o);
  ENGRAM_RETURN_IF_ERROR(ApplyLifecycleFlags(g, &o));
  o.self_contained_memories = g.self_contained;
  o.extract_facts = g.extract_facts;
  return o;
}

Result<std::unique_ptr<Engine>> OpenEngine(const Globals& g, bool create) {
  ENGRAM_ASSIGN_OR_RETURN(auto o, GlobalOptions(g));
  o.create_if_missing = create;
  return Engine::Open(o);
}

Result<std::optional<Instant>> ParseAt(const std::string& at) {
  if (at.empty()) return std::optional<Instant>();
  auto t = ParseIso8601(at);
  if (!t.ok()) return t.status().WithPrefix("--at");
  return std::optional<Instant>(*t);
}

Result<std::string> ReadText(const std::string& arg) {
  if (arg != "-") return arg;
  std::string all((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  return all;
}

void Print(const Globals& g, const nlohmann::json& j, const std::string& text) {
  if (g.json) {
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << text;
  }
}

}  // namespace engram::cli
