// English expressions built on points: relative spans and durations, period boundaries,
// ordinals within periods, ranges and open intervals.
#include "src/base/time.h"
#include "src/temporal/en_rules.h"
#include "src/temporal/grammar.h"

namespace engram::temporal {
namespace {

int64_t DayOf(int64_t t) { return t >= 0 ? t / kDay : -((-t + kDay - 1) / kDay); }

}  // namespace

bool EnParser::Period(size_t* k, Span* out) const {
  size_t j = *k;
  if (Is(j, U"the")) ++j;
  if (Is(j, U"around")) ++j;
  int off = 99;
  if (Is(j, U"this") || Is(j, U"current")) off = 0;
  if (Is(j, U"next") || Is(j, U"coming") || Is(j, U"upcoming") || Is(j, U"following")) off = 1;
  if (Is(j, U"last") || Is(j, U"past") || Is(j, U"previous")) off = -1;
  Grain g;
  if (off != 99 && j + 1 < t.size() && EnUnit(t[j + 1].w, &g) && g >= Grain::kWeek) {
    if (g == Grain::kQuarter) {
      int64_t q0 = Floor(ctx.now, Grain::kQuarter);
      int64_t from = Add(q0, Grain::kMonth, 3 * off);
      *out = ValueAt(from, Grain::kQuarter);
    } else {
      *out = ValueAt(Add(Floor(ctx.now, g), g, off), g);
    }
    *k = j + 2;
    return true;
  }
  if (off == 99 && (Is(j, U"week") || Is(j, U"month") || Is(j, U"year"))) {
    Grain gg = Is(j, U"week") ? Grain::kWeek : Is(j, U"month") ? Grain::kMonth : Grain::kYear;
    *out = ValueAt(Floor(ctx.now, gg), gg);
    *k = j + 1;
    return true;
  }
  // Month [year] or a year.
  Fields f;
  size_t q = j;
  if (q < t.size() && EnMonth(t[q].w) > 0) {
    f.month = EnMonth(t[q].w);
    ++q;
    if (q < t.size() && t[q].num && t[q].digits == 4) {
      f.year = static_cast<int>(t[q].value);
      ++q;
    }
    auto r = Resolve(f, ctx);
    if (!r) return false;
    *out = *r;
    *k = q;
    return true;
  }
  if (q < t.size() && t[q].num && t[q].digits == 4 && t[q].value >= 1900 &&
      t[q].value <= 2100 && !Is(q + 1, U":")) {
    *out = ValueAt(DayNumber(static_cast<int>(t[q].value), 1, 1) * kDay, Grain::kYear);
    *k = q + 1;
    return true;
  }
  return false;
}

bool EnParser::Boundary(size_t* k, Span* out) const {
  size_t j = *k;
  if (Is(j, U"at")) ++j;
  if (Is(j, U"the")) ++j;
  int which = -1;  // 0 begin, 1 middle, 2 end
  Span base;
  if (Is(j, U"eom") || Is(j, U"bom") || Is(j, U"eoy") || Is(j, U"boy")) {
    bool month = Is(j, U"eom") || Is(j, U"bom");
    which = (Is(j, U"bom") || Is(j, U"boy")) ? 0 : 2;
    Grain g = month ? Grain::kMonth : Grain::kYear;
    base = ValueAt(Floor(ctx.now, g), g);
    ++j;
  } else {
    if (Is(j, U"eod")) {
      *out = Interval(ctx.today * kDay, (ctx.today + 1) * kDay, Grain::kDay);
      *k = j + 1;
      return true;
    }
    if (Is(j, U"beginning") || Is(j, U"start") || Is(j, U"early")) which = 0;
    if (Is(j, U"middle") || Is(j, U"mid")) which = 1;
    if (Is(j, U"end") || Is(j, U"late")) which = 2;
    if (which < 0) return false;
    ++j;
    if (Is(j, U"of")) ++j;
    if (Is(j, U"-")) ++j;
    size_t q = j;
    if (!Period(&q, &base)) return false;
    j = q;
  }
  int64_t d0 = DayOf(base.from), d1 = DayOf(base.to);
  switch (base.grain) {
    case Grain::kWeek:
      if (which == 0) *out = Interval(d0 * kDay, (d0 + 3) * kDay, Grain::kDay);
      else if (which == 2) *out = Interval((d0 + 4) * kDay, d1 * kDay, Grain::kDay);
      else *out = Interval((d0 + 2) * kDay, (d0 + 5) * kDay, Grain::kDay);
      break;
    case Grain::kMonth:
      if (which == 0) *out = Interval(d0 * kDay, (d0 + 10) * kDay, Grain::kDay);
      else if (which == 1) *out = Interval((d0 + 10) * kDay, (d0 + 20) * kDay, Grain::kDay);
      else *out = Interval((d0 + 20) * kDay, d1 * kDay, Grain::kDay);
      break;
    case Grain::kYear:
      if (which == 0) *out = Interval(base.from, Add(base.from, Grain::kMonth, 3), Grain::kMonth);
      else if (which == 1) *out = Interval(Add(base.from, Grain::kMonth, 4),
                                           Add(base.from, Grain::kMonth, 8), Grain::kMonth);
      else *out = Interval(Add(base.from, Grain::kMonth, 8), base.to, Grain::kMonth);
      break;
    default: return false;
  }
  *k = j;
  return true;
}

bool EnParser::Expr(size_t* k, Span* out) const {
  size_t j = *k;
  size_t best = 0;
  Span cand;
  auto take = [&](size_t end, const Span& sp) {
    if (end > best) {
      best = end;
      *out = sp;
    }
  };
  // now
  {
    static const std::u32string_view kNow[][3] = {
        {U"right", U"now", U""}, {U"just", U"now", U""}, {U"now", U"", U""},
        {U"at", U"the", U"moment"}, {U"atm", U"", U""}};
    for (const auto& w : kNow) {
      size_t q = j;
      bool ok = true;
      for (auto x : w) {
        if (x.empty()) break;
        if (!Is(q, x)) {
          ok = false;
          break;
        }
        ++q;
      }
      if (ok) take(q, ValueAt(ctx.now, Grain::kSecond));
    }
    if (Is(j, U"as") && Is(j + 1, U"soon") && Is(j + 2, U"as") && Is(j + 3, U"possible")) {
      Span sp = ValueAt(ctx.now, Grain::kSecond);
      sp.kind = TimeKind::kOpenInterval;
      sp.has_to = false;
      take(j + 4, sp);
    }
    if (Is(j, U"asap")) {
      Span sp = ValueAt(ctx.now, Grain::kSecond);
      sp.kind = TimeKind::kOpenInterval;
      sp.has_to = false;
      take(j + 1, sp);
    }
  }
  {
    size_t q = j;
    if (Relative(&q, &cand)) take(q, cand);
    // next business day / next working day / in N business days
    q = j;
    if ((Is(q, U"next") || Is(q, U"previous") || Is(q, U"last")) &&
        (Is(q + 1, U"business") || Is(q + 1, U"working") || Is(q + 1, U"work")) &&
        Is(q + 2, U"day")) {
      int n = Is(q, U"next") ? 1 : -1;
      take(q + 3, ValueAt(AddWorkdays(ctx.today, n, ctx.options->calendar) * kDay, Grain::kDay));
    }
  }
  {
    size_t q = j;
    if (Boundary(&q, &cand)) take(q, cand);
  }
  {
    size_t q = j;
    if (Nth(&q, &cand)) take(q, cand);
  }
  {
    size_t q = j;
    if (Period(&q, &cand) && q > j + 1) take(q, cand);
  }
  // Quarters: third quarter [of] [2018], 18q4, 2018q4.
  {
    size_t q = j;
    if (Is(q, U"the")) ++q;
    int n = 0;
    if (Ordinal(&q, &n) && (Is(q, U"quarter") || Is(q, U"qtr")) && n >= 1 && n <= 4) {
      ++q;
      int y = ctx.year;
      size_t r = q;
      if (Is(r, U"of")) ++r;
      if (r < t.size() && t[r].num && t[r].digits == 4) {
        y = static_cast<int>(t[r].value);
        q = r + 1;
      }
      take(q, ValueAt(DayNumber(y, 3 * n - 2, 1) * kDay, Grain::kQuarter));
    }
    q = j;
    if (q + 1 < t.size() && t[q].num && t[q + 1].w.size() == 2 && t[q + 1].w[0] == U'q' &&
        t[q + 1].b == t[q].e) {
      // Tokenizer splits "18q4" into 18, q, 4 only when letters/digits alternate.
    }
    if (q + 2 < t.size() && t[q].num && Is(q + 1, U"q") && t[q + 2].num && t[q + 2].value >= 1 &&
        t[q + 2].value <= 4 && t[q + 1].b == t[q].e && t[q + 2].b == t[q + 1].e) {
      int y = static_cast<int>(t[q].value);
      if (t[q].digits == 2) y = ExpandTwoDigitYear(y, ctx.year);
      int qq = static_cast<int>(t[q + 2].value);
      take(q + 3, ValueAt(DayNumber(y, 3 * qq - 2, 1) * kDay, Grain::kQuarter));
    }
  }
  // Open intervals and "by".
  {
    size_t q = j;
    int kind = -1;  // 0 to, 1 from, 2 by
    if (Is(q, U"before") || Is(q, U"until") || Is(q, U"till") || Is(q, U"through")) kind = 0;
    if (Is(q, U"after") || Is(q, U"since") || Is(q, U"from")) kind = 1;
    if (Is(q + 1, U"lunch") || Is(q + 1, U"school")) kind = -1;
    if (Is(q, U"by")) kind = 2;
    if (kind >= 0) {
      ++q;
      Span x;
      Fields f;
      size_t r = q;
      bool ok = Boundary(&r, &x);
      if (!ok) {
        r = q;
        ok = Period(&r, &x) && (r > q + 1 || x.grain == Grain::kYear);
      }
      if (!ok) {
        r = q;
        ok = Point(&r, &x, &f);
      }
      if (!ok && kind == 1) {
        r = q - 1;
        Span d;
        size_t r2 = q;
        if (Relative(&r2, &d) && d.kind == TimeKind::kDuration) {
          x = ShiftedPoint(ctx, d.grain, d.duration_s / GrainSeconds(d.grain), false);
          r = r2;
          ok = true;
        }
      }
      if (ok) {
        Span o = x;
        if (kind == 0) {
          o.kind = TimeKind::kOpenInterval;
          o.has_from = false;
          o.to = x.from;
        } else if (kind == 1) {
          o.kind = TimeKind::kOpenInterval;
          o.has_to = false;
        } else {
          o = Interval(ctx.now, x.kind == TimeKind::kInterval ? x.to : x.from, Grain::kSecond);
        }
        take(r, o);
      }
    }
  }
  // Ranges.
  {
    size_t q = j;
    bool between = false;
    if (Is(q, U"from")) ++q;
    else if (Is(q, U"between")) between = true, ++q;
    else if (Is(q, U"later") && Is(q + 1, U"than")) q += 2;
    Fields fa;
    Span a;
    size_t r = q;
    bool a_ok = Point(&r, &a, &fa);
    int a_bare = -1;  // a bare number whose meaning the other end decides
    bool a_ordinal = false;
    if (!a_ok) {
      // A bare day or hour that takes its month / am-pm from the other end: "13 to 15 July".
      fa = Fields();
      r = q;
      if (Is(r, U"the")) ++r;
      int dd = 0;
      int64_t v;
      if (Ordinal(&r, &dd)) {
        a_bare = dd;
        a_ordinal = true;
        a_ok = true;
      } else if (r < t.size() && t[r].num && t[r].digits <= 2 && Num(&r, &v, false)) {
        a_bare = static_cast<int>(v);
        a_ok = true;
      }
      if (a_ok) fa.day = a_bare;
    }
    if (a_ok) {
      size_t c = r;
      bool conn = false;
      if (between ? Is(c, U"and") : (Is(c, U"-") || Is(c, U"to") || Is(c, U"thru") ||
                                     Is(c, U"through") || Is(c, U"until") || Is(c, U"untill") ||
                                     Is(c, U"till") || Is(c, U"/") ||
                                     (Is(c, U"but") && Is(c + 1, U"before")))) {
        conn = true;
        c += Is(c, U"but") ? 2 : 1;
        if (Is(c, U"the")) ++c;
      }
      if (conn) {
        Fields fb;
        Span b;
        size_t e = c;
        bool b_ok = Point(&e, &b, &fb);
        if (b_ok && a_bare >= 0 && !a_ordinal && fb.hour && !fb.HasDate()) {
          fa = Fields();
          fa.hour = a_bare;
        }
        if (!b_ok && (fa.month || fa.hour)) {
          fb = Fields();
          e = c;
          int dd = 0;
          if (fa.month && !fa.hour && Ordinal(&e, &dd)) {
            fb.day = dd;
            b_ok = true;
          } else if (e < t.size() && t[e].num && t[e].digits <= 2) {
            e = c;
            if (fa.hour) {
              b_ok = Clock(&e, &fb);
            } else {
              fb.day = static_cast<int>(t[e].value);
              ++e;
              b_ok = true;
            }
          }
        }
        if (b_ok) {
          if (fa.day && !fa.month && fb.month) {
            fa.month = fb.month;
            fa.year = fb.year;
          }
          if (fa.day && fa.month && fb.day && !fb.month && !fb.weekday && !fb.abs_day) {
            fb.month = fa.month;
            fb.year = fa.year;
          }
          if (fa.hour && !fa.HasDate() && fb.HasDate()) {
            fa.year = fb.year;
            fa.month = fb.month;
            fa.day = fb.day;
            fa.abs_day = fb.abs_day;
            fa.weekday = fb.weekday;
            fa.week_offset = fb.week_offset;
            fa.week_only = fb.week_only;
          }
          if (fb.hour && !fb.hour_24 && fa.hour_24 && fa.hour && *fb.hour < *fa.hour &&
              *fb.hour < 12) {
            fb.hour = *fb.hour + 12;
            fb.hour_24 = true;
          }
          if (fa.hour && !fa.hour_24 && fb.hour_24 && *fa.hour < 12 && *fa.hour + 12 <= *fb.hour) {
            fa.hour = *fa.hour + 12;
            fa.hour_24 = true;
          }
          fa.latent = false;
          auto ra = Resolve(fa, ctx);
          auto rb = ResolveWithDefaults(fb, fa, ctx);
          if (ra && rb && rb->to > ra->from) {
            Grain g = std::min(ra->grain, rb->grain);
            int64_t to = rb->kind == TimeKind::kValue ? Add(rb->from, g, 1) : rb->to;
            take(e, Interval(ra->from, to, g));
          }
        }
      }
      // X for N units.
      if (Is(r, U"for")) {
        size_t e = r + 1;
        Span d;
        if (Relative(&e, &d) && d.kind == TimeKind::kDuration) {
          Grain g = std::min(a.grain, d.grain);
          take(e, Interval(a.from, a.from + d.duration_s + GrainSeconds(g), g));
        }
      }
    }
  }
  {
    size_t q = j;
    int off = 99;
    if (Is(q, U"this") && Is(q + 1, U"past")) off = -1, q += 2;
    else if (Is(q, U"this") || Is(q, U"current")) off = 0, ++q;
    else if (Is(q, U"next") || Is(q, U"coming")) off = 1, ++q;
    else if (Is(q, U"last") || Is(q, U"past") || Is(q, U"previous")) off = -1, ++q;
    size_t r = q;
    bool we = false;
    if (Is(r, U"weekend") || Is(r, U"wkend")) we = true, ++r;
    else if (Is(r, U"week") && Is(r + 1, U"-") && Is(r + 2, U"end")) we = true, r += 3;
    else if (Is(r, U"week") && Is(r + 1, U"end")) we = true, r += 2;
    if (we) {
      if (off == 99) off = 0;
      int64_t fri = ctx.today - ctx.weekday + 7 * off + 4;
      take(r, Interval(fri * kDay + 18 * 3600, (fri + 3) * kDay, Grain::kHour));
    }
    q = j;
    if (Is(q, U"the")) ++q;
    if (Is(q, U"week") && Is(q + 1, U"of")) {
      Fields f;
      size_t e = q + 2;
      if (Point(&e, &cand, &f) && cand.grain == Grain::kDay) {
        take(e, ValueAt(Floor(cand.from, Grain::kWeek), Grain::kWeek));
      }
    }
  }
  {
    size_t q = j;
    Fields f;
    if (Point(&q, &cand, &f)) take(q, cand);
  }
  if (best == 0) return false;
  *k = best;
  return true;
}

}  // namespace engram::temporal
