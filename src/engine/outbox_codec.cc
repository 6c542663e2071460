#include "src/engine/outbox_codec.h"

#include <nlohmann/json.hpp>

namespace engram::engine {

using nlohmann::json;

std::string EncodeRememberRequest(const RememberRequest& r) {
  json j = {{"v", 1},
            {"user", r.principal.user_id},
            {"agent", r.principal.agent_id},
            {"teams", r.principal.teams},
            {"roles", r.principal.roles},
            {"text", r.text},
            {"visibility", ToString(r.visibility)},
            {"team", r.team_id},
            {"session", r.session_id},
            {"source", ToString(r.source)},
            {"role", r.role},
            {"metadata", r.metadata_json},
            {"subject", r.subject},
            {"attribute", r.attribute},
            {"value", r.value},
            {"infer", r.infer}};
  if (r.at) j["at"] = {r.at->unix_ms, r.at->offset_minutes};
  if (r.valid_from) j["valid_from"] = {r.valid_from->unix_ms, r.valid_from->offset_minutes};
  if (r.valid_to) j["valid_to"] = {r.valid_to->unix_ms, r.valid_to->offset_minutes};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<RememberRequest> DecodeRememberRequest(const std::string& text) {
  try {
    json j = json::parse(text);
    RememberRequest r;
    r.principal.user_id = j.at("user").get<std::string>();
    r.principal.agent_id = j.at("agent").get<std::string>();
    r.principal.teams = j.at("teams").get<std::vector<std::string>>();
    r.principal.roles = j.at("roles").get<std::vector<std::string>>();
    r.text = j.at("text").get<std::string>();
    auto vis = ParseVisibility(j.at("visibility").get<std::string>());
    auto src = ParseSourceType(j.at("source").get<std::string>());
    if (!vis || !src) return Status::Corruption("outbox: bad visibility or source");
    r.visibility = *vis;
    r.source = *src;
    r.team_id = j.at("team").get<std::string>();
    r.session_id = j.at("session").get<std::string>();
    r.role = j.at("role").get<std::string>();
    r.metadata_json = j.at("metadata").get<std::string>();
    r.subject = j.at("subject").get<std::string>();
    r.attribute = j.at("attribute").get<std::string>();
    r.value = j.at("value").get<std::string>();
    r.infer = j.value("infer", true);  // entries written before the field existed
    for (auto [key, field] : {std::pair{"at", &r.at}, {"valid_from", &r.valid_from},
                              {"valid_to", &r.valid_to}}) {
      if (j.contains(key)) {
        *field = Instant{j[key].at(0).get<int64_t>(), j[key].at(1).get<int32_t>()};
      }
    }
    return r;
  } catch (const json::exception& e) {
    return Status::Corruption(std::string("outbox: unreadable request: ") + e.what());
  }
}

std::string EncodeStatus(const Status& status) { return status.ToString(); }

Status DecodeStatus(const std::string& text) {
  for (int c = 1; c <= static_cast<int>(StatusCode::kUnauthenticated); ++c) {
    const auto code = static_cast<StatusCode>(c);
    const std::string prefix = std::string(StatusCodeName(code)) + ": ";
    if (text.compare(0, prefix.size(), prefix) == 0) return {code, text.substr(prefix.size())};
  }
  return Status::Internal(text);
}

}  // namespace engram::engine
