// The MCP tool descriptors and their JSON Schemas (declared in mcp.h).
#include "apps/serve/mcp.h"

namespace engram::serve {
namespace {

using nlohmann::json;

json Str(const char* description) { return {{"type", "string"}, {"description", description}}; }

json Id() {
  return {{"type", "integer"}, {"minimum", 1}, {"description", "Memory (version) id"}};
}

json Tool(const char* name, const char* title, const char* description, json properties,
          std::vector<std::string> required, bool read_only) {
  json schema = {{"type", "object"},
                 {"properties", std::move(properties)},
                 {"additionalProperties", false}};
  if (!required.empty()) schema["required"] = required;
  return {{"name", name},
          {"title", title},
          {"description", description},
          {"inputSchema", schema},
          {"annotations", {{"readOnlyHint", read_only}}}};
}

json FiltersSchema() {
  json names = {{"type", "array"}, {"items", {{"type", "string"}}}};
  return {{"type", "object"},
          {"description",
           "Only memories matching every condition given: memory types (working, episodic, "
           "semantic, procedural), kinds (fact, preference, event, task, state, summary, raw), "
           "the session said in, the writing agent, and a Mem0-style metadata condition: "
           "{\"k\": v}, {\"k\": {\"in\": [..]}} (eq ne in nin gt gte lt lte contains "
           "icontains), {\"OR\": [..]}, {\"AND\": [..]}, {\"NOT\": [..]}"},
          {"properties",
           {{"types", names},
            {"kinds", names},
            {"session_id", Str("Said in this session")},
            {"agent_id", Str("Written by this agent")},
            {"metadata", {{"type", "object"}}}}},
          {"additionalProperties", false}};
}

}  // namespace

json McpSession::Tools() {
  json remember_props = {
      {"text", Str("What was said, verbatim (UTF-8)")},
      {"role", Str("Who said it: user, assistant, ...")},
      {"session", Str("Conversation session id")},
      {"team", Str("Team to share it with (team visibility)")},
      {"visibility", {{"type", "string"}, {"enum", {"private", "team", "public"}}}},
      {"at", Str("When it was said (ISO 8601); default now")},
      {"source", {{"type", "string"}, {"enum", {"chat", "web_form", "voice", "api", "import"}}}},
      {"metadata", {{"type", "object"}, {"description", "Kept with the memory"}}},
      {"subject", Str("Explicit fact: its subject")},
      {"attribute", Str("Explicit fact: its attribute (a newer value supersedes)")},
      {"value", Str("Explicit fact: its value")}};
  json recall_props = {
      {"query", Str("What to recall")},
      {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 1000}}},
      {"at", Str("Reference time of the question (ISO 8601); default now")},
      {"include_history", {{"type", "boolean"}, {"description", "Also superseded versions"}}},
      {"session", Str("The asking session")},
      {"threshold",
       {{"type", "number"},
        {"minimum", 0},
        {"maximum", 1},
        {"description", "Leave out hits whose relevance (0..1) is below this"}}},
      {"filters", FiltersSchema()}};
  return json::array({
      Tool("remember", "Remember", "Store a message; returns the memories made from it.",
           remember_props, {"text"}, false),
      Tool("recall", "Recall", "Memories relevant to a query, best first, with why.",
           recall_props, {"query"}, true),
      Tool("get_memory", "Get memory", "One memory version by id.", {{"id", Id()}}, {"id"},
           true),
      Tool("history", "History", "Every version of a memory, oldest first.", {{"id", Id()}},
           {"id"}, true),
      Tool("correct", "Correct",
           "Write a corrected version that supersedes the memory (nothing is overwritten).",
           {{"id", Id()},
            {"text", Str("The corrected statement")},
            {"value", Str("For facts: the corrected value")},
            {"at", Str("When the correction holds from (ISO 8601)")}},
           {"id", "text"}, false),
      Tool("forget", "Forget", "Retire a memory; hard=true also erases its content.",
           {{"id", Id()}, {"hard", {{"type", "boolean"}}}}, {"id"}, false),
      Tool("feedback", "Feedback",
           "Tell whether a recalled memory was used, wrong or outdated; a correction writes a "
           "new version.",
           {{"request_id", Str("The recall's request_id")},
            {"memory_id", Id()},
            {"verdict", {{"type", "string"}, {"enum", {"used", "wrong", "outdated"}}}},
            {"correction", Str("With wrong/outdated: the corrected statement")}},
           {"request_id", "memory_id", "verdict"}, false),
  });
}

}  // namespace engram::serve
