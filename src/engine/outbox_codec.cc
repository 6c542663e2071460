#include "src/engine/outbox_codec.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace engram::engine {

using nlohmann::json;

namespace {

std::string Hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

int Nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::optional<std::string> Unhex(const std::string& hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = Nibble(hex[i]), lo = Nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

}  // namespace

std::string EncodeRememberRequest(const RememberRequest& r,
                                  const std::vector<store::VaultEntry>* sealed_vault) {
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
  if (sealed_vault) {
    json v = json::array();
    for (const store::VaultEntry& e : *sealed_vault) {
      v.push_back({e.placeholder, e.kind, Hex(e.nonce), Hex(e.ciphertext)});
    }
    j["vault"] = std::move(v);
  }
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

Result<std::optional<std::vector<store::VaultEntry>>> DecodeQueuedVault(const std::string& text) {
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return Status::Corruption("outbox: unreadable request");
  auto it = j.find("vault");
  if (it == j.end()) return std::optional<std::vector<store::VaultEntry>>();
  if (!it->is_array()) return Status::Corruption("outbox: unreadable vault");
  std::vector<store::VaultEntry> out;
  for (const json& e : *it) {
    if (!e.is_array() || e.size() != 4 || !e[0].is_string() || !e[1].is_string() ||
        !e[2].is_string() || !e[3].is_string()) {
      return Status::Corruption("outbox: unreadable vault entry");
    }
    auto nonce = Unhex(e[2].get<std::string>());
    auto cipher = Unhex(e[3].get<std::string>());
    if (!nonce || !cipher) return Status::Corruption("outbox: unreadable vault entry");
    store::VaultEntry v;
    v.placeholder = e[0].get<std::string>();
    v.kind = e[1].get<std::string>();
    v.nonce = std::move(*nonce);
    v.ciphertext = std::move(*cipher);
    out.push_back(std::move(v));
  }
  return std::optional<std::vector<store::VaultEntry>>(std::move(out));
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
