#include "apps/cli/entity_commands.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "apps/cli/commands.h"
#include "apps/serve/entity_json.h"
#include "engram/engram.h"
#include "engram/json_limits.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

Status LineError(int line, const std::string& what) {
  return Status::InvalidArgument("line " + std::to_string(line) + ": " + what);
}

std::vector<std::string> SplitList(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s + ";") {
    if (c != ';') {
      cur += c;
      continue;
    }
    size_t b = cur.find_first_not_of(' '), e = cur.find_last_not_of(' ');
    if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
    cur.clear();
  }
  return out;
}

// One CSV record of a single physical line.
Result<std::vector<std::string>> CsvFields(const std::string& line, int n) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, was_quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cur += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cur += c;
      }
    } else if (c == '"' && cur.empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (c == ',') {
      out.push_back(std::move(cur));
      cur.clear();
      was_quoted = false;
    } else {
      cur += c;
    }
  }
  if (quoted) return LineError(n, "unterminated quote (a field may not span lines)");
  out.push_back(std::move(cur));
  return out;
}

Status SetVisibility(const std::string& v, const std::string& team, EntityEntry* e, int n) {
  if (!v.empty()) {
    auto vis = ParseVisibility(v);
    if (!vis) return LineError(n, "visibility: unknown '" + v + "' (private, team, public)");
    e->visibility = *vis;
  }
  e->team_id = team;
  return Status::OK();
}

}  // namespace

Result<std::vector<EntityEntry>> ParseEntityCsv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> header;
  std::vector<EntityEntry> out;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (n == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // BOM
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    ENGRAM_ASSIGN_OR_RETURN(auto fields, CsvFields(line, n));
    if (header.empty()) {
      for (std::string& h : fields) {
        static const char* kKnown[] = {"name", "type", "aliases", "roles", "id", "visibility",
                                       "team"};
        if (std::find(std::begin(kKnown), std::end(kKnown), h) == std::end(kKnown)) {
          return LineError(n, "unknown column '" + h +
                                  "' (name, type, aliases, roles, id, visibility, team)");
        }
        header.push_back(h);
      }
      if (std::find(header.begin(), header.end(), "name") == header.end()) {
        return LineError(n, "the header has no 'name' column");
      }
      continue;
    }
    if (fields.size() != header.size()) {
      return LineError(n, std::to_string(fields.size()) + " fields, the header has " +
                              std::to_string(header.size()));
    }
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < header.size(); ++i) row[header[i]] = fields[i];
    EntityEntry e;
    e.line = n;
    e.name = row["name"];
    if (!row["type"].empty()) e.type = row["type"];
    e.aliases = SplitList(row["aliases"]);
    e.roles = SplitList(row["roles"]);
    e.external_id = row["id"];
    ENGRAM_RETURN_IF_ERROR(SetVisibility(row["visibility"], row["team"], &e, n));
    out.push_back(std::move(e));
  }
  if (header.empty()) return Status::InvalidArgument("line 1: no header row");
  return out;
}

Result<std::vector<EntityEntry>> ParseEntityJsonl(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<EntityEntry> out;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!CheckJsonDepth(line, "line").ok()) return LineError(n, "JSON nested too deep");
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return LineError(n, "not a JSON object");
    EntityEntry e;
    e.line = n;
    std::string visibility, team;
    for (const auto& [key, v] : j.items()) {
      std::string* str = key == "name"         ? &e.name
                         : key == "type"       ? &e.type
                         : key == "id"         ? &e.external_id
                         : key == "visibility" ? &visibility
                         : key == "team"       ? &team
                                               : nullptr;
      std::vector<std::string>* list = key == "aliases" ? &e.aliases
                                       : key == "roles" ? &e.roles
                                                        : nullptr;
      if (str) {
        if (!v.is_string()) return LineError(n, key + ": must be a string");
        *str = v.get<std::string>();
      } else if (list) {
        if (!v.is_array()) return LineError(n, key + ": must be an array of strings");
        for (const auto& x : v) {
          if (!x.is_string()) return LineError(n, key + ": must be an array of strings");
          list->push_back(x.get<std::string>());
        }
      } else {
        return LineError(n, "unknown key '" + key +
                                "' (name, type, aliases, roles, id, visibility, team)");
      }
    }
    ENGRAM_RETURN_IF_ERROR(SetVisibility(visibility, team, &e, n));
    out.push_back(std::move(e));
  }
  return out;
}

namespace {

struct State {
  std::string user, agent;
  std::vector<std::string> teams, roles;
  std::string file, format;
  std::string query, type;
  int limit = 100;
  int64_t id = 0;  // relations: the entity
};

Principal PrincipalOf(const State& s) { return Principal{s.user, s.agent, s.teams, s.roles}; }

Result<std::unique_ptr<Engine>> OpenDb(const std::string& db, bool create) {
  Options o;
  ApplyStore(db, &o);
  o.create_if_missing = create;
  o.embedder = "none";  // directory calls embed nothing
  return Engine::Open(o);
}

void AddPrincipal(CLI::App* cmd, State* st) {
  cmd->add_option("--user", st->user, "User the call acts for")->required();
  cmd->add_option("--agent", st->agent, "Agent acting for the user");
  cmd->add_option("--team", st->teams, "Team the user belongs to (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--role", st->roles, "Role: member, team-admin, admin (repeatable)")
      ->allow_extra_args(false);
}

int RunImport(const std::string& db, bool as_json, const State& st) {
  std::ifstream f(st.file, std::ios::binary);
  if (!f) return Fail(Status::InvalidArgument("entities import: cannot read '" + st.file + "'"));
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::string format = st.format;
  if (format.empty()) {
    auto ends = [&](const std::string& ext) {
      return st.file.size() >= ext.size() &&
             st.file.compare(st.file.size() - ext.size(), ext.size(), ext) == 0;
    };
    format = ends(".csv") ? "csv" : (ends(".jsonl") || ends(".ndjson")) ? "jsonl" : "";
  }
  if (format != "csv" && format != "jsonl") {
    return Fail(Status::InvalidArgument("entities import: say --format csv or jsonl for '" +
                                        st.file + "'"));
  }
  auto entries = format == "csv" ? ParseEntityCsv(text) : ParseEntityJsonl(text);
  if (!entries.ok()) return Fail(entries.status().WithPrefix(st.file));
  auto engine = OpenDb(db, true);
  if (!engine.ok()) return Fail(engine.status());
  auto out = (*engine)->ImportEntities({PrincipalOf(st), *entries});
  if (!out.ok()) return Fail(out.status().WithPrefix(st.file));
  if (as_json) {
    json arr = json::array();
    for (const Entity& e : out->entities) arr.push_back(serve::EntityJson(e));
    std::cout << json{{"request_id", out->request_id}, {"created", out->created},
                      {"updated", out->updated}, {"entities", arr}}
                     .dump(2, ' ', false, json::error_handler_t::replace)
              << "\n";
  } else {
    std::cout << "imported " << out->entities.size() << " entities (" << out->created
              << " created, " << out->updated << " updated)\n";
  }
  return 0;
}

int RunList(const std::string& db, bool as_json, const State& st) {
  auto engine = OpenDb(db, false);
  if (!engine.ok()) return Fail(engine.status());
  ListEntitiesRequest r;
  r.principal = PrincipalOf(st);
  r.query = st.query;
  r.type = st.type;
  r.limit = st.limit;
  auto out = (*engine)->ListEntities(r);
  if (!out.ok()) return Fail(out.status());
  if (as_json) {
    json arr = json::array();
    for (const Entity& e : out->entities) arr.push_back(serve::EntityJson(e));
    std::cout << json{{"entities", arr},
                      {"next_after", out->next_after_id ? json(out->next_after_id)
                                                        : json(nullptr)}}
                     .dump(2, ' ', false, json::error_handler_t::replace)
              << "\n";
    return 0;
  }
  for (const Entity& e : out->entities) {
    std::string aliases;
    for (const std::string& a : e.aliases) aliases += (aliases.empty() ? "" : ";") + a;
    for (const std::string& a : e.roles) aliases += (aliases.empty() ? "" : ";") + a;
    std::cout << "#" << e.id << " " << e.type << " " << e.name
              << (aliases.empty() ? "" : " (" + aliases + ")") << " [" << e.origin << "]\n";
  }
  if (out->entities.empty()) std::cout << "no entities\n";
  return 0;
}

// One line per relation: "-> reportsTo #2 李总", "<- reportsTo #1 张工" (incoming: the other
// end is the subject), "-> hasEmail ⟦EMAIL:…⟧", "~ co_mentioned #3 王工"; then its memories.
int RunRelations(const std::string& db, bool as_json, const State& st) {
  auto engine = OpenDb(db, false);
  if (!engine.ok()) return Fail(engine.status());
  auto out = (*engine)->EntityRelations(PrincipalOf(st), st.id, st.limit);
  if (!out.ok()) return Fail(out.status());
  if (as_json) {
    std::cout << serve::EntityRelationsJson(*out).dump(2, ' ', false,
                                                         json::error_handler_t::replace)
              << "\n";
    return 0;
  }
  std::cout << "#" << out->entity.id << " " << out->entity.type << " " << out->entity.name
            << "\n";
  for (const EntityRelationView& r : out->relations) {
    const char* arrow = r.direction == "incoming" ? "<-" : r.direction == "mutual" ? "~" : "->";
    std::string other = r.object.id ? "#" + std::to_string(r.object.id) + " " + r.object.name
                                    : r.value;
    std::string ids;
    for (int64_t m : r.memory_ids) ids += (ids.empty() ? "" : ",") + std::to_string(m);
    std::cout << "  " << arrow << " " << r.predicate << " " << other << " (memories " << ids
              << ")\n";
  }
  if (out->relations.empty()) std::cout << "  no relations\n";
  return 0;
}

}  // namespace

// --db and --json are the global flags (read when the action runs).
void AddEntityCommands(CLI::App& app, Globals* g, Action* action) {
  const std::string* db = &g->db;
  bool* json = &g->json;
  auto st = std::make_shared<State>();
  auto* entities = app.add_subcommand("entities", "The entity directory: import, list, relations");
  entities->require_subcommand(1);
  auto* import = entities->add_subcommand(
      "import", "Import a directory (CSV or JSONL: name, type, aliases, roles, id)");
  AddPrincipal(import, st.get());
  import->add_option("FILE", st->file, "The directory file")->required();
  import->add_option("--format", st->format, "csv | jsonl (default: by extension)");
  import->add_flag("--json", *json, "Print JSON");
  import->callback([action, db, json, st] {
    *action = [db, json, st] { return RunImport(*db, *json, *st); };
  });
  auto* list = entities->add_subcommand("list", "Entities the user may see, in id order");
  AddPrincipal(list, st.get());
  list->add_option("--query", st->query, "Part of a name, alias, role or id");
  list->add_option("--type", st->type, "Only this entity type");
  list->add_option("--limit", st->limit, "At most this many (1..1000)")->capture_default_str();
  list->add_flag("--json", *json, "Print JSON");
  list->callback([action, db, json, st] {
    *action = [db, json, st] { return RunList(*db, *json, *st); };
  });
  auto* relations = entities->add_subcommand(
      "relations", "An entity's relations: outgoing (->), incoming (<-), co-mentioned (~)");
  AddPrincipal(relations, st.get());
  relations->add_option("ID", st->id, "The entity id")->required();
  relations->add_option("--limit", st->limit, "At most this many (1..1000)")
      ->capture_default_str();
  relations->add_flag("--json", *json, "Print JSON");
  relations->callback([action, db, json, st] {
    *action = [db, json, st] { return RunRelations(*db, *json, *st); };
  });
}

}  // namespace engram::cli
