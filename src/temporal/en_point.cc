// English points: day words, weekdays, month/day/year, numeric dates, clock times, parts
// of the day.
#include "src/temporal/en_rules.h"
#include "src/temporal/grammar.h"

namespace engram::temporal {

bool EnParser::AmPm(size_t* k, int* pm) const {
  size_t j = *k;
  if (j >= t.size()) return false;
  std::u32string_view w = t[j].w;
  int v = -1;
  if (w == U"am" || w == U"a") v = 0;
  if (w == U"pm" || w == U"p") v = 1;
  if (v < 0) return false;
  ++j;
  if (w.size() == 1) {
    // "a.m." / "a m" / "a."
    size_t q = j;
    if (Is(q, U".")) ++q;
    if (Is(q, U"m")) {
      ++q;
      if (Is(q, U".")) ++q;
      j = q;
    } else if (Is(j, U".")) {
      j = j + 1;
    }
  } else if (Is(j, U".")) {
    ++j;
  }
  *pm = v;
  *k = j;
  return true;
}

bool EnParser::Clock(size_t* k, Fields* f) const {
  size_t j = *k;
  if (j >= t.size()) return false;
  bool at = j > 0 && (Is(j - 1, U"at") || Is(j - 1, U"@"));
  // noon / midnight
  if (Is(j, U"noon") || Is(j, U"midday") || (Is(j, U"mid") && Is(j + 1, U"day"))) {
    f->hour = 12;
    f->hour_24 = true;
    *k = j + (Is(j, U"mid") ? 2 : 1);
    return true;
  }
  if (Is(j, U"midnight")) {
    f->hour = 0;
    f->hour_24 = true;
    *k = j + 1;
    return true;
  }
  // half past X / a quarter past X / N minutes past X / a quarter to X.
  {
    size_t q = j;
    int64_t minutes = -1;
    if (Is(q, U"half")) {
      minutes = 30;
      ++q;
    } else if ((Is(q, U"a") && Is(q + 1, U"quarter")) || Is(q, U"quarter")) {
      minutes = 15;
      q += Is(q, U"a") ? 2 : 1;
    } else {
      size_t r = q;
      int64_t v;
      if (Num(&r, &v, false) && v < 60) {
        if (Is(r, U"minutes") || Is(r, U"minute") || Is(r, U"mins") || Is(r, U"min")) ++r;
        bool unit = r > q + 1;
        bool noon_next = Is(r + 1, U"noon") || Is(r + 1, U"midnight");
        if (Is(r, U"past") || Is(r, U"after") || Is(r, U"from") ||
            ((Is(r, U"to") || Is(r, U"till") || Is(r, U"before")) && (unit || noon_next))) {
          minutes = v;
          q = r;
        }
      }
    }
    if (minutes >= 0) {
      bool to = Is(q, U"to") || Is(q, U"till") || Is(q, U"before");
      bool past = Is(q, U"past") || Is(q, U"after") || Is(q, U"from");
      if (minutes == 30 && !to && !past) past = true, --q;  // "half three"
      if (to || past) {
        ++q;
        Fields h;
        size_t r = q;
        if (Clock(&r, &h) && h.hour && h.minute.value_or(0) == 0) {
          int hour = *h.hour;
          int m = static_cast<int>(minutes);
          if (to) {
            hour = hour == 0 ? 23 : hour - 1;
            m = 60 - m;
          }
          f->hour = hour;
          f->minute = m;
          f->hour_24 = h.hour_24;
          *k = r;
          return true;
        }
      }
    }
  }
  size_t q = j;
  int64_t h = -1, m = -1, sec = -1;
  bool h24 = false;
  bool explicit_form = false;
  const Tok& x = t[q];
  bool approx = j > 0 && (Is(j - 1, U"around") || Is(j - 1, U"approximately") ||
                          Is(j - 1, U"about"));
  if (x.num && (x.digits == 3 || x.digits == 4) && x.value % 100 < 60 && x.value / 100 <= 24 &&
      !((Is(q + 1, U"-") || Is(q + 1, U".")) && q + 2 < t.size() && t[q + 2].num)) {
    // 1030, 330 p.m., 815
    h = x.value / 100;
    m = x.value % 100;
    ++q;
    h24 = x.digits == 4 && x.value >= 1300;
  } else if (x.num && x.digits <= 2 && x.value <= 24) {
    h = x.value;
    ++q;
    if (Is(q, U":") && q + 1 < t.size() && t[q + 1].num && t[q + 1].digits == 2) {
      m = t[q + 1].value;
      q += 2;
      explicit_form = true;
      if (Is(q, U":") && q + 1 < t.size() && t[q + 1].num && t[q + 1].digits == 2) {
        sec = t[q + 1].value;
        q += 2;
      }
      h24 = h > 12 || h == 0 || (x.digits == 2 && x.w[0] == U'0');
    } else if (Is(q, U"h") && t[q].b == x.e) {
      ++q;
      explicit_form = true;
      h24 = true;
      if (q < t.size() && t[q].num && t[q].digits == 2 && t[q].b == t[q - 1].e) {
        m = t[q].value;
        ++q;
      } else {
        m = 0;
      }
    } else if (at && q < t.size() && t[q].num && t[q].digits == 2 && t[q].value < 60) {
      m = t[q].value;  // "at 3 15"
      ++q;
    }
  } else {
    // Words: three, ten thirty, twelve oh three, nine fifty nine.
    int n = EnSmallNumber(x.w);
    if (n < 1 || n > 12) return false;
    h = n;
    ++q;
    size_t r = q;
    if (Is(r, U"-")) ++r;
    if (Is(r, U"oh") || Is(r, U"o") || Is(r, U"ou") || Is(r, U"zero")) {
      size_t r2 = r + 1;
      if (Is(r2, U"-")) ++r2;
      int u = r2 < t.size() ? EnSmallNumber(t[r2].w) : -1;
      if (u >= 1 && u <= 9) {
        m = u;
        q = r2 + 1;
      }
    } else {
      int64_t v;
      size_t r2 = r;
      if (r2 < t.size() && t[r2].word && Num(&r2, &v, false) && v >= 10 && v < 60) {
        m = v;
        q = r2;
      }
    }
  }
  if (h < 0 || h > 24) return false;
  int pm = -1;
  {
    size_t r = q;
    if (Is(r, U"ish")) ++r;
    if (AmPm(&r, &pm)) q = r;
  }
  bool oclock = false;
  if (Is(q, U"o") && Is(q + 1, U"'") && Is(q + 2, U"clock")) {
    q += 3;
    oclock = true;
  } else if (Is(q, U"oclock")) {
    ++q;
    oclock = true;
  }
  if (pm < 0) {
    size_t r = q;
    if (AmPm(&r, &pm)) q = r;
  }
  if (Is(q, U"ish")) ++q;
  if (pm >= 0) {
    if (h > 12) return false;
    if (pm == 1 && h < 12) h += 12;
    if (pm == 0 && h == 12) h = 0;
    h24 = true;
  }
  bool words = !x.num;
  if (pm < 0 && !oclock && !explicit_form && !at && m < 0) f->latent = true;
  if (words && pm < 0 && m < 0 && !oclock && !at) f->latent = true;
  if (x.num && (x.digits == 3 || x.digits == 4) && pm < 0 && !at && !approx) return false;
  f->hour = static_cast<int>(h);
  if (m >= 0) f->minute = static_cast<int>(m);
  if (sec >= 0) f->second = static_cast<int>(sec);
  f->hour_24 = h24;
  *k = q;
  return true;
}

bool EnParser::WeekdayPhrase(size_t* k, Fields* f) const {
  size_t j = *k;
  int off = 99;
  if (Is(j, U"last") && Is(j + 1, U"week") && Is(j + 2, U"'") && Is(j + 3, U"s")) {
    j += 4;
    off = -1;
  } else if (Is(j, U"next") || Is(j, U"last") || Is(j, U"this") || Is(j, U"coming") ||
             Is(j, U"upcoming") || Is(j, U"past") || Is(j, U"previous")) {
    off = Is(j, U"next") ? 1 : (Is(j, U"last") || Is(j, U"past") || Is(j, U"previous")) ? -1
                                                                                         : 0;
    ++j;
  }
  if (j >= t.size()) return false;
  int wd = EnWeekday(t[j].w);
  if (wd < 0) return false;
  ++j;
  if (Is(j, U".")) ++j;
  if (off == 99 || off == 0) {
    size_t q = j;
    if (Is(q, U"of") || Is(q, U"from")) ++q;
    int wo = 99;
    if (Is(q, U"next") && Is(q + 1, U"week")) wo = 1;
    if ((Is(q, U"this") || Is(q, U"current")) && Is(q + 1, U"week")) wo = 0;
    if (Is(q, U"last") && Is(q + 1, U"week")) wo = -1;
    if (wo != 99) {
      f->week_only = true;
      f->week_offset = wo;
      f->weekday = wd;
      *k = q + 2;
      return true;
    }
    if (Is(j, U"after") && Is(j + 1, U"next")) {
      int delta = (wd - ctx.weekday + 7) % 7;
      f->abs_day = ctx.today + (delta == 0 ? 7 : delta) + 7;
      *k = j + 2;
      return true;
    }
    f->weekday = wd;
    *k = j;
    return true;
  }
  f->week_only = true;
  f->week_offset = off;
  f->weekday = wd;
  *k = j;
  return true;
}

bool EnParser::MonthDay(size_t* k, Fields* f) const {
  size_t j = *k;
  auto year_after = [&](size_t* q) {
    size_t r = *q;
    if (Is(r, U",")) ++r;
    if (r < t.size() && t[r].num && (t[r].digits == 4 || t[r].digits == 2) &&
        !Is(r + 1, U":") && !(Is(r + 1, U"h"))) {
      int y = static_cast<int>(t[r].value);
      if (t[r].digits == 2) y = ExpandTwoDigitYear(y, ctx.year);
      f->year = y;
      *q = r + 1;
    }
  };
  // MONTH [the] DAY [year] | MONTH year
  if (j < t.size() && EnMonth(t[j].w) > 0 && !(t[j].w == U"may" && j + 1 >= t.size() && false)) {
    int month = EnMonth(t[j].w);
    size_t q = j + 1;
    if (Is(q, U".")) ++q;
    size_t r = q;
    if (Is(r, U"the")) ++r;
    int d = 0;
    int64_t v;
    if (Ordinal(&r, &d) || (r < t.size() && t[r].num && t[r].digits <= 2 && Num(&r, &v, false) &&
                            (d = static_cast<int>(v)) > 0)) {
      if (d >= 1 && d <= 31 && !Is(r, U":")) {
        f->month = month;
        f->day = d;
        year_after(&r);
        *k = r;
        return true;
      }
    }
    f->month = month;
    size_t r2 = q;
    year_after(&r2);
    *k = r2;
    return true;
  }
  // [the] DAY [of] MONTH [year]; 14april; the ides of march.
  size_t q = j;
  if (Is(q, U"the")) ++q;
  if (Is(q, U"ides") && Is(q + 1, U"of") && q + 2 < t.size() && EnMonth(t[q + 2].w)) {
    f->month = EnMonth(t[q + 2].w);
    f->day = 15;
    *k = q + 3;
    return true;
  }
  int d = 0;
  int64_t v;
  size_t r = q;
  if (!Ordinal(&r, &d)) {
    if (!(r < t.size() && t[r].num && t[r].digits <= 2 && Num(&r, &v, false))) return false;
    d = static_cast<int>(v);
  }
  if (d < 1 || d > 31) return false;
  size_t r2 = r;
  if (Is(r2, U"of")) ++r2;
  if (Is(r2, U"/") || Is(r2, U"-")) ++r2;
  if (r2 < t.size() && EnMonth(t[r2].w) > 0) {
    f->month = EnMonth(t[r2].w);
    f->day = d;
    size_t r3 = r2 + 1;
    if (Is(r3, U"/") || Is(r3, U"-")) ++r3;
    year_after(&r3);
    *k = r3;
    return true;
  }
  // A day of month alone needs an ordinal or "the".
  bool ordinal = r - q == 2 || (r > q && EnOrdinalWord(t[q].w) > 0) || q > j;
  if (!ordinal) return false;
  if (q == j && !(j > 0 && (Is(j - 1, U"on") || Is(j - 1, U"the")))) {
    if (!(t[q].num)) return false;
  }
  f->day = d;
  *k = r;
  return true;
}

bool EnParser::PartOfDayWords(size_t* k, Fields* f) const {
  size_t j = *k;
  bool early = false, late = false;
  if (Is(j, U"this") || Is(j, U"in") || Is(j, U"the")) {
    size_t q = j + 1;
    if (Is(q, U"the")) ++q;
    j = q;
  }
  if (Is(j, U"early")) {
    early = true;
    ++j;
  } else if (Is(j, U"late")) {
    late = true;
    ++j;
  }
  static const struct { std::u32string_view w; PartOfDay p; } kPods[] = {
      {U"morning", {0, 12, 0}},    {U"afternoon", {12, 19, 1}}, {U"afternoonish", {12, 19, 1}},
      {U"evening", {18, 24, 1}},   {U"night", {18, 24, 1}},     {U"tonight", {18, 24, 1}},
      {U"lunch", {12, 14, 1}},     {U"am", {0, 12, 0}},         {U"pm", {12, 24, 1}}};
  for (const auto& pd : kPods) {
    if (Is(j, pd.w)) {
      if ((pd.w == U"am" || pd.w == U"pm") && *k == j) return false;
      PartOfDay p = pd.p;
      if (early && pd.w == U"morning") p = {0, 9, 0};
      if (late) p.from_h = p.to_h - 3;
      if (pd.w == U"tonight" && !f->abs_day) f->abs_day = ctx.today;
      f->pod = p;
      *k = j + 1;
      return true;
    }
  }
  if (Is(j, U"after") && Is(j + 1, U"lunch")) {
    f->pod = PartOfDay{13, 17, 1};
    *k = j + 2;
    return true;
  }
  return false;
}

bool EnParser::Point(size_t* k, Span* out, Fields* f) const {
  size_t j = *k;
  bool any = false;
  bool latent_only = true;
  for (int iter = 0; iter < 8 && j < t.size(); ++iter) {
    size_t save = j;
    while (j < t.size() && (Is(j, U"at") || Is(j, U"on") || Is(j, U"@") || Is(j, U",") ||
                            Is(j, U"for") || Is(j, U"around") || Is(j, U"about") ||
                            (Is(j, U"in") && Is(j + 1, U"the") == false && j + 1 < t.size() &&
                             t[j + 1].num && t[j + 1].digits == 4) ||
                            (Is(j, U"of") && any) || (Is(j, U"from") && any))) {
      if (Is(j, U"for")) {
        Span d;
        size_t r = j + 1;
        if (Relative(&r, &d) && d.kind == TimeKind::kDuration) break;
      }
      ++j;
    }
    bool progress = false;
    size_t q = j;
    if (!f->abs_day && !f->weekday && !f->day) {
      static const struct { std::u32string_view a, b, c, d; int off; } kDays[] = {
          {U"the", U"day", U"after", U"tomorrow", 2}, {U"day", U"after", U"tomorrow", U"", 2},
          {U"the", U"day", U"before", U"yesterday", -2},
          {U"day", U"before", U"yesterday", U"", -2}, {U"today", U"", U"", U"", 0},
          {U"tomorrow", U"", U"", U"", 1}, {U"tomorrows", U"", U"", U"", 1},
          {U"yesterday", U"", U"", U"", -1}};
      for (const auto& d : kDays) {
        size_t r = q;
        bool ok = true;
        for (auto w : {d.a, d.b, d.c, d.d}) {
          if (w.empty()) break;
          if (!Is(r, w)) {
            ok = false;
            break;
          }
          ++r;
        }
        if (ok) {
          f->abs_day = ctx.today + d.off;
          q = r;
          progress = true;
          break;
        }
      }
      if (!progress && Is(q, U"last") && Is(q + 1, U"night")) {
        f->abs_day = ctx.today - 1;
        f->pod = PartOfDay{18, 24, 1};
        q += 2;
        progress = true;
      }
    }
    if (!progress && !f->weekday && !f->abs_day && WeekdayPhrase(&q, f)) progress = true;
    if (!progress && !f->month && !f->day && !f->abs_day) {
      Cursor c{text, t[q < t.size() ? q : t.size() - 1].b};
      Fields g;
      if (q < t.size() && t[q].num && ParseNumericDate(&c, ctx, &g, true)) {
        size_t r = q;
        while (r < t.size() && t[r].e <= c.i) ++r;
        if (r > q && t[r - 1].e == c.i && (g.year || g.day)) {
          f->year = g.year;
          f->month = g.month;
          f->day = g.day;
          if (g.hour) {
            f->hour = g.hour;
            f->minute = g.minute;
            f->second = g.second;
            f->hour_24 = true;
          }
          q = r;
          progress = true;
        }
      }
      if (!progress && MonthDay(&q, f)) progress = true;
    }
    if (!progress && !f->year && q < t.size() && t[q].num && t[q].digits == 4 &&
        !Is(q + 1, U":") && !Is(q + 1, U"h") && t[q].value >= 1000 && t[q].value <= 2100 &&
        (any || (q > 0 && Is(q - 1, U"in")))) {
      f->year = static_cast<int>(t[q].value);
      ++q;
      if (Is(q, U"a") && Is(q + 1, U".") && Is(q + 2, U"d") && Is(q + 3, U".")) q += 4;
      else if (Is(q, U"ad")) ++q;
      progress = true;
    }
    if (!progress && !f->pod && PartOfDayWords(&q, f)) progress = true;
    if (!progress && !f->hour) {
      Fields c = *f;
      size_t r = q;
      if (Clock(&r, &c)) {
        *f = c;
        q = r;
        progress = true;
        if (!c.latent) latent_only = false;
      }
    } else if (progress) {
      latent_only = false;
    }
    if (!progress) {
      j = save;
      break;
    }
    j = q;
    any = true;
  }
  if (!any) return false;
  if (latent_only && f->hour && !f->HasDate() && !f->pod) return false;
  if (f->year && !f->month && !f->day && !f->hour && !f->weekday && j - *k == 1) {
    // A bare four-digit number is a year only with context ("in 2014").
    return false;
  }
  auto r = Resolve(*f, ctx);
  if (!r) return false;
  // A time zone after a clock time: convert to the reference offset.
  if (f->hour && j < t.size()) {
    static const struct { std::u32string_view w; int off; } kZones[] = {
        {U"gmt", 0},    {U"utc", 0},    {U"cet", 60},   {U"cest", 120}, {U"bst", 60},
        {U"pst", -480}, {U"pdt", -420}, {U"cst", -360}, {U"cdt", -300}, {U"est", -300},
        {U"edt", -240}, {U"ist", 330},  {U"jst", 540}};
    size_t q = j;
    bool paren = Is(q, U"(");
    if (paren) ++q;
    for (const auto& z : kZones) {
      if (Is(q, z.w)) {
        int64_t shift = int64_t{ctx.offset_minutes - z.off} * 60;
        r->from += shift;
        r->to += shift;
        if (r->grain == Grain::kHour) {
          r->grain = Grain::kMinute;
          r->to = r->from + 60;
        }
        j = q + 1 + (paren && Is(q + 1, U")") ? 1 : 0);
        break;
      }
    }
  }
  *out = *r;
  *k = j;
  return true;
}

}  // namespace engram::temporal
