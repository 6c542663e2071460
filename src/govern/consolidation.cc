#include "src/govern/consolidation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "engram/status_macros.h"
#include "src/govern/token_sets.h"
#include "src/store/access.h"
#include "src/text/normalize.h"

namespace engram::govern {
namespace {

using Json = nlohmann::json;

Json ParseObject(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  return j.is_object() ? j : Json::object();
}

std::set<int64_t> IdSet(const Json& object, const char* key) {
  std::set<int64_t> out;
  auto it = object.find(key);
  if (it == object.end() || !it->is_array()) return out;
  for (const Json& v : *it) {
    if (v.is_number_integer()) out.insert(v.get<int64_t>());
  }
  return out;
}

struct Merge {
  std::set<int64_t> duplicates;   // current memories merged into the survivor
  std::set<int64_t> reinforcers;  // earlier versions of its lineage with the same value
};

class Planner {
 public:
  Planner(const std::vector<Memory>& memories, const ConsolidationParams& params)
      : params_(params) {
    for (const Memory& m : memories) {
      lineages_[m.lineage_id].push_back(&m);
      if (m.current) current_.push_back(&m);
    }
    std::sort(current_.begin(), current_.end(),
              [](const Memory* a, const Memory* b) { return a->id < b->id; });
  }

  Result<store::ConsolidationPlan> Run() {
    SameFacts();
    NearDuplicates();
    LineageReinforcement();
    EmitMerges();
    FactComplements();
    EventComplements();
    ENGRAM_RETURN_IF_ERROR(Summaries());
    return std::move(plan_);
  }

 private:
  static bool IsFact(const Memory& m) { return !m.attribute.empty(); }
  static bool IsSummary(const Memory& m) { return m.kind == MemoryKind::kSummary; }
  bool Retired(int64_t id) const { return retired_.count(id) > 0; }

  void SameFacts() {
    std::map<std::tuple<std::string, std::string, std::string, std::string>,
             std::vector<const Memory*>>
        groups;
    for (const Memory* m : current_) {
      if (!IsFact(*m) || IsSummary(*m)) continue;
      groups[{store::ScopeKey(m->scope), text::FoldForSearch(m->subject),
              text::FoldForSearch(m->attribute), text::FoldForSearch(m->value)}]
          .push_back(m);
    }
    for (const auto& [key, group] : groups) {
      for (size_t i = 1; i < group.size(); ++i) AddDuplicate(group[0]->id, group[i]->id);
    }
  }

  void NearDuplicates() {
    std::map<std::tuple<std::string, int, int>, std::vector<const Memory*>> buckets;
    for (const Memory* m : current_) {
      if (IsFact(*m) || IsSummary(*m) || Retired(m->id)) continue;
      buckets[{store::ScopeKey(m->scope), static_cast<int>(m->type), static_cast<int>(m->kind)}]
          .push_back(m);
    }
    for (const auto& [key, group] : buckets) {
      std::vector<std::vector<std::string>> sets;
      for (const Memory* m : group) {
        std::vector<std::string> s = TokenSet(m->content);
        if (s.size() < params_.min_tokens) s.clear();
        sets.push_back(std::move(s));
      }
      // Components of similar pairs; each member merges into the component's oldest memory
      // when it is itself similar enough to that one (similarity is not transitive).
      std::vector<size_t> root(group.size());
      std::iota(root.begin(), root.end(), 0);
      auto find = [&](size_t x) {
        while (root[x] != x) x = root[x] = root[root[x]];
        return x;
      };
      for (const auto& [i, j] : SimilarPairs(sets, params_.duplicate_jaccard)) {
        size_t a = find(i), b = find(j);
        if (a != b) root[std::max(a, b)] = std::min(a, b);
      }
      for (size_t i = 0; i < group.size(); ++i) {
        size_t r = find(i);
        if (r != i && Jaccard(sets[i], sets[r]) >= params_.duplicate_jaccard) {
          AddDuplicate(group[r]->id, group[i]->id);
        }
      }
    }
  }

  void LineageReinforcement() {
    for (const Memory* m : current_) {
      if (!IsFact(*m) || Retired(m->id)) continue;
      const std::string value = text::FoldForSearch(m->value);
      for (const Memory* v : lineages_[m->lineage_id]) {
        if (v->id != m->id && !v->current && v->version < m->version &&
            text::FoldForSearch(v->value) == value) {
          merges_[m->id].reinforcers.insert(v->id);
        }
      }
    }
  }

  void AddDuplicate(int64_t survivor, int64_t duplicate) {
    if (Retired(survivor) || Retired(duplicate)) return;
    merges_[survivor].duplicates.insert(duplicate);
    retired_.insert(duplicate);
  }

  void EmitMerges() {
    std::map<int64_t, const Memory*> by_id;
    for (const Memory* m : current_) by_id[m->id] = m;
    for (const auto& [survivor_id, merge] : merges_) {
      const Memory& survivor = *by_id.at(survivor_id);
      Json metadata = ParseObject(survivor.metadata_json);
      std::set<int64_t> recorded = IdSet(metadata, "reinforced_by");
      std::set<int64_t> all = recorded;
      size_t fresh = 0;
      for (const std::set<int64_t>* ids : {&merge.duplicates, &merge.reinforcers}) {
        for (int64_t id : *ids) fresh += all.insert(id).second;
      }
      if (fresh == 0 && merge.duplicates.empty()) continue;
      store::MergePlan mp;
      mp.survivor_id = survivor_id;
      mp.duplicate_ids.assign(merge.duplicates.begin(), merge.duplicates.end());
      const double c = std::clamp(survivor.confidence.consistency, 0.0, 1.0);
      mp.consistency = c + (1 - c) * (1 - std::pow(0.5, static_cast<double>(fresh)));
      metadata["reinforced_by"] = std::vector<int64_t>(all.begin(), all.end());
      mp.survivor_metadata_json = metadata.dump();
      plan_.merges.push_back(std::move(mp));
    }
  }

  void FactComplements() {
    std::map<std::pair<std::string, std::string>, std::vector<const Memory*>> by_subject;
    for (const Memory* m : current_) {
      if (!IsFact(*m) || IsSummary(*m) || Retired(m->id) || m->subject.empty()) continue;
      auto& list = by_subject[{store::ScopeKey(m->scope), text::FoldForSearch(m->subject)}];
      if (list.size() < params_.max_facts_per_subject) list.push_back(m);
    }
    for (const auto& [key, facts] : by_subject) {
      for (size_t i = 0; i < facts.size(); ++i) {
        for (size_t j = i + 1; j < facts.size(); ++j) {
          if (text::FoldForSearch(facts[i]->attribute) !=
              text::FoldForSearch(facts[j]->attribute)) {
            plan_.links.push_back({facts[i]->id, facts[j]->id, "complements"});
          }
        }
      }
    }
  }

  void EventComplements() {
    std::map<std::string, std::vector<const Memory*>> by_scope;
    for (const Memory* m : current_) {
      if (m->type != MemoryType::kEpisodic || !m->event_time || IsSummary(*m) ||
          Retired(m->id)) {
        continue;
      }
      by_scope[store::ScopeKey(m->scope)].push_back(m);
    }
    for (auto& [key, events] : by_scope) {
      std::sort(events.begin(), events.end(), [](const Memory* a, const Memory* b) {
        return std::pair(a->event_time->from.unix_ms, a->id) <
               std::pair(b->event_time->from.unix_ms, b->id);
      });
      std::vector<std::vector<std::string>> sets;
      for (const Memory* m : events) sets.push_back(TokenSet(m->content));
      for (size_t i = 0; i < events.size(); ++i) {
        for (size_t j = i + 1; j < events.size() &&
                               events[j]->event_time->from.unix_ms <
                                   events[i]->event_time->to.unix_ms;
             ++j) {
          if (sets[i].size() < 2 || sets[j].size() < 2) continue;
          double jac = Jaccard(sets[i], sets[j]);
          if (jac >= params_.complement_jaccard && jac < params_.duplicate_jaccard) {
            plan_.links.push_back({std::min(events[i]->id, events[j]->id),
                                   std::max(events[i]->id, events[j]->id), "complements"});
          }
        }
      }
    }
  }

  Status Summaries() {
    const ExtractiveSummaryWriter extractive;
    const SummaryWriter& writer = params_.writer ? *params_.writer : extractive;
    using SessionKey = std::pair<std::string, std::string>;  // (scope key, session)
    struct Existing {
      const Memory* memory;
      std::set<int64_t> sources;
      bool used = false;
    };
    std::map<SessionKey, std::vector<Existing>> existing;
    std::map<SessionKey, std::vector<const Memory*>> sessions;
    for (const Memory* m : current_) {
      const SessionKey key{store::ScopeKey(m->scope), m->source.session_id};
      if (IsSummary(*m)) {
        existing[key].push_back({m, IdSet(ParseObject(m->metadata_json), "sources")});
      } else if (m->type == MemoryType::kEpisodic && !m->source.session_id.empty() &&
                 !IsFact(*m) && !Retired(m->id)) {
        sessions[key].push_back(m);
      }
    }
    for (auto& [key, turns] : sessions) {
      std::stable_sort(turns.begin(), turns.end(), [](const Memory* a, const Memory* b) {
        return std::pair(a->source.at.unix_ms, a->id) < std::pair(b->source.at.unix_ms, b->id);
      });
      size_t begin = 0;
      for (size_t i = 1; i <= turns.size(); ++i) {
        if (i < turns.size() &&
            turns[i]->source.at.unix_ms - turns[i - 1]->source.at.unix_ms <=
                params_.session_gap_ms) {
          continue;
        }
        std::vector<const Memory*> run(turns.begin() + begin, turns.begin() + i);
        begin = i;
        if (run.size() < params_.min_cluster_size) continue;
        ENGRAM_RETURN_IF_ERROR(Summarize(writer, key.second, run, &existing[key]));
      }
    }
    return Status::OK();
  }

  template <typename ExistingList>
  Status Summarize(const SummaryWriter& writer, const std::string& session,
                   const std::vector<const Memory*>& run, ExistingList* existing) {
    std::set<int64_t> sources;
    for (const Memory* m : run) sources.insert(m->id);
    // The current summary of this session sharing the most sources is this run's summary.
    decltype(&existing->front()) match = nullptr;
    size_t best = 0;
    for (auto& e : *existing) {
      size_t shared = 0;
      for (int64_t id : e.sources) shared += sources.count(id);
      if (!e.used && shared > best) {
        best = shared;
        match = &e;
      }
    }
    if (match) {
      match->used = true;
      if (match->sources == sources) return Status::OK();  // already summarized as it is
    }
    auto text = writer.Write(run);
    if (!text.ok()) return text.status().WithPrefix("consolidation");
    if (text->empty()) return Status::OK();
    Memory d;
    d.scope = run.front()->scope;
    d.type = MemoryType::kEpisodic;
    d.kind = MemoryKind::kSummary;
    d.status = MemoryStatus::kActive;
    d.content = std::move(text).value();
    const Instant from = run.front()->source.at;
    Instant to = run.back()->source.at;
    to.unix_ms += 60 * 1000;
    d.event_time = TimeSpan{from, to, Grain::kMinute};
    d.valid_from = from;
    d.source.session_id = session;
    d.source.type = SourceType::kImport;
    d.source.actor = "engram:compact";
    d.source.at = run.back()->source.at;
    d.confidence.overall = 1.0;
    for (const Memory* m : run) {
      d.confidence.overall = std::min(d.confidence.overall, m->confidence.overall);
    }
    Json metadata = {{"sources", std::vector<int64_t>(sources.begin(), sources.end())},
                     {"session", session},
                     {"from_ms", from.unix_ms},
                     {"to_ms", to.unix_ms},
                     {"summary_method", writer.Method()}};
    d.metadata_json = metadata.dump();
    store::SummaryPlan sp;
    sp.draft = std::move(d);
    sp.sources.assign(sources.begin(), sources.end());
    sp.replaces = match ? match->memory->id : 0;
    plan_.summaries.push_back(std::move(sp));
    return Status::OK();
  }

  const ConsolidationParams& params_;
  std::vector<const Memory*> current_;                      // ids ascending
  std::map<int64_t, std::vector<const Memory*>> lineages_;  // every version given
  std::map<int64_t, Merge> merges_;                         // survivor -> what merges into it
  std::set<int64_t> retired_;                               // duplicates planned away
  store::ConsolidationPlan plan_;
};

}  // namespace

Result<store::ConsolidationPlan> PlanConsolidation(const std::vector<Memory>& memories,
                                                   const ConsolidationParams& params) {
  return Planner(memories, params).Run();
}

}  // namespace engram::govern
