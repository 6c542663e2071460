// Self-contained memories: a turn rewritten so that it reads correctly out of its session
// (DESIGN.md §2, stages 4-5). Resolved pronouns become the names they stand for and relative
// times the dates they mean; the message row keeps the text exactly as it was said.
//
//   said 2024-07-15, the turn before: "李工说接口文档周五前给"
//   MakeSelfContained("他昨天说要把接口改成异步", ...)  -> "李工(2024-07-14)说要把接口改成异步"
//   "He said yesterday he'd rework the plan"          -> "Li said yesterday (2024-07-14)
//                                                          he'd rework the plan"
//
// Rules: each antecedent replaces only its first pronoun (the later ones then read locally),
// never one whose antecedent the message itself names before it; English possessives become
// "Li's". A time expression is anchored when it is relative to the moment it was said (昨天,
// 下周二, 三天前, yesterday, last week, two days ago), a single value (not a range, duration
// or recurrence) with confidence >= 0.7, and carries no four-digit year; bare weekdays, dates
// without a year and clock times are left as said (the parser reads them into the future).
// zh: the date replaces the words, "(2024-07-14)"; en: the date follows them, "yesterday
// (2024-07-14)", so the sentence keeps its grammar. Values print at their grain: 2024,
// 2024-Q3, 2024-07, 2024-07-08~2024-07-14, 2024-07-14, 2024-07-16 15:00. The result is
// text::Normalize'd.
//
// Thread safety: pure functions.
#ifndef ENGRAM_INGEST_SELF_CONTAINED_H_
#define ENGRAM_INGEST_SELF_CONTAINED_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engram/types.h"
#include "src/extract/coreference.h"
#include "src/store/store.h"

namespace engram::ingest {

struct SelfContained {
  std::string text;                                   // == the input when nothing changed
  std::vector<extract::CorefResolution> coreferences; // every third-person pronoun
  int pronouns_replaced = 0;
  int times_replaced = 0;
  bool changed() const { return pronouns_replaced + times_replaced > 0; }
};

// REQUIRES: `text` and the history are text::Normalize'd; history is newest first.
// `hints`: genders known from the entity directory (extract::ResolveCoreference).
SelfContained MakeSelfContained(std::string_view text, const Instant& at,
                                std::string_view speaker,
                                std::span<const extract::CorefTurn> history,
                                std::span<const extract::GenderHint> hints = {});

// The earlier turns of a session from store::Store::ListRecent (newest first): one turn per
// message, its first memory (the episodic record).
std::vector<extract::CorefTurn> TurnsFromRecent(const std::vector<Memory>& newest_first);

// Rewrites the batch's episodic memory (the first one, unless quarantined) with
// MakeSelfContained, said by the message's role, and records the coreferences in the
// message's context_json ("coref"), and keeps the record's text as said, followed by the
// names its resolved pronouns stood for that it does not hold, in batch->record_said (what
// the keyword index holds: "他昨天说要把接口改成异步 李工"). The message content is never changed.
SelfContained ApplySelfContained(const Instant& at, std::span<const extract::CorefTurn> history,
                                 store::IngestBatch* batch,
                                 std::span<const extract::GenderHint> hints = {});

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_SELF_CONTAINED_H_
