#include "src/store/sqlite/fts5_tokenizer.h"

#include <string_view>
#include <vector>

#include "src/store/sqlite/sqlite_util.h"
#include "src/text/tokenizer.h"

namespace engram::store::sqlite {
namespace {

// The tokenizer is stateless; FTS5 still wants an object per table.
struct EngramFts5Tokenizer {};

int Create(void*, const char**, int, Fts5Tokenizer** out) {
  *out = reinterpret_cast<Fts5Tokenizer*>(new EngramFts5Tokenizer());
  return SQLITE_OK;
}

void Delete(Fts5Tokenizer* t) { delete reinterpret_cast<EngramFts5Tokenizer*>(t); }

int Tokenize(Fts5Tokenizer*, void* ctx, int flags, const char* text, int n,
             int (*token)(void*, int, const char*, int, int, int)) {
  // Queries (MATCH strings) get query-mode tokens; documents and auxiliary functions get
  // document-mode tokens, with bigrams colocated on their first character's position.
  const bool query = (flags & FTS5_TOKENIZE_QUERY) != 0;
  std::vector<text::Token> tokens;
  text::Tokenize(std::string_view(text, n > 0 ? static_cast<size_t>(n) : 0),
                 query ? text::TokenizeMode::kQuery : text::TokenizeMode::kDocument, &tokens);
  bool first = true;
  for (const text::Token& t : tokens) {
    int tflags = (t.colocated && !first) ? FTS5_TOKEN_COLOCATED : 0;
    int rc = token(ctx, tflags, t.text.data(), static_cast<int>(t.text.size()),
                   static_cast<int>(t.begin), static_cast<int>(t.end));
    if (rc != SQLITE_OK) return rc;
    first = false;
  }
  return SQLITE_OK;
}

fts5_api* Fts5Api(sqlite3* db) {
  fts5_api* api = nullptr;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, static_cast<void*>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  return api;
}

}  // namespace

Status RegisterEngramTokenizer(sqlite3* db) {
  fts5_api* api = Fts5Api(db);
  if (api == nullptr) return Status::NotSupported("sqlite: this SQLite has no FTS5");
  fts5_tokenizer tok{Create, Delete, Tokenize};
  int rc = api->xCreateTokenizer(api, "engram", nullptr, &tok, nullptr);
  if (rc != SQLITE_OK) return SqliteError(db, rc, "register fts5 tokenizer");
  return Status::OK();
}

}  // namespace engram::store::sqlite
