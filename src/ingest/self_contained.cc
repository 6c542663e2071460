#include "src/ingest/self_contained.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "engram/temporal.h"
#include "src/base/time.h"
#include "src/text/normalize.h"

namespace engram::ingest {
namespace {

using nlohmann::json;

constexpr double kMinTimeConfidence = 0.7;

struct Edit {
  size_t begin, end;
  std::string text;
};

bool Overlaps(const std::vector<Edit>& edits, size_t b, size_t e) {
  return std::any_of(edits.begin(), edits.end(),
                     [&](const Edit& x) { return b < x.end && x.begin < e; });
}

std::string Date(const Instant& t) {
  base::CivilTime c = base::ToCivil(t);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", c.year, c.month, c.day);
  return buf;
}

// Whether the expression is a clock time ("3pm", "15:00", "三点") rather than a day.
bool HasClock(std::string_view said) {
  static constexpr std::string_view kClock[] = {":", "am", "pm", "点", "时", "noon",
                                                "midnight", "o'clock"};
  std::string lower(said);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::any_of(std::begin(kClock), std::end(kClock),
                     [&](std::string_view w) { return lower.find(w) != std::string::npos; });
}

// A value at its grain: 2024, 2024-Q3, 2024-07, 2024-07-08~2024-07-14, 2024-07-14,
// 2024-07-16 15:00 ("two days ago" is a day even when the parser gives it hours).
std::string FormatValue(const TimeMatch& m) {
  const base::CivilTime c = base::ToCivil(*m.from);
  char buf[48];
  switch (m.grain) {
    case Grain::kYear: std::snprintf(buf, sizeof buf, "%04d", c.year); break;
    case Grain::kQuarter:
      std::snprintf(buf, sizeof buf, "%04d-Q%d", c.year, (c.month - 1) / 3 + 1);
      break;
    case Grain::kMonth: std::snprintf(buf, sizeof buf, "%04d-%02d", c.year, c.month); break;
    case Grain::kWeek: {
      const Instant last{m.to->unix_ms - 86400000, m.to->offset_minutes};
      return Date(*m.from) + "~" + Date(last);
    }
    case Grain::kDay: return Date(*m.from);
    default:
      if (!HasClock(m.text)) return Date(*m.from);
      std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour,
                    c.minute);
  }
  return buf;
}

bool HasYear(std::string_view s) {
  int run = 0;
  for (char c : s) {
    run = std::isdigit(static_cast<unsigned char>(c)) ? run + 1 : 0;
    if (run >= 4) return true;
  }
  return false;
}

// Whether the expression is relative to when it was said ("昨天", "下周二", "last week",
// "two days ago"). Bare weekdays, dates without a year, clock times and ordinals are left as
// said: the parser reads them into the future ("周五", "Friday") or out of ordinary words
// ("the 18th", "the sun"), and a statement about the past makes that guess wrong.
bool IsDeictic(std::string_view said) {
  static constexpr std::string_view kZh[] = {
      "昨", "今", "明", "前天", "后天", "上周", "上个", "上星期", "上礼拜", "上月", "下周",
      "下个", "下星期", "下礼拜", "下月", "本周", "本月", "本季", "本年", "这周", "这个月",
      "这星期", "这礼拜", "去年", "前年", "后年", "天前", "周前", "月前", "年前", "天后",
      "周后", "月后", "年后"};
  static constexpr std::string_view kEn[] = {"yesterday", "today", "tomorrow", "tonight", "last",
                                             "next",      "this",  "ago",      "coming"};
  for (std::string_view w : kZh) {
    if (said.find(w) != std::string_view::npos) return true;
  }
  for (size_t i = 0; i < said.size();) {
    if (!std::isalpha(static_cast<unsigned char>(said[i]))) {
      ++i;
      continue;
    }
    size_t e = i;
    while (e < said.size() && std::isalpha(static_cast<unsigned char>(said[e]))) ++e;
    std::string word(said.substr(i, e - i));
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::find(std::begin(kEn), std::end(kEn), word) != std::end(kEn)) return true;
    i = e;
  }
  return false;
}

// Byte offset of every code point start, plus the end.
std::vector<size_t> CodePointOffsets(std::string_view s) {
  std::vector<size_t> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) out.push_back(i);
  }
  out.push_back(s.size());
  return out;
}

void TimeEdits(std::string_view text, const Instant& at, std::vector<Edit>* edits,
               int* replaced) {
  auto matches = ParseTime(text, at);
  if (!matches.ok()) return;
  const std::vector<size_t> cp = CodePointOffsets(text);
  for (const TimeMatch& m : *matches) {
    if (m.kind != TimeKind::kValue || !m.from || !m.to || m.grain == Grain::kSecond) continue;
    if (m.confidence < kMinTimeConfidence || HasYear(m.text) || !IsDeictic(m.text)) continue;
    if (m.start >= m.end || m.end >= cp.size()) continue;
    const size_t b = cp[m.start];
    size_t e = cp[m.end];
    if (e > b + 1 && text[e - 1] == '.') --e;  // "last Fri." keeps its full stop
    if (Overlaps(*edits, b, e)) continue;
    const bool ascii = std::all_of(m.text.begin(), m.text.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (ascii) {  // English keeps its words, which carry the grammar: "yesterday (2024-07-14)"
      edits->push_back({e, e, " (" + FormatValue(m) + ")"});
    } else {      // Chinese: the date in place of the words, "(2024-07-14)"
      edits->push_back({b, e, "（" + FormatValue(m) + "）"});
    }
    ++*replaced;
  }
}

std::string NameFor(const extract::CorefResolution& r) {
  std::string out;
  for (size_t i = 0; i < r.antecedents.size(); ++i) {
    if (i > 0) out += r.english ? (i + 1 == r.antecedents.size() ? " and " : ", ") : "和";
    out += r.antecedents[i].name;
  }
  if (r.english && r.pronoun_case == extract::PronounCase::kPossessive) out += "'s";
  return out;
}

}  // namespace

SelfContained MakeSelfContained(std::string_view text, const Instant& at,
                                std::string_view speaker,
                                std::span<const extract::CorefTurn> history,
                                std::span<const extract::GenderHint> hints) {
  SelfContained out;
  out.coreferences = extract::ResolveCoreference(text, speaker, history, hints);
  std::vector<Edit> edits;
  std::vector<std::string> named;  // antecedents already readable at this point of the text
  for (const extract::CorefResolution& r : out.coreferences) {
    if (!r.resolved) continue;
    std::string key;
    bool local = false;
    for (const extract::CorefAntecedent& a : r.antecedents) {
      key += a.name + "\x1f";
      local = local || a.turn == 0;
    }
    if (local || std::find(named.begin(), named.end(), key) != named.end()) continue;
    named.push_back(key);
    edits.push_back({r.begin, r.end, NameFor(r)});
    ++out.pronouns_replaced;
  }
  TimeEdits(text, at, &edits, &out.times_replaced);
  if (edits.empty()) {
    out.text = std::string(text);
    return out;
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.begin != b.begin ? a.begin > b.begin : a.end > b.end;
  });
  std::string rewritten(text);
  for (const Edit& e : edits) rewritten.replace(e.begin, e.end - e.begin, e.text);
  out.text = text::Normalize(rewritten);
  return out;
}

std::vector<extract::CorefTurn> TurnsFromRecent(const std::vector<Memory>& newest_first) {
  std::vector<extract::CorefTurn> turns;
  int64_t last_message = -1;
  for (const Memory& m : newest_first) {
    // A message's memories come newest first: its episodic record (the first) comes last.
    if (m.source.message_id != 0 && m.source.message_id == last_message) {
      turns.back().text = m.content;
      continue;
    }
    last_message = m.source.message_id;
    turns.push_back({m.content, ""});
  }
  return turns;
}

SelfContained ApplySelfContained(const Instant& at, std::span<const extract::CorefTurn> history,
                                 store::IngestBatch* batch,
                                 std::span<const extract::GenderHint> hints) {
  if (batch->memories.empty()) return {};
  Memory& m = batch->memories.front();
  if (m.status == MemoryStatus::kQuarantined || m.type != MemoryType::kEpisodic) return {};
  SelfContained out = MakeSelfContained(m.content, at, batch->message.role, history, hints);
  if (out.changed()) {
    // The keyword index reads the words as said, and the names the pronouns stood for ("what
    // did Li say"), not the dates written beside relative times.
    batch->record_said = std::move(m.content);
    for (const extract::CorefResolution& r : out.coreferences) {
      if (!r.resolved) continue;
      for (const extract::CorefAntecedent& a : r.antecedents) {
        if (batch->record_said.find(a.name) == std::string::npos) {
          batch->record_said += " " + a.name;
        }
      }
    }
    m.content = out.text;
  }
  if (out.coreferences.empty() && !out.changed()) return out;
  json context = json::parse(batch->message.context_json, nullptr, false);
  if (!context.is_object()) context = json::object();
  json coref = json::array();
  for (const extract::CorefResolution& r : out.coreferences) {
    json names = json::array();
    for (const extract::CorefAntecedent& a : r.antecedents) names.push_back(a.name);
    json item = {{"pronoun", r.pronoun}, {"antecedents", names},
                 {"confidence", r.confidence}, {"resolved", r.resolved}};
    if (!r.reason.empty()) item["reason"] = r.reason;
    coref.push_back(std::move(item));
  }
  if (!coref.empty()) context["coref"] = std::move(coref);
  if (out.changed()) context["self_contained"] = true;
  batch->message.context_json = context.dump();
  return out;
}

}  // namespace engram::ingest
