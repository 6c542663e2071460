#include "src/recall/context_builder.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "engram/iso8601.h"
#include "engram/status_macros.h"
#include "src/recall/token_estimate.h"

namespace engram::recall {
namespace {

// `hit` null: a working-memory turn. A hit that is not current says so, so that an agent
// never takes an outdated or expired statement for the present value.
std::string Line(const Memory& m, const RecallHit* hit) {
  std::string line = "[MEM#" + std::to_string(m.id) + "] " + FormatIso8601(MemoryTime(m));
  if (hit != nullptr) {
    char conf[32];
    std::snprintf(conf, sizeof conf, " | conf %.2f", m.confidence.overall);
    line += conf;
    if (hit->state == "outdated") {
      line += " | outdated" + (hit->superseded_by
                                   ? ", replaced by MEM#" + std::to_string(hit->superseded_by)
                                   : std::string());
    } else if (hit->state != "current") {
      line += " | " + hit->state;
    }
  }
  return line + " | " + m.content + "\n";
}

}  // namespace

void DropWeakVectorOnlyHits(std::vector<RecallHit>* hits, double margin) {
  if (margin < 0) return;
  double best = -2;
  for (const RecallHit& h : *hits) {
    auto v = h.channels.find("vector");
    if (v != h.channels.end()) best = std::max(best, v->second.score);
  }
  std::erase_if(*hits, [&](const RecallHit& h) {
    auto v = h.channels.find("vector");
    return h.channels.size() == 1 && v != h.channels.end() && v->second.score < best - margin;
  });
}

Result<ContextBlock> BuildContext(store::Store& store, const store::OpContext& ctx,
                                  std::string_view query, const std::string& session_id,
                                  RecallParams recall, const ContextParams& params) {
  if (params.budget_tokens <= 0) return Status::InvalidArgument("budget: must be positive");
  ContextBlock block;
  std::string header = "# Memory context (as of " + FormatIso8601(recall.at) + ")\n";
  int used = EstimateTokens(header);
  std::set<int64_t> shown;
  std::set<int64_t> shown_messages;  // working-memory turns: their facts would repeat them

  std::string working;
  if (!session_id.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(auto recent, store.ListRecent(ctx, session_id, params.working_turns));
    const int working_budget = static_cast<int>(params.budget_tokens * params.working_share);
    std::string title = "## Working memory (session " + session_id + ")\n";
    int spent = EstimateTokens(title);
    std::vector<const Memory*> kept;  // newest first
    for (const Memory& m : recent) {  // the turns (episodic records), not their facts
      int cost = EstimateTokens(Line(m, nullptr));
      if (used + spent + cost > working_budget + EstimateTokens(header)) break;
      spent += cost;
      kept.push_back(&m);
    }
    if (!kept.empty()) {
      working = title;
      for (auto it = kept.rbegin(); it != kept.rend(); ++it) {
        working += Line(**it, nullptr);
        block.cited.push_back((*it)->id);
        shown.insert((*it)->id);
        if ((*it)->source.message_id != 0) shown_messages.insert((*it)->source.message_id);
      }
      used += spent;
    }
  }

  recall.limit = params.max_recalled;
  recall.session_id = session_id;
  ENGRAM_ASSIGN_OR_RETURN(auto hits, Recall(store, ctx, query, recall));
  DropWeakVectorOnlyHits(&hits, params.vector_only_margin);
  struct Section {
    const char* title;
    MemoryType type;
    std::string body;
  };
  Section sections[] = {{"## Facts\n", MemoryType::kSemantic, ""},
                        {"## Events\n", MemoryType::kEpisodic, ""},
                        {"## Procedures\n", MemoryType::kProcedural, ""},
                        {"## Notes\n", MemoryType::kWorking, ""}};
  std::vector<int64_t> recalled;
  for (const RecallHit& h : hits) {  // best first
    if (shown.count(h.memory.id) || shown_messages.count(h.memory.source.message_id)) continue;
    Section* s = &sections[3];
    for (Section& sec : sections) {
      if (sec.type == h.memory.type) s = &sec;
    }
    std::string line = Line(h.memory, &h);
    int cost = EstimateTokens(line) + (s->body.empty() ? EstimateTokens(s->title) : 0);
    if (used + cost > params.budget_tokens) continue;  // a shorter one may still fit
    used += cost;
    s->body += line;
    recalled.push_back(h.memory.id);
    shown.insert(h.memory.id);
  }
  block.text = header + working;
  for (const Section& s : sections) {
    if (!s.body.empty()) block.text += s.title + s.body;
  }
  // Citations in the order they appear in the text.
  for (const Section& s : sections) {
    for (int64_t id : recalled) {
      if (s.body.find("[MEM#" + std::to_string(id) + "]") != std::string::npos) {
        block.cited.push_back(id);
      }
    }
  }
  block.estimated_tokens = EstimateTokens(block.text);
  return block;
}

}  // namespace engram::recall
