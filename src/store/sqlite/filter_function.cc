#include "src/store/sqlite/filter_function.h"

#include <string_view>

namespace engram::store::sqlite {
namespace {

constexpr char kPointerType[] = "engram_memory_filter";

std::string_view TextArg(sqlite3_value* v) {
  const unsigned char* t = sqlite3_value_text(v);
  return t == nullptr ? std::string_view()
                      : std::string_view(reinterpret_cast<const char*>(t),
                                         static_cast<size_t>(sqlite3_value_bytes(v)));
}

void FilterFunction(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  const auto* filter =
      static_cast<const MemoryFilter*>(sqlite3_value_pointer(argv[0], kPointerType));
  if (filter == nullptr || filter->empty() || argc != 6) {
    sqlite3_result_int(ctx, 1);
    return;
  }
  std::optional<MemoryType> type = ParseMemoryType(TextArg(argv[1]));
  std::optional<MemoryKind> kind = ParseMemoryKind(TextArg(argv[2]));
  if (!type || !kind) {  // the schema's CHECK constraints make this unreachable
    sqlite3_result_int(ctx, 0);
    return;
  }
  sqlite3_result_int(ctx, filter->MatchesFields(*type, *kind, TextArg(argv[3]),
                                                TextArg(argv[4]), TextArg(argv[5]))
                              ? 1
                              : 0);
}

}  // namespace

Status RegisterFilterFunction(sqlite3* db) {
  int rc = sqlite3_create_function_v2(db, "engram_filter", 6, SQLITE_UTF8 | SQLITE_INNOCUOUS,
                                      nullptr, &FilterFunction, nullptr, nullptr, nullptr);
  return rc == SQLITE_OK ? Status::OK() : SqliteError(db, rc, "register engram_filter");
}

std::string FilterClause(int param, const MemoryFilter* filter) {
  if (filter == nullptr || filter->empty()) return "";
  return " AND engram_filter(?" + std::to_string(param) +
         ", m.type, m.kind, m.session_id, m.agent_id, m.metadata)";
}

void BindFilter(Stmt* st, int param, const MemoryFilter* filter) {
  if (filter != nullptr && !filter->empty()) st->BindPointer(param, filter, kPointerType);
}

}  // namespace engram::store::sqlite
