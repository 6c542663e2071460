// `engram recall` and `engram context`: find what is relevant to a query.
#include <memory>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct RecallFlags {
  PrincipalFlags principal;
  std::string text, at;
  int limit = 10;
  double threshold = -1;
  bool history = false, explain = false, expired = false, deep = false;
  std::string session, from_session, from_agent, meta;
  std::vector<std::string> types, kinds;
};

Result<int> RunRecall(const Globals& g, const RecallFlags& f) {
  RecallRequest req;
  req.principal = f.principal.Get();
  req.query = f.text;
  if (f.limit <= 0) return Status::InvalidArgument("--limit: must be positive");
  req.limit = f.limit;
  if (f.threshold != -1) req.min_relevance = f.threshold;
  req.include_history = f.history;
  req.include_expired = f.expired;
  req.deep = f.deep;
  req.session_id = f.session;
  for (const std::string& t : f.types) {
    auto type = ParseMemoryType(t);
    if (!type) return Status::InvalidArgument("--type: unknown '" + t + "'");
    req.filter.types.push_back(*type);
  }
  for (const std::string& k : f.kinds) {
    auto kind = ParseMemoryKind(k);
    if (!kind) return Status::InvalidArgument("--kind: unknown '" + k + "'");
    req.filter.kinds.push_back(*kind);
  }
  req.filter.session_id = f.from_session;
  req.filter.agent_id = f.from_agent;
  req.filter.metadata_json = f.meta;
  ENGRAM_ASSIGN_OR_RETURN(req.at, ParseAt(f.at));
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(RecallResult out, engine->Recall(req));
  json results = json::array();
  std::string text_out;
  for (const RecallHit& h : out.hits) {
    results.push_back(HitJson(h));
    text_out += HitLine(h) + "\n";
    if (f.explain) text_out += ExplainLines(h);
  }
  if (out.hits.empty()) text_out = "no memories found\n";
  Print(g, {{"request_id", out.request_id}, {"results", results}}, text_out);
  return 0;
}

struct ContextFlags {
  PrincipalFlags principal;
  std::string query, session, at;
  int budget = 1024;
};

Result<int> RunContext(const Globals& g, const ContextFlags& f) {
  ContextRequest req;
  req.principal = f.principal.Get();
  req.query = f.query;
  req.session_id = f.session;
  if (f.budget <= 0) return Status::InvalidArgument("--budget: must be positive");
  req.budget_tokens = f.budget;
  ENGRAM_ASSIGN_OR_RETURN(req.at, ParseAt(f.at));
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(ContextResult out, engine->Context(req));
  Print(g,
        {{"request_id", out.request_id},
         {"context", out.text},
         {"cited", out.cited},
         {"estimated_tokens", out.estimated_tokens}},
        out.text);
  return 0;
}

}  // namespace

void AddRecallCommands(CLI::App& app, Globals* g, Action* action) {
  auto q = std::make_shared<RecallFlags>();
  auto* recall = app.add_subcommand("recall", "Find the memories relevant to a query");
  AddPrincipalFlags(recall, &q->principal);
  recall->add_option("--at", q->at, "Reference time of the question (ISO 8601); default now");
  recall->add_option("--limit", q->limit, "Most hits to return")->capture_default_str();
  recall->add_flag("--include-history", q->history, "Also superseded versions");
  recall->add_flag("--include-expired", q->expired, "Also memories whose TTL ran out");
  recall->add_flag("--deep", q->deep, "Also dormant memories through the vector channel");
  recall->add_option("--session", q->session, "The asking session (adds its latest memories)");
  recall->add_flag("--explain", q->explain, "Show why each hit was recalled");
  recall->add_option("--threshold", q->threshold,
                     "Leave out hits below this relevance, 0..1 (default: the engine's "
                     "min_relevance)");
  recall->add_option("--type", q->types,
                     "Only memories of this type: working, episodic, semantic, procedural "
                     "(repeatable)")->allow_extra_args(false);
  recall->add_option("--kind", q->kinds,
                     "Only memories of this kind: fact, preference, event, task, state, "
                     "summary, raw (repeatable)")->allow_extra_args(false);
  recall->add_option("--from-session", q->from_session, "Only memories said in this session");
  recall->add_option("--from-agent", q->from_agent, "Only memories written by this agent");
  recall->add_option("--where", q->meta,
                     "Only memories whose metadata match this Mem0-style JSON condition, "
                     R"(e.g. '{"project": "apollo"}' or '{"n": {"gte": 3}}')");
  recall->add_option("QUERY", q->text, "What to recall")->required();
  AddJsonFlag(recall, g);
  recall->callback([g, action, q] { *action = [g, q] { return ExitCode(RunRecall(*g, *q)); }; });

  auto x = std::make_shared<ContextFlags>();
  auto* context = app.add_subcommand("context", "A prompt-ready block of cited memories");
  AddPrincipalFlags(context, &x->principal);
  context->add_option("--session", x->session, "The current session (its turns lead)");
  context->add_option("--budget", x->budget, "Token budget")->capture_default_str();
  context->add_option("--at", x->at, "Reference time (ISO 8601); default now");
  context->add_option("QUERY", x->query, "What the agent is about to answer")->required();
  AddJsonFlag(context, g);
  context->callback([g, action, x] {
    *action = [g, x] { return ExitCode(RunContext(*g, *x)); };
  });
}

}  // namespace engram::cli
