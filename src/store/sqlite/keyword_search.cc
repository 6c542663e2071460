#include "src/store/sqlite/keyword_search.h"

#include <algorithm>
#include <climits>
#include <string>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/keyword_index.h"
#include "src/store/keyword_query.h"
#include "src/store/sqlite/filter_function.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/term_pruning.h"

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
  ENGRAM_ASSIGN_OR_RETURN(auto t, ReadFts5Totals(cache));
  *totals = t;
  KeywordIndex& index = state->index;
  if (index.tokens() == totals->tokens) return true;
  ENGRAM_RETURN_IF_ERROR(LoadRows(cache, &index, false));
  if (index.tokens() == totals->tokens) return true;
  if (state->unusable_tokens == totals->tokens) return false;
  ENGRAM_RETURN_IF_ERROR(LoadRows(cache, &index, true));
  if (index.tokens() == totals->tokens) return true;
  state->unusable_tokens = totals->tokens;
  return false;
}

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

// The statistics of `partitions` read from SQLite (the path without the index): rows and
// tokens from memory_fts_docsize, and each term's document frequency by a MATCH count.
struct SqlStats {
  KeywordStats totals;
  std::vector<int64_t> doc_freq;  // per term
};

Result<SqlStats> ReadSqlStats(StmtCache* cache, const std::string& partitions,
                              const std::vector<KeywordTerm>& terms) {
  SqlStats out;
  Stmt sizes(cache,
             "SELECT d.sz FROM memory_fts_docsize d JOIN memory m ON m.id = d.id "
             "WHERE m.scope_key IN (SELECT value FROM json_each(?1))");
  sizes.Bind(1, partitions);
  while (sizes.Step()) {
    int64_t length = 0;
    GetVarint(sizes.Blob(0), 0, &length);
    ++out.totals.rows;
    out.totals.tokens += length;
  }
  if (!sizes.status().ok()) return sizes.status().WithPrefix("keyword search: scope totals");
  Stmt df(cache,
          "SELECT count(*) FROM memory_fts JOIN memory m ON m.id = memory_fts.rowid "
          "WHERE memory_fts MATCH ?1 AND m.scope_key IN (SELECT value FROM json_each(?2))");
  for (const KeywordTerm& t : terms) {
    df.Reset();
    df.Bind(1, QuoteTerm(t.text)).Bind(2, partitions);
    out.doc_freq.push_back(df.Step() ? df.Int(0) : 0);
    if (!df.status().ok()) return df.status().WithPrefix("keyword search: term stats");
  }
  return out;
}

// Ranks in SQL with engram_bm25 under the caller's statistics (the path the index must
// agree with). `dfs`: the kept terms' document frequencies, comma-separated, in order.
Result<std::vector<KeywordHit>> SearchSql(StmtCache* cache, const OpContext& ctx,
                                          const KeywordQuery& query, const std::string& match,
                                          const KeywordStats& stats, const std::string& dfs) {
  std::vector<KeywordHit> hits;
  if (stats.rows <= 0) return hits;
  const double avgdl = static_cast<double>(stats.tokens) / static_cast<double>(stats.rows);
  // Phase 1 ranks the matches using only the few columns the filter needs; phase 2 reads
  // whole rows for the top `limit` only.
  Stmt st(cache,
          "SELECT m.id, engram_bm25(memory_fts, ?8, ?9, ?10) AS score FROM memory_fts JOIN "
          "memory m ON m.id = memory_fts.rowid WHERE memory_fts MATCH ?1 AND " +
              VisibleSql(2, 3) +
              " AND (?4 = 1 OR m.current = 1) AND m.status IN ('active', 'dormant') "
              "AND (m.expires_ms IS NULL OR m.expires_ms > ?5)" + FilterClause(11, query.filter) +
              " ORDER BY score DESC, m.id DESC LIMIT ?6");
  st.Bind(1, match).Bind(2, ctx.principal.user_id);
  st.Bind(3, JsonStringArray(ctx.principal.teams)).Bind(4, query.include_history);
  st.Bind(5, ctx.now.unix_ms).Bind(6, int64_t{query.limit});
  st.Bind(8, static_cast<double>(stats.rows)).Bind(9, avgdl).Bind(10, dfs);
  BindFilter(&st, 11, query.filter);
  std::vector<std::pair<int64_t, double>> ranked;
  while (st.Step()) ranked.emplace_back(st.Int(0), st.Double(1));
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
                                            const std::vector<std::string>& partitions,
                                            const std::vector<std::string>& phrases) {
  std::vector<ScoredDoc> docs = state->index.Score(partitions, phrases);
  return TakeBestHits(&docs, static_cast<size_t>(query.limit),
                      [&](const std::vector<int64_t>& ids) {
                        return Recheck(cache, ctx, ids, query.include_history, query.filter);
                      });
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
  const std::vector<KeywordTerm> terms = TokenizeKeywordTerms(query.terms);
  if (terms.empty()) return hits;
  // One read transaction: the totals, the index catch-up and the re-check see one snapshot.
  ENGRAM_RETURN_IF_ERROR(Exec(db, "BEGIN", "keyword search"));
  struct EndRead {
    sqlite3* db;
    ~EndRead() { sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr); }
  } end_read{db};
  bool indexed = false;
  if (state->use_index) {
    Fts5Totals totals;
    ENGRAM_ASSIGN_OR_RETURN(auto synced, Sync(cache, state, &totals));
    indexed = synced;
  }
  // Statistics of the caller's partitions only (keyword_index.h): from the index, or read
  // from SQLite when the index cannot answer.
  const std::vector<std::string> partitions = VisiblePartitions(ctx.principal);
  KeywordStats stats;
  std::vector<int64_t> doc_freq(terms.size(), 0);
  if (indexed) {
    stats = state->index.Stats(partitions);
    for (size_t i = 0; i < terms.size(); ++i) {
      // A term of several tokens (rare: a run OpenCC resized) counts by its rarest token
      // here; it is ranked in SQL below, with its exact phrase count.
      int64_t freq = INT64_MAX;
      for (const std::string& tok : terms[i].tokens) {
        freq = std::min(freq, state->index.DocFrequency(partitions, tok));
      }
      doc_freq[i] = freq;
    }
  }
  const bool single_tokens = AllSingleTokens(terms);
  if (!indexed || !single_tokens) {
    ENGRAM_ASSIGN_OR_RETURN(auto sql, ReadSqlStats(cache, JsonStringArray(partitions), terms));
    stats = sql.totals;
    doc_freq = std::move(sql.doc_freq);
  }
  const std::vector<bool> keep = KeepTerms(doc_freq, stats.rows);
  std::string match;
  std::string dfs;
  std::vector<std::string> phrases;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!keep[i]) continue;
    if (!match.empty()) match += " OR ";
    match += QuoteTerm(terms[i].text);
    if (!dfs.empty()) dfs += ',';
    dfs += std::to_string(doc_freq[i]);
    phrases.push_back(terms[i].tokens[0]);
  }
  if (match.empty()) return hits;
  // A term of several tokens is an FTS5 phrase (adjacent positions): SQL ranks those.
  if (indexed && single_tokens) return SearchIndex(cache, state, ctx, query, partitions, phrases);
  return SearchSql(cache, ctx, query, match, stats, dfs);
}

}  // namespace engram::store::sqlite
