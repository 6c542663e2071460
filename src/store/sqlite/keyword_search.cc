#include "src/store/sqlite/keyword_search.h"

#include <algorithm>
#include <climits>
#include <string>
#include <unordered_map>

#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/sqlite/filter_function.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/term_pruning.h"
#include "src/text/tokenizer.h"

namespace engram::store::sqlite {
namespace {

// An FTS5 string literal: the term in double quotes, inner quotes doubled.
std::string QuoteTerm(const std::string& term) {
  std::string out = "\"";
  for (char c : term) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

// SQLite's varint (FTS5 uses the same encoding): big-endian 7-bit groups, 9th byte whole.
size_t GetVarint(const std::string& buf, size_t at, int64_t* out) {
  uint64_t v = 0;
  size_t i = at;
  for (int n = 0; i < buf.size(); ++n, ++i) {
    const auto byte = static_cast<uint8_t>(buf[i]);
    if (n == 8) {
      v = (v << 8) | byte;
      ++i;
      break;
    }
    v = (v << 7) | (byte & 0x7f);
    if ((byte & 0x80) == 0) {
      ++i;
      break;
    }
  }
  *out = static_cast<int64_t>(v);
  return i;
}

// Adds memory rows with content above index->max_id(), or all when `all`.
Status LoadRows(StmtCache* cache, KeywordIndex* index, bool all) {
  if (all) index->Clear();
  Stmt st(cache,
          "SELECT id, scope_key, COALESCE(said, content) FROM memory WHERE id > ?1 AND "
          "content <> '' AND "
          "keyword = 1 "
          "ORDER BY id");
  st.Bind(1, index->max_id());
  while (st.Step()) index->Add(st.Int(0), st.Text(1), st.Text(2));
  return st.status().WithPrefix("keyword index: load");
}

// Whether the index agrees with memory_fts now (bringing it level first).
Result<bool> Sync(StmtCache* cache, KeywordState* state, Fts5Totals* totals) {
  auto t = ReadFts5Totals(cache);
  if (!t.ok()) return t.status();
  *totals = *t;
  KeywordIndex& index = state->index;
  if (index.tokens() == totals->tokens) return true;
  if (Status s = LoadRows(cache, &index, false); !s.ok()) return s;
  if (index.tokens() == totals->tokens) return true;
  if (state->unusable_tokens == totals->tokens) return false;
  if (Status s = LoadRows(cache, &index, true); !s.ok()) return s;
  if (index.tokens() == totals->tokens) return true;
  state->unusable_tokens = totals->tokens;
  return false;
}

struct Term {
  std::string text;                 // the query's surface string
  std::vector<std::string> tokens;  // its query-mode tokens
};

// Visible, searchable rows among `ids` (any order), by id.
Result<std::unordered_map<int64_t, Memory>> Recheck(StmtCache* cache, const OpContext& ctx,
                                                    const std::vector<int64_t>& ids,
                                                    bool include_history,
                                                    const MemoryFilter* filter) {
  Stmt st(cache, "SELECT " + MemoryColumns() +
                     " FROM memory m WHERE m.id IN (SELECT value FROM json_each(?1)) AND " +
                     VisibleSql(2, 3) +
                     " AND (?4 = 1 OR m.current = 1) AND m.status IN ('active', 'dormant') "
                     "AND (m.expires_ms IS NULL OR m.expires_ms > ?5)" + FilterClause(6, filter));
  st.Bind(1, FormatIdList(ids)).Bind(2, ctx.principal.user_id);
  st.Bind(3, JsonStringArray(ctx.principal.teams)).Bind(4, include_history);
  st.Bind(5, ctx.now.unix_ms);
  BindFilter(&st, 6, filter);
  std::unordered_map<int64_t, Memory> out;
  while (st.Step()) {
    Memory m = ReadMemory(st);
    int64_t id = m.id;
    out.emplace(id, std::move(m));
  }
  if (!st.status().ok()) return st.status().WithPrefix("keyword search");
  return out;
}

// Ranks in SQL with FTS5's bm25() (the path the index must agree with).
Result<std::vector<KeywordHit>> SearchSql(StmtCache* cache, const OpContext& ctx,
                                          const KeywordQuery& query, const std::string& match) {
  std::vector<KeywordHit> hits;
  // Phase 1 ranks the matches using only the few columns the filter needs; phase 2 reads
  // whole rows for the top `limit` only.
  Stmt st(cache,
          "SELECT m.id, bm25(memory_fts) AS rank FROM memory_fts JOIN memory m ON m.id = "
          "memory_fts.rowid WHERE memory_fts MATCH ?1 AND " + VisibleSql(2, 3) +
              " AND (?4 = 1 OR m.current = 1) AND m.status IN ('active', 'dormant') "
              "AND (m.expires_ms IS NULL OR m.expires_ms > ?5)" + FilterClause(7, query.filter) +
              " ORDER BY rank, m.id DESC LIMIT ?6");
  st.Bind(1, match).Bind(2, ctx.principal.user_id);
  st.Bind(3, JsonStringArray(ctx.principal.teams)).Bind(4, query.include_history);
  st.Bind(5, ctx.now.unix_ms).Bind(6, int64_t{query.limit});
  BindFilter(&st, 7, query.filter);
  std::vector<std::pair<int64_t, double>> ranked;
  while (st.Step()) ranked.emplace_back(st.Int(0), -st.Double(1));  // bm25() is negative
  if (!st.status().ok()) return st.status().WithPrefix("keyword search");
  Stmt row(cache, "SELECT " + MemoryColumns() + " FROM memory m WHERE m.id = ?1");
  for (const auto& [id, score] : ranked) {
    row.Reset();
    row.Bind(1, id);
    if (row.Step()) hits.push_back(KeywordHit{ReadMemory(row), score});
    if (!row.status().ok()) return row.status().WithPrefix("keyword search");
  }
  return hits;
}

// Ranks with the index; re-checks the best candidates in growing batches until `limit`
// pass or none remain.
Result<std::vector<KeywordHit>> SearchIndex(StmtCache* cache, KeywordState* state,
                                            const OpContext& ctx, const KeywordQuery& query,
                                            const std::vector<std::string>& phrases,
                                            const Fts5Totals& totals) {
  std::vector<KeywordHit> hits;
  std::vector<ScoredDoc> docs =
      state->index.Score(VisiblePartitions(ctx.principal), phrases, totals);
  const size_t limit = static_cast<size_t>(query.limit);
  size_t batch = limit + 8;  // most candidates pass; a short batch grows fourfold
  for (size_t done = 0; done < docs.size() && hits.size() < limit; batch *= 4) {
    const size_t end = OrderNext(&docs, done, batch);
    std::vector<int64_t> ids;
    for (size_t i = done; i < end; ++i) ids.push_back(docs[i].id);
    auto rows = Recheck(cache, ctx, ids, query.include_history, query.filter);
    if (!rows.ok()) return rows.status();
    for (size_t i = done; i < end && hits.size() < limit; ++i) {
      auto it = rows->find(docs[i].id);
      if (it != rows->end()) hits.push_back(KeywordHit{std::move(it->second), docs[i].score});
    }
    done = end;
  }
  return hits;
}

}  // namespace

Result<Fts5Totals> ReadFts5Totals(StmtCache* cache) {
  Stmt st(cache, "SELECT block FROM memory_fts_data WHERE id = 1");
  Fts5Totals totals;
  if (st.Step()) {
    const std::string block = st.Blob(0);
    size_t at = GetVarint(block, 0, &totals.rows);
    if (at < block.size()) GetVarint(block, at, &totals.tokens);
  }
  if (!st.status().ok()) return st.status().WithPrefix("keyword search: fts5 totals");
  return totals;
}

Result<std::vector<KeywordHit>> SearchKeywordRows(sqlite3* db, StmtCache* cache,
                                                  KeywordState* state, const OpContext& ctx,
                                                  const KeywordQuery& query) {
  std::vector<KeywordHit> hits;
  if (query.limit <= 0) return hits;
  std::vector<Term> terms;
  for (const std::string& text : query.terms) {
    std::vector<text::Token> toks;
    text::Tokenize(text, text::TokenizeMode::kQuery, &toks);
    if (toks.empty()) continue;
    Term t{text, {}};
    for (text::Token& tok : toks) t.tokens.push_back(std::move(tok.text));
    terms.push_back(std::move(t));
  }
  if (terms.empty()) return hits;
  // One read transaction: the totals, the index catch-up and the re-check see one snapshot.
  if (Status s = Exec(db, "BEGIN", "keyword search"); !s.ok()) return s;
  struct EndRead {
    sqlite3* db;
    ~EndRead() { sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr); }
  } end_read{db};
  Fts5Totals totals;
  bool indexed = false;
  if (state->use_index) {
    auto synced = Sync(cache, state, &totals);
    if (!synced.ok()) return synced.status();
    indexed = *synced;
  }
  if (!state->use_index) {
    auto t = ReadFts5Totals(cache);
    if (!t.ok()) return t.status();
    totals = *t;
  }
  const int64_t n_docs = totals.rows;  // the keyword documents (facts in their record are not)
  // Document frequencies: from the index, or a walk of each term's postings in fts5vocab
  // (fetched only when pruning can change the outcome).
  const PruningParams params;
  std::vector<int64_t> doc_freq(terms.size(), 1);
  if (indexed || n_docs >= params.min_docs || terms.size() > params.max_terms) {
    Stmt df(cache, "SELECT doc FROM temp.memory_fts_vocab WHERE term = ?1");
    for (size_t i = 0; i < terms.size(); ++i) {
      // A term of several tokens (rare: a run OpenCC resized) counts by its rarest token.
      int64_t freq = INT64_MAX;
      for (const std::string& tok : terms[i].tokens) {
        if (indexed) {
          freq = std::min(freq, state->index.DocFrequency(tok));
          continue;
        }
        df.Reset();
        df.Bind(1, tok);
        freq = std::min<int64_t>(freq, df.Step() ? df.Int(0) : 0);
        if (!df.status().ok()) return df.status().WithPrefix("keyword search: term stats");
      }
      doc_freq[i] = freq;
    }
  }
  const std::vector<bool> keep = KeepTerms(doc_freq, n_docs, params);
  std::string match;
  std::vector<std::string> phrases;
  bool single_tokens = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!keep[i]) continue;
    if (!match.empty()) match += " OR ";
    match += QuoteTerm(terms[i].text);
    single_tokens = single_tokens && terms[i].tokens.size() == 1;
    phrases.push_back(terms[i].tokens[0]);
  }
  if (match.empty()) return hits;
  // A term of several tokens is an FTS5 phrase (adjacent positions): SQL ranks those.
  if (indexed && single_tokens) {
    return SearchIndex(cache, state, ctx, query, phrases, totals);
  }
  return SearchSql(cache, ctx, query, match);
}

}  // namespace engram::store::sqlite
