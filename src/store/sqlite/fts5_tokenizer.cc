#include "src/store/sqlite/fts5_tokenizer.h"

#include <cstdlib>
#include <string_view>
#include <vector>

#include "src/store/bm25.h"
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

// engram_bm25(memory_fts, rows, avgdl, dfs): bm25.h's score of the current row with the
// caller's statistics. dfs lists each phrase's document frequency, comma-separated, in the
// MATCH expression's phrase order. Larger is better.
void EngramBm25(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx,
                int n_args, sqlite3_value** args) {
  if (n_args != 3) {
    sqlite3_result_error(ctx, "engram_bm25: expected (table, rows, avgdl, dfs)", -1);
    return;
  }
  const double rows = sqlite3_value_double(args[0]);
  const double avgdl = sqlite3_value_double(args[1]);
  const char* dfs = reinterpret_cast<const char*>(sqlite3_value_text(args[2]));
  const int n_phrases = api->xPhraseCount(fts);
  std::vector<double> idf(static_cast<size_t>(n_phrases), 0.0);
  for (int i = 0; i < n_phrases && dfs != nullptr && *dfs != '\0'; ++i) {
    char* end = nullptr;
    idf[static_cast<size_t>(i)] = Bm25Idf(rows, std::strtod(dfs, &end));
    dfs = *end == ',' ? end + 1 : end;
  }
  int n_inst = 0;
  int rc = api->xInstCount(fts, &n_inst);
  std::vector<double> tf(static_cast<size_t>(n_phrases), 0.0);
  for (int i = 0; rc == SQLITE_OK && i < n_inst; ++i) {
    int phrase = 0, column = 0, offset = 0;
    rc = api->xInst(fts, i, &phrase, &column, &offset);
    if (rc == SQLITE_OK && phrase >= 0 && phrase < n_phrases) tf[static_cast<size_t>(phrase)] += 1;
  }
  int length = 0;
  if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &length);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  double score = 0;
  for (size_t i = 0; i < tf.size(); ++i) {
    score += Bm25TermScore(idf[i], tf[i], static_cast<double>(length), avgdl);
  }
  sqlite3_result_double(ctx, score);
}

}  // namespace

Status RegisterEngramTokenizer(sqlite3* db) {
  fts5_api* api = Fts5Api(db);
  if (api == nullptr) return Status::NotSupported("sqlite: this SQLite has no FTS5");
  fts5_tokenizer tok{Create, Delete, Tokenize};
  int rc = api->xCreateTokenizer(api, "engram", nullptr, &tok, nullptr);
  if (rc != SQLITE_OK) return SqliteError(db, rc, "register fts5 tokenizer");
  rc = api->xCreateFunction(api, "engram_bm25", nullptr, &EngramBm25, nullptr);
  if (rc != SQLITE_OK) return SqliteError(db, rc, "register engram_bm25");
  return Status::OK();
}

}  // namespace engram::store::sqlite
