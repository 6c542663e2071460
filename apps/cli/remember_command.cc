// `engram remember`: store a message and the memories made from it.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "apps/serve/entity_json.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct RememberFlags {
  PrincipalFlags principal;
  std::string text, visibility = "private", session, at, source = "chat", speaker = "user";
  std::string subject, attribute, value, metadata = "{}";
  std::string valid_from, valid_to;
  std::string jsonl;  // --jsonl FILE|-: many messages (apps/cli/import_command.cc)
};

// The request the flags describe (InvalidArgument for a bad flag).
Result<RememberRequest> Request(const RememberFlags& f) {
  RememberRequest req;
  req.principal = f.principal.Get();
  ENGRAM_ASSIGN_OR_RETURN(req.text, ReadText(f.text));
  auto vis = ParseVisibility(f.visibility);
  if (!vis) return Status::InvalidArgument("--visibility: unknown '" + f.visibility + "'");
  req.visibility = *vis;
  if (*vis == Visibility::kTeam) {
    if (f.principal.teams.empty()) {
      return Status::InvalidArgument("--visibility team needs --team");
    }
    req.team_id = f.principal.teams.front();
  }
  auto src = ParseSourceType(f.source);
  if (!src) return Status::InvalidArgument("--source: unknown '" + f.source + "'");
  req.source = *src;
  ENGRAM_ASSIGN_OR_RETURN(req.at, ParseAt(f.at));
  auto valid_from = ParseAt(f.valid_from);
  if (!valid_from.ok()) return valid_from.status().WithPrefix("--valid-from");
  auto valid_to = ParseAt(f.valid_to);
  if (!valid_to.ok()) return valid_to.status().WithPrefix("--valid-to");
  req.valid_from = *valid_from;
  req.valid_to = *valid_to;
  req.session_id = f.session;
  req.role = f.speaker;
  req.subject = f.subject;
  req.attribute = f.attribute;
  req.value = f.value;
  req.metadata_json = f.metadata;
  return req;
}

Result<int> RunRemember(const Globals& g, const RememberFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(RememberRequest req, Request(f));
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, /*create=*/true));
  ENGRAM_ASSIGN_OR_RETURN(RememberResult out, engine->Remember(req));
  json mems = json::array();
  std::string text_out;
  auto listed = [](const std::vector<int64_t>& ids, int64_t id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  for (const Memory& m : out.memories) {
    mems.push_back(MemoryJson(m));
    // What the write did with each memory, in words a user reads.
    std::string verb = "remembered ";
    if (m.id == out.duplicate_of) {
      verb = "said again (reinforced, no new memory) ";
    } else if (listed(out.reinforced, m.id)) {
      verb = "reinforced ";
    } else if (listed(out.candidates, m.id)) {
      verb = "held for confirmation (weak fact, not yet current) ";
    } else if (listed(out.outranked, m.id)) {
      verb = "kept as history (the current value outranks it) ";
    }
    text_out += verb + MemoryLine(m) + "\n";
  }
  json entities = json::array();
  for (const EntityLinkView& l : out.entities) {
    entities.push_back(serve::EntityLinkJson(l));
    char conf[16];
    std::snprintf(conf, sizeof conf, "%.2f", l.confidence);
    text_out += "  entity #" + std::to_string(l.entity_id) + " " + l.type + " " + l.name +
                " (" + (l.created ? "new" : "known") + ", " + conf + ")\n";
  }
  json corefs = json::array();
  for (const CoreferenceView& c : out.coreferences) {
    corefs.push_back(serve::CoreferenceJson(c));
    std::string names;
    for (const std::string& n : c.antecedents) names += (names.empty() ? "" : ", ") + n;
    char conf[16];
    std::snprintf(conf, sizeof conf, "%.2f", c.confidence);
    text_out += "  " + c.pronoun + " -> " + (names.empty() ? "?" : names) + " (" + conf +
                (c.resolved ? "" : ", unresolved: " + c.reason) + ")\n";
  }
  Print(g,
        {{"request_id", out.request_id},
         {"message_id", out.message_id},
         {"memories", mems},
         {"superseded", out.superseded},
         {"reinforced", out.reinforced},
         {"duplicate_of", out.duplicate_of},
         {"outranked", out.outranked},
         {"candidates", out.candidates},
         {"guard", out.guard},
         {"signals", out.signals},
         {"event", {{"type", out.event_type},
                    {"confidence", out.event_confidence},
                    {"slots", out.event_slots}}},
         {"review_items", out.review_items},
         {"entities", entities},
         {"coreferences", corefs}},
        text_out + (out.guard == "clean" ? "" : "guard: " + out.guard + "\n") +
            (out.review_items.empty()
                 ? ""
                 : std::to_string(out.review_items.size()) + " review item(s) raised\n"));
  return 0;
}

}  // namespace

void AddRememberCommand(CLI::App& app, Globals* g, Action* action) {
  auto f = std::make_shared<RememberFlags>();
  auto* remember = app.add_subcommand("remember", "Store a message and the memories made from it");
  AddPrincipalFlags(remember, &f->principal);
  remember->add_option("--visibility", f->visibility, "private | team | public")
      ->capture_default_str();
  remember->add_option("--session", f->session, "Conversation session id");
  remember->add_option("--at", f->at, "Reference time of the message (ISO 8601); default now");
  remember->add_option("--source", f->source, "chat | web_form | voice | api | import");
  remember->add_option("--speaker", f->speaker, "Who said it: user | assistant | ...");
  remember->add_option("--subject", f->subject, "Explicit fact: its subject");
  remember->add_option("--attribute", f->attribute, "Explicit fact: its attribute");
  remember->add_option("--value", f->value, "Explicit fact: its value");
  remember->add_option("--metadata", f->metadata, "A JSON object kept with the memory");
  remember->add_option("--valid-from", f->valid_from, "When it starts to hold (default --at)");
  remember->add_option("--valid-to", f->valid_to, "When it stops holding (leaves recall then)");
  auto* text = remember->add_option("TEXT", f->text, "The message ('-' reads standard input)");
  remember->add_option("--jsonl", f->jsonl,
                       "Many messages, one JSON object a line, from FILE or '-' (standard "
                       "input): the format and summary of `engram import`, without its "
                       "checkpoint; --user/--agent for lines without one")
      ->excludes(text);
  AddJsonFlag(remember, g);
  remember->callback([g, action, f, text] {
    const bool has_text = text->count() > 0;
    *action = [g, f, has_text] {
      if (!f->jsonl.empty()) {
        return ImportJsonl(*g, f->jsonl, f->principal.user, f->principal.agent);
      }
      if (!has_text) return Fail(Status::InvalidArgument("TEXT or --jsonl: required"));
      return ExitCode(RunRemember(*g, *f));
    };
  });
}

}  // namespace engram::cli
