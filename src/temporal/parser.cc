// ParseTime: scans the input left to right and keeps the longest match at each position.
#include <nlohmann/json.hpp>

#include "engram/temporal.h"
#include "src/base/time.h"
#include "src/base/utf8.h"
#include "src/temporal/grammar.h"

namespace engram {
namespace {

bool IsWordChar(char32_t c) {
  return temporal::IsDigit(c) || temporal::IsAsciiAlpha(c);
}

}  // namespace

Result<std::vector<TimeMatch>> ParseTime(std::string_view text, const Instant& reference,
                                         const TimeParseOptions& options) {
  if (!base::IsValidUtf8(text)) return Status::InvalidArgument("temporal: invalid UTF-8");
  bool zh = options.language == "zh" || options.language == "auto";
  bool en = options.language == "en" || options.language == "auto";
  if (!zh && !en) {
    return Status::InvalidArgument("temporal: unknown language '" + options.language + "'");
  }
  std::u32string s = temporal::Normalize(text);
  // Byte offset of each code point (plus the end).
  std::vector<size_t> bytes;
  bytes.reserve(s.size() + 1);
  for (size_t pos = 0; pos < text.size();) {
    bytes.push_back(pos);
    base::DecodeUtf8(text, &pos);
  }
  bytes.push_back(text.size());
  temporal::Context ctx = temporal::MakeContext(reference, options);
  std::vector<TimeMatch> out;
  size_t i = 0;
  while (i < s.size()) {
    char32_t ch = s[i];
    if (ch == U' ' || ch == U',' || ch == U'\n' || ch == U'\t') {
      ++i;
      continue;
    }
    temporal::Span best_span, span;
    size_t best = 0;
    bool word_start = i == 0 || !IsWordChar(s[i - 1]);
    if (zh && temporal::MayStartZh(ch)) {
      size_t e = temporal::MatchZh(s, i, ctx, &span);
      // A Latin/digit match must not start or end inside a word.
      bool ok = e > i && (word_start || !IsWordChar(ch)) &&
                (e >= s.size() || !IsWordChar(s[e - 1]) || !IsWordChar(s[e]) ||
                 (temporal::IsDigit(s[e - 1]) != temporal::IsDigit(s[e])));
      if (ok && e > best) {
        best = e;
        best_span = span;
      }
    }
    // Chinese text still uses Latin clock forms ("3pm", "4pm CET").
    bool en_here = en || temporal::IsDigit(ch);
    if (en_here && word_start && (IsWordChar(ch) || ch == U'@')) {
      size_t e = temporal::MatchEn(s, i, ctx, &span);
      if (e > best) {
        best = e;
        best_span = span;
      }
    }
    if (best == 0) {
      ++i;
      continue;
    }
    if ((best_span.has_from && (best_span.from > temporal::kMaxAbsSeconds ||
                                best_span.from < -temporal::kMaxAbsSeconds)) ||
        (best_span.has_to && (best_span.to > temporal::kMaxAbsSeconds ||
                              best_span.to < -temporal::kMaxAbsSeconds)) ||
        best_span.duration_s > temporal::kMaxShiftSeconds || best_span.duration_s < 0) {
      i = best;  // out of the representable calendar: skip the expression
      continue;
    }
    // Trim trailing spaces from the span.
    while (best > i + 1 && s[best - 1] == U' ') --best;
    TimeMatch m = temporal::ToMatch(best_span, ctx);
    m.start = i;
    m.end = best;
    m.text = std::string(text.substr(bytes[i], bytes[best] - bytes[i]));
    out.push_back(std::move(m));
    i = best;
  }
  return out;
}

std::string_view ToString(TimeKind kind) {
  switch (kind) {
    case TimeKind::kValue: return "value";
    case TimeKind::kInterval: return "interval";
    case TimeKind::kOpenInterval: return "open_interval";
    case TimeKind::kDuration: return "duration";
    case TimeKind::kRecurrence: return "recurrence";
  }
  return "value";
}

std::string TimeMatchToJson(const TimeMatch& m) {
  nlohmann::ordered_json j;
  j["text"] = m.text;
  j["start"] = m.start;
  j["end"] = m.end;
  j["kind"] = std::string(ToString(m.kind));
  j["from"] = m.from ? nlohmann::ordered_json(base::FormatIso8601(*m.from)) : nullptr;
  j["to"] = m.to ? nlohmann::ordered_json(base::FormatIso8601(*m.to)) : nullptr;
  j["grain"] = std::string(ToString(m.grain));
  j["confidence"] = m.confidence;
  if (m.kind == TimeKind::kDuration) j["duration_ms"] = m.duration_ms;
  if (!m.holiday.empty()) j["holiday"] = m.holiday;
  if (!m.unresolved_reason.empty()) j["unresolved_reason"] = m.unresolved_reason;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace engram
