// English ordinals within periods ("first tuesday of october", "last day of May") and
// relative spans ("in 2 hours", "3 fridays from now", "last 2 weeks", durations).
#include "src/temporal/en_rules.h"
#include "src/temporal/grammar.h"

namespace engram::temporal {
namespace {

int64_t DayOf(int64_t t) { return t >= 0 ? t / kDay : -((-t + kDay - 1) / kDay); }

}  // namespace

bool EnParser::Nth(size_t* k, Span* out) const {
  size_t j = *k;
  if (Is(j, U"the")) ++j;
  int n = 0;
  bool last = false;
  if (Is(j, U"last")) {
    last = true;
    n = 1;
    ++j;
  } else if (Ordinal(&j, &n)) {
    if (Is(j, U"last")) {
      last = true;
      ++j;
    }
  } else if (j < t.size() && t[j].num && t[j].digits <= 2 && Is(j + 1, U"of")) {
    n = static_cast<int>(t[j].value);
    ++j;
  } else {
    return false;
  }
  int wd = -1;
  bool day = false, week = false, weekend = false;
  if (j < t.size() && (wd = EnWeekday(t[j].w)) >= 0) {
  } else if (Is(j, U"day")) {
    day = true;
  } else if (Is(j, U"week") && Is(j + 1, U"end")) {
    weekend = true;
    ++j;
  } else if (Is(j, U"weekend") || Is(j, U"wkend")) {
    weekend = true;
  } else if (Is(j, U"week") && Is(j + 1, U"-") && Is(j + 2, U"end")) {
    weekend = true;
    j += 2;
  } else if (Is(j, U"week")) {
    week = true;
  } else if (Is(j, U"of") && !last) {
    day = true;
    --j;
  } else {
    return false;
  }
  ++j;
  if (!Is(j, U"of") && !Is(j, U"in")) return false;
  ++j;
  Span p;
  size_t q = j;
  if (!Period(&q, &p)) {
    if (Is(j, U"the") && Is(j + 1, U"month")) {
      p = ValueAt(Floor(ctx.now, Grain::kMonth), Grain::kMonth);
      q = j + 2;
    } else {
      return false;
    }
  }
  int64_t d0 = DayOf(p.from), d1 = DayOf(p.to);
  if (day) {
    int64_t d = last ? d1 - n : d0 + n - 1;
    if (d < d0 || d >= d1) return false;
    *out = ValueAt(d * kDay, Grain::kDay);
  } else if (wd >= 0 || weekend) {
    int target = weekend ? 4 : wd;
    int64_t d;
    if (last) {
      d = d1 - 1;
      while (temporal::Weekday(d) != target) --d;
      d -= 7 * (n - 1);
    } else {
      d = d0;
      while (temporal::Weekday(d) != target) ++d;
      d += 7 * (n - 1);
    }
    if (weekend) {
      *out = Interval(d * kDay + 18 * 3600, (d + 3) * kDay, Grain::kHour);
    } else {
      *out = ValueAt(d * kDay, Grain::kDay);
    }
  } else if (week) {
    int64_t first = d0;
    while (temporal::Weekday(first) != 0) ++first;
    int64_t w;
    if (last) {
      int64_t e = d1 - 7;  // the last week that ends inside the period
      w = e - temporal::Weekday(e) - 7 * (n - 1);
    } else {
      w = first + 7 * (n - 1);
    }
    *out = ValueAt(w * kDay, Grain::kWeek);
  }
  *k = q;
  return true;
}

bool EnParser::Relative(size_t* k, Span* out) const {
  size_t j = *k;
  // last/next N units
  {
    size_t q = j;
    int dir = 0;
    if (Is(q, U"last") || Is(q, U"past") || Is(q, U"previous")) dir = -1;
    if (Is(q, U"next") || Is(q, U"coming") || Is(q, U"following")) dir = 1;
    if (dir != 0) {
      ++q;
      int64_t n;
      Grain g;
      if (Num(&q, &n, false) && q < t.size() && EnUnit(t[q].w, &g) && n > 0 && n < 10000) {
        *out = LastNextUnits(ctx, g, dir * n);
        *k = q + 1;
        return true;
      }
    }
  }
  // upcoming two week / two upcoming week
  {
    size_t q = j;
    int64_t n = 0;
    Grain g;
    bool ok = false;
    if (Is(q, U"upcoming")) {
      ++q;
      ok = Num(&q, &n, false);
    } else if (Num(&q, &n, false) && Is(q, U"upcoming")) {
      ++q;
      ok = true;
    }
    if (ok && q < t.size() && EnUnit(t[q].w, &g) && g >= Grain::kDay && n < 1000) {
      *out = ValueAt(Add(Floor(ctx.now, g), g, n), g);
      *k = q + 1;
      return true;
    }
  }
  size_t q = j;
  bool in = false;
  if (Is(q, U"in") || Is(q, U"within")) {
    in = true;
    ++q;
    if (Is(q, U"about")) ++q;
  }
  // Amount, in halves of the unit where needed.
  int64_t n = 0;
  int64_t frac_num = 0, frac_den = 1;
  if (Is(q, U"half") && (Is(q + 1, U"an") || Is(q + 1, U"a"))) {
    frac_num = 1;
    frac_den = 2;
    q += 2;
  } else if ((Is(q, U"a") && Is(q + 1, U"quarter") && Is(q + 2, U"of") && Is(q + 3, U"an"))) {
    frac_num = 1;
    frac_den = 4;
    q += 4;
  } else if (Is(q, U"three") && Is(q + 1, U"-") && Is(q + 2, U"quarters") && Is(q + 3, U"of") &&
             Is(q + 4, U"an")) {
    frac_num = 3;
    frac_den = 4;
    q += 5;
  } else if (q + 2 < t.size() && t[q].num && Is(q + 1, U"/") && t[q + 2].num &&
             t[q].digits <= 6 && t[q + 2].digits <= 6) {
    frac_num = t[q].value;
    frac_den = t[q + 2].value == 0 ? 1 : t[q + 2].value;
    q += 3;
  } else if (q + 2 < t.size() && t[q].num && t[q].digits <= 6 && Is(q + 1, U".") &&
             t[q + 2].num && t[q + 2].digits == 1) {
    frac_num = t[q].value * 10 + t[q + 2].value;
    frac_den = 10;
    q += 3;
  } else if (Num(&q, &n, true)) {
    if (Is(q, U"and") && (Is(q + 1, U"an") || Is(q + 1, U"a")) && Is(q + 2, U"half")) {
      frac_num = 2 * n + 1;
      frac_den = 2;
      q += 3;
    }
    if (Is(q, U"more")) ++q;
  } else {
    return false;
  }
  if (q >= t.size()) return false;
  // N weekdays from now / ago.
  int wd = EnWeekday(t[q].w);
  if (wd >= 0 && frac_den == 1 && n > 0 && n < 1000) {
    size_t r = q + 1;
    int dir = 0;
    if (Is(r, U"from") && Is(r + 1, U"now")) dir = 1, r += 2;
    else if (Is(r, U"ago") || Is(r, U"back")) dir = -1, r += 1;
    if (dir == 0) return false;
    int64_t d;
    if (dir > 0) {
      int delta = (wd - ctx.weekday + 7) % 7;
      d = ctx.today + (delta == 0 ? 7 : delta) + 7 * (n - 1);
    } else {
      int delta = (ctx.weekday - wd + 7) % 7;
      d = ctx.today - (delta == 0 ? 7 : delta) - 7 * (n - 1);
    }
    *out = ValueAt(d * kDay, Grain::kDay);
    *k = r;
    return true;
  }
  Grain g;
  bool fortnight = Is(q, U"fortnight");
  if (fortnight) {
    g = Grain::kDay;
  } else if (Is(q, U"\"") || Is(q, U"'")) {
    g = Is(q, U"\"") ? Grain::kSecond : Grain::kMinute;
  } else if (!EnUnit(t[q].w, &g)) {
    return false;
  } else if (t[q].w == U"h" && !in && q > 0 && t[q].b == t[q - 1].e) {
    return false;  // "15h" is a clock time
  }
  ++q;
  int64_t amount = fortnight ? 14 * (n == 0 ? 1 : n) : n;
  if (frac_den != 1 || frac_num != 0) {
    // Fractions are expressed in the next finer unit.
    int64_t mult = g == Grain::kHour ? 60 : g == Grain::kDay ? 24 : g == Grain::kMinute ? 60 : 1;
    Grain fine = g == Grain::kHour ? Grain::kMinute : g == Grain::kDay ? Grain::kHour
                                                                       : Grain::kSecond;
    if (mult == 1) return false;
    amount = frac_num * mult / frac_den;
    g = fine;
  }
  int dir = 0;
  bool from_today = false;
  if (in && Is(*k, U"within")) {
    int64_t end = Add(ctx.now, g, amount);
    *out = Interval(ctx.now, g >= Grain::kDay ? Floor(end, Grain::kDay) : end, Grain::kSecond);
    *k = q;
    return true;
  }
  if (Is(q, U"after") || false) {
  }
  if (in) {
    dir = 1;
  } else if (Is(q, U"from") && Is(q + 1, U"now")) {
    dir = 1;
    q += 2;
  } else if (Is(q, U"from") && Is(q + 1, U"today")) {
    dir = 1;
    from_today = true;
    q += 2;
  } else if (Is(q, U"from") && Is(q + 1, U"right") && Is(q + 2, U"now")) {
    *out = ValueAt(Add(ctx.now, g, amount), Grain::kSecond);
    *k = q + 3;
    return true;
  } else if (Is(q, U"hence") || Is(q, U"later")) {
    dir = 1;
    ++q;
  } else if (Is(q, U"ago") || Is(q, U"back")) {
    dir = -1;
    ++q;
  }
  if (dir == 0) {
    Span dur;
    dur.kind = TimeKind::kDuration;
    dur.has_from = dur.has_to = false;
    dur.grain = g;
    dur.duration_s = amount * GrainSeconds(g);
    *out = dur;
    *k = q;
    return true;
  }
  if (fortnight) {
    *out = ValueAt(Floor(ctx.now + dir * 14 * kDay, Grain::kHour), Grain::kHour);
  } else if (from_today) {
    *out = ValueAt(Floor(Add(ctx.now, g, dir * amount), Grain::kDay), Grain::kDay);
  } else {
    *out = ShiftedPoint(ctx, g, dir * amount, false);
  }
  *k = q;
  return true;
}

}  // namespace engram::temporal
