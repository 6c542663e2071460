// Digit-only date and time forms, unit words and the relative-span helpers shared by the
// Chinese and English grammars.
#include "src/base/time.h"
#include "src/temporal/grammar.h"

namespace engram::temporal {
namespace {

bool IsSep(char32_t ch) { return ch == U'-' || ch == U'/' || ch == U'.'; }

bool ValidDate(int64_t y, int64_t m, int64_t d) {
  return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 &&
         d <= base::DaysInMonth(static_cast<int>(y), static_cast<int>(m));
}

// Optional " HH:MM" or glued "HH:MM" after a full date.
void TrailingTime(Cursor* c, Fields* f) {
  Cursor p = *c;
  p.SkipSpaces();
  p.Lit(U"t");
  if (ParseColonTime(&p, f)) c->i = p.i;
}

}  // namespace

bool ParseColonTime(Cursor* c, Fields* f) {
  Cursor p = *c;
  int64_t h, m, s;
  int dh, dm, ds;
  if (!ReadArabic(&p, &h, &dh, 2) || h > 24 || !p.Lit(U":")) return false;
  if (!ReadArabic(&p, &m, &dm, 2) || dm != 2 || m > 59) return false;
  f->hour = static_cast<int>(h);
  f->minute = static_cast<int>(m);
  f->hour_24 = h > 12 || h == 0 || (dh == 2 && (*c->s)[c->i] == U'0');
  Cursor q = p;
  if (q.Lit(U":") && ReadArabic(&q, &s, &ds, 2) && ds == 2 && s <= 59) {
    f->second = static_cast<int>(s);
    p = q;
  }
  c->i = p.i;
  return true;
}

bool ParseNumericDate(Cursor* c, const Context& ctx, Fields* f, bool month_first) {
  Cursor p = *c;
  int64_t a, b, d;
  int da, db, dd;
  if (!ReadArabic(&p, &a, &da, 8)) return false;
  if (da == 8) {  // 20240307
    int64_t y = a / 10000, m = a / 100 % 100, dy = a % 100;
    if (!ValidDate(y, m, dy)) return false;
    f->year = static_cast<int>(y);
    f->month = static_cast<int>(m);
    f->day = static_cast<int>(dy);
    c->i = p.i;
    return true;
  }
  char32_t sep = p.Peek();
  bool space_sep = sep == U' ';
  if (!IsSep(sep) && !(space_sep && da == 4)) return false;
  p.i++;
  if (!space_sep) {
    while (p.Peek() == U' ') p.i++;
  }
  if (!ReadArabic(&p, &b, &db, 2)) return false;
  if (da == 4) {
    // Year first: YYYY-MM[-DD].
    Cursor q = p;
    char32_t sep2 = q.Peek();
    if ((IsSep(sep2) && !space_sep) || (space_sep && sep2 == U' ')) {
      q.i++;
      // The day may be glued to a time: 2018-12-1209:03.
      Cursor r = q;
      int64_t dv;
      int ddv;
      if (q.Peek(2) != 0 && IsDigit(q.Peek()) && IsDigit(q.Peek(1)) && IsDigit(q.Peek(2)) &&
          ReadArabic(&r, &dv, &ddv, 6) && ddv > 2) {
        r = q;
        dv = (r.Peek() - U'0') * 10 + (r.Peek(1) - U'0');
        r.i += 2;
        if (ValidDate(a, b, dv)) {
          Fields t;
          if (ParseColonTime(&r, &t)) {
            *f = t;
            f->year = static_cast<int>(a);
            f->month = static_cast<int>(b);
            f->day = static_cast<int>(dv);
            c->i = r.i;
            return true;
          }
        }
      }
      if (ReadArabic(&q, &d, &dd, 2) && ValidDate(a, b, d)) {
        f->year = static_cast<int>(a);
        f->month = static_cast<int>(b);
        f->day = static_cast<int>(d);
        c->i = q.i;
        TrailingTime(c, f);
        return true;
      }
    }
    if (space_sep || b < 1 || b > 12 || IsDigit(p.Peek())) return false;
    f->year = static_cast<int>(a);
    f->month = static_cast<int>(b);
    c->i = p.i;
    return true;
  }
  if (da > 2) return false;
  // M/D[/YY[YY]] (or D/M when !month_first and the first cannot be a month).
  int64_t mo = a, dy = b;
  if (!month_first && a > 12 && b <= 12) std::swap(mo, dy);
  Cursor q = p;
  if (IsSep(q.Peek()) && q.Peek() == sep) {
    q.i++;
    int64_t y;
    int dyd;
    if (ReadArabic(&q, &y, &dyd, 4) && (dyd == 2 || dyd == 4)) {
      if (dyd == 2) y = ExpandTwoDigitYear(static_cast<int>(y), ctx.year) > ctx.year + 10
                            ? 1900 + y
                            : ExpandTwoDigitYear(static_cast<int>(y), ctx.year);
      if (!ValidDate(y, mo, dy)) return false;
      f->year = static_cast<int>(y);
      f->month = static_cast<int>(mo);
      f->day = static_cast<int>(dy);
      c->i = q.i;
      return true;
    }
    return false;
  }
  if (sep == U'.' && !month_first) {
    // "6.30" in Chinese text is a date only when clearly one (month.day).
  }
  if (month_first && da <= 2 && a >= 1 && a <= 12) {
    // M/YYYY
    Cursor r = *c;
    int64_t m1, y1;
    int d1, dy1;
    if (ReadArabic(&r, &m1, &d1, 2) && r.Lit(U"/") && ReadArabic(&r, &y1, &dy1, 4) && dy1 == 4 &&
        !IsDigit(r.Peek()) && !IsAsciiAlpha(r.Peek())) {
      f->year = static_cast<int>(y1);
      f->month = static_cast<int>(m1);
      c->i = r.i;
      return true;
    }
  }
  if (!ValidDate(2000, mo, dy)) return false;
  if (IsDigit(p.Peek()) || p.Peek() == U':' || IsAsciiAlpha(p.Peek())) return false;
  f->month = static_cast<int>(mo);
  f->day = static_cast<int>(dy);
  c->i = p.i;
  TrailingTime(c, f);
  return true;
}

bool ReadZhUnit(Cursor* c, Grain* g, bool* workday) {
  *workday = false;
  if (c->Lit(U"刻钟")) {
    *g = Grain::kMinute;
    return true;  // the caller multiplies by 15
  }
  int k = c->OneOf({U"秒钟", U"秒", U"分钟", U"分", U"小时", U"钟头", U"钟", U"天", U"日",
                    U"个工作日", U"工作日", U"个交易日", U"交易日", U"星期", U"礼拜", U"周年",
                    U"周", U"个月", U"月", U"季度", U"年"});
  static const Grain kG[] = {Grain::kSecond, Grain::kSecond, Grain::kMinute, Grain::kMinute,
                             Grain::kHour,   Grain::kHour,   Grain::kHour,   Grain::kDay,
                             Grain::kDay,    Grain::kDay,    Grain::kDay,    Grain::kDay,
                             Grain::kDay,    Grain::kWeek,   Grain::kWeek,   Grain::kYear,
                             Grain::kWeek,   Grain::kMonth,  Grain::kMonth,  Grain::kQuarter,
                             Grain::kYear};
  if (k < 0) return false;
  *g = kG[k];
  *workday = k >= 9 && k <= 12;
  return true;
}

Span LastNextUnits(const Context& ctx, Grain g, int64_t n) {
  int64_t cur = Floor(ctx.now, g);
  if (n < 0) return Interval(Add(cur, g, n), cur, g);
  int64_t from = Add(cur, g, 1);
  return Interval(from, Add(from, g, n), g);
}

Span ShiftedPoint(const Context& ctx, Grain g, int64_t n, bool zh_style) {
  int64_t t = Add(ctx.now, g, n);
  Grain fine = g;
  switch (g) {
    case Grain::kSecond: fine = Grain::kSecond; break;
    case Grain::kMinute: fine = Grain::kSecond; break;
    case Grain::kHour: fine = Grain::kMinute; break;
    case Grain::kDay: fine = zh_style ? Grain::kDay : Grain::kHour; break;
    case Grain::kWeek: fine = zh_style ? Grain::kWeek : Grain::kDay; break;
    case Grain::kMonth: fine = zh_style ? Grain::kMonth : Grain::kDay; break;
    case Grain::kQuarter: fine = zh_style ? Grain::kQuarter : Grain::kDay; break;
    case Grain::kYear: fine = zh_style ? Grain::kYear : Grain::kMonth; break;
  }
  return ValueAt(Floor(t, fine), fine);
}

int64_t AddWorkdays(int64_t day, int n, const std::string& calendar) {
  int step = n >= 0 ? 1 : -1;
  int left = n >= 0 ? n : -n;
  int64_t d = day;
  for (int guard = 0; left > 0 && guard < 4000; ++guard) {
    d += step;
    if (IsWorkdayDay(d, calendar)) --left;
  }
  return d;
}

}  // namespace engram::temporal
