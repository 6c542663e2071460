#include "src/temporal/span.h"

#include <algorithm>

#include "src/base/time.h"

namespace engram::temporal {

Context MakeContext(const Instant& ref, const TimeParseOptions& options) {
  Context c;
  c.offset_minutes = ref.offset_minutes;
  int64_t ms = ref.unix_ms + int64_t{ref.offset_minutes} * 60000;
  c.now = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
  c.today = c.now >= 0 ? c.now / kDay : -((-c.now + kDay - 1) / kDay);
  SplitDay(c.today, &c.year, &c.month, &c.day);
  c.weekday = Weekday(c.today);
  c.options = &options;
  return c;
}

int64_t DayNumber(int y, int m, int d) { return base::DaysFromCivil(y, m, d); }

void SplitDay(int64_t day, int* y, int* m, int* d) {
  base::CivilDate c = base::CivilFromDays(day);
  *y = c.year;
  *m = c.month;
  *d = c.day;
}

int Weekday(int64_t day) { return base::WeekdayFromDays(day); }

int64_t MonthIndex(int y, int m) { return int64_t{y} * 12 + (m - 1); }

int64_t MonthStart(int64_t mi) {
  int64_t y = mi >= 0 ? mi / 12 : -((-mi + 11) / 12);
  int m = static_cast<int>(mi - y * 12) + 1;
  return DayNumber(static_cast<int>(y), m, 1) * kDay;
}

namespace {
int64_t FloorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
}  // namespace

int64_t Floor(int64_t t, Grain g) {
  int64_t day = FloorDiv(t, kDay);
  int y, m, d;
  switch (g) {
    case Grain::kSecond: return t;
    case Grain::kMinute: return FloorDiv(t, 60) * 60;
    case Grain::kHour: return FloorDiv(t, 3600) * 3600;
    case Grain::kDay: return day * kDay;
    case Grain::kWeek: return (day - Weekday(day)) * kDay;
    case Grain::kMonth: SplitDay(day, &y, &m, &d); return DayNumber(y, m, 1) * kDay;
    case Grain::kQuarter:
      SplitDay(day, &y, &m, &d);
      return DayNumber(y, (m - 1) / 3 * 3 + 1, 1) * kDay;
    case Grain::kYear: SplitDay(day, &y, &m, &d); return DayNumber(y, 1, 1) * kDay;
  }
  return t;
}

int64_t Add(int64_t t, Grain g, int64_t n) {
  switch (g) {
    case Grain::kSecond: return t + n;
    case Grain::kMinute: return t + n * 60;
    case Grain::kHour: return t + n * 3600;
    case Grain::kDay: return t + n * kDay;
    case Grain::kWeek: return t + n * 7 * kDay;
    case Grain::kMonth:
    case Grain::kQuarter:
    case Grain::kYear: {
      int64_t months = g == Grain::kMonth ? n : g == Grain::kQuarter ? 3 * n : 12 * n;
      int64_t day = FloorDiv(t, kDay);
      int64_t secs = t - day * kDay;
      int y, m, d;
      SplitDay(day, &y, &m, &d);
      int64_t mi = MonthIndex(y, m) + months;
      int64_t ny = FloorDiv(mi, 12);
      int nm = static_cast<int>(mi - ny * 12) + 1;
      if (ny < -100000 || ny > 100000) return t;
      int nd = std::min(d, base::DaysInMonth(static_cast<int>(ny), nm));
      return DayNumber(static_cast<int>(ny), nm, nd) * kDay + secs;
    }
  }
  return t;
}

int64_t GrainSeconds(Grain g) {
  switch (g) {
    case Grain::kSecond: return 1;
    case Grain::kMinute: return 60;
    case Grain::kHour: return 3600;
    case Grain::kDay: return kDay;
    case Grain::kWeek: return 7 * kDay;
    case Grain::kMonth: return 30 * kDay;
    case Grain::kQuarter: return 90 * kDay;
    case Grain::kYear: return 365 * kDay;
  }
  return 1;
}

Span ValueAt(int64_t t, Grain g) {
  Span s;
  s.from = t;
  s.to = Add(t, g, 1);
  s.grain = g;
  s.kind = TimeKind::kValue;
  return s;
}

Span Interval(int64_t from, int64_t to, Grain g) {
  Span s;
  s.from = from;
  s.to = to;
  s.grain = g;
  s.kind = TimeKind::kInterval;
  return s;
}

namespace {

bool ValidDay(int y, int m, int d) {
  return m >= 1 && m <= 12 && d >= 1 && d <= base::DaysInMonth(y, m);
}

// Resolves the date part; returns false when the fields name no valid date.
bool ResolveDate(const Fields& f, const Context& ctx, Span* out) {
  if (f.abs_day) {
    *out = ValueAt(*f.abs_day * kDay, Grain::kDay);
    return true;
  }
  int64_t monday = ctx.today - ctx.weekday;
  if (f.week_only) {
    int64_t wk = monday + 7 * int64_t{f.week_offset.value_or(0)};
    if (f.weekday) {
      *out = ValueAt((wk + *f.weekday) * kDay, Grain::kDay);
    } else {
      *out = ValueAt(wk * kDay, Grain::kWeek);
    }
    return true;
  }
  if (f.weekday && !f.month && !f.day) {
    int64_t d;
    if (f.week_offset) {
      d = monday + 7 * int64_t{*f.week_offset} + *f.weekday;
    } else if (!ctx.options->prefer_future) {
      d = monday + *f.weekday;
    } else {
      int delta = (*f.weekday - ctx.weekday + 7) % 7;
      d = ctx.today + (delta == 0 ? 7 : delta);
    }
    *out = ValueAt(d * kDay, Grain::kDay);
    return true;
  }
  if (f.day) {
    int y = f.year.value_or(ctx.year);
    if (f.month) {
      int m = *f.month;
      if (!f.year) {
        if (f.weekday && ctx.options->prefer_future) {
          for (int k = 0; k < 40; ++k) {
            if (ValidDay(ctx.year + k, m, *f.day) &&
                Weekday(DayNumber(ctx.year + k, m, *f.day)) == *f.weekday) {
              y = ctx.year + k;
              break;
            }
          }
        } else if (ctx.options->prefer_future && ValidDay(y, m, *f.day) &&
                   DayNumber(y, m, *f.day) < ctx.today) {
          ++y;
        }
      }
      if (!ValidDay(y, m, *f.day)) {
        if (!f.year && m == 2 && *f.day == 29) {
          while (!ValidDay(y, m, 29)) ++y;
        } else {
          return false;
        }
      }
      *out = ValueAt(DayNumber(y, m, *f.day) * kDay, Grain::kDay);
      return true;
    }
    // Day of month only: this month, or the next month that has it (future preference).
    int64_t mi = MonthIndex(ctx.year, ctx.month);
    for (int k = 0; k < 48; ++k, ++mi) {
      int yy = static_cast<int>(mi / 12), mm = static_cast<int>(mi % 12) + 1;
      if (!ValidDay(yy, mm, *f.day)) continue;
      int64_t d = DayNumber(yy, mm, *f.day);
      if (f.weekday ? Weekday(d) != *f.weekday
                    : (d < ctx.today && ctx.options->prefer_future)) {
        continue;
      }
      *out = ValueAt(d * kDay, Grain::kDay);
      return true;
    }
    return false;
  }
  if (f.month) {
    int y = f.year.value_or(ctx.year);
    if (!f.year && *f.month < ctx.month && ctx.options->prefer_future) ++y;
    if (*f.month < 1 || *f.month > 12) return false;
    *out = ValueAt(DayNumber(y, *f.month, 1) * kDay, Grain::kMonth);
    return true;
  }
  if (f.year) {
    if (*f.year < -9999 || *f.year > 9999) return false;
    *out = ValueAt(DayNumber(*f.year, 1, 1) * kDay, Grain::kYear);
    return true;
  }
  return false;
}

}  // namespace

std::optional<Span> Resolve(const Fields& f, const Context& ctx) {
  Span date;
  bool have_date = f.HasDate();
  if (have_date && !ResolveDate(f, ctx, &date)) return std::nullopt;
  if (f.hour) {
    int h = *f.hour;
    if (h > 24 || f.minute.value_or(0) > 59 || f.second.value_or(0) > 59) return std::nullopt;
    Grain g = f.second ? Grain::kSecond : f.minute ? Grain::kMinute : Grain::kHour;
    int64_t tod_extra = int64_t{f.minute.value_or(0)} * 60 + f.second.value_or(0);
    if (f.pod) {
      if (f.pod->pm == 1 && h < 12) h += 12;
      if (f.pod->pm == 1 && h == 12 && f.pod->from_h >= 18) h = 24;
      if (f.pod->pm == 0 && h == 12 && f.pod->to_h <= 12) h = 0;
      if (f.pod->pm == 2 && h >= 9 && h < 12) h += 12;
      if (f.pod->pm == 2 && h == 12) h = 24;
    }
    if (have_date) {
      int64_t day0 = Floor(date.from, Grain::kDay);
      Span s = ValueAt(day0 + int64_t{h} * 3600 + tod_extra, g);
      return s;
    }
    // Bare clock time: the next occurrence (12-hour ambiguity when not a 24-hour form or
    // resolved by a part of the day).
    int cands[2] = {h, -1};
    if (!f.hour_24 && !f.pod && h <= 12) {
      cands[0] = h == 12 ? 12 : h;
      cands[1] = h == 12 ? 24 : h + 12;
    }
    int64_t best = -1;
    for (int k = 0; k < 2 && best < 0; ++k) {
      for (int c : cands) {
        if (c < 0) continue;
        int64_t t = (ctx.today + k) * kDay + int64_t{c} * 3600 + tod_extra;
        if ((t >= ctx.now || !ctx.options->prefer_future) && (best < 0 || t < best)) best = t;
      }
    }
    Span s = ValueAt(best, g);
    s.confidence = f.latent ? 0.6 : 0.9;
    return s;
  }
  if (f.pod) {
    int64_t day0 = have_date ? Floor(date.from, Grain::kDay) : ctx.today * kDay;
    return Interval(day0 + int64_t{f.pod->from_h} * 3600, day0 + int64_t{f.pod->to_h} * 3600,
                    Grain::kHour);
  }
  if (!have_date) return std::nullopt;
  return date;
}

std::optional<Span> ResolveWithDefaults(Fields f, const Fields& outer, const Context& ctx) {
  bool has_date = f.HasDate();
  if (!has_date) {
    // Time only: take the whole date of the outer expression.
    f.year = outer.year;
    f.month = outer.month;
    f.day = outer.day;
    f.abs_day = outer.abs_day;
    f.weekday = outer.weekday;
    f.week_offset = outer.week_offset;
    f.week_only = outer.week_only;
    if (!f.pod && outer.pod && f.hour) f.pod = outer.pod;
    if (!f.pod && !f.HasDate() && outer.hour && f.hour && !f.hour_24 && outer.hour_24) {
      if (*f.hour < *outer.hour && *f.hour < 12) f.hour = *f.hour + 12;
    }
  } else if (!f.year && !f.abs_day && !f.weekday) {
    if (f.month || f.day) f.year = outer.year;
    if (!f.month && f.day) f.month = outer.month;
  }
  return Resolve(f, ctx);
}

TimeMatch ToMatch(const Span& s, const Context& ctx) {
  TimeMatch m;
  m.kind = s.kind;
  m.grain = s.grain;
  m.confidence = s.confidence;
  m.holiday = s.holiday;
  m.unresolved_reason = s.unresolved;
  int64_t off = int64_t{ctx.offset_minutes} * 60;
  if (s.kind == TimeKind::kDuration) {
    m.duration_ms = s.duration_s * 1000;
    return m;
  }
  if (s.has_from) m.from = Instant{(s.from - off) * 1000, ctx.offset_minutes};
  if (s.has_to) m.to = Instant{(s.to - off) * 1000, ctx.offset_minutes};
  return m;
}

}  // namespace engram::temporal
