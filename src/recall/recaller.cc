#include "src/recall/recaller.h"

#include <algorithm>
#include <limits>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "engram/status_macros.h"
#include "src/recall/answer_kind.h"
#include "src/recall/decay.h"
#include "src/recall/graph_channel.h"
#include "src/recall/hit_order.h"
#include "src/recall/query_analysis.h"
#include "src/recall/query_terms.h"
#include "src/recall/rrf.h"
#include "src/recall/session_context.h"
#include "src/recall/text_memo.h"
#include "src/recall/truth.h"
#include "src/store/access.h"

namespace engram::recall {

double ConfidenceFactor(const Confidence& c) {
  return 0.5 + 0.5 * std::clamp(c.overall, 0.0, 1.0);
}

double TimeFactor(const std::vector<TimeWindow>& windows, const Instant& t) {
  double factor = 1.0;
  bool firm = false;
  for (const TimeWindow& w : windows) {
    firm = firm || w.confidence >= kFilterConfidence;
    if (t.unix_ms >= w.from.unix_ms && t.unix_ms < w.to.unix_ms) {
      factor = std::max(factor, 1.0 + 0.5 * w.confidence);
    }
  }
  return factor == 1.0 && firm ? 0.5 : factor;
}

namespace {

// What the channels proposed: each candidate memory once, its per-channel ranks, the lists.
struct Candidates {
  std::unordered_map<int64_t, Memory> memories;
  std::unordered_map<int64_t, std::map<std::string, ChannelScore>> channels;
  std::vector<RankedList> lists;
  // A channel returned `depth` rows but fewer than `want` of them passed the filter: more
  // matching rows may lie deeper.
  bool deeper = false;
  // Over the saturated channels: the fewest rows that passed, as a share of `depth`.
  double pass_rate = 1.0;
  // How many vectors the index returned: the caller's whole store when it holds fewer than
  // the channel's depth (ForQuery reads a small store's cosines more leniently).
  size_t vector_rows = 0;
};

bool Keep(const RecallParams& params, const Memory& m) {
  return params.filter == nullptr || params.filter->Matches(m);
}

// Runs every channel `depth` deep. Rows the filter rejects are dropped before ranking, so a
// channel's ranks count matching memories only.
Result<Candidates> Gather(store::Store& store, const store::OpContext& ctx,
                          std::string_view query, const RecallParams& params, bool history,
                          std::span<const float> query_vector, int depth, int want) {
  Candidates c;
  auto note_saturated = [&](size_t rows, size_t kept) {
    if (static_cast<int>(rows) >= depth && static_cast<int>(kept) < want) {
      c.deeper = true;
      c.pass_rate = std::min(c.pass_rate, static_cast<double>(kept) / static_cast<double>(rows));
    }
  };
  if (params.weight_keyword > 0) {
    store::KeywordQuery kq;
    kq.terms = KeywordTerms(query);
    kq.limit = depth;
    kq.include_history = history;
    kq.filter = params.filter;
    ENGRAM_ASSIGN_OR_RETURN(auto keyword, store.SearchKeyword(ctx, kq));
    RankedList kl{"keyword", params.weight_keyword, {}};
    for (store::KeywordHit& k : keyword) {  // the store applied the filter
      int64_t id = k.memory.id;
      kl.ids.push_back(id);
      c.channels[id]["keyword"] = ChannelScore{static_cast<int>(kl.ids.size()), k.score};
      c.memories.emplace(id, std::move(k.memory));
    }
    note_saturated(keyword.size(), kl.ids.size());
    c.lists.push_back(std::move(kl));
  }

  if (!query_vector.empty()) {
    index::SearchFilter filter;
    filter.partitions = store::VisiblePartitions(ctx.principal);
    if (params.deep) {  // dormant memories' vectors wait in the cold partitions
      const size_t hot = filter.partitions.size();
      for (size_t i = 0; i < hot; ++i) {
        filter.partitions.push_back(store::ColdPartition(filter.partitions[i]));
      }
    }
    auto found = params.index->Search(query_vector, depth, filter);
    if (!found.ok()) return found.status().WithPrefix("recall: vector search");
    // The store re-checks every id (scope, status, expiry): the index is derived data.
    std::vector<int64_t> missing;
    for (const index::VectorHit& h : *found) {
      if (!c.memories.count(h.id)) missing.push_back(h.id);
    }
    ENGRAM_ASSIGN_OR_RETURN(auto rows, store.GetSearchable(ctx, missing, history, params.filter));
    for (Memory& m : rows) c.memories.emplace(m.id, std::move(m));  // filtered by the store
    RankedList vl{"vector", params.weight_vector, {}};
    for (const index::VectorHit& h : *found) {
      if (!c.memories.count(h.id)) continue;
      vl.ids.push_back(h.id);
      c.channels[h.id]["vector"] = ChannelScore{static_cast<int>(vl.ids.size()), h.score};
    }
    c.vector_rows = found->size();
    note_saturated(found->size(), vl.ids.size());
    c.lists.push_back(std::move(vl));
  }

  if (!params.session_id.empty() && params.weight_recency > 0) {
    ENGRAM_ASSIGN_OR_RETURN(auto recent,
                            store.ListRecent(ctx, params.session_id, std::min(depth, 20)));
    RankedList rl{"recency", params.weight_recency, {}};
    for (Memory& m : recent) {
      if (!Keep(params, m)) continue;
      int64_t id = m.id;
      rl.ids.push_back(id);
      int rank = static_cast<int>(rl.ids.size());
      c.channels[id]["recency"] = ChannelScore{rank, 1.0 / rank};
      c.memories.emplace(id, std::move(m));
    }
    c.lists.push_back(std::move(rl));
  }

  if (params.weight_graph > 0) {
    ENGRAM_ASSIGN_OR_RETURN(auto graph, GraphCandidates(store, ctx, query, depth, history));
    RankedList gl{"graph", params.weight_graph, {}};
    for (store::GraphHit& g : graph) {
      if (!Keep(params, g.memory)) continue;
      int64_t id = g.memory.id;
      gl.ids.push_back(id);
      // The channel's score: how many of the question's entities the memory mentions.
      c.channels[id]["graph"] = ChannelScore{static_cast<int>(gl.ids.size()),
                                             static_cast<double>(g.entity_ids.size())};
      c.memories.emplace(id, std::move(g.memory));
    }
    note_saturated(graph.size(), gl.ids.size());
    c.lists.push_back(std::move(gl));
  }
  return c;
}

// The same statement once per channel: in each channel's list, a current fact whose message's
// current record is in that list too is dropped, and the ranks close up, so a message's facts
// neither push other messages down a channel nor add to its own fused score.
void OnePlacePerMessage(Candidates* c) {
  for (RankedList& list : c->lists) {
    std::unordered_set<int64_t> recorded;
    for (int64_t id : list.ids) {
      const Memory& m = c->memories.at(id);
      if (m.current && m.type == MemoryType::kEpisodic && m.source.message_id != 0) {
        recorded.insert(m.source.message_id);
      }
    }
    if (recorded.empty()) continue;
    std::vector<int64_t> kept;
    kept.reserve(list.ids.size());
    for (int64_t id : list.ids) {
      const Memory& m = c->memories.at(id);
      if (m.current && m.type != MemoryType::kEpisodic && recorded.count(m.source.message_id)) {
        c->channels[id].erase(list.channel);
        continue;
      }
      c->channels[id][list.channel].rank = static_cast<int>(kept.size()) + 1;
      kept.push_back(id);
    }
    list.ids = std::move(kept);
  }
}

// A message's episodic record and the facts extracted from it say the same thing: of the
// current memories of one message one hit is returned, so one statement neither fills
// several places of the limit nor gets several chances at a high place. The record (the
// words as said) stands for the message at its own place when it is among the hits; else
// the best-ranked fact does. Retired versions (include_history) stay, unless their message's
// record is a hit.
void CollapseSameMessage(std::vector<RecallHit>* hits) {
  std::unordered_set<int64_t> recorded;  // messages whose current record is a hit
  for (const RecallHit& h : *hits) {
    if (h.memory.current && h.memory.type == MemoryType::kEpisodic) {
      recorded.insert(h.memory.source.message_id);
    }
  }
  // A retired fact says again part of its message's record: with the record, it goes.
  std::erase_if(*hits, [&](const RecallHit& h) {
    return !h.memory.current && h.memory.type != MemoryType::kEpisodic &&
           recorded.count(h.memory.source.message_id);
  });
  std::unordered_set<int64_t> placed;
  std::vector<RecallHit> out;
  out.reserve(hits->size());
  for (RecallHit& h : *hits) {
    const int64_t message = h.memory.source.message_id;
    if (message == 0 || !h.memory.current) {
      out.push_back(std::move(h));
      continue;
    }
    const bool record = h.memory.type == MemoryType::kEpisodic;
    if (!record && recorded.count(message)) continue;
    if (placed.insert(message).second) out.push_back(std::move(h));
  }
  *hits = std::move(out);
}

}  // namespace

Result<std::vector<RecallHit>> Recall(store::Store& store, const store::OpContext& request_ctx,
                                      std::string_view query, const RecallParams& params) {
  // Each channel proposes more than the caller wants, so fusion has something to choose from.
  const int channel_limit = std::max(params.limit * 3, 30);
  TextMemo memo;  // each candidate's words read once (text_memo.h)
  const QueryAnalysis analysis = AnalyzeQuery(query, params.at);
  // The store judges expiry as of ctx.now: every channel sees expired memories, and the truth
  // pass labels and demotes them (truth.h).
  store::OpContext ctx = request_ctx;
  ctx.now = Instant{std::numeric_limits<int64_t>::min(), 0};
  const bool history = params.include_history || analysis.wants_history;

  Embeddings query_vector;
  if (params.embedder != nullptr && params.index != nullptr && params.weight_vector > 0) {
    std::vector<std::string> q{std::string(query)};
    auto vec = params.embedder->EmbedQueries(q);
    if (!vec.ok()) return vec.status().WithPrefix("recall: embed query");
    query_vector = std::move(vec).value();
  }
  // With a filter, a channel that came back full but with too few matching rows is searched
  // again deeper: deep enough for channel_limit matches at the pass rate seen (at least four
  // times deeper), until every channel has enough, runs out, or reaches kMaxFilteredDepth.
  Candidates gathered;
  for (int depth = channel_limit;;) {
    ENGRAM_ASSIGN_OR_RETURN(
        auto c, Gather(store, ctx, query, params, history,
                       query_vector.count() ? query_vector.row(0) : std::span<const float>(), depth,
                       channel_limit));
    gathered = std::move(c);
    if (params.filter == nullptr || !gathered.deeper || depth >= kMaxFilteredDepth) break;
    const double needed = 1.5 * channel_limit / std::max(gathered.pass_rate, 1e-6);
    depth = static_cast<int>(std::clamp(needed, 4.0 * depth, double{kMaxFilteredDepth}));
  }
  std::unordered_map<int64_t, Memory>& memories = gathered.memories;
  std::unordered_map<int64_t, std::map<std::string, ChannelScore>>& channels =
      gathered.channels;

  OnePlacePerMessage(&gathered);
  std::vector<RecallHit> hits;
  for (const FusedItem& f : FuseRrf(gathered.lists, params.rrf_k)) {
    RecallHit h;
    h.memory = std::move(memories.at(f.id));
    h.channels = std::move(channels[f.id]);
    HitExplanation& e = h.explanation;
    e.rrf = f.score;
    e.age_ms = params.at.unix_ms - MemoryTime(h.memory).unix_ms;
    int type = static_cast<int>(h.memory.type);
    e.decay = DampedDecay(DecayFactor(e.age_ms, params.half_life_ms[type]), params.decay_floor);
    e.confidence = ConfidenceFactor(h.memory.confidence);
    // "What did we discuss yesterday" asks for when it was said; "what happened yesterday"
    // for when it happened: either time inside the window counts.
    e.time = std::max(TimeFactor(analysis.windows, MemoryTime(h.memory)),
                      TimeFactor(analysis.windows, h.memory.source.at));
    h.score = e.rrf * e.decay * e.confidence * e.time;
    hits.push_back(std::move(h));
  }
  SortByScore(&hits);
  if (params.reranker) params.reranker->Rerank(query, &hits);
  std::vector<int64_t> pre_spread;
  pre_spread.reserve(hits.size());
  for (const RecallHit& h : hits) pre_spread.push_back(h.memory.id);
  ENGRAM_RETURN_IF_ERROR(SpreadToNeighbours(store, ctx, params.spread, &hits));
  // Hits that came only through the context channel: held to the filter like the channels'.
  std::erase_if(hits, [&](const RecallHit& h) {
    return h.explanation.rrf == 0 && !Keep(params, h.memory);
  });
  for (RecallHit& h : hits) {
    if (h.explanation.rrf == 0) {
      h.explanation.age_ms = params.at.unix_ms - MemoryTime(h.memory).unix_ms;
    }
  }
  CollapseSameMessage(&hits);
  const RelevanceScale scale =
      ForQuery(params.relevance_scale, query, gathered.vector_rows, channel_limit);
  ScoreRelevance(query, ctx.principal.user_id, AskedKind(query, analysis.past_words), scale,
                 pre_spread, &hits, analysis.past_words, analysis.wants_history);
  TruthParams truth;
  truth.at = params.at;
  truth.query = std::string(query);
  truth.asks_past = analysis.wants_history;
  // A question about the past (a history cue, past tense) is answered by what was true then:
  // outdated statements stay, labelled. A period that ended, named in a question without
  // either ("我早上一般喝什么", "Q1的预算是多少"), keeps only the outdated statements that held
  // during it while their successors did not (TruthParams::past_windows).
  truth.keep_outdated = params.include_history || analysis.past_words;
  truth.history_asked = params.include_history || analysis.wants_history;
  truth.demote_outdated = params.include_history && !analysis.past_words;
  if (!analysis.past_words && analysis.past_window) truth.past_windows = analysis.windows;
  truth.include_expired = params.include_expired || analysis.about_past;
  truth.min_relevance = params.min_relevance;
  truth.topic_scale = scale;
  truth.limit = params.limit;
  truth.cue_window = static_cast<size_t>(std::max(2 * params.limit, 20));
  ENGRAM_RETURN_IF_ERROR(ApplyTruth(store, request_ctx, truth, &hits));
  return hits;
}

}  // namespace engram::recall
