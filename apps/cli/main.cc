// engram: the command-line interface. Parses arguments, calls the public API, prints JSON
// (--json) or readable lines. Exit codes: 0 ok, 1 the engine refused or failed, 2 bad usage
// or invalid input. Errors go to stderr as "engram: <Code>: <message>".
#include <algorithm>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <iterator>

#include "apps/cli/entity_commands.h"
#include "apps/cli/eval_commands.h"
#include "apps/cli/import_command.h"
#include "apps/cli/lifecycle_commands.h"
#include "apps/cli/output.h"
#include "apps/cli/time_command.h"
#include "apps/serve/entity_json.h"
#include "apps/serve/serve_commands.h"
#include "engram/engram.h"
#include "engram/iso8601.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct Globals {
  std::string db = "engram.db";
  bool json = false;
  std::vector<std::string> ttl_hours;  // --ttl-hours KIND=H
  std::optional<double> dormant_after_days;
  bool self_contained = Options{}.self_contained_memories;
  bool extract_facts = Options{}.extract_facts;
  std::string llm_url, llm_model;  // an OpenAI-compatible chat endpoint (compact summaries)
};

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

struct PrincipalFlags {
  std::string user;
  std::string agent;
  std::vector<std::string> teams;
  std::vector<std::string> roles;

  Principal Get() const { return Principal{user, agent, teams, roles}; }
};

int Fail(const Status& s) {
  std::cerr << "engram: " << s.ToString() << "\n";
  return s.code() == StatusCode::kInvalidArgument ? 2 : 1;
}

void AddPrincipalFlags(CLI::App* cmd, PrincipalFlags* p) {
  cmd->add_option("--user", p->user, "User the call acts for")->required();
  cmd->add_option("--agent", p->agent, "Agent acting for the user");
  cmd->add_option("--team", p->teams, "Team the user belongs to (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--role", p->roles, "Role: member, team-admin, reviewer, admin (repeatable)")
      ->allow_extra_args(false);
}

// The engine options the global flags give.
Result<Options> GlobalOptions(const Globals& g) {
  Options o;
  o.db_path = g.db;
  if (Status s = ApplyLifecycleFlags(g, &o); !s.ok()) return s;
  o.self_contained_memories = g.self_contained;
  o.extract_facts = g.extract_facts;
  return o;
}

Result<std::unique_ptr<Engine>> OpenEngine(const Globals& g, bool create) {
  auto o = GlobalOptions(g);
  if (!o.ok()) return o.status();
  o->create_if_missing = create;
  return Engine::Open(*o);
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

void Print(const Globals& g, const json& j, const std::string& text) {
  if (g.json) {
    std::cout << j.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  } else {
    std::cout << text;
  }
}

int Run(int argc, char** argv) {
  CLI::App app{"engram: long-term memory for AI agents"};
  app.require_subcommand(1);
  Globals g;
  app.add_option("--db", g.db, "SQLite database file")->capture_default_str();
  app.add_flag("--json", g.json, "Print JSON");
  app.add_option("--ttl-hours", g.ttl_hours,
                 "Time to live of a memory kind, KIND=HOURS (repeatable; 0 = never expires; "
                 "defaults: state=168 preference=4320, others 0)")->allow_extra_args(false);
  app.add_option("--llm-url", g.llm_url,
                 "OpenAI-compatible chat endpoint for LLM summaries in `compact` (key from "
                 "$OPENAI_API_KEY); default none: rule-based summaries");
  app.add_option("--llm-model", g.llm_model, "The model for --llm-url");
  app.add_option("--dormant-after-days", g.dormant_after_days,
                 "Idle days before a memory goes dormant in `sweep` (default 90; 0 = never)");
  app.add_flag("--self-contained,!--no-self-contained", g.self_contained,
               "Store session turns self-contained: pronouns resolved to names, relative times "
               "as dates (the message keeps the words as said)");
  app.add_flag("--extract-facts,!--no-extract-facts", g.extract_facts,
               "Read (subject, attribute, value) facts of whitelisted relations out of each "
               "message (phone, e-mail, title, employer, preferences, ...) as semantic memories "
               "that supersede or reinforce the current value (default on)");
  std::function<int()> action;
  auto json_flag = [&](CLI::App* c) { c->add_flag("--json", g.json, "Print JSON"); };

  // remember
  PrincipalFlags rp;
  std::string r_text, r_vis = "private", r_session, r_at, r_source = "chat", r_speaker = "user";
  std::string r_subject, r_attribute, r_value, r_metadata = "{}";
  auto* remember = app.add_subcommand("remember", "Store a message and the memories made from it");
  AddPrincipalFlags(remember, &rp);
  remember->add_option("--visibility", r_vis, "private | team | public")->capture_default_str();
  remember->add_option("--session", r_session, "Conversation session id");
  remember->add_option("--at", r_at, "Reference time of the message (ISO 8601); default now");
  remember->add_option("--source", r_source, "chat | web_form | voice | api | import");
  remember->add_option("--speaker", r_speaker, "Who said it: user | assistant | ...");
  remember->add_option("--subject", r_subject, "Explicit fact: its subject");
  remember->add_option("--attribute", r_attribute, "Explicit fact: its attribute");
  remember->add_option("--value", r_value, "Explicit fact: its value");
  remember->add_option("--metadata", r_metadata, "A JSON object kept with the memory");
  std::string r_valid_from, r_valid_to;
  remember->add_option("--valid-from", r_valid_from, "When it starts to hold (default --at)");
  remember->add_option("--valid-to", r_valid_to, "When it stops holding (leaves recall then)");
  remember->add_option("TEXT", r_text, "The message ('-' reads standard input)")->required();
  json_flag(remember);
  remember->callback([&] {
    action = [&]() -> int {
      RememberRequest req;
      req.principal = rp.Get();
      auto text = ReadText(r_text);
      if (!text.ok()) return Fail(text.status());
      req.text = *text;
      auto vis = ParseVisibility(r_vis);
      if (!vis) return Fail(Status::InvalidArgument("--visibility: unknown '" + r_vis + "'"));
      req.visibility = *vis;
      if (*vis == Visibility::kTeam) {
        if (rp.teams.empty()) {
          return Fail(Status::InvalidArgument("--visibility team needs --team"));
        }
        req.team_id = rp.teams.front();
      }
      auto src = ParseSourceType(r_source);
      if (!src) return Fail(Status::InvalidArgument("--source: unknown '" + r_source + "'"));
      req.source = *src;
      auto at = ParseAt(r_at);
      if (!at.ok()) return Fail(at.status());
      req.at = *at;
      auto valid_from = ParseAt(r_valid_from);
      if (!valid_from.ok()) return Fail(valid_from.status().WithPrefix("--valid-from"));
      auto valid_to = ParseAt(r_valid_to);
      if (!valid_to.ok()) return Fail(valid_to.status().WithPrefix("--valid-to"));
      req.valid_from = *valid_from;
      req.valid_to = *valid_to;
      req.session_id = r_session;
      req.role = r_speaker;
      req.subject = r_subject;
      req.attribute = r_attribute;
      req.value = r_value;
      req.metadata_json = r_metadata;
      auto engine = OpenEngine(g, /*create=*/true);
      if (!engine.ok()) return Fail(engine.status());
      auto out = (*engine)->Remember(req);
      if (!out.ok()) return Fail(out.status());
      json mems = json::array();
      std::string text_out;
      auto listed = [](const std::vector<int64_t>& ids, int64_t id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
      };
      for (const Memory& m : out->memories) {
        mems.push_back(MemoryJson(m));
        // What the write did with each memory, in words a user reads.
        std::string verb = "remembered ";
        if (m.id == out->duplicate_of) {
          verb = "said again (reinforced, no new memory) ";
        } else if (listed(out->reinforced, m.id)) {
          verb = "reinforced ";
        } else if (listed(out->candidates, m.id)) {
          verb = "held for confirmation (weak fact, not yet current) ";
        } else if (listed(out->outranked, m.id)) {
          verb = "kept as history (the current value outranks it) ";
        }
        text_out += verb + MemoryLine(m) + "\n";
      }
      json entities = json::array();
      for (const EntityLinkView& l : out->entities) {
        entities.push_back(serve::EntityLinkJson(l));
        char conf[16];
        std::snprintf(conf, sizeof conf, "%.2f", l.confidence);
        text_out += "  entity #" + std::to_string(l.entity_id) + " " + l.type + " " + l.name +
                    " (" + (l.created ? "new" : "known") + ", " + conf + ")\n";
      }
      json corefs = json::array();
      for (const CoreferenceView& c : out->coreferences) {
        corefs.push_back(serve::CoreferenceJson(c));
        std::string names;
        for (const std::string& n : c.antecedents) names += (names.empty() ? "" : ", ") + n;
        char conf[16];
        std::snprintf(conf, sizeof conf, "%.2f", c.confidence);
        text_out += "  " + c.pronoun + " -> " + (names.empty() ? "?" : names) + " (" + conf +
                    (c.resolved ? "" : ", unresolved: " + c.reason) + ")\n";
      }
      Print(g,
            {{"request_id", out->request_id},
             {"message_id", out->message_id},
             {"memories", mems},
             {"superseded", out->superseded},
             {"reinforced", out->reinforced},
             {"duplicate_of", out->duplicate_of},
             {"outranked", out->outranked},
             {"candidates", out->candidates},
             {"guard", out->guard},
             {"signals", out->signals},
             {"event", {{"type", out->event_type},
                        {"confidence", out->event_confidence},
                        {"slots", out->event_slots}}},
             {"review_items", out->review_items},
             {"entities", entities},
             {"coreferences", corefs}},
            text_out + (out->guard == "clean" ? "" : "guard: " + out->guard + "\n") +
                (out->review_items.empty()
                     ? ""
                     : std::to_string(out->review_items.size()) + " review item(s) raised\n"));
      return 0;
    };
  });

  // recall
  PrincipalFlags qp;
  std::string q_text, q_at;
  int q_limit = 10;
  double q_threshold = -1;
  bool q_history = false, q_explain = false, q_expired = false, q_deep = false;
  std::string q_session, q_from_session, q_from_agent, q_meta;
  std::vector<std::string> q_types, q_kinds;
  auto* recall = app.add_subcommand("recall", "Find the memories relevant to a query");
  AddPrincipalFlags(recall, &qp);
  recall->add_option("--at", q_at, "Reference time of the question (ISO 8601); default now");
  recall->add_option("--limit", q_limit, "Most hits to return")->capture_default_str();
  recall->add_flag("--include-history", q_history, "Also superseded versions");
  recall->add_flag("--include-expired", q_expired, "Also memories whose TTL ran out");
  recall->add_flag("--deep", q_deep, "Also dormant memories through the vector channel");
  recall->add_option("--session", q_session, "The asking session (adds its latest memories)");
  recall->add_flag("--explain", q_explain, "Show why each hit was recalled");
  recall->add_option("--threshold", q_threshold,
                     "Leave out hits below this relevance, 0..1 (default: the engine's "
                     "min_relevance)");
  recall->add_option("--type", q_types,
                     "Only memories of this type: working, episodic, semantic, procedural "
                     "(repeatable)")->allow_extra_args(false);
  recall->add_option("--kind", q_kinds,
                     "Only memories of this kind: fact, preference, event, task, state, "
                     "summary, raw (repeatable)")->allow_extra_args(false);
  recall->add_option("--from-session", q_from_session, "Only memories said in this session");
  recall->add_option("--from-agent", q_from_agent, "Only memories written by this agent");
  recall->add_option("--where", q_meta,
                     "Only memories whose metadata match this Mem0-style JSON condition, "
                     R"(e.g. '{"project": "apollo"}' or '{"n": {"gte": 3}}')");
  recall->add_option("QUERY", q_text, "What to recall")->required();
  json_flag(recall);
  recall->callback([&] {
    action = [&]() -> int {
      RecallRequest req;
      req.principal = qp.Get();
      req.query = q_text;
      if (q_limit <= 0) return Fail(Status::InvalidArgument("--limit: must be positive"));
      req.limit = q_limit;
      if (q_threshold != -1) req.min_relevance = q_threshold;
      req.include_history = q_history;
      req.include_expired = q_expired;
      req.deep = q_deep;
      req.session_id = q_session;
      for (const std::string& t : q_types) {
        auto type = ParseMemoryType(t);
        if (!type) return Fail(Status::InvalidArgument("--type: unknown '" + t + "'"));
        req.filter.types.push_back(*type);
      }
      for (const std::string& k : q_kinds) {
        auto kind = ParseMemoryKind(k);
        if (!kind) return Fail(Status::InvalidArgument("--kind: unknown '" + k + "'"));
        req.filter.kinds.push_back(*kind);
      }
      req.filter.session_id = q_from_session;
      req.filter.agent_id = q_from_agent;
      req.filter.metadata_json = q_meta;
      auto at = ParseAt(q_at);
      if (!at.ok()) return Fail(at.status());
      req.at = *at;
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto out = (*engine)->Recall(req);
      if (!out.ok()) return Fail(out.status());
      json results = json::array();
      std::string text_out;
      for (const RecallHit& h : out->hits) {
        results.push_back(HitJson(h));
        text_out += HitLine(h) + "\n";
        if (q_explain) text_out += ExplainLines(h);
      }
      if (out->hits.empty()) text_out = "no memories found\n";
      Print(g, {{"request_id", out->request_id}, {"results", results}}, text_out);
      return 0;
    };
  });

  // context
  PrincipalFlags xp;
  std::string x_query, x_session, x_at;
  int x_budget = 1024;
  auto* context = app.add_subcommand("context", "A prompt-ready block of cited memories");
  AddPrincipalFlags(context, &xp);
  context->add_option("--session", x_session, "The current session (its turns lead)");
  context->add_option("--budget", x_budget, "Token budget")->capture_default_str();
  context->add_option("--at", x_at, "Reference time (ISO 8601); default now");
  context->add_option("QUERY", x_query, "What the agent is about to answer")->required();
  json_flag(context);
  context->callback([&] {
    action = [&]() -> int {
      ContextRequest req;
      req.principal = xp.Get();
      req.query = x_query;
      req.session_id = x_session;
      if (x_budget <= 0) return Fail(Status::InvalidArgument("--budget: must be positive"));
      req.budget_tokens = x_budget;
      auto at = ParseAt(x_at);
      if (!at.ok()) return Fail(at.status());
      req.at = *at;
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto out = (*engine)->Context(req);
      if (!out.ok()) return Fail(out.status());
      Print(g,
            {{"request_id", out->request_id},
             {"context", out->text},
             {"cited", out->cited},
             {"estimated_tokens", out->estimated_tokens}},
            out->text);
      return 0;
    };
  });

  // get / history / correct / forget
  PrincipalFlags ip;
  int64_t id = 0;
  std::string c_text, c_value, c_at;
  bool hard = false;
  auto* get = app.add_subcommand("get", "Show one memory version");
  auto* history = app.add_subcommand("history", "Show every version of a memory");
  auto* correct = app.add_subcommand("correct", "Write a corrected version of a memory");
  auto* forget = app.add_subcommand("forget", "Retire a memory (soft by default)");
  for (CLI::App* c : {get, history, correct, forget}) {
    AddPrincipalFlags(c, &ip);
    c->add_option("ID", id, "Memory id")->required();
    json_flag(c);
  }
  correct->add_option("TEXT", c_text, "The corrected statement ('-' reads stdin)")->required();
  correct->add_option("--value", c_value, "For facts: the corrected value");
  correct->add_option("--at", c_at, "When the correction holds from (ISO 8601)");
  forget->add_flag("--hard", hard, "Erase the content, not only retire it");
  get->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto m = (*engine)->Get(ip.Get(), id);
      if (!m.ok()) return Fail(m.status());
      Print(g, MemoryJson(*m), MemoryLine(*m) + "\n");
      return 0;
    };
  });
  history->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto versions = (*engine)->History(ip.Get(), id);
      if (!versions.ok()) return Fail(versions.status());
      json arr = json::array();
      std::string text_out;
      for (const Memory& m : *versions) {
        arr.push_back(MemoryJson(m));
        text_out += MemoryLine(m) + "\n";
      }
      Print(g, {{"versions", arr}}, text_out);
      return 0;
    };
  });
  correct->callback([&] {
    action = [&]() -> int {
      CorrectRequest req;
      req.principal = ip.Get();
      req.id = id;
      auto text = ReadText(c_text);
      if (!text.ok()) return Fail(text.status());
      req.text = *text;
      req.value = c_value;
      auto at = ParseAt(c_at);
      if (!at.ok()) return Fail(at.status());
      req.at = *at;
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto m = (*engine)->Correct(req);
      if (!m.ok()) return Fail(m.status());
      Print(g, MemoryJson(*m), "corrected " + MemoryLine(*m) + "\n");
      return 0;
    };
  });
  forget->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      Status s = (*engine)->Forget(ForgetRequest{ip.Get(), id, hard});
      if (!s.ok()) return Fail(s);
      Print(g, {{"forgotten", id}, {"hard", hard}},
            std::string(hard ? "erased" : "forgot") + " memory " + std::to_string(id) + "\n");
      return 0;
    };
  });

  // audit / stats
  PrincipalFlags ap;
  int64_t after = 0;
  int a_limit = 100;
  bool verify = false;
  auto* audit = app.add_subcommand("audit", "List the audit log (own records; all for admins)");
  AddPrincipalFlags(audit, &ap);
  audit->add_option("--after", after, "Only records after this sequence number");
  audit->add_option("--limit", a_limit, "Most records to list")->capture_default_str();
  audit->add_flag("--verify", verify, "Also recompute the hash chain");
  json_flag(audit);
  audit->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto records = (*engine)->Audit(ap.Get(), after, a_limit);
      if (!records.ok()) return Fail(records.status());
      json arr = json::array();
      std::string text_out;
      for (const auto& r : *records) {
        arr.push_back(AuditJson(r));
        text_out += AuditLine(r) + "\n";
      }
      json j = {{"records", arr}};
      if (verify) {
        auto check = (*engine)->VerifyAudit();
        if (!check.ok()) return Fail(check.status());
        j["chain"] = {{"records", check->records},
                      {"intact", check->intact},
                      {"first_bad_seq", check->first_bad_seq ? json(check->first_bad_seq)
                                                             : json(nullptr)},
                      {"problem", check->problem},
                      {"keyed_records", check->keyed_records},
                      {"anchored_seq", check->anchored_seq}};
        text_out += check->intact
                        ? "chain intact (" + std::to_string(check->records) + " records, " +
                              std::to_string(check->keyed_records) + " keyed, anchored at " +
                              std::to_string(check->anchored_seq) + ")\n"
                        : "chain BROKEN at record " + std::to_string(check->first_bad_seq) +
                              ": " + check->problem + "\n";
        Print(g, j, text_out);
        return check->intact ? 0 : 1;
      }
      Print(g, j, text_out);
      return 0;
    };
  });
  PrincipalFlags sp;
  MetricsRequest s_metrics;
  auto* stats = app.add_subcommand(
      "stats", "Counts of what the principal can see, and the lifecycle metrics of its user "
               "(or --by team|agent --id X)");
  AddPrincipalFlags(stats, &sp);
  stats->add_option("--by", s_metrics.by, "Metrics of: user | team | agent")
      ->capture_default_str();
  stats->add_option("--id", s_metrics.id, "Whose metrics (default: the principal's own)");
  stats->add_option("--window-days", s_metrics.window_days, "Metrics window, ending now")
      ->capture_default_str();
  json_flag(stats);
  stats->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto s = (*engine)->Stats(sp.Get());
      if (!s.ok()) return Fail(s.status());
      s_metrics.principal = sp.Get();
      auto m = (*engine)->Metrics(s_metrics);
      if (!m.ok()) return Fail(m.status());
      json j = StatsJson(*s);
      j["metrics"] = MetricsJson(*m);
      Print(g, j, j.dump(2) + "\n");
      return 0;
    };
  });
  auto* sweep = app.add_subcommand(
      "sweep", "Lifecycle upkeep: memories idle for --dormant-after-days become dormant");
  json_flag(sweep);
  sweep->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto r = (*engine)->Sweep();
      if (!r.ok()) return Fail(r.status());
      Print(g, {{"dormant", r->dormant}},
            std::to_string(r->dormant) + " memories became dormant\n");
      return 0;
    };
  });

  // feedback
  PrincipalFlags fp;
  std::string f_request, f_verdict, f_correction;
  int64_t f_memory = 0;
  auto* feedback = app.add_subcommand("feedback", "Say whether a recalled memory was right");
  AddPrincipalFlags(feedback, &fp);
  feedback->add_option("REQUEST_ID", f_request, "The recall's request_id")->required();
  feedback->add_option("--memory", f_memory, "The memory id")->required();
  feedback->add_option("--verdict", f_verdict, "used | wrong | outdated")->required();
  feedback->add_option("--correction", f_correction, "With wrong/outdated: the corrected text");
  bool f_forget = false;
  feedback->add_flag("--forget", f_forget, "With wrong/outdated: forget the memory instead");
  json_flag(feedback);
  feedback->callback([&] {
    action = [&]() -> int {
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      auto out = (*engine)->Feedback(
          {fp.Get(), f_request, f_memory, f_verdict, f_correction, f_forget});
      if (!out.ok()) return Fail(out.status());
      json j = {{"request_id", out->request_id},
                {"corrected", out->corrected ? MemoryJson(*out->corrected) : json(nullptr)}};
      Print(g, j,
            "recorded " + f_verdict + " for memory " + std::to_string(f_memory) + "\n" +
                (out->corrected ? "corrected " + MemoryLine(*out->corrected) + "\n" : ""));
      return 0;
    };
  });

  // review
  PrincipalFlags vp;
  bool v_all = false;
  int v_limit = 100;
  int64_t v_id = 0;
  std::string v_resolution;
  auto* review = app.add_subcommand("review", "List or resolve the review queue");
  AddPrincipalFlags(review, &vp);
  review->add_flag("--all", v_all, "Also list resolved items");
  review->add_option("--limit", v_limit, "Most items to list")->capture_default_str();
  review->add_option("--resolve", v_id, "Resolve this item (with --approve or --reject)");
  auto* approve = review->add_flag_callback("--approve", [&] { v_resolution = "approve"; },
                                            "Release the quarantined memory into recall");
  review->add_flag_callback("--reject", [&] { v_resolution = "reject"; },
                            "Keep it quarantined")->excludes(approve);
  json_flag(review);
  review->callback([&] {
    action = [&]() -> int {
      if ((v_id != 0) != !v_resolution.empty()) {
        return Fail(Status::InvalidArgument("--resolve ID needs --approve or --reject"));
      }
      auto engine = OpenEngine(g, false);
      if (!engine.ok()) return Fail(engine.status());
      if (v_id != 0) {
        auto item = (*engine)->ResolveReview(vp.Get(), v_id, v_resolution);
        if (!item.ok()) return Fail(item.status());
        Print(g, ReviewJson(*item), ReviewLine(*item) + "\n");
        return 0;
      }
      auto items = (*engine)->Review(vp.Get(), v_all, v_limit);
      if (!items.ok()) return Fail(items.status());
      json arr = json::array();
      std::string text_out;
      for (const ReviewItemView& r : *items) {
        arr.push_back(ReviewJson(r));
        text_out += ReviewLine(r) + "\n";
      }
      Print(g, {{"items", arr}}, text_out.empty() ? "review queue is empty\n" : text_out);
      return 0;
    };
  });

  AddEvalCommands(app, &action);
  AddTimeCommand(app, &action);
  AddLifecycleCommands(app, &action, &g.db, &g.json);
  AddEntityCommands(app, &action, &g.db, &g.json);
  RegisterImportCommand(app, &action, [&g] { return GlobalOptions(g); }, &g.json);
  serve::AddServeCommands(app, &action, [&g] { return GlobalOptions(g); });

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "engram: " << e.what() << "\n";
    std::cerr << "Run 'engram --help' for usage.\n";
    return 2;
  }
  return action ? action() : 2;
}

}  // namespace
}  // namespace engram::cli

int main(int argc, char** argv) {
  try {
    return engram::cli::Run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "engram: Internal: " << e.what() << "\n";
    return 1;
  }
}
