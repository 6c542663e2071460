#include "engram/types.h"

#include <algorithm>
#include <array>
#include <utility>

namespace engram {
namespace {

template <typename E, size_t N>
std::optional<E> Lookup(const std::array<std::pair<E, std::string_view>, N>& table,
                        std::string_view s) {
  for (const auto& [e, name] : table) {
    if (name == s) return e;
  }
  return std::nullopt;
}

template <typename E, size_t N>
std::string_view Name(const std::array<std::pair<E, std::string_view>, N>& table, E e) {
  for (const auto& [v, name] : table) {
    if (v == e) return name;
  }
  return "unknown";
}

constexpr std::array<std::pair<Visibility, std::string_view>, 3> kVisibility{{
    {Visibility::kPrivate, "private"},
    {Visibility::kTeam, "team"},
    {Visibility::kPublic, "public"}}};
constexpr std::array<std::pair<MemoryType, std::string_view>, 4> kType{{
    {MemoryType::kWorking, "working"},
    {MemoryType::kEpisodic, "episodic"},
    {MemoryType::kSemantic, "semantic"},
    {MemoryType::kProcedural, "procedural"}}};
constexpr std::array<std::pair<MemoryKind, std::string_view>, 7> kKind{{
    {MemoryKind::kFact, "fact"},
    {MemoryKind::kPreference, "preference"},
    {MemoryKind::kEvent, "event"},
    {MemoryKind::kTask, "task"},
    {MemoryKind::kState, "state"},
    {MemoryKind::kSummary, "summary"},
    {MemoryKind::kRaw, "raw"}}};
constexpr std::array<std::pair<MemoryStatus, std::string_view>, 4> kStatus{{
    {MemoryStatus::kActive, "active"},
    {MemoryStatus::kDormant, "dormant"},
    {MemoryStatus::kQuarantined, "quarantined"},
    {MemoryStatus::kDeleted, "deleted"}}};
constexpr std::array<std::pair<SourceType, std::string_view>, 5> kSource{{
    {SourceType::kChat, "chat"},
    {SourceType::kWebForm, "web_form"},
    {SourceType::kVoice, "voice"},
    {SourceType::kApi, "api"},
    {SourceType::kImport, "import"}}};
constexpr std::array<std::pair<Grain, std::string_view>, 8> kGrain{{
    {Grain::kSecond, "second"},
    {Grain::kMinute, "minute"},
    {Grain::kHour, "hour"},
    {Grain::kDay, "day"},
    {Grain::kWeek, "week"},
    {Grain::kMonth, "month"},
    {Grain::kQuarter, "quarter"},
    {Grain::kYear, "year"}}};

}  // namespace

bool Principal::InTeam(std::string_view team) const {
  return std::find(teams.begin(), teams.end(), team) != teams.end();
}
bool Principal::HasRole(std::string_view role) const {
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

std::string_view ToString(Visibility v) { return Name(kVisibility, v); }
std::string_view ToString(MemoryType t) { return Name(kType, t); }
std::string_view ToString(MemoryKind k) { return Name(kKind, k); }
std::string_view ToString(MemoryStatus s) { return Name(kStatus, s); }
std::string_view ToString(SourceType s) { return Name(kSource, s); }
std::string_view ToString(Grain g) { return Name(kGrain, g); }
std::optional<Visibility> ParseVisibility(std::string_view s) { return Lookup(kVisibility, s); }
std::optional<MemoryType> ParseMemoryType(std::string_view s) { return Lookup(kType, s); }
std::optional<MemoryKind> ParseMemoryKind(std::string_view s) { return Lookup(kKind, s); }
std::optional<MemoryStatus> ParseMemoryStatus(std::string_view s) { return Lookup(kStatus, s); }
std::optional<SourceType> ParseSourceType(std::string_view s) { return Lookup(kSource, s); }
std::optional<Grain> ParseGrain(std::string_view s) { return Lookup(kGrain, s); }

}  // namespace engram
