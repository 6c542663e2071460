#include "src/extract/fact_extractor.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "src/extract/cue_set.h"
#include "src/extract/fact_tables.h"
#include "src/extract/phrase_matcher.h"

namespace engram::extract {
namespace {

using fact_internal::Rule;
using fact_internal::T;
using fact_internal::Tables;

size_t SkipSpaces(std::string_view s, size_t p) {
  while (p < s.size() && s[p] == ' ') ++p;
  return p;
}

// The end of the placeholder ⟦…⟧ strictly containing byte `pos`, or npos.
size_t PlaceholderEndAround(std::string_view s, size_t pos) {
  const size_t open = s.rfind("⟦", pos);
  if (open == std::string_view::npos || open == pos) return std::string_view::npos;
  const size_t close = s.find("⟧", open);
  if (close == std::string_view::npos || close + 3 <= pos) return std::string_view::npos;
  return close + 3;
}

// The earliest hit of `cues` within [from, to) (bytes of `lower`). Searches only that slice:
// CueSet::Find over the whole message would index and scan all of it for every cue hit.
std::optional<CueHit> FindIn(const CueSet& cues, std::string_view lower, size_t from,
                             size_t to) {
  to = std::min(to, lower.size());
  if (from >= to) return std::nullopt;
  std::optional<CueHit> h = cues.Find(lower.substr(from, to - from));
  if (h) {
    h->begin += from;
    h->end += from;
  }
  return h;
}

// The earliest hit of `cues` in [from, to) that is not inside a placeholder ("⟦EMAIL:so⟧").
std::optional<CueHit> FindOutside(const CueSet& cues, std::string_view lower, size_t from,
                                  size_t to) {
  while (std::optional<CueHit> h = FindIn(cues, lower, from, to)) {
    const size_t ph = PlaceholderEndAround(lower, h->begin);
    if (ph == std::string_view::npos) return h;
    from = ph;
  }
  return std::nullopt;
}

// Length of a phrase: ASCII words plus other code points ("Go、Rust及Kubernetes" is 5).
size_t Units(std::string_view s) {
  size_t units = 0;
  bool in_word = false;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      const bool word = c != ' ';
      units += word && !in_word;
      in_word = word;
      ++i;
    } else {
      in_word = false;
      ++units;
      i += c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    }
  }
  return units;
}

// Short() for mixed text: an ASCII run inside Chinese counts as one unit, not per letter.
bool ShortPhrase(std::string_view s, size_t max_units, size_t max_words) {
  if (s.empty()) return false;
  return IsAscii(s) ? Words(s) <= max_words : Units(s) <= max_units;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// An id such as "t-102" or "pr 42": an ASCII letter later followed by a digit.
bool HasIdToken(std::string_view s) {
  bool letter = false;
  for (char c : s) {
    if (c >= 'a' && c <= 'z') letter = true;
    if (letter && c >= '0' && c <= '9') return true;
  }
  return false;
}

size_t Offset(std::string_view whole, std::string_view part) {
  return static_cast<size_t>(part.data() - whole.data());
}

// The placeholder ⟦kind:…⟧ of `kind` starting within a few bytes of `from`, as [begin, end).
std::optional<PhraseSpan> PlaceholderNear(std::string_view lower, size_t from, size_t to,
                                          std::string_view kind) {
  const size_t open = lower.find("⟦", from);
  if (open == std::string_view::npos || open > from + 6 || open >= to) return std::nullopt;
  if (lower.compare(open + 3, kind.size(), kind) != 0) return std::nullopt;
  const size_t close = lower.find("⟧", open);
  if (close == std::string_view::npos) return std::nullopt;
  return PhraseSpan{open, close + 3};
}

// A run of >= 7 digits, '*', '-', '+' or spaces (an unmasked or pre-masked number).
std::optional<PhraseSpan> NumberNear(std::string_view lower, size_t from, size_t to) {
  size_t p = from;
  size_t digits = 0;
  while (p < to && ((lower[p] >= '0' && lower[p] <= '9') || lower[p] == '*' ||
                    lower[p] == '-' || lower[p] == '+' || (lower[p] == ' ' && digits > 0))) {
    digits += lower[p] != ' ' && lower[p] != '-';
    ++p;
  }
  while (p > from && lower[p - 1] == ' ') --p;
  if (digits < 7) return std::nullopt;
  return PhraseSpan{from, p};
}

// Where a value starting at `pos` ends when it may run to `end`: at the first stop word, or at
// the first coordinator whose conjunct is a clause of its own ("director and reports to Li");
// "Python和SQL", "billing and invoicing" stay whole.
size_t ValueEnd(std::string_view lower, size_t pos, size_t end) {
  const Tables& tb = T();
  if (std::optional<CueHit> stop = FindOutside(tb.value_stops, lower, pos, end)) {
    if (stop->begin > pos) end = stop->begin;
  }
  size_t from = pos;
  while (std::optional<CueHit> c = FindOutside(tb.coordinators, lower, from, end)) {
    from = c->end;
    if (c->begin == pos) continue;
    std::optional<CueHit> next = FindOutside(tb.coordinators, lower, c->end, end);
    if (FindIn(tb.clause_verbs, lower, c->end, next ? next->begin : end)) return c->begin;
  }
  return end;
}

// "fluent in Spanish, French and German": an English list whose last item follows and / or
// continues the value past the clause break at `clause_end`. Returns the new value limit.
size_t ListEnd(std::string_view lower, size_t pos, size_t clause_end) {
  const Tables& tb = T();
  if (!IsAscii(lower.substr(pos, clause_end - pos))) return clause_end;
  size_t at = clause_end;
  while (at < lower.size() && lower[at] == ',') {
    const size_t next = ClauseEnd(lower, at + 1);
    const std::string_view item = TrimSpaces(lower.substr(at + 1, next - at - 1));
    if (item.empty() || !IsAscii(item) || Words(item) > 4 || tb.clause_verbs.Find(item) ||
        tb.value_stops.Find(item)) {
      break;
    }
    if (tb.coordinators.Find(item)) return next;
    at = next;
  }
  return clause_end;
}

// The amount in [from, to): currency, digits (with '.' or ',' between digits), unit ("$50,000",
// "20万", "3.5k"). A share keeps its base: "15% of revenue", "15%的年度营收".
std::optional<PhraseSpan> AmountIn(std::string_view lower, size_t from, size_t to) {
  const Tables& tb = T();
  for (size_t p = from; p < to; ++p) {
    size_t q = p;
    if (std::optional<CueHit> cur = tb.currencies.At(lower, p)) q = SkipSpaces(lower, cur->end);
    if (q >= to || !IsDigit(lower[q])) continue;
    if (q == p && p > from && IsAsciiAlnum(lower[p - 1])) continue;  // "Q3" is no amount
    while (q < to && (IsDigit(lower[q]) || ((lower[q] == '.' || lower[q] == ',') &&
                                            q + 1 < to && IsDigit(lower[q + 1])))) {
      ++q;
    }
    size_t e = q;
    if (std::optional<CueHit> unit = tb.amount_units.At(lower, q, /*after_token=*/true)) {
      e = unit->end;
    } else if (q < to && lower[q] == ' ') {
      if (std::optional<CueHit> word = tb.amount_units.At(lower, q + 1); word && IsAscii(
              lower.substr(word->begin, word->end - word->begin))) {
        e = word->end;
      }
    }
    e = std::min(e, to);
    if (lower[e - 1] == '%' && tb.of.At(lower, SkipSpaces(lower, e))) e = to;
    return PhraseSpan{p, e};
  }
  return std::nullopt;
}

// Cuts a trailing time phrase and its preposition off the value [vb, ve): "senior engineer
// last month" -> "senior engineer". Returns the new end.
size_t CutTrailingTime(std::string_view lower, size_t vb, size_t ve) {
  const Tables& tb = T();
  std::optional<CueHit> t = FindOutside(tb.trailing_times, lower, vb, ve);
  if (!t || t->begin == vb) return ve;
  const std::string_view head = StripBack(lower.substr(vb, t->begin - vb), tb.trailing_preps);
  if (head.empty()) return ve;
  return Offset(lower, head) + head.size();
}

struct Candidate {
  ExtractedFact fact;
  bool implicit_subject = false;
  // The subject is a third-person pronoun ("…and his email is", "他的邮箱"): the fact is
  // about `said_by` ("Tom said he…", "张工说他…") or the previous fact's subject, else none.
  bool pronoun_subject = false;
  std::string said_by;
};

// A self-contained rewrite's date beside a name ("李工(2024-07-15~2024-07-21)",
// "(2024-07-14) Li", src/ingest/self_contained.h) belongs to the clause, not to the subject.
bool IsDateNote(std::string_view inner) {
  if (inner.empty()) return false;
  for (char ch : inner) {
    if (!std::isdigit(static_cast<unsigned char>(ch)) &&
        std::string_view("-~: Qq").find(ch) == std::string_view::npos) {
      return false;
    }
  }
  return true;
}

std::string_view StripDateNote(std::string_view s) {
  if (s.ends_with(')')) {
    const size_t open = s.rfind('(');
    if (open != std::string_view::npos && IsDateNote(s.substr(open + 1, s.size() - open - 2))) {
      s = TrimSpaces(s.substr(0, open));
    }
  }
  if (s.starts_with('(')) {
    const size_t close = s.find(')');
    if (close != std::string_view::npos && IsDateNote(s.substr(1, close - 1))) {
      s = TrimSpaces(s.substr(close + 1));
    }
  }
  return s;
}

// A subject without the place it acts in: "他在AI Lab" of "他在AI Lab负责大模型推理优化" is 他,
// "张工在北京" is 张工. Not 现在, 正在, 存在, ... nor where someone lives or sits ("住在北京的
// 张工": a 的 after the place makes it part of who).
std::string_view WithoutPlace(std::string_view s) {
  constexpr std::string_view kAt = "在";
  const size_t at = s.find(kAt);
  if (at == std::string_view::npos || at == 0 || IsAscii(s.substr(0, at))) return s;
  if (s.find("的", at) != std::string_view::npos) return s;
  constexpr std::string_view kBound[] = {"现", "正", "实", "存", "所", "自", "好", "住",
                                         "放", "坐", "待", "留", "落", "挂", "躺", "站", "走"};
  for (std::string_view b : kBound) {
    if (s.substr(0, at).ends_with(b)) return s;
  }
  return TrimSpaces(s.substr(0, at));
}

// Cleans the subject region [begin, end) of `lower`; returns the cleaned view.
std::string_view CleanSubject(std::string_view lower, size_t begin, size_t end) {
  const Tables& tb = T();
  std::string_view s = lower.substr(begin, end - begin);
  if (std::optional<CueHit> say = tb.speech.Find(s)) {
    std::optional<CueHit> last = say;
    while (std::optional<CueHit> next = tb.speech.Find(s, last->end)) last = next;
    s = s.substr(last->end);
  }
  for (int round = 0; round < 3; ++round) {
    s = StripFront(s, tb.subject_front);
    std::vector<PhraseSpan> times = FindTimeWords(s);
    if (!times.empty() && times[0].begin == 0) s = s.substr(times[0].end);
  }
  s = StripBack(s, tb.subject_back);
  s = StripDateNote(s);
  s = WithoutPlace(s);
  // "Zhang is our director and reports to Li": the second predicate shares the first subject.
  if (tb.and_then.EndingAt(s, s.size())) return std::string_view();
  // "李工这周", "我下周": the time belongs to the clause, not to the subject.
  if (std::optional<CueHit> t = tb.subject_times.EndingAt(s, s.size()); t && t->begin > 0) {
    s = StripBack(s.substr(0, t->begin), tb.subject_back);
  } else if (std::vector<PhraseSpan> times = FindTimeWords(s);
             !times.empty() && times.back().end == s.size() && times.back().begin > 0) {
    s = StripBack(s.substr(0, times.back().begin), tb.subject_back);  // "李工下周二"
  }
  if (IsAscii(s) && Words(s) > 3) {  // keep the last three words
    size_t cut = s.size();
    for (int w = 0; w < 3 && cut > 0; ++w) {
      cut = s.rfind(' ', cut - 1);
      if (cut == std::string_view::npos) return s;
    }
    s = TrimSpaces(s.substr(cut + 1));
  }
  return s;
}

// Whether the subject is, or ends in, a third-person pronoun ("he", "…and his", "他").
bool IsPronounSubject(std::string_view subject) {
  const Tables& tb = T();
  size_t sp = subject.rfind(' ');
  std::string_view last = sp == std::string_view::npos ? subject : subject.substr(sp + 1);
  std::optional<CueHit> p = tb.third_person.At(last, 0);
  return p && p->end == last.size();
}

// The person who speaks in region `r` right before its pronoun subject: "Tom said he…" ->
// "Tom", "张工说他…" -> "张工" (a short name, not a pronoun or the speaker); else empty. The
// result is a view of `lower`.
std::string_view SaidBy(std::string_view r) {
  const Tables& tb = T();
  std::optional<CueHit> say = tb.speech.Find(r);
  if (!say) return {};
  while (std::optional<CueHit> next = tb.speech.Find(r, say->end)) say = next;
  std::string_view who = StripBack(TrimSpaces(r.substr(0, say->begin)), tb.subject_back);
  who = StripFront(who, tb.subject_front);
  if (!ShortPhrase(who, 6, 2) || IsPronounSubject(who) || who.find("⟦") != who.npos) return {};
  for (const CueSet* set : {&tb.first_person, &tb.system}) {
    std::optional<CueHit> h = set->At(who, 0);
    if (h && h->end == who.size()) return {};
  }
  return who;
}

std::optional<Candidate> TryRule(const Rule& rule, std::string_view text, std::string_view lower,
                                 const CueHit& hit) {
  const Tables& tb = T();
  const FactRuleSpec& spec = *rule.spec;
  if (!spec.negative && tb.negations.EndingAt(lower, hit.begin)) {
    return std::nullopt;
  }
  if (!spec.negative && hit.begin > 0 && tb.negations.EndingAt(lower, hit.begin - 1) &&
      lower[hit.begin - 1] == ' ') {
    return std::nullopt;
  }
  if (!rule.not_before.empty() && rule.not_before.At(lower, hit.end)) return std::nullopt;
  // "我现在在阿里云实习": the 在 of 现在 is no cue; the next one is.
  if (lower.compare(hit.begin, hit.end - hit.begin, "在") == 0 &&
      lower.compare(hit.end, 3, "在") == 0) {
    return std::nullopt;
  }
  const size_t clause_begin = ClauseStart(lower, hit.begin);
  size_t clause_end = ClauseEnd(lower, hit.begin);
  // A question states no fact.
  if (clause_end < lower.size() &&
      (lower[clause_end] == '?' || lower.compare(clause_end, 3, "？") == 0)) {
    return std::nullopt;
  }
  size_t pos = SkipSpaces(lower, hit.end);
  if (!rule.connector.empty()) {
    if (std::optional<CueHit> b = tb.between.At(lower, pos)) pos = SkipSpaces(lower, b->end);
    std::optional<CueHit> conn = rule.connector.At(lower, pos);
    const bool direct = (spec.shape == FactValueShape::kPhone ||
                         spec.shape == FactValueShape::kEmail) &&
                        tb.placeholder_open.At(lower, pos);
    if (!conn && !direct) return std::nullopt;
    if (conn) pos = SkipSpaces(lower, conn->end);
  }
  if (spec.shape == FactValueShape::kAny && rule.closing.empty()) {
    clause_end = ListEnd(lower, pos, clause_end);
  }
  size_t vb = spec.keep_cue ? hit.begin : pos;
  size_t ve = clause_end;
  if (!rule.closing.empty()) {
    std::optional<CueHit> close =
        FindIn(rule.closing, lower, pos, std::min(clause_end, pos + 45));
    if (!close || (close->begin == pos && !spec.keep_cue)) return std::nullopt;
    ve = spec.keep_cue ? close->end : close->begin;
  }
  switch (spec.shape) {
    case FactValueShape::kPhone:
    case FactValueShape::kEmail: {
      std::optional<PhraseSpan> ph = PlaceholderNear(
          lower, pos, clause_end, spec.shape == FactValueShape::kPhone ? "phone:" : "email:");
      if (!ph && spec.shape == FactValueShape::kPhone) ph = NumberNear(lower, pos, clause_end);
      if (!ph && spec.shape == FactValueShape::kEmail) {
        const size_t at = lower.find('@', pos);
        size_t e = pos;
        while (e < clause_end && lower[e] != ' ') ++e;
        if (at < e) ph = PhraseSpan{pos, e};
      }
      if (!ph) return std::nullopt;
      vb = ph->begin;
      ve = ph->end;
      break;
    }
    case FactValueShape::kState:
      vb = hit.begin;
      ve = hit.end;
      break;
    default:
      if (rule.closing.empty()) ve = ValueEnd(lower, pos, ve);
      if (spec.shape == FactValueShape::kAmount) {
        std::optional<PhraseSpan> amount = AmountIn(lower, vb, ve);
        if (!amount) return std::nullopt;
        vb = amount->begin;
        ve = amount->end;
      } else if (rule.attribute->name != "prefers" && (spec.shape == FactValueShape::kAny ||
                                                       spec.shape == FactValueShape::kTitle ||
                                                       spec.shape == FactValueShape::kItemState)) {
        ve = CutTrailingTime(lower, vb, ve);
      }
      break;
  }
  std::string_view v = lower.substr(vb, ve - vb);
  if (spec.shape != FactValueShape::kState && !spec.keep_cue) v = StripFront(v, tb.value_front);
  v = StripBack(v, tb.particles);
  if (spec.shape == FactValueShape::kTitle) {  // the owner precedes: "我们团队的前端工程师"
    if (const size_t de = v.rfind("的"); de != std::string_view::npos) {
      v = TrimSpaces(v.substr(de + 3));
    }
    // "our team's frontend engineer" (not "director of zhang's team")
    if (const size_t ps = v.rfind("'s "); IsAscii(v) && ps != std::string_view::npos &&
                                          tb.titles.EndingAt(v, v.size())) {
      v = TrimSpaces(v.substr(ps + 3));
    }
  }
  if (v.empty()) return std::nullopt;
  // "负责人是我" names the speaker, no value; "是我们部门的负责人" is in charge of the
  // speaker's department: the value keeps its owner.
  if (std::optional<CueHit> fp = tb.first_person.At(v, 0);
      fp && (rule.attribute->name != "responsibleFor" || fp->end == v.size() ||
             !ShortPhrase(v, 8, 4))) {
    return std::nullopt;
  }
  if (std::optional<CueHit> sys = tb.system.At(v, 0); sys && sys->end == v.size()) {
    return std::nullopt;
  }
  if (std::optional<CueHit> bad = tb.bad_values.At(v, 0); bad && bad->end == v.size()) {
    return std::nullopt;
  }
  // "预算超支的品类是差旅": the cue is not the head of "X的Y是Z"; Z is the value of Y.
  if (rule.connector.empty() && rule.closing.empty() && !spec.keep_cue &&
      spec.shape != FactValueShape::kState) {
    const size_t de = v.find("的");
    if (de != std::string_view::npos &&
        (v.find("是", de) != std::string_view::npos || v.find("为", de) != std::string_view::npos)) {
      return std::nullopt;
    }
  }
  switch (spec.shape) {
    case FactValueShape::kAny:
    case FactValueShape::kItemState:
      if (!ShortPhrase(v, 16, 6)) return std::nullopt;
      if (std::vector<PhraseSpan> t = FindTimeWords(v);
          !t.empty() && t[0].begin == 0 && spec.shape == FactValueShape::kAny &&
          rule.attribute->name != "prefers") {
        return std::nullopt;  // "在周末工作" is no employer
      }
      break;
    case FactValueShape::kTitle: {
      if (const size_t at = v.find(" at "); IsAscii(v) && at != std::string_view::npos) {
        v = TrimSpaces(v.substr(0, at));  // "senior engineer at Google": the employer follows
      }
      if (const size_t de = v.rfind("的"); de != std::string_view::npos) {
        v = TrimSpaces(v.substr(de + 3));  // "谷歌的高级工程师": the employer precedes
      }
      std::string_view head = v;  // "vp of sales": the title word ends the head
      if (const size_t of = v.find(" of "); IsAscii(v) && of != std::string_view::npos) {
        head = v.substr(0, of);
      }
      if (!ShortPhrase(v, 10, 5) || !tb.titles.EndingAt(head, head.size())) return std::nullopt;
      break;
    }
    case FactValueShape::kTimeOfDay:
      if (!tb.times_of_day.At(v, 0) || !Short(v, 8, 3)) return std::nullopt;
      break;
    case FactValueShape::kAmount:
    case FactValueShape::kQuality:
      if (!Short(v, 12, 4)) return std::nullopt;
      if ((v.find_first_of("0123456789") != std::string_view::npos) !=
          (spec.shape == FactValueShape::kAmount)) {
        return std::nullopt;
      }
      break;
    default:
      break;
  }

  // A supposition states no fact (checked late: most cue hits fail on the value first).
  if (FindIn(tb.hypotheticals, lower, clause_begin, hit.begin)) return std::nullopt;

  // Subject.
  size_t sb = clause_begin;
  size_t se = hit.begin;
  Candidate c;
  ExtractedFact& f = c.fact;
  if (spec.shape == FactValueShape::kState && rule.attribute->name != "status") {
    std::string_view region = lower.substr(sb, se - sb);
    // "这周我在上海出差", "李工下周二去上海出差": the place joins the value, the subject ends
    // before 在 / 去.
    size_t at = region.rfind("在");
    if (const size_t go = region.rfind("去");
        go != std::string_view::npos && (at == std::string_view::npos || go > at)) {
      at = go;
    }
    if (at != std::string_view::npos && region.size() - at <= 21) {
      const size_t place_begin = sb + at + 3;
      if (place_begin < hit.begin) vb = place_begin;
      se = sb + at;
      v = lower.substr(vb, hit.end - vb);
    }
    const std::string_view trimmed = TrimSpaces(region);
    const bool copula = tb.copulas.EndingAt(trimmed, trimmed.size()).has_value();
    const bool led = at != std::string_view::npos || copula ||
                     tb.state_lead.EndingAt(lower, hit.begin).has_value();
    std::string_view tail = lower.substr(hit.end, clause_end - hit.end);
    // "休年假到下周三": an end date is part of the state.
    const std::string_view until = StripFront(tail, tb.state_until);
    if (std::vector<PhraseSpan> t = FindTimeWords(until);
        !t.empty() && t[0].begin == 0 && t.back().end == until.size()) {
      tail = std::string_view();
    }
    tail = StripBack(StripFront(tail, tb.state_tail), tb.state_tail);
    if (!led && !TrimSpaces(tail).empty()) return std::nullopt;
    if (IsAscii(trimmed) && !trimmed.empty() && !copula) return std::nullopt;
    std::string_view r = TrimSpaces(lower.substr(sb, se - sb));
    if (std::optional<CueHit> cop = tb.copulas.EndingAt(r, r.size())) {
      se = Offset(lower, r) + cop->begin;
    }
  }
  if (spec.keep_cue && rule.attribute->name == "status") {
    std::string_view r = lower.substr(sb, se - sb);
    r = StripBack(r, tb.status_lead);
    se = Offset(lower, r) + r.size();
  }
  std::string_view subject =
      spec.speaker_subject ? std::string_view() : CleanSubject(lower, sb, se);
  if (!spec.speaker_subject && !subject.empty()) {
    if (tb.system.At(subject, 0) && tb.system.At(subject, 0)->end == subject.size()) {
      return std::nullopt;  // facts about the assistant / the system are never extracted
    }
    if (!ShortPhrase(subject, 10, 3)) return std::nullopt;
    if (std::optional<CueHit> bad = tb.bad_subjects.At(subject, 0);
        bad && bad->end == subject.size()) {
      return std::nullopt;  // "..., who joined last year"
    }
    // "我的直属上级是周经理": a copula after a relation noun gives that relation, not a title.
    if (spec.id.ends_with(".is") && tb.relation_nouns.EndingAt(subject, subject.size())) {
      return std::nullopt;
    }
  }
  // "你是管理员，负责审批所有报销": a subjectless clause after one addressing the assistant.
  if (subject.empty() && !spec.speaker_subject &&
      FindIn(tb.system_clause, lower, 0, clause_begin).has_value()) {
    return std::nullopt;
  }
  double confidence = spec.weight;
  std::optional<CueHit> fp = subject.empty() ? std::nullopt : tb.first_person.At(subject, 0);
  if (spec.speaker_subject || (fp && fp->end == subject.size())) {
    f.subject = "user";
    f.self_stated = true;
  } else if (subject.empty()) {
    c.implicit_subject = true;
  } else if (IsPronounSubject(subject)) {
    c.pronoun_subject = true;
    std::string_view who = SaidBy(lower.substr(sb, Offset(lower, subject) - sb));
    if (!who.empty()) c.said_by = std::string(text.substr(Offset(lower, who), who.size()));
  } else {
    f.subject = std::string(text.substr(Offset(lower, subject), subject.size()));
  }
  if (rule.attribute->name == "status" && !HasIdToken(subject) && !tb.items.Find(subject)) {
    confidence *= 0.6;  // a state of something that is not a work item
  }
  f.attribute = rule.attribute->name;
  f.qualifier = std::string(spec.qualifier);
  f.value = std::string(text.substr(Offset(lower, v), v.size()));
  f.negative = spec.negative;
  f.confidence = confidence;
  f.fusion = rule.attribute->fusion;
  f.temporary = rule.attribute->temporary;
  f.begin = subject.empty() ? std::min(hit.begin, Offset(lower, v)) : Offset(lower, subject);
  f.value_begin = Offset(lower, v);
  f.value_end = f.value_begin + v.size();
  f.end = std::max(f.value_end, hit.end);
  f.rule = spec.id;
  return c;
}

bool Overlaps(const ExtractedFact& a, const ExtractedFact& b) {
  return a.value_begin < b.value_end && b.value_begin < a.value_end;
}

// The people of a coordinated subject: "我和张工" -> {user, 张工}, "Alice and Bob" -> {Alice,
// Bob}, "张工、李工和王经理" -> three. Empty unless it has at least two conjuncts, each a short
// name (no possessive: "我和张工的经理" is one person) that is not a pronoun.
std::vector<std::string> Conjuncts(std::string_view subject) {
  static constexpr std::string_view kSeparators[] = {"、", "和", "与", "及", ", and ", " and ",
                                                     " & ", ", "};
  const std::string lower = AsciiLower(subject);
  std::vector<std::string> out;
  size_t from = 0;
  while (from <= lower.size()) {
    size_t cut = std::string::npos, len = 0;
    for (std::string_view sep : kSeparators) {
      const size_t at = lower.find(sep, from);
      if (at < cut) {
        cut = at;
        len = sep.size();
      }
    }
    const size_t end = cut == std::string::npos ? lower.size() : cut;
    const std::string_view part = TrimSpaces(std::string_view(lower).substr(from, end - from));
    if (part.empty() || !ShortPhrase(part, 5, 2) || part.find("的") != part.npos ||
        part.find("'s") != part.npos || IsPronounSubject(part)) {
      return {};
    }
    const std::optional<CueHit> fp = T().first_person.At(part, 0);
    out.push_back(fp && fp->end == part.size()
                      ? std::string("user")
                      : std::string(subject.substr(Offset(lower, part), part.size())));
    if (cut == std::string::npos) break;
    from = cut + len;
  }
  if (out.size() < 2) return {};
  return out;
}

}  // namespace

bool IsExplicitCorrection(std::string_view text) {
  const std::string lower = AsciiLower(text);
  const IndexedText indexed(lower);
  for (const PhraseMatcher& m : T().corrections) {
    if (m.Match(indexed)) return true;
  }
  return false;
}

bool IsExplicitConfirmation(std::string_view text) {
  const std::string lower = AsciiLower(text);
  return T().confirmations.Match(IndexedText(lower)).has_value();
}

std::vector<ExtractedFact> ExtractFacts(std::string_view text) {
  const Tables& tb = T();
  const std::string lower = AsciiLower(text);
  const IndexedText indexed(lower);
  std::vector<Candidate> found;
  for (const Rule& rule : tb.rules) {
    size_t from = 0;
    while (std::optional<CueHit> hit = rule.cue.Find(indexed, from)) {
      from = hit->begin + 1;
      std::optional<Candidate> c = TryRule(rule, text, lower, *hit);
      if (c) found.push_back(std::move(*c));
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
    return a.fact.value_begin < b.fact.value_begin;
  });
  // Subject inheritance: "把张工的部门改成AI Lab，职级升为高级工程师" -> both about 张工.
  std::string last_subject;
  for (Candidate& c : found) {
    if (c.pronoun_subject) {
      c.fact.subject = !c.said_by.empty() ? c.said_by
                       : last_subject != "user" ? last_subject
                                                : std::string();
      if (c.fact.subject.empty()) continue;  // nobody to name: no fact
      c.fact.confidence *= 0.9;
      last_subject = c.fact.subject;
      continue;
    }
    if (!c.implicit_subject) {
      last_subject = c.fact.subject;
      continue;
    }
    if (!last_subject.empty()) {
      c.fact.subject = last_subject;
      c.fact.self_stated = last_subject == "user";
      c.fact.confidence *= 0.9;
    } else {
      c.fact.subject = "user";  // the speaker, implicitly
      c.fact.self_stated = true;
      c.fact.confidence *= 0.85;
    }
  }
  const bool correction = IsExplicitCorrection(text);
  std::vector<ExtractedFact> out;
  for (Candidate& c : found) {
    ExtractedFact& f = c.fact;
    if (f.confidence < kMinFactConfidence || f.subject.empty()) continue;
    f.correction = correction;
    bool merged = false;
    for (ExtractedFact& o : out) {
      const bool same = o.subject == f.subject && o.attribute == f.attribute &&
                        o.value == f.value;
      if (same || (o.attribute == f.attribute && Overlaps(o, f))) {
        if (f.confidence > o.confidence) o = std::move(f);
        merged = true;
        break;
      }
    }
    if (!merged) out.push_back(std::move(f));
  }
  // "我和张工都在腾讯工作": one fact per person (after merging, which would join them).
  std::vector<ExtractedFact> split;
  for (ExtractedFact& f : out) {
    std::vector<std::string> people = f.self_stated ? std::vector<std::string>{}
                                                    : Conjuncts(f.subject);
    if (people.empty()) {
      split.push_back(std::move(f));
      continue;
    }
    for (std::string& who : people) {
      if (std::any_of(split.begin(), split.end(), [&](const ExtractedFact& o) {
            return o.subject == who && o.attribute == f.attribute && o.value == f.value;
          })) {
        continue;
      }
      ExtractedFact one = f;
      one.self_stated = who == "user";
      one.subject = std::move(who);
      split.push_back(std::move(one));
    }
  }
  return split;
}

}  // namespace engram::extract
