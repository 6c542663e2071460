#include "python/bindings/engine.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engram/engine.h"
#include "engram/iso8601.h"
#include "engram/options.h"
#include "engram/temporal.h"
#include "python/bindings/entities.h"
#include "python/bindings/status.h"

namespace nb = nanobind;
using namespace nb::literals;

namespace engram::python {
namespace {

using OptText = std::optional<std::string>;

std::optional<Instant> ParseAt(const OptText& at, const char* field = "at") {
  if (!at) return std::nullopt;
  auto t = ParseIso8601(*at);
  if (!t.ok()) ThrowStatus(t.status().WithPrefix(field));
  return *t;
}

template <typename T>
T ParseName(std::optional<T> (*parse)(std::string_view), const std::string& field,
            const std::string& name) {
  std::optional<T> v = parse(name);
  if (!v) ThrowStatus(Status::InvalidArgument(field + ": unknown value '" + name + "'"));
  return *v;
}

class PyEngine {
 public:
  static PyEngine Open(const Options& options) {
    auto engine = WithoutGil([&] { return Engine::Open(options); });
    return PyEngine(std::shared_ptr<Engine>(Unwrap(std::move(engine))));
  }

  explicit PyEngine(std::shared_ptr<Engine> engine) : engine_(std::move(engine)) {}

  // The engine for one call (a reference of its own, taken with the GIL held).
  std::shared_ptr<Engine> Get() const {
    if (!engine_) ThrowStatus(Status::FailedPrecondition("engine: closed"));
    return engine_;
  }

  void Close() {
    std::shared_ptr<Engine> last = std::move(engine_);
    nb::gil_scoped_release release;  // destruction flushes the vector index
    last.reset();
  }

  bool closed() const { return engine_ == nullptr; }

 private:
  std::shared_ptr<Engine> engine_;
};

RememberResult Remember(const PyEngine& self, Principal principal,
                        const std::string& text, const std::string& visibility,
                        const std::string& team_id, const std::string& session_id,
                        const OptText& at, const std::string& source, const std::string& role,
                        const std::string& metadata_json, const std::string& subject,
                        const std::string& attribute, const std::string& value, bool infer) {
  RememberRequest r;
  r.principal = principal;
  r.text = text;
  r.visibility = ParseName(&ParseVisibility, "visibility", visibility);
  r.team_id = team_id;
  r.session_id = session_id;
  r.at = ParseAt(at);
  r.source = ParseName(&ParseSourceType, "source", source);
  r.role = role;
  r.metadata_json = metadata_json;
  r.subject = subject;
  r.attribute = attribute;
  r.value = value;
  r.infer = infer;
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->Remember(r); }));
}

// Messages of one scope in order, as one remember each, their passages embedded in batches
// (Engine::RememberMany). `ats` and `roles` are empty or one per text. Raises the first
// refusal; the messages before it are stored.
std::vector<RememberResult> RememberMany(const PyEngine& self, Principal principal,
                                         const std::vector<std::string>& texts,
                                         const std::string& session_id,
                                         const std::vector<OptText>& ats,
                                         const std::vector<std::string>& roles,
                                         const std::string& metadata_json, bool infer) {
  if ((!ats.empty() && ats.size() != texts.size()) ||
      (!roles.empty() && roles.size() != texts.size())) {
    ThrowStatus(Status::InvalidArgument("ats, roles: empty or one per text"));
  }
  std::vector<RememberRequest> requests(texts.size());
  for (size_t i = 0; i < texts.size(); ++i) {
    RememberRequest& r = requests[i];
    r.principal = principal;
    r.text = texts[i];
    r.session_id = session_id;
    if (!ats.empty()) r.at = ParseAt(ats[i]);
    if (!roles.empty()) r.role = roles[i];
    r.metadata_json = metadata_json;
    r.infer = infer;
  }
  auto engine = self.Get();
  auto made = WithoutGil([&] { return engine->RememberMany(requests, true); });
  std::vector<RememberResult> out;
  for (Result<RememberResult>& r : made) out.push_back(Unwrap(std::move(r)));
  return out;
}

RecallResult Recall(const PyEngine& self, Principal principal, const std::string& query,
                    const OptText& at, int limit, bool include_history,
                    const std::string& session_id, const std::vector<std::string>& types,
                    const std::vector<std::string>& kinds, const std::string& from_session,
                    const std::string& from_agent, const std::string& where,
                    std::optional<double> min_relevance) {
  RecallRequest r{principal, query, ParseAt(at), limit, include_history, session_id};
  r.min_relevance = min_relevance;
  for (const std::string& t : types) {
    r.filter.types.push_back(ParseName(&ParseMemoryType, "types", t));
  }
  for (const std::string& k : kinds) {
    r.filter.kinds.push_back(ParseName(&ParseMemoryKind, "kinds", k));
  }
  r.filter.session_id = from_session;
  r.filter.agent_id = from_agent;
  r.filter.metadata_json = where;
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->Recall(r); }));
}

ContextResult Context(const PyEngine& self, Principal principal, const std::string& query,
                      const std::string& session_id, const OptText& at, int budget_tokens) {
  ContextRequest r{principal, query, session_id, ParseAt(at), budget_tokens};
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->Context(r); }));
}

ListResult List(const PyEngine& self, Principal principal, const std::string& session_id,
                const OptText& type, const OptText& kind, bool include_history,
                int64_t after_id, int limit, const std::string& status,
                const std::string& agent_id, const OptText& recorded_from,
                const OptText& recorded_to, const std::string& metadata_json) {
  ListRequest r;
  r.principal = principal;
  r.session_id = session_id;
  if (type) r.type = ParseName(&ParseMemoryType, "type", *type);
  if (kind) r.kind = ParseName(&ParseMemoryKind, "kind", *kind);
  r.include_history = include_history;
  r.after_id = after_id;
  r.limit = limit;
  r.status = status;
  r.agent_id = agent_id;
  r.recorded_from = ParseAt(recorded_from, "recorded_from");
  r.recorded_to = ParseAt(recorded_to, "recorded_to");
  r.metadata_json = metadata_json;
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->List(r); }));
}

Memory Correct(const PyEngine& self, Principal principal, int64_t id,
               const std::string& text, const std::string& value, const OptText& at,
               const OptText& metadata_json) {
  CorrectRequest r{principal, id, text, value, ParseAt(at), metadata_json};
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->Correct(r); }));
}

ImportEntitiesResult ImportEntities(const PyEngine& self, Principal principal,
                                    const nb::list& entries) {
  ImportEntitiesRequest r{principal, {}};
  for (size_t i = 0; i < entries.size(); ++i) {
    r.entries.push_back(EntityEntryFromDict(entries[i], i));
  }
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->ImportEntities(r); }));
}

ListEntitiesResult ListEntities(const PyEngine& self, Principal principal,
                                const std::string& query, const std::string& type,
                                int64_t after_id, int limit) {
  ListEntitiesRequest r{principal, query, type, after_id, limit};
  auto engine = self.Get();
  return Unwrap(WithoutGil([&] { return engine->ListEntities(r); }));
}

std::vector<std::vector<float>> Embed(const PyEngine& self, const std::vector<std::string>& texts,
                                      const std::string& role) {
  EmbedRole r = EmbedRole::kPassage;
  if (role == "query") {
    r = EmbedRole::kQuery;
  } else if (role != "passage") {
    ThrowStatus(Status::InvalidArgument("role: must be 'query' or 'passage'"));
  }
  auto engine = self.Get();
  Embeddings e = Unwrap(WithoutGil([&] { return engine->Embed(r, texts); }));
  std::vector<std::vector<float>> rows;
  rows.reserve(e.count());
  for (size_t i = 0; i < e.count(); ++i) rows.emplace_back(e.row(i).begin(), e.row(i).end());
  return rows;
}

std::vector<TimeMatch> ParseTimeText(const std::string& text, const std::string& reference,
                                     const std::string& language, const std::string& calendar,
                                     bool prefer_future) {
  Instant ref = Unwrap(ParseIso8601(reference));
  TimeParseOptions options;
  options.language = language;
  options.calendar = calendar;
  options.prefer_future = prefer_future;
  return Unwrap(WithoutGil([&] { return ParseTime(text, ref, options); }));
}

}  // namespace

void BindEngine(nb::module_& m) {
  nb::class_<PyEngine>(m, "Engine", "The memory engine (include/engram/engine.h).")
      .def_static("open", &PyEngine::Open, "options"_a,
                  "Opens (creating or migrating) the database named in options.")
      .def("close", &PyEngine::Close, "Releases the engine; later calls raise.")
      .def_prop_ro("closed", &PyEngine::closed)
      .def("remember", &Remember, "principal"_a, "text"_a, nb::kw_only(),
           "visibility"_a = "private", "team_id"_a = "", "session_id"_a = "",
           "at"_a = nb::none(), "source"_a = "chat", "role"_a = "user", "metadata_json"_a = "{}",
           "subject"_a = "", "attribute"_a = "", "value"_a = "", "infer"_a = true,
           "Stores a message and the memories made from it (infer=False: one raw memory, no "
           "kind or TTL read into it).")
      .def("remember_many", &RememberMany, "principal"_a, "texts"_a, nb::kw_only(),
           "session_id"_a = "", "ats"_a = std::vector<OptText>{},
           "roles"_a = std::vector<std::string>{}, "metadata_json"_a = "{}", "infer"_a = true,
           "Stores messages of one scope in order, as one remember each, with their passages "
           "embedded in batches. Raises the first refusal; the messages before it are stored.")
      .def("recall", &Recall, "principal"_a, "query"_a, nb::kw_only(), "at"_a = nb::none(),
           "limit"_a = 0, "include_history"_a = false, "session_id"_a = "",
           "types"_a = std::vector<std::string>{}, "kinds"_a = std::vector<std::string>{},
           "from_session"_a = "", "from_agent"_a = "", "where"_a = "",
           "min_relevance"_a = nb::none(),
           "Memories relevant to the query, best first. Filters: memory types and kinds, the "
           "session said in, the writing agent, and `where`, a Mem0-style metadata condition "
           "as JSON text. min_relevance: leave out hits whose relevance (0..1) is below it "
           "(None: Options.min_relevance).")
      .def("context", &Context, "principal"_a, "query"_a, nb::kw_only(), "session_id"_a = "",
           "at"_a = nb::none(), "budget_tokens"_a = 1024,
           "A prompt-ready block of cited memories.")
      .def(
          "get",
          [](const PyEngine& self, Principal p, int64_t id) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Get(p, id); }));
          },
          "principal"_a, "id"_a, "One version by id (NotFoundError when absent or not visible).")
      .def("list", &List, "principal"_a, nb::kw_only(), "session_id"_a = "", "type"_a = nb::none(),
           "kind"_a = nb::none(), "include_history"_a = false, "after_id"_a = 0, "limit"_a = 50,
           "status"_a = "", "agent_id"_a = "", "recorded_from"_a = nb::none(),
           "recorded_to"_a = nb::none(), "metadata_json"_a = "",
           "Visible memories in id order, one page. status: current, outdated, dormant, "
           "expired or quarantined; agent_id: written by that agent; recorded_from / "
           "recorded_to: ISO 8601, recorded in [from, to); metadata_json: a condition in "
           "Mem0's filter syntax. Rows the filters reject never shorten a page.")
      .def(
          "history",
          [](const PyEngine& self, Principal p, int64_t id) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->History(p, id); }));
          },
          "principal"_a, "id"_a, "Every version of the memory, oldest first.")
      .def("correct", &Correct, "principal"_a, "id"_a, "text"_a, nb::kw_only(), "value"_a = "",
           "at"_a = nb::none(), "metadata_json"_a = nb::none(),
           "Writes a corrected version superseding id (metadata_json: its metadata, a JSON "
           "object; default: the corrected version's).")
      .def(
          "forget",
          [](const PyEngine& self, Principal p, int64_t id, bool hard) {
            auto engine = self.Get();
            ThrowIfError(WithoutGil([&] { return engine->Forget(ForgetRequest{p, id, hard}); }));
          },
          "principal"_a, "id"_a, nb::kw_only(), "hard"_a = false,
          "Retires the memory (hard: also erases its content).")
      .def(
          "stats",
          [](const PyEngine& self, Principal p) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Stats(p); }));
          },
          "principal"_a)
      .def(
          "audit",
          [](const PyEngine& self, Principal p, int64_t after_seq, int limit) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Audit(p, after_seq, limit); }));
          },
          "principal"_a, "after_seq"_a = 0, "limit"_a = 100)
      .def("verify_audit",
           [](const PyEngine& self) {
             auto engine = self.Get();
             return Unwrap(WithoutGil([&] { return engine->VerifyAudit(); }));
           })
      .def(
          "feedback",
          [](const PyEngine& self, Principal p, const std::string& request_id,
             int64_t memory_id, const std::string& verdict, const std::string& correction) {
            FeedbackRequest r{p, request_id, memory_id, verdict, correction};
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Feedback(r); }));
          },
          "principal"_a, "request_id"_a, "memory_id"_a, "verdict"_a, nb::kw_only(),
          "correction"_a = "")
      .def(
          "review",
          [](const PyEngine& self, Principal p, bool include_resolved, int limit) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Review(p, include_resolved, limit); }));
          },
          "principal"_a, "include_resolved"_a = false, "limit"_a = 50)
      .def(
          "resolve_review",
          [](const PyEngine& self, Principal p, int64_t id, const std::string& resolution) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->ResolveReview(p, id, resolution); }));
          },
          "principal"_a, "id"_a, "resolution"_a)
      .def("import_entities", &ImportEntities, "principal"_a, "entries"_a,
           "Creates or updates directory entries (dicts: name, type, aliases, roles, "
           "external_id, visibility, team_id) in one transaction.")
      .def("list_entities", &ListEntities, "principal"_a, nb::kw_only(), "query"_a = "",
           "type"_a = "", "after_id"_a = 0, "limit"_a = 50,
           "Entities the principal may see, in id order, one page.")
      .def(
          "entity_relations",
          [](const PyEngine& self, Principal p, int64_t id, int limit) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->EntityRelations(p, id, limit); }));
          },
          "principal"_a, "id"_a, nb::kw_only(), "limit"_a = 50,
          "The entity and the entities mentioned together with it.")
      .def("embed", &Embed, "texts"_a, nb::kw_only(), "role"_a = "passage",
           "Vectors of the engine's embedder, one list of floats per text.")
      .def("embedder_model", [](const PyEngine& self) { return self.Get()->EmbedderModel(); })
      .def(
          "create_api_key",
          [](const PyEngine& self, const std::string& name, const Principal& p) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->CreateApiKey(name, p); }));
          },
          "name"_a, "principal"_a)
      .def("list_api_keys",
           [](const PyEngine& self) {
             auto engine = self.Get();
             return Unwrap(WithoutGil([&] { return engine->ListApiKeys(); }));
           })
      .def(
          "revoke_api_key",
          [](const PyEngine& self, const std::string& id) {
            auto engine = self.Get();
            ThrowIfError(WithoutGil([&] { return engine->RevokeApiKey(id); }));
          },
          "id"_a)
      .def(
          "authenticate",
          [](const PyEngine& self, const std::string& secret) {
            auto engine = self.Get();
            return Unwrap(WithoutGil([&] { return engine->Authenticate(secret); }));
          },
          "secret"_a);

  m.def("parse_time", &ParseTimeText, "text"_a, "reference"_a, nb::kw_only(),
        "language"_a = "auto", "calendar"_a = "zh-CN", "prefer_future"_a = true,
        "Time expressions in text, resolved against the ISO 8601 reference.");
}

}  // namespace engram::python
