// Value types shared by the public API: time, principals, scopes and memories.
//
// Thread safety: plain values; distinct objects may be used from distinct threads.
#ifndef ENGRAM_TYPES_H_
#define ENGRAM_TYPES_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engram {

// An absolute point in time plus the UTC offset it was expressed in (for rendering).
struct Instant {
  int64_t unix_ms = 0;         // milliseconds since the Unix epoch, UTC
  int32_t offset_minutes = 0;  // e.g. +480 for +08:00
};
inline bool operator==(const Instant& a, const Instant& b) { return a.unix_ms == b.unix_ms; }
inline bool operator<(const Instant& a, const Instant& b) { return a.unix_ms < b.unix_ms; }

enum class Grain { kSecond, kMinute, kHour, kDay, kWeek, kMonth, kQuarter, kYear };

// A half-open span [from, to) at a grain.
struct TimeSpan {
  Instant from;
  Instant to;
  Grain grain = Grain::kDay;
};

// Who is asking. Every read and write of the engine is made on behalf of a principal, and
// the store layer restricts every query to what this principal may see.
struct Principal {
  std::string user_id;              // required, non-empty
  std::string agent_id;             // optional
  std::vector<std::string> teams;   // teams the user belongs to
  std::vector<std::string> roles;   // "member", "team-admin", "admin"

  bool InTeam(std::string_view team) const;
  bool HasRole(std::string_view role) const;
};

enum class Visibility { kPrivate, kTeam, kPublic };
enum class MemoryType { kWorking, kEpisodic, kSemantic, kProcedural };
enum class MemoryKind { kFact, kPreference, kEvent, kTask, kState, kSummary, kRaw };
enum class MemoryStatus { kActive, kDormant, kQuarantined, kDeleted };
enum class SourceType { kChat, kWebForm, kVoice, kApi, kImport };

// Where a memory lives and who may see it.
//   private: only user_id;  team: members of team_id;  public: everyone (written by admins).
struct Scope {
  std::string user_id;   // owner
  std::string agent_id;  // the agent that wrote it (informational)
  std::string team_id;   // set iff visibility == kTeam
  Visibility visibility = Visibility::kPrivate;
};

// How sure the engine is about a memory, per stage, each in [0, 1] (the "confidence
// fingerprint"). temporal, entity and event_type qualify the annotations the write path read
// into the message (its event time, entity links, event type); source is the reliability of
// the channel it came through (Options::source_reliability_*); consistency how well it agrees
// with what is held true (1 = nothing contradicts it, or it superseded the previous value;
// 0.5 = the current version outranked it; consolidation raises it for merged duplicates). overall = source x consistency x (for an
// extracted fact, the extractor's confidence): it judges whether the statement holds; recall
// weighs hits by it.
struct Confidence {
  double temporal = 1.0;
  double entity = 1.0;
  double event_type = 1.0;
  double source = 1.0;
  double consistency = 1.0;
  double overall = 1.0;
};

struct Source {
  std::string session_id;
  int64_t message_id = 0;
  SourceType type = SourceType::kChat;
  std::string actor;  // user or agent that said it
  Instant at;         // reference time of the message
};

// One version of one memory. Versions of the same memory share a lineage_id; exactly one
// version of a lineage is current unless the memory was forgotten.
struct Memory {
  int64_t id = 0;
  int64_t lineage_id = 0;   // id of the first version
  int32_t version = 1;
  int64_t supersedes = 0;   // id of the version this one replaced, 0 if none
  bool current = true;

  Scope scope;
  MemoryType type = MemoryType::kEpisodic;
  MemoryKind kind = MemoryKind::kRaw;
  MemoryStatus status = MemoryStatus::kActive;

  std::string content;
  std::string subject;    // fact subject (entity name or id), empty if none
  std::string attribute;  // fact attribute, empty if none
  std::string value;      // fact value, empty if none

  std::optional<TimeSpan> event_time;   // when it happened in the world, if known
  Instant valid_from;                   // world time from which it holds
  std::optional<Instant> valid_to;      // world time at which it stopped holding
  Instant recorded_at;                  // system time it was learned
  std::optional<Instant> superseded_at; // system time it was retired
  std::optional<Instant> expires_at;

  Confidence confidence;
  Source source;
  int64_t access_count = 0;
  std::optional<Instant> last_access;
  // Reconciliation: how many later statements repeated this version (same value, or text
  // similarity >= 0.92) instead of adding a memory, and the time of the latest one.
  int64_t reinforced = 0;
  std::optional<Instant> last_seen;
  std::string metadata_json = "{}";  // a JSON object, as text
};

// Names used on every edge (CLI, JSON, SQL). Parse* return nullopt for unknown names.
std::string_view ToString(Visibility v);
std::string_view ToString(MemoryType t);
std::string_view ToString(MemoryKind k);
std::string_view ToString(MemoryStatus s);
std::string_view ToString(SourceType s);
std::string_view ToString(Grain g);
std::optional<Visibility> ParseVisibility(std::string_view s);
std::optional<MemoryType> ParseMemoryType(std::string_view s);
std::optional<MemoryKind> ParseMemoryKind(std::string_view s);
std::optional<MemoryStatus> ParseMemoryStatus(std::string_view s);
std::optional<SourceType> ParseSourceType(std::string_view s);
std::optional<Grain> ParseGrain(std::string_view s);

}  // namespace engram

#endif  // ENGRAM_TYPES_H_
