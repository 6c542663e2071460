// PostgresStore::SearchKeyword (pg_keyword.h).
#include "src/store/postgres/pg_keyword.h"

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <unordered_set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/bm25.h"
#include "src/store/keyword_index.h"
#include "src/store/keyword_query.h"
#include "src/store/postgres/pg_read_rows.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/postgres/pg_txn.h"
#include "src/store/term_pruning.h"
#include "src/text/tokenizer.h"

namespace engram::store::postgres {

PhraseCounts PhraseFrequencies(std::string_view document,
                               const std::vector<std::vector<std::string>>& phrases) {
  std::vector<text::Token> tokens;
  text::Tokenize(document, text::TokenizeMode::kDocument, &tokens);
  PhraseCounts out;
  std::unordered_map<std::string, std::unordered_set<int64_t>> at;  // token -> positions
  for (const text::Token& t : tokens) {
    if (!t.colocated || out.length == 0) ++out.length;
    at[t.text].insert(out.length);
  }
  for (const std::vector<std::string>& phrase : phrases) {
    int64_t n = 0;
    auto first = phrase.empty() ? at.end() : at.find(phrase[0]);
    if (first != at.end()) {
      for (int64_t p : first->second) {
        bool all = true;
        for (size_t k = 1; k < phrase.size() && all; ++k) {
          auto it = at.find(phrase[k]);
          all = it != at.end() && it->second.count(p + static_cast<int64_t>(k)) > 0;
        }
        if (all) ++n;
      }
    }
    out.tf.push_back(n);
  }
  return out;
}

Status NoteKeywordRemoval(PgConn& conn, const std::string& tenant) {
  auto r = conn.Exec(
      "INSERT INTO write_lock (tenant_id, key, n) VALUES ($1, 'keyword_removed', 1) "
      "ON CONFLICT (tenant_id, key) DO UPDATE SET n = write_lock.n + 1",
      {tenant});
  return r.ok() ? Status::OK() : r.status().WithPrefix("keyword removal counter");
}

namespace {

// Adds the tenant's keyword documents above index->max_id(), or all of them when `all`.
Status LoadDocuments(PgConn& conn, const std::string& tenant, KeywordIndex* index, bool all) {
  if (all) index->Clear();
  auto r = conn.Exec(
      "SELECT id, scope_key, COALESCE(said, content) FROM memory WHERE tenant_id = $1 AND "
      "id > $2 AND keyword AND content <> '' ORDER BY id",
      {tenant, index->max_id()});
  if (!r.ok()) return r.status().WithPrefix("keyword index: load");
  for (int i = 0; i < r->rows(); ++i) index->Add(r->Int64(i, 0), r->Text(i, 1), r->Text(i, 2));
  return Status::OK();
}

// Brings the index level with the snapshot of `conn`'s transaction (pg_keyword.h).
Status Sync(PgConn& conn, const std::string& tenant, PgKeywordState* state) {
  auto r = conn.Exec(
      "SELECT key, n FROM write_lock WHERE tenant_id = $1 AND key IN ('writer', "
      "'keyword_removed')",
      {tenant});
  if (!r.ok()) return r.status().WithPrefix("keyword index: counters");
  int64_t writes = -1;
  int64_t removals = 0;
  for (int i = 0; i < r->rows(); ++i) {
    (r->Text(i, 0) == "writer" ? writes : removals) = r->Int64(i, 1);
  }
  if (writes >= 0 && writes == state->writes_seen) return Status::OK();
  const bool rebuild = removals != state->removals_seen;
  ENGRAM_RETURN_IF_ERROR(LoadDocuments(conn, tenant, &state->index, rebuild));
  state->writes_seen = writes;
  state->removals_seen = removals;
  return Status::OK();
}

// Every term a single token: pruned and scored by the index (SQLite's index path).
std::vector<ScoredDoc> ScoreTokens(KeywordIndex& index, const std::vector<std::string>& parts,
                                   const std::vector<KeywordTerm>& terms) {
  const KeywordStats stats = index.Stats(parts);
  std::vector<int64_t> doc_freq;
  for (const KeywordTerm& t : terms) doc_freq.push_back(index.DocFrequency(parts, t.tokens[0]));
  const std::vector<bool> keep = KeepTerms(doc_freq, stats.rows);
  std::vector<std::string> phrases;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (keep[i]) phrases.push_back(terms[i].tokens[0]);
  }
  if (phrases.empty()) return {};
  return index.Score(parts, phrases);
}

// Some term of several tokens: SQLite's SQL path (FTS5 phrases, engram_bm25), computed
// from the candidate documents' text.
Result<std::vector<ScoredDoc>> ScorePhrases(PgConn& conn, const std::string& tenant,
                                            KeywordIndex& index,
                                            const std::vector<std::string>& parts,
                                            const std::vector<KeywordTerm>& terms) {
  const KeywordStats stats = index.Stats(parts);
  std::vector<ScoredDoc> out;
  if (stats.rows <= 0) return out;
  // Candidates: the partitions' documents holding each term's rarest token (a document
  // holding the phrase holds all of its tokens).
  std::vector<std::string> tokens;
  std::vector<std::vector<std::string>> phrases;
  for (const KeywordTerm& t : terms) {
    phrases.push_back(t.tokens);
    const std::string* rarest = &t.tokens[0];
    int64_t fewest = INT64_MAX;
    for (const std::string& tok : t.tokens) {
      const int64_t df = index.DocFrequency(parts, tok);
      if (df < fewest) {
        fewest = df;
        rarest = &tok;
      }
    }
    if (std::find(tokens.begin(), tokens.end(), *rarest) == tokens.end()) {
      tokens.push_back(*rarest);
    }
  }
  std::vector<int64_t> ids;
  for (const ScoredDoc& d : index.Score(parts, tokens)) ids.push_back(d.id);
  auto r = conn.Exec(
      "SELECT id, COALESCE(said, content) FROM memory WHERE tenant_id = $1 AND "
      "id = ANY($2::bigint[]) AND keyword AND content <> ''",
      {tenant, IdArray(ids)});
  if (!r.ok()) return r.status().WithPrefix("keyword search: documents");
  std::vector<std::pair<int64_t, PhraseCounts>> docs;
  std::vector<int64_t> doc_freq(terms.size(), 0);
  for (int i = 0; i < r->rows(); ++i) {
    PhraseCounts c = PhraseFrequencies(r->Text(i, 1), phrases);
    for (size_t t = 0; t < terms.size(); ++t) doc_freq[t] += c.tf[t] > 0 ? 1 : 0;
    docs.emplace_back(r->Int64(i, 0), std::move(c));
  }
  const std::vector<bool> keep = KeepTerms(doc_freq, stats.rows);
  const double rows = static_cast<double>(stats.rows);
  const double avgdl = static_cast<double>(stats.tokens) / rows;
  std::vector<double> idf(terms.size(), 0.0);
  for (size_t t = 0; t < terms.size(); ++t) {
    if (keep[t]) idf[t] = Bm25Idf(rows, static_cast<double>(doc_freq[t]));
  }
  for (const auto& [id, c] : docs) {
    bool matched = false;
    double score = 0;  // summed in the kept terms' order, as engram_bm25 sums its phrases
    for (size_t t = 0; t < terms.size(); ++t) {
      if (!keep[t]) continue;
      matched = matched || c.tf[t] > 0;
      score += Bm25TermScore(idf[t], static_cast<double>(c.tf[t]),
                             static_cast<double>(c.length), avgdl);
    }
    if (matched) out.push_back(ScoredDoc{id, score});
  }
  return out;
}

}  // namespace

Result<std::vector<KeywordHit>> PostgresStore::SearchKeyword(const OpContext& ctx,
                                                             const KeywordQuery& query) {
  std::vector<KeywordHit> hits;
  if (query.limit <= 0) return hits;
  const std::vector<KeywordTerm> terms = TokenizeKeywordTerms(query.terms);
  if (terms.empty()) return hits;
  const bool single_tokens = AllSingleTokens(terms);
  const std::vector<std::string> parts = VisiblePartitions(ctx.principal);
  std::lock_guard lock(keyword_mu_);
  // One snapshot for the writer counter, the catch-up, the scoring and the re-check.
  PgTxnOptions options;
  options.isolation = PgIsolation::kRepeatableRead;
  options.read_only = true;
  const Status searched = RunInTransaction(*pool_, options, [&](PgConn& conn) -> Status {
    ENGRAM_RETURN_IF_ERROR(Sync(conn, tenant(), &keyword_));
    std::vector<ScoredDoc> docs;
    if (single_tokens) {
      docs = ScoreTokens(keyword_.index, parts, terms);
    } else {
      ENGRAM_ASSIGN_OR_RETURN(docs, ScorePhrases(conn, tenant(), keyword_.index, parts, terms));
    }
    ENGRAM_ASSIGN_OR_RETURN(
        hits, TakeBestHits(&docs, static_cast<size_t>(query.limit),
                           [&](const std::vector<int64_t>& ids) {
                             return SelectSearchable(conn, tenant(), ctx, ids,
                                                     query.include_history, query.filter);
                           }));
    return Status::OK();
  });
  if (!searched.ok()) return searched;
  return hits;
}

}  // namespace engram::store::postgres
