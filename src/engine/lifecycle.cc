#include "src/engine/lifecycle.h"

#include <nlohmann/json.hpp>

#include <set>
#include <vector>

#include "engram/status_macros.h"
#include "src/engine/write_checks.h"
#include "src/govern/consolidation.h"

namespace engram::engine {
namespace {

constexpr int kPage = 1000;
constexpr int kAttempts = 3;

MemoryLinkView View(const store::MemoryLink& l) {
  return MemoryLinkView{l.from_id, l.to_id, l.kind, l.created_at};
}

std::vector<int64_t> ReinforcedBy(const std::string& metadata_json) {
  std::vector<int64_t> out;
  nlohmann::json j = nlohmann::json::parse(metadata_json, nullptr, false);
  if (j.is_object() && j.contains("reinforced_by") && j["reinforced_by"].is_array()) {
    for (const auto& v : j["reinforced_by"]) {
      if (v.is_number_integer()) out.push_back(v.get<int64_t>());
    }
  }
  return out;
}

bool Empty(const store::ConsolidationPlan& p) {
  return p.merges.empty() && p.links.empty() && p.summaries.empty();
}

Result<std::vector<Memory>> LoadCandidates(store::Store& store, const store::OpContext& ctx) {
  std::vector<Memory> all;
  store::ConsolidationQuery q;
  q.limit = kPage;
  while (true) {
    ENGRAM_ASSIGN_OR_RETURN(auto page, store.ListConsolidatable(ctx, q));
    const bool last = static_cast<int>(page.size()) < kPage;
    if (!page.empty()) q.after_id = page.back().id;
    for (Memory& m : page) all.push_back(std::move(m));
    if (last) return all;
  }
}

}  // namespace

Result<CompactReport> RunCompaction(store::Store& store, Vectors* vectors,
                                    const store::OpContext& ctx, bool dry_run, bool quiet,
                                    const govern::SummaryWriter* writer) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    ENGRAM_ASSIGN_OR_RETURN(auto candidates, LoadCandidates(store, ctx));
    govern::ConsolidationParams params;
    params.writer = writer;
    auto plan = govern::PlanConsolidation(candidates, params);
    ENGRAM_RETURN_IF_ERROR(plan.status());
    // A summary is new memory content (an LLM may write it): guarded like any write, and
    // dropped when the guard would quarantine it.
    std::erase_if(plan->summaries, [](const store::SummaryPlan& s) {
      return !GuardRewrite(s.draft.content, s.draft.value, s.draft.metadata_json).ok();
    });
    CompactReport report;
    report.request_id = ctx.request_id;
    report.dry_run = dry_run;
    report.scanned = static_cast<int64_t>(candidates.size());
    for (const store::MergePlan& m : plan->merges) {
      report.merges.push_back(CompactMerge{m.survivor_id, m.duplicate_ids,
                                           ReinforcedBy(m.survivor_metadata_json),
                                           m.consistency});
    }
    if (dry_run || Empty(*plan)) {
      std::set<int64_t> ids;
      for (const store::MergePlan& m : plan->merges) {
        ids.insert(m.survivor_id);
        ids.insert(m.duplicate_ids.begin(), m.duplicate_ids.end());
      }
      for (const store::LinkPlan& l : plan->links) {
        ids.insert(l.from_id);
        ids.insert(l.to_id);
        report.links.push_back(MemoryLinkView{l.from_id, l.to_id, l.kind, ctx.now});
      }
      for (const store::SummaryPlan& s : plan->summaries) {
        ids.insert(s.sources.begin(), s.sources.end());
        if (s.replaces) report.summaries_replaced.push_back(s.replaces);
        report.summaries.push_back(s.draft);
      }
      if (quiet && Empty(*plan)) return report;
      std::string detail = "{\"dry_run\":" + std::string(dry_run ? "true" : "false") +
                           ",\"merges\":" + std::to_string(plan->merges.size()) +
                           ",\"links\":" + std::to_string(plan->links.size()) +
                           ",\"summaries\":" + std::to_string(plan->summaries.size()) + "}";
      ENGRAM_RETURN_IF_ERROR(store.AppendAudit(
          ctx, {"compact", std::vector<int64_t>(ids.begin(), ids.end()), detail}));
      return report;
    }
    if (vectors && !plan->summaries.empty()) {
      std::vector<std::string> texts;
      for (const store::SummaryPlan& s : plan->summaries) texts.push_back(s.draft.content);
      ENGRAM_ASSIGN_OR_RETURN(auto vecs, vectors->EmbedPassages(texts));
      plan->embedding_model = vectors->model_id();
      for (size_t i = 0; i < texts.size(); ++i) plan->summaries[i].embedding = vecs[i];
    }
    auto out = store.ApplyConsolidation(ctx, *plan);
    if (out.status().code() == StatusCode::kConflict) continue;  // raced with a writer
    ENGRAM_RETURN_IF_ERROR(out.status());
    for (const store::MemoryLink& l : out->links_added) report.links.push_back(View(l));
    report.summaries = std::move(out->summaries);
    report.summaries_replaced = std::move(out->summaries_replaced);
    if (vectors) {
      ENGRAM_RETURN_IF_ERROR(vectors->Sync());
    }
    return report;
  }
  return Status::Conflict("compact: memories kept changing while consolidating; try again");
}

Result<EraseReport> RunErasure(store::Store& store, Vectors* vectors,
                               const store::OpContext& ctx, const std::string& user_id) {
  ENGRAM_ASSIGN_OR_RETURN(auto out, store.EraseUser(ctx, user_id));
  EraseReport r;
  r.request_id = ctx.request_id;
  r.user_id = user_id;
  r.memories = static_cast<int64_t>(out.memory_ids.size());
  r.messages = out.messages;
  r.vault_entries = out.vault_entries;
  r.review_items = out.review_items;
  r.outbox_entries = out.outbox_entries;
  r.api_keys = out.api_keys;
  r.links = out.links;
  r.embedding_cache_entries = out.embedding_cache_entries;
  if (vectors) {
    // The store logged a removal per erased memory: replay it, then rewrite the file.
    ENGRAM_RETURN_IF_ERROR(vectors->Sync());
    ENGRAM_RETURN_IF_ERROR(vectors->CompactAndSave());
  }
  Status c = store.CompactStorage();
  if (!c.ok() && c.code() != StatusCode::kUnavailable) return c;
  r.storage_compacted = c.ok();
  return r;
}

Result<std::vector<MemoryLinkView>> ListLinks(store::Store& store, const store::OpContext& ctx,
                                              int64_t id) {
  ENGRAM_ASSIGN_OR_RETURN(auto links, store.ListLinks(ctx, id));
  std::vector<MemoryLinkView> out;
  for (const store::MemoryLink& l : links) out.push_back(View(l));
  return out;
}

}  // namespace engram::engine
