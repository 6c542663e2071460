#include "apps/cli/chat_import.h"

#include <nlohmann/json.hpp>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "engram/iso8601.h"

namespace engram::cli {
namespace {

using nlohmann::json;

// FNV-1a, 64 bits, as 16 hex digits: a name for a file, not a security boundary.
std::string Fnv1aHex(std::string_view data) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
  return buf;
}

Result<std::string> OptionalString(const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::string();
  if (!j[key].is_string()) return Status::InvalidArgument(std::string(key) + ": must be a string");
  return j[key].get<std::string>();
}

Result<std::optional<Instant>> Time(const json& j) {
  const char* key = j.contains("time") ? "time" : "timestamp";
  if (!j.contains(key) || j[key].is_null()) return std::optional<Instant>();
  const json& t = j[key];
  if (t.is_number()) {  // Unix seconds
    const double s = t.get<double>();
    if (!std::isfinite(s) || s < 0 || s > 253402300799.0) {
      return Status::InvalidArgument(std::string(key) + ": Unix seconds out of range");
    }
    return std::optional<Instant>(Instant{static_cast<int64_t>(std::llround(s * 1000)), 0});
  }
  if (!t.is_string()) {
    return Status::InvalidArgument(std::string(key) + ": ISO 8601 text or Unix seconds");
  }
  auto at = ParseIso8601(t.get<std::string>());
  if (!at.ok()) return at.status().WithPrefix(key);
  return std::optional<Instant>(*at);
}

}  // namespace

Result<RememberRequest> ParseChatLine(const std::string& line, int64_t line_no,
                                      const ImportDefaults& defaults) {
  if (line.find_first_not_of(" \t\r") == std::string::npos) {
    return Status::InvalidArgument("empty line");
  }
  json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::InvalidArgument("not valid JSON");
  if (!j.is_object()) return Status::InvalidArgument("not a JSON object");
  RememberRequest r;
  auto user = OptionalString(j, "user");
  if (!user.ok()) return user.status();
  r.principal.user_id = user->empty() ? defaults.user : *user;
  if (r.principal.user_id.empty()) return Status::InvalidArgument("user: required (or --user)");
  auto agent = OptionalString(j, "agent");
  if (!agent.ok()) return agent.status();
  r.principal.agent_id = agent->empty() ? defaults.agent : *agent;
  auto session = OptionalString(j, j.contains("session") ? "session" : "session_id");
  if (!session.ok()) return session.status();
  r.session_id = *session;
  auto role = OptionalString(j, "role");
  if (!role.ok()) return role.status();
  if (!role->empty()) r.role = *role;
  const char* text_key = j.contains("text") ? "text" : "content";
  auto text = OptionalString(j, text_key);
  if (!text.ok()) return text.status();
  if (text->empty()) return Status::InvalidArgument("text: required (\"text\" or \"content\")");
  r.text = *text;
  auto at = Time(j);
  if (!at.ok()) return at.status();
  r.at = *at;
  r.source = SourceType::kImport;
  json meta = json::object();
  if (j.contains("metadata") && !j["metadata"].is_null()) {
    if (!j["metadata"].is_object()) return Status::InvalidArgument("metadata: must be an object");
    meta = j["metadata"];
  }
  std::string key;
  if (j.contains("id") && !j["id"].is_null()) {
    if (j["id"].is_string()) {
      key = j["id"].get<std::string>();
    } else if (j["id"].is_number_integer()) {
      key = std::to_string(j["id"].get<int64_t>());
    } else {
      return Status::InvalidArgument("id: must be a string or an integer");
    }
    if (key.empty()) return Status::InvalidArgument("id: must not be empty");
  } else {
    key = defaults.source_id + ":" + std::to_string(line_no);
  }
  meta["import_id"] = key;
  r.metadata_json = meta.dump(-1, ' ', false, json::error_handler_t::strict);
  return r;
}

std::string ImportKey(const RememberRequest& r) {
  json meta = json::parse(r.metadata_json, nullptr, false);
  return meta.is_object() ? meta.value("import_id", "") : "";
}

Result<std::string> FileFingerprint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot read " + path);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return Fnv1aHex(head);
}

std::string CheckpointPath(const std::string& db, const std::string& input) {
  std::error_code ec;
  const std::string abs = std::filesystem::absolute(input, ec).lexically_normal().string();
  return db + ".import-" + Fnv1aHex(abs) + ".json";
}

Result<Checkpoint> ReadCheckpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::NotFound("no checkpoint " + path);
  json j = json::parse(in, nullptr, false);
  if (!j.is_object() || !j.contains("line") || !j["line"].is_number_integer() ||
      !j.contains("offset") || !j["offset"].is_number_integer()) {
    return Status::Corruption("checkpoint " + path + ": unreadable; remove it or --restart");
  }
  Checkpoint c;
  c.file = j.value("file", "");
  c.fingerprint = j.value("fingerprint", "");
  c.line = j["line"].get<int64_t>();
  c.offset = j["offset"].get<int64_t>();
  return c;
}

Status WriteCheckpoint(const std::string& path, const Checkpoint& c) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << json{{"file", c.file}, {"fingerprint", c.fingerprint}, {"line", c.line},
                {"offset", c.offset}}
               .dump()
        << "\n";
    if (!out.flush()) return Status::IOError("cannot write checkpoint " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Status::IOError("cannot write checkpoint " + path + ": " + ec.message());
  return Status::OK();
}

Result<std::set<std::string>> StoredKeys(Engine& engine,
                                         const std::vector<RememberRequest>& requests) {
  // (user, agent, session) -> the keys wanted there
  std::map<std::tuple<std::string, std::string, std::string>, std::set<std::string>> wanted;
  for (const RememberRequest& r : requests) {
    wanted[{r.principal.user_id, r.principal.agent_id, r.session_id}].insert(ImportKey(r));
  }
  std::set<std::string> found;
  for (const auto& [where, keys] : wanted) {
    ListRequest list;
    list.principal.user_id = std::get<0>(where);
    list.principal.agent_id = std::get<1>(where);
    list.session_id = std::get<2>(where);  // "" (automatic sessions): every session
    list.include_history = true;
    list.limit = 1000;
    for (;;) {
      auto page = engine.List(list);
      if (!page.ok()) return page.status();
      for (const Memory& m : page->memories) {
        json meta = json::parse(m.metadata_json, nullptr, false);
        if (!meta.is_object() || !meta.contains("import_id")) continue;
        const json& k = meta["import_id"];
        if (k.is_string() && keys.count(k.get<std::string>())) found.insert(k.get<std::string>());
      }
      if (page->next_after_id == 0) break;
      list.after_id = page->next_after_id;
    }
  }
  return found;
}

}  // namespace engram::cli
