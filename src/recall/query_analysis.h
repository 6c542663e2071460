// Query analysis: what a recall query asks for, before any channel runs.
//
//   QueryAnalysis q = AnalyzeQuery("张工上周五说了什么", at);
//   q.windows    -> [2024-06-07T00:00+08:00, 2024-06-08T00:00+08:00), confidence 1.0
//   q.wants_history -> false ("以前/历史/used to/previously ..." set it)
//   q.about_past -> true (the window has ended; "did", "was", "上次", "当时" also set it)
//
// Time expressions are anchored against the question's time with the temporal module.
// Windows with confidence >= kFilterConfidence are firm (the time channel lists memories in
// them and candidates outside lose score); weaker ones only boost candidates inside them.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_QUERY_ANALYSIS_H_
#define ENGRAM_RECALL_QUERY_ANALYSIS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/types.h"

namespace engram::recall {

struct TimeWindow {
  Instant from;          // inclusive
  Instant to;            // exclusive
  double confidence = 0;
  std::string text;      // the expression as written in the query
};

struct QueryAnalysis {
  std::vector<TimeWindow> windows;
  bool wants_history = false;   // the query asks how something was or changed
  // The query asks about the past (history cue, a time window that ended, or past tense:
  // "when did", "was", "上次", "当时"): memories whose TTL has run out since still answer it.
  bool about_past = false;
  // The words ask about the past (a history cue or past tense), not only a time expression:
  // "我以前住在哪", "Where did I live?", but not "我早上一般喝什么" or "Q1的预算是多少".
  bool past_words = false;
  bool past_window = false;     // a time expression names a period that has ended ("上个月")
};

inline constexpr double kFilterConfidence = 0.8;

// Whether folded `word` names a change a Chinese question may ask what held before ("搬家",
// "跳槽", "涨价" in "涨价之前房租是多少"): the statement of the earlier state does not say it.
bool IsChangeEvent(std::string_view word);

QueryAnalysis AnalyzeQuery(std::string_view query, const Instant& at);

// Whether `query` asks for one thing of a kind: "which X" (not a plural), "who's my X",
// "what's my X", "where does X live", "哪个", "哪家", "是谁", "是多少", "住在哪". Read with the
// truth rules (staleness.h Topic::asks_one).
bool AsksForOne(std::string_view query);

// Whether `query` asks how something stands: "到哪了", "怎么样了", "批了没", "结果出来没",
// "好点没", "what's the status of", "where are we on", "did my refund go through", "fixed
// yet", "how is X doing", and yes/no questions of a state ("Is my VPN problem fixed?", "Has
// Acme settled their bill?", "did brightline ever pay me"). Read with the truth rules
// (staleness.h Topic::asks_status).
bool AsksForStatus(std::string_view query);

// Whether `query` asks where something is or what holds now: "where's the compost bin now?",
// "组会现在是什么时候？", "仓库钥匙放哪了？". Read with the truth rules (staleness.h
// Topic::asks_value).
bool AsksWhereOrNow(std::string_view query);

// Whether `query` looks words up rather than asks: no question mark and no question word
// ("rjtrzgwjyoqt", "张工 手机号", "parking spot"; not "what's my rent", "车位在哪").
bool IsLookup(std::string_view query);

// Whether `query` is one question of at most twelve content words: at most two sentences
// ("what's Harbor Light's office address? need to mail the drive", "那间门面多大面积？多少平"),
// not a dialogue.
bool IsOneQuestion(std::string_view query);

// True iff `t` lies in one of the windows.
bool InWindows(const std::vector<TimeWindow>& windows, const Instant& t);

// True iff [from, to) meets one of the windows.
bool OverlapsWindows(const std::vector<TimeWindow>& windows, const Instant& from,
                     const Instant& to);

// The memory's own time: its event time if known, else the time it was said.
Instant MemoryTime(const Memory& m);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_QUERY_ANALYSIS_H_
