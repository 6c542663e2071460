// Chinese period expressions: quarters and halves, parts of periods (月初, 上旬, 年底), ordinal
// sub-periods (第2周, 第一个星期一, 最后一个工作日, 最后五天) and workday arithmetic.
#include "src/base/time.h"
#include "src/temporal/grammar.h"
#include "src/temporal/zh_periods.h"

namespace engram::temporal {
namespace {

int64_t DayOf(int64_t t) { return t >= 0 ? t / kDay : -((-t + kDay - 1) / kDay); }

// Start month of quarter q (1-4) of fiscal year y.
int64_t QuarterStart(int y, int q, int fiscal_start) {
  return MonthStart(MonthIndex(y, fiscal_start) + 3 * (q - 1));
}

// Quarter index (1-4) and fiscal year containing the reference.
void CurrentQuarter(const Context& ctx, int* y, int* q) {
  int fs = ctx.options->fiscal_year_start_month;
  int64_t mi = MonthIndex(ctx.year, ctx.month) - (fs - 1);
  *y = static_cast<int>(mi / 12);
  *q = static_cast<int>(mi % 12) / 3 + 1;
}

Span QuarterSpan(int y, int q, int fs) {
  int64_t from = QuarterStart(y, q, fs);
  Span s = ValueAt(from, Grain::kQuarter);
  s.to = Add(from, Grain::kMonth, 3);
  return s;
}

}  // namespace

bool ParseZhQuarter(Cursor* c, const Context& ctx, const Fields& f, Span* out) {
  int fs = ctx.options->fiscal_year_start_month;
  if (fs < 1 || fs > 12) fs = 1;
  Cursor p = *c;
  int cy, cq;
  CurrentQuarter(ctx, &cy, &cq);
  int year = f.year.value_or(cy);
  static const struct { std::u32string_view w; int d; } kRel[] = {
      {U"本季度", 0}, {U"这个季度", 0}, {U"这季度", 0}, {U"当季", 0}, {U"本季", 0},
      {U"上个季度", -1}, {U"上季度", -1}, {U"上一季度", -1}, {U"下个季度", 1},
      {U"下季度", 1}, {U"下一季度", 1}};
  if (!f.year) {
    for (const auto& r : kRel) {
      if (p.Lit(r.w)) {
        int64_t idx = int64_t{cy} * 4 + (cq - 1) + r.d;
        *out = QuarterSpan(static_cast<int>(idx / 4), static_cast<int>(idx % 4) + 1, fs);
        c->i = p.i;
        return true;
      }
    }
  }
  int q = 0;
  if (p.Lit(U"上半年")) {
    *out = Interval(MonthStart(MonthIndex(year, fs)), MonthStart(MonthIndex(year, fs) + 6),
                    Grain::kMonth);
    c->i = p.i;
    return true;
  }
  if (p.Lit(U"下半年")) {
    *out = Interval(MonthStart(MonthIndex(year, fs) + 6), MonthStart(MonthIndex(year, fs) + 12),
                    Grain::kMonth);
    c->i = p.i;
    return true;
  }
  if (p.Lit(U"h1") || p.Lit(U"h2")) {
    bool second = (*p.s)[p.i - 1] == U'2';
    int64_t m0 = MonthIndex(year, fs) + (second ? 6 : 0);
    *out = Interval(MonthStart(m0), MonthStart(m0 + 6), Grain::kMonth);
    c->i = p.i;
    return true;
  }
  if (p.Lit(U"q")) {
    int64_t v;
    int d;
    if (!ReadArabic(&p, &v, &d, 1) || v < 1 || v > 4) return false;
    q = static_cast<int>(v);
    p.Lit(U"季度");
  } else {
    bool ordinal = p.Lit(U"第");
    if (p.Lit(U"首")) {
      q = 1;
    } else {
      int64_t v;
      int d;
      if (!ReadNumber(&p, &v, &d) || v < 1 || v > 4) return false;
      q = static_cast<int>(v);
    }
    if (!p.Lit(U"季度") && !(ordinal && p.Lit(U"季"))) return false;
  }
  *out = QuarterSpan(year, q, fs);
  c->i = p.i;
  return true;
}

bool ApplyZhPeriodPart(Cursor* c, const Context& ctx, Span* s) {
  Cursor p = *c;
  int64_t d0 = DayOf(s->from), d1 = DayOf(s->to);
  if (s->grain == Grain::kMonth && d1 - d0 <= 31) {
    int y, m, d;
    SplitDay(d0, &y, &m, &d);
    int len = base::DaysInMonth(y, m);
    p.Lit(U"的");
    p.Lit(U"月");
    int k = p.OneOf({U"初", U"中旬", U"上旬", U"下旬", U"中", U"底", U"末"});
    if (k < 0) return false;
    static const int kFrom[] = {1, 11, 1, 21, 11, 25, 25};
    static const int kTo[] = {6, 21, 11, 0, 21, 0, 0};
    int to = kTo[k] == 0 ? len + 1 : kTo[k];
    *s = Interval((d0 + kFrom[k] - 1) * kDay, (d0 + to - 1) * kDay, Grain::kDay);
    c->i = p.i;
    return true;
  }
  if (s->grain == Grain::kYear) {
    p.Lit(U"的");
    int y, m, d;
    SplitDay(d0, &y, &m, &d);
    int v = p.OneOf({U"伊始", U"首月", U"暑假", U"寒假"});
    if (v >= 0) {
      static const int kFrom[] = {1, 1, 7, 1};
      static const int kLen[] = {1, 1, 2, 1};
      int64_t mi = MonthIndex(y, kFrom[v]);
      *s = Interval(MonthStart(mi), MonthStart(mi + kLen[v]), Grain::kMonth);
      if (v <= 1) s->kind = TimeKind::kValue;
      c->i = p.i;
      return true;
    }
    p.Lit(U"年");
    int k = p.OneOf({U"初", U"中", U"底", U"末"});
    if (k < 0) return false;
    static const int kFrom[] = {0, 5, 10, 10};
    int64_t mi = MonthIndex(y, 1) + kFrom[k];
    *s = Interval(MonthStart(mi), MonthStart(mi + 2), Grain::kMonth);
    c->i = p.i;
    return true;
  }
  if (s->grain == Grain::kQuarter) {
    int k = p.OneOf({U"初", U"末", U"底"});
    if (k < 0) return false;
    int64_t from = k == 0 ? s->from : Add(s->from, Grain::kMonth, 2);
    *s = ValueAt(from, Grain::kMonth);
    c->i = p.i;
    return true;
  }
  return false;
}

bool ApplyZhOrdinal(Cursor* c, const Context& ctx, const Span& parent, Span* out,
                    int64_t* abs_day) {
  Cursor p = *c;
  p.Lit(U"的");
  int64_t d0 = DayOf(parent.from), d1 = DayOf(parent.to);
  bool last = p.Lit(U"最后");
  int64_t n = 1;
  if (!last) {
    if (!p.Lit(U"第")) return false;
    int digits;
    if (!ReadNumber(&p, &n, &digits) || n < 1 || n > 366) return false;
  } else {
    int digits;
    int64_t v;
    Cursor q = p;
    if (ReadNumber(&q, &v, &digits) && v > 1 && q.Lit(U"天")) {  // 最后五天
      *out = Interval((d1 - v) * kDay, d1 * kDay, Grain::kDay);
      c->i = q.i;
      return true;
    }
    p.Lit(U"一");
  }
  p.Lit(U"个");
  if (p.Lit(U"工作日")) {
    const std::string& cal = ctx.options->calendar;
    int64_t d = last ? AddWorkdays(d1, -1, cal) : AddWorkdays(d0 - 1, static_cast<int>(n), cal);
    *abs_day = d;
    c->i = p.i;
    return true;
  }
  if (p.Lit(U"天")) {
    *abs_day = last ? d1 - 1 : d0 + n - 1;
    if (*abs_day >= d1) return false;
    c->i = p.i;
    return true;
  }
  if (parent.grain == Grain::kYear && p.Lit(U"月")) {
    if (n > 12) return false;
    *out = ValueAt(Add(parent.from, Grain::kMonth, n - 1), Grain::kMonth);
    c->i = p.i;
    return true;
  }
  int k = p.OneOf({U"周", U"星期", U"礼拜"});
  if (k < 0) return false;
  Cursor q = p;
  int wd = q.OneOf({U"一", U"二", U"三", U"四", U"五", U"六", U"日", U"天"});
  if (wd == 7) wd = 6;
  if (wd >= 0) {
    int64_t d;
    if (last) {
      d = d1 - 1;
      while (Weekday(d) != wd) --d;
    } else {
      d = d0;
      while (Weekday(d) != wd) ++d;
      d += 7 * (n - 1);
    }
    if (d >= d1 || d < d0) return false;
    *abs_day = d;
    c->i = q.i;
    return true;
  }
  // Week n: weeks counted from the first Monday on or after the period start.
  int64_t first = d0;
  while (Weekday(first) != 0) ++first;
  int64_t wk = last ? (d1 - 1) - Weekday(d1 - 1) : first + 7 * (n - 1);
  *out = ValueAt(wk * kDay, Grain::kWeek);
  c->i = p.i;
  return true;
}

}  // namespace engram::temporal
