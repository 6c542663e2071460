// Bindings of the public value types: Options, Principal, Instant, the enums, and the result
// types of Engine calls (read-only, each with to_dict() in the REST API's JSON shape).
#include "python/bindings/types.h"

#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "engram/engine.h"
#include "engram/iso8601.h"
#include "engram/options.h"
#include "engram/temporal.h"
#include "python/bindings/dicts.h"
#include "python/bindings/status.h"

namespace nb = nanobind;
using namespace nb::literals;

namespace engram::python {
namespace {

void BindEnums(nb::module_& m) {
  nb::enum_<Visibility>(m, "Visibility")
      .value("PRIVATE", Visibility::kPrivate)
      .value("TEAM", Visibility::kTeam)
      .value("PUBLIC", Visibility::kPublic);
  nb::enum_<MemoryType>(m, "MemoryType")
      .value("WORKING", MemoryType::kWorking)
      .value("EPISODIC", MemoryType::kEpisodic)
      .value("SEMANTIC", MemoryType::kSemantic)
      .value("PROCEDURAL", MemoryType::kProcedural);
  nb::enum_<MemoryKind>(m, "MemoryKind")
      .value("FACT", MemoryKind::kFact)
      .value("PREFERENCE", MemoryKind::kPreference)
      .value("EVENT", MemoryKind::kEvent)
      .value("TASK", MemoryKind::kTask)
      .value("STATE", MemoryKind::kState)
      .value("SUMMARY", MemoryKind::kSummary)
      .value("RAW", MemoryKind::kRaw);
  nb::enum_<MemoryStatus>(m, "MemoryStatus")
      .value("ACTIVE", MemoryStatus::kActive)
      .value("DORMANT", MemoryStatus::kDormant)
      .value("QUARANTINED", MemoryStatus::kQuarantined)
      .value("DELETED", MemoryStatus::kDeleted);
  nb::enum_<SourceType>(m, "SourceType")
      .value("CHAT", SourceType::kChat)
      .value("WEB_FORM", SourceType::kWebForm)
      .value("VOICE", SourceType::kVoice)
      .value("API", SourceType::kApi)
      .value("IMPORT", SourceType::kImport);
  nb::enum_<Grain>(m, "Grain")
      .value("SECOND", Grain::kSecond)
      .value("MINUTE", Grain::kMinute)
      .value("HOUR", Grain::kHour)
      .value("DAY", Grain::kDay)
      .value("WEEK", Grain::kWeek)
      .value("MONTH", Grain::kMonth)
      .value("QUARTER", Grain::kQuarter)
      .value("YEAR", Grain::kYear);
  nb::enum_<TimeKind>(m, "TimeKind")
      .value("VALUE", TimeKind::kValue)
      .value("INTERVAL", TimeKind::kInterval)
      .value("OPEN_INTERVAL", TimeKind::kOpenInterval)
      .value("DURATION", TimeKind::kDuration)
      .value("RECURRENCE", TimeKind::kRecurrence);
}

void BindOptions(nb::module_& m) {
  nb::class_<Options>(m, "Options",
                      "Engine options (include/engram/options.h): every field, with its "
                      "default. The clock is always the system clock here.")
      .def(nb::init<>())
      .def_rw("backend", &Options::backend)
      .def_rw("db_path", &Options::db_path)
      .def_rw("store", &Options::store)
      .def_rw("create_if_missing", &Options::create_if_missing)
      .def_rw("busy_timeout_ms", &Options::busy_timeout_ms)
      .def_rw("default_offset_minutes", &Options::default_offset_minutes)
      .def_rw("max_text_bytes", &Options::max_text_bytes)
      .def_rw("default_recall_limit", &Options::default_recall_limit)
      .def_rw("min_relevance", &Options::min_relevance)
      .def_rw("max_recall_limit", &Options::max_recall_limit)
      .def_rw("rrf_k", &Options::rrf_k)
      .def_rw("half_life_hours_working", &Options::half_life_hours_working)
      .def_rw("half_life_hours_episodic", &Options::half_life_hours_episodic)
      .def_rw("half_life_hours_semantic", &Options::half_life_hours_semantic)
      .def_rw("half_life_hours_procedural", &Options::half_life_hours_procedural)
      .def_rw("decay_floor", &Options::decay_floor)
      .def_rw("weight_keyword", &Options::weight_keyword)
      .def_rw("weight_vector", &Options::weight_vector)
      .def_rw("weight_recency", &Options::weight_recency)
      .def_rw("weight_graph", &Options::weight_graph)
      .def_rw("embedder", &Options::embedder)
      .def_rw("embed_context_bytes", &Options::embed_context_bytes)
      .def_rw("auto_session_gap_minutes", &Options::auto_session_gap_minutes)
      .def_rw("e5_model_path", &Options::e5_model_path)
      .def_rw("openai_base_url", &Options::openai_base_url)
      .def_rw("openai_model", &Options::openai_model)
      .def_rw("openai_api_key_env", &Options::openai_api_key_env)
      .def_rw("vault_key_file", &Options::vault_key_file)
      .def_rw("vector_index_path", &Options::vector_index_path)
      .def_rw("context_share_before", &Options::context_share_before)
      .def_rw("context_share_after", &Options::context_share_after)
      .def_rw("context_width", &Options::context_width)
      .def_rw("ttl_hours_state", &Options::ttl_hours_state)
      .def_rw("ttl_hours_preference", &Options::ttl_hours_preference)
      .def_rw("ttl_hours_task", &Options::ttl_hours_task)
      .def_rw("ttl_hours_event", &Options::ttl_hours_event)
      .def_rw("ttl_hours_fact", &Options::ttl_hours_fact)
      .def_rw("ttl_hours_raw", &Options::ttl_hours_raw)
      .def_rw("dormant_after_days", &Options::dormant_after_days)
      .def_rw("llm_base_url", &Options::llm_base_url)
      .def_rw("llm_model", &Options::llm_model)
      .def_rw("llm_api_key_env", &Options::llm_api_key_env)
      .def_rw("extract_facts", &Options::extract_facts)
      .def_rw("source_reliability_web_form", &Options::source_reliability_web_form)
      .def_rw("source_reliability_api", &Options::source_reliability_api)
      .def_rw("source_reliability_chat", &Options::source_reliability_chat)
      .def_rw("source_reliability_voice", &Options::source_reliability_voice)
      .def_rw("source_reliability_import", &Options::source_reliability_import)
      .def_rw("self_contained_memories", &Options::self_contained_memories)
      .def_rw("lexical_rerank", &Options::lexical_rerank)
      .def_rw("compact_interval_seconds", &Options::compact_interval_seconds)
      .def_rw("outbox_lease_ms", &Options::outbox_lease_ms);
}

void BindValues(nb::module_& m) {
  nb::class_<Instant>(m, "Instant", "A point in time (UTC milliseconds) and its UTC offset.")
      .def(nb::init<>())
      .def_rw("unix_ms", &Instant::unix_ms)
      .def_rw("offset_minutes", &Instant::offset_minutes)
      .def_static(
          "parse",
          [](const std::string& text) { return Unwrap(ParseIso8601(text)); }, "text"_a,
          "Parses ISO 8601 (InvalidArgumentError otherwise).")
      .def("iso", [](const Instant& t) { return FormatIso8601(t); }, "ISO 8601 text.")
      .def("__repr__", [](const Instant& t) { return "Instant('" + FormatIso8601(t) + "')"; });

  nb::class_<Principal>(m, "Principal", "Who a call acts for.")
      .def(nb::init<>())
      .def(
          "__init__",
          [](Principal* p, std::string user_id, std::string agent_id,
             std::vector<std::string> teams, std::vector<std::string> roles) {
            new (p) Principal{std::move(user_id), std::move(agent_id), std::move(teams),
                              std::move(roles)};
          },
          "user_id"_a, "agent_id"_a = "", "teams"_a = std::vector<std::string>(),
          "roles"_a = std::vector<std::string>())
      .def_rw("user_id", &Principal::user_id)
      .def_rw("agent_id", &Principal::agent_id)
      .def_rw("teams", &Principal::teams)
      .def_rw("roles", &Principal::roles)
      .def("__repr__", [](const Principal& p) {
        return "Principal(user_id='" + p.user_id + "', agent_id='" + p.agent_id + "')";
      });

  nb::class_<TimeSpan>(m, "TimeSpan")
      .def_ro("from_", &TimeSpan::from)
      .def_ro("to", &TimeSpan::to)
      .def_ro("grain", &TimeSpan::grain);
  nb::class_<Scope>(m, "Scope")
      .def_ro("user_id", &Scope::user_id)
      .def_ro("agent_id", &Scope::agent_id)
      .def_ro("team_id", &Scope::team_id)
      .def_ro("visibility", &Scope::visibility);
  nb::class_<Confidence>(m, "Confidence")
      .def_ro("temporal", &Confidence::temporal)
      .def_ro("entity", &Confidence::entity)
      .def_ro("event_type", &Confidence::event_type)
      .def_ro("source", &Confidence::source)
      .def_ro("consistency", &Confidence::consistency)
      .def_ro("overall", &Confidence::overall);
  nb::class_<Source>(m, "Source")
      .def_ro("session_id", &Source::session_id)
      .def_ro("message_id", &Source::message_id)
      .def_ro("type", &Source::type)
      .def_ro("actor", &Source::actor)
      .def_ro("at", &Source::at);
  nb::class_<Memory>(m, "Memory", "One version of one memory.")
      .def_ro("id", &Memory::id)
      .def_ro("lineage_id", &Memory::lineage_id)
      .def_ro("version", &Memory::version)
      .def_ro("supersedes", &Memory::supersedes)
      .def_ro("current", &Memory::current)
      .def_ro("scope", &Memory::scope)
      .def_ro("type", &Memory::type)
      .def_ro("kind", &Memory::kind)
      .def_ro("status", &Memory::status)
      .def_ro("content", &Memory::content)
      .def_ro("subject", &Memory::subject)
      .def_ro("attribute", &Memory::attribute)
      .def_ro("value", &Memory::value)
      .def_ro("event_time", &Memory::event_time)
      .def_ro("valid_from", &Memory::valid_from)
      .def_ro("valid_to", &Memory::valid_to)
      .def_ro("recorded_at", &Memory::recorded_at)
      .def_ro("superseded_at", &Memory::superseded_at)
      .def_ro("expires_at", &Memory::expires_at)
      .def_ro("confidence", &Memory::confidence)
      .def_ro("source", &Memory::source)
      .def_ro("access_count", &Memory::access_count)
      .def_ro("reinforced", &Memory::reinforced)
      .def_ro("last_access", &Memory::last_access)
      .def_ro("metadata_json", &Memory::metadata_json)
      .def("to_dict", &MemoryDict, "The REST API's JSON shape of a memory.");
}

void BindResults(nb::module_& m) {
  nb::class_<ChannelScore>(m, "ChannelScore")
      .def_ro("rank", &ChannelScore::rank)
      .def_ro("score", &ChannelScore::score);
  nb::class_<HitExplanation>(m, "HitExplanation")
      .def_ro("rrf", &HitExplanation::rrf)
      .def_ro("decay", &HitExplanation::decay)
      .def_ro("confidence", &HitExplanation::confidence)
      .def_ro("time", &HitExplanation::time)
      .def_ro("rerank", &HitExplanation::rerank)
      .def_ro("context", &HitExplanation::context)
      .def_ro("age_ms", &HitExplanation::age_ms);
  nb::class_<RecallHit>(m, "RecallHit")
      .def_ro("memory", &RecallHit::memory)
      .def_ro("score", &RecallHit::score)
      .def_ro("relevance", &RecallHit::relevance)
      .def_ro("state", &RecallHit::state)
      .def_ro("superseded_by", &RecallHit::superseded_by)
      .def_ro("channels", &RecallHit::channels)
      .def_ro("explanation", &RecallHit::explanation)
      .def_ro("relevance", &RecallHit::relevance)
      .def_ro("state", &RecallHit::state)
      .def_ro("superseded_by", &RecallHit::superseded_by)
      .def("to_dict", &HitDict, "The memory's dict plus score, channels and explanation.");
  nb::class_<RecallResult>(m, "RecallResult")
      .def_ro("request_id", &RecallResult::request_id)
      .def_ro("hits", &RecallResult::hits)
      .def(
          "to_dict",
          [](const RecallResult& r) {
            nb::list hits;
            for (const RecallHit& h : r.hits) hits.append(HitDict(h));
            nb::dict d;
            d["request_id"] = r.request_id;
            d["results"] = hits;
            return d;
          },
          "{'request_id', 'results': [hit dicts]} as POST /v1/search answers.");
  nb::class_<CoreferenceView>(m, "Coreference")
      .def_ro("pronoun", &CoreferenceView::pronoun)
      .def_ro("antecedents", &CoreferenceView::antecedents)
      .def_ro("entity_ids", &CoreferenceView::entity_ids)
      .def_ro("confidence", &CoreferenceView::confidence)
      .def_ro("resolved", &CoreferenceView::resolved)
      .def_ro("reason", &CoreferenceView::reason);
  nb::class_<EntityLinkView>(m, "EntityLink")
      .def_ro("memory_id", &EntityLinkView::memory_id)
      .def_ro("entity_id", &EntityLinkView::entity_id)
      .def_ro("name", &EntityLinkView::name)
      .def_ro("type", &EntityLinkView::type)
      .def_ro("surface", &EntityLinkView::surface)
      .def_ro("confidence", &EntityLinkView::confidence)
      .def_ro("created", &EntityLinkView::created);
  nb::class_<RememberResult>(m, "RememberResult")
      .def_ro("request_id", &RememberResult::request_id)
      .def_ro("message_id", &RememberResult::message_id)
      .def_ro("memories", &RememberResult::memories)
      .def_ro("superseded", &RememberResult::superseded)
      .def_ro("reinforced", &RememberResult::reinforced)
      .def_ro("outranked", &RememberResult::outranked)
      .def_ro("candidates", &RememberResult::candidates)
      .def_ro("coreferences", &RememberResult::coreferences)
      .def_ro("guard", &RememberResult::guard)
      .def_ro("signals", &RememberResult::signals)
      .def_ro("review_items", &RememberResult::review_items)
      .def_ro("event_type", &RememberResult::event_type)
      .def_ro("event_confidence", &RememberResult::event_confidence)
      .def_ro("event_slots", &RememberResult::event_slots)
      .def_ro("entities", &RememberResult::entities)
      .def("to_dict", &RememberDict, "As POST /v1/memories answers for one message.");
  nb::class_<ListResult>(m, "ListResult")
      .def_ro("memories", &ListResult::memories)
      .def_ro("next_after_id", &ListResult::next_after_id)
      .def("to_dict", [](const ListResult& r) {
        nb::list memories;
        for (const Memory& mem : r.memories) memories.append(MemoryDict(mem));
        nb::dict d;
        d["memories"] = memories;
        d["next_after"] = r.next_after_id ? nb::cast(r.next_after_id) : nb::none();
        return d;
      });
  nb::class_<ContextResult>(m, "ContextResult")
      .def_ro("request_id", &ContextResult::request_id)
      .def_ro("text", &ContextResult::text)
      .def_ro("cited", &ContextResult::cited)
      .def_ro("estimated_tokens", &ContextResult::estimated_tokens);
  nb::class_<FeedbackResult>(m, "FeedbackResult")
      .def_ro("request_id", &FeedbackResult::request_id)
      .def_ro("corrected", &FeedbackResult::corrected);
  nb::class_<EngineStats>(m, "EngineStats")
      .def_ro("messages", &EngineStats::messages)
      .def_ro("memories_current", &EngineStats::memories_current)
      .def_ro("memories_versions", &EngineStats::memories_versions)
      .def_ro("memories_deleted", &EngineStats::memories_deleted)
      .def_ro("audit_records", &EngineStats::audit_records)
      .def_ro("schema_version", &EngineStats::schema_version)
      .def_ro("backend", &EngineStats::backend)
      .def("to_dict", &StatsDict);
  nb::class_<AuditEntryView>(m, "AuditEntry")
      .def_ro("seq", &AuditEntryView::seq)
      .def_ro("at", &AuditEntryView::at)
      .def_ro("actor_user", &AuditEntryView::actor_user)
      .def_ro("actor_agent", &AuditEntryView::actor_agent)
      .def_ro("action", &AuditEntryView::action)
      .def_ro("targets", &AuditEntryView::targets)
      .def_ro("request_id", &AuditEntryView::request_id)
      .def_ro("detail_json", &AuditEntryView::detail_json)
      .def_ro("hash", &AuditEntryView::hash);
  nb::class_<AuditCheck>(m, "AuditCheck")
      .def_ro("records", &AuditCheck::records)
      .def_ro("intact", &AuditCheck::intact)
      .def_ro("first_bad_seq", &AuditCheck::first_bad_seq)
      .def_ro("problem", &AuditCheck::problem)
      .def_ro("keyed_records", &AuditCheck::keyed_records)
      .def_ro("anchored_seq", &AuditCheck::anchored_seq);
  nb::class_<ReviewItemView>(m, "ReviewItem")
      .def_ro("id", &ReviewItemView::id)
      .def_ro("kind", &ReviewItemView::kind)
      .def_ro("user_id", &ReviewItemView::user_id)
      .def_ro("memory_id", &ReviewItemView::memory_id)
      .def_ro("message_id", &ReviewItemView::message_id)
      .def_ro("reason", &ReviewItemView::reason)
      .def_ro("payload_json", &ReviewItemView::payload_json)
      .def_ro("created_at", &ReviewItemView::created_at)
      .def_ro("resolved_at", &ReviewItemView::resolved_at)
      .def_ro("resolution", &ReviewItemView::resolution);
  nb::class_<ApiKey>(m, "ApiKey")
      .def_ro("id", &ApiKey::id)
      .def_ro("name", &ApiKey::name)
      .def_ro("principal", &ApiKey::principal)
      .def_ro("created_at", &ApiKey::created_at)
      .def_ro("revoked_at", &ApiKey::revoked_at);
  nb::class_<NewApiKey>(m, "NewApiKey")
      .def_ro("key", &NewApiKey::key)
      .def_ro("secret", &NewApiKey::secret);
  nb::class_<TimeMatch>(m, "TimeMatch")
      .def_ro("text", &TimeMatch::text)
      .def_ro("start", &TimeMatch::start)
      .def_ro("end", &TimeMatch::end)
      .def_ro("kind", &TimeMatch::kind)
      .def_ro("from_", &TimeMatch::from)
      .def_ro("to", &TimeMatch::to)
      .def_ro("grain", &TimeMatch::grain)
      .def_ro("confidence", &TimeMatch::confidence)
      .def_ro("unresolved_reason", &TimeMatch::unresolved_reason)
      .def_ro("duration_ms", &TimeMatch::duration_ms)
      .def_ro("holiday", &TimeMatch::holiday)
      .def("to_dict", [](const TimeMatch& t) { return JsonObject(TimeMatchToJson(t)); });
}

}  // namespace

void BindTypes(nb::module_& m) {
  BindEnums(m);
  BindOptions(m);
  BindValues(m);
  BindResults(m);
}

}  // namespace engram::python
