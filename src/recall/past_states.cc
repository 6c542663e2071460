#include "src/recall/past_states.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>
#include <tuple>
#include <unordered_set>
#include <utility>

#include "src/recall/cue_index.h"
#include "src/recall/hit_order.h"
#include "src/recall/query_analysis.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// How many units (same_statement.h: content characters and words) of `of` `text` says.
int SharedUnits(const StatementShape& of, std::string_view text) {
  const StatementShape shape = ShapeOf(text);
  std::vector<std::string> both;
  std::set_intersection(of.units.begin(), of.units.end(), shape.units.begin(), shape.units.end(),
                        std::back_inserter(both));
  return static_cast<int>(both.size());
}

}  // namespace

// A question about what held before ("我上一部手机是什么？", "Who was my boss before the
// reorg?") when no hit is known to be replaced: of two states of a thing the question finds,
// it asks for the one a later one ended.
void EarlierStatesFirst(double min_relevance, std::vector<RecallHit>* hits) {
  std::vector<size_t> best(hits->size());  // by score
  for (size_t i = 0; i < hits->size(); ++i) {
    if ((*hits)[i].state == "outdated") return;  // what replaced what is known: kPastBoost
    best[i] = i;
  }
  std::stable_sort(best.begin(), best.end(),
                   [&](size_t a, size_t b) { return (*hits)[a].score > (*hits)[b].score; });
  best.resize(std::min(best.size(), kPastStates));
  std::vector<size_t> states;
  for (size_t i : best) {
    const RecallHit& h = (*hits)[i];
    if (IsCurrentRecord(h.memory) && StatementUnits(h.memory.content) <= kStatementUnits &&
        h.relevance >= std::max(min_relevance, kPastStateRelevance)) {
      states.push_back(i);
    }
  }
  if (states.size() < 2) return;
  std::vector<double> scores;
  for (size_t i : states) scores.push_back((*hits)[i].score);
  std::sort(scores.begin(), scores.end(), std::greater<>());
  std::vector<size_t> by_time = states;
  std::stable_sort(by_time.begin(), by_time.end(), [&](size_t a, size_t b) {
    return MemoryTime((*hits)[a].memory).unix_ms < MemoryTime((*hits)[b].memory).unix_ms;
  });
  for (size_t k = 0; k < by_time.size(); ++k) (*hits)[by_time[k]].score = scores[k];
  // The latest state is what holds now, which the question does not ask for: the latest that
  // tells of a change ("客栈改名叫格桑梅朵了" before a later remark), else the latest.
  size_t now = by_time.back();
  for (auto it = by_time.rbegin(); it != by_time.rend(); ++it) {
    if (ReadCues((*hits)[*it].memory.content).change) {
      now = *it;
      break;
    }
  }
  hits->erase(hits->begin() + static_cast<std::ptrdiff_t>(now));
}

void LeaveOutSuccessorsOfShown(std::vector<RecallHit>* hits) {
  std::unordered_set<int64_t> replacing;
  std::vector<RecallHit> out;
  for (RecallHit& h : *hits) {
    if (h.state == "current" && replacing.contains(h.memory.id)) continue;
    if (h.state == "outdated" && h.superseded_by != 0) replacing.insert(h.superseded_by);
    out.push_back(std::move(h));
  }
  *hits = std::move(out);
}

std::string NamedLaterState(std::string_view query) {
  const std::string folded = text::FoldForSearch(query);
  static constexpr std::string_view kSkip[] = {"the", "my", "our", "a", "an", "i", "we",
                                               "switching", "switched", "moving", "to", "got"};
  static constexpr std::string_view kNone[] = {"that", "this", "then", "now", "it", "you", "he",
                                               "she", "they", "last", "next", "and", "or"};
  for (size_t at = folded.find("before "); at != std::string::npos;
       at = folded.find("before ", at + 1)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(folded[at - 1]))) continue;
    std::string_view rest = std::string_view(folded).substr(at + 7);
    std::string word;
    while (!rest.empty()) {
      size_t end = 0;
      while (end < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[end])) ||
                                   rest[end] == '-' || rest[end] == '\'')) {
        ++end;
      }
      if (end == 0) break;
      const std::string_view w = rest.substr(0, end);
      rest.remove_prefix(std::min(rest.size(), end + 1));
      if (std::find(std::begin(kSkip), std::end(kSkip), w) != std::end(kSkip)) continue;
      if (std::find(std::begin(kNone), std::end(kNone), w) != std::end(kNone)) break;
      word = std::string(w);
      break;
    }
    if (word.size() >= 3 && !std::isdigit(static_cast<unsigned char>(word[0]))) return word;
  }
  return "";
}

void StateBeforeTheLaterOneFirst(std::string_view query, std::vector<RecallHit>* hits) {
  if (hits->empty()) return;
  const std::string later = NamedLaterState(query);
  std::vector<bool> says(hits->size(), false);
  size_t best_later = hits->size();
  for (size_t i = 0; i < hits->size(); ++i) {
    if (later.empty()) break;
    says[i] = HasCue(text::FoldForSearch((*hits)[i].memory.content), later);
    if (says[i] && (best_later == hits->size() || (*hits)[i].score > (*hits)[best_later].score)) {
      best_later = i;
    }
  }
  // No state named: the most relevant hit, when it tells of a change and nothing is known to be
  // outdated ("换成抽中华了", "company moved us to hubspot").
  bool by_change = false;
  if (later.empty()) {
    size_t best = 0;
    for (size_t i = 0; i < hits->size(); ++i) {
      if ((*hits)[i].state == "outdated") return;
      const RecallHit& h = (*hits)[i];
      const RecallHit& b = (*hits)[best];
      if (h.relevance > b.relevance || (h.relevance == b.relevance && h.score > b.score)) best = i;
    }
    const RecallHit& b = (*hits)[best];
    const StatementCues cues = ReadCues(b.memory.content);
    if (!IsCurrentRecord(b.memory) || !cues.change || cues.correction ||
        cues.units > kStatementUnits) {
      return;
    }
    best_later = best;
    by_change = true;
  }
  if (best_later == hits->size()) return;
  const RecallHit& named = (*hits)[best_later];
  // Not a turn of a dialogue: one of a story tells of many states.
  if (!Speaker(named.memory.content).empty()) return;
  const Instant named_at = MemoryTime(named.memory);
  const uint32_t named_slots = ReadCues(named.memory.content).slots & kSingleValuedSlots;
  // What the later state and the question say, to find the state before it by.
  const StatementShape asked = ShapeOf(query), told = ShapeOf(named.memory.content);
  // Of the hits said before it that do not say it: one of its slot; then one that shares the
  // most words or characters with the question, then with it; then the closest to the question.
  size_t before = hits->size();
  std::tuple<bool, int, int, double> best_key{false, -1, -1, -3.0};
  for (size_t i = 0; i < hits->size(); ++i) {
    const RecallHit& h = (*hits)[i];
    if (says[i] || i == best_later || MemoryTime(h.memory).unix_ms >= named_at.unix_ms ||
        h.memory.type != MemoryType::kEpisodic) {
      continue;
    }
    const bool slot = (ReadCues(h.memory.content).slots & named_slots) != 0;
    const std::tuple<bool, int, int, double> key{
        slot, SharedUnits(asked, h.memory.content), SharedUnits(told, h.memory.content),
        VectorCosine(h)};
    if (before == hits->size() || key > best_key) {
      before = i;
      best_key = key;
    }
  }
  if (before == hits->size()) return;
  RecallHit& earlier = (*hits)[before];
  earlier.score = std::max(earlier.score, named.score * 1.01);
  earlier.relevance = std::max(earlier.relevance, named.relevance);
  // The change holds now, which the question does not ask for.
  if (by_change) hits->erase(hits->begin() + static_cast<std::ptrdiff_t>(best_later));
}

}  // namespace engram::recall
