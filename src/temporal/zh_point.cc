// Chinese point expressions: year, month, day, weekday, festival, part of day, clock time.
#include <cstdlib>

#include "src/base/time.h"
#include "src/temporal/calendar.h"
#include "src/temporal/grammar.h"
#include "src/temporal/lunar.h"

namespace engram::temporal {
namespace {

bool ReadNum(Cursor* c, int64_t* v, int* digits) { return ReadNumber(c, v, digits); }

// 2015年 / 二零一五年 / 15年 / 今年 ...
bool ParseYear(Cursor* c, const Context& ctx, Fields* f) {
  static const struct { std::u32string_view w; int d; } kWords[] = {
      {U"大前年", -3}, {U"大后年", 3}, {U"今年", 0}, {U"本年", 0}, {U"这一年", 0},
      {U"这年", 0}, {U"同年", 0}, {U"当年", 0}, {U"去年", -1}, {U"上年", -1},
      {U"前年", -2}, {U"明年", 1}, {U"下年", 1}, {U"次年", 1}, {U"来年", 1},
      {U"后年", 2}};
  for (const auto& w : kWords) {
    if (c->Lit(w.w)) {
      f->year = ctx.year + w.d;
      f->year_relative = true;
      return true;
    }
  }
  Cursor p = *c;
  p.OneOf({U"公元"});
  int64_t v;
  int digits = 0;
  bool dbd = false;
  if (ReadArabic(&p, &v, &digits, 4)) {
    if (digits != 4 && digits != 2) return false;
  } else if (ReadChinese(&p, &v, &dbd)) {
    if (!dbd) return false;
    digits = p.i - c->i;
  } else {
    return false;
  }
  if (!p.Lit(U"年")) return false;
  // "2年前", "3年内", "5年半": a duration, not a year.
  char32_t n = p.Peek();
  bool full = digits == 4 || dbd;
  if (n == U'前' || n == U'后') {
    // "2025年前" (until then) and "2022年前十一个月" (its first months) keep the year.
    if (!full) return false;
    Cursor q = p;
    q.i++;
    bool at_end = q.AtEnd() || q.Peek() == U',' || q.Peek() == U'.' || q.Peek() == U' ';
    int64_t v2;
    int d2;
    Grain g;
    bool w;
    bool units = ReadNum(&q, &v2, &d2);
    if (units) {
      q.Lit(U"个");
      units = ReadZhUnit(&q, &g, &w);
    }
    if (!at_end && !units) return false;
  } else if (n == U'内') {
    if (!full) return false;
  } else if (n == U'以' || n == U'之' || n == U'来' || n == U'多' || n == U'半' || n == U'代' ||
             n == U'间' || n == U'里') {
    return false;
  }
  if (digits == 2) {
    f->year = ExpandTwoDigitYear(static_cast<int>(v), ctx.year);
    f->two_digit_year = true;
  } else {
    f->year = static_cast<int>(v);
  }
  c->i = p.i;
  return true;
}

bool ParseMonth(Cursor* c, const Context& ctx, Fields* f) {
  static const struct { std::u32string_view w; int d; } kWords[] = {
      {U"上上个月", -2}, {U"下下个月", 2}, {U"上个月", -1}, {U"上一个月", -1},
      {U"下一个月", 1}, {U"上月", -1}, {U"下个月", 1}, {U"下月", 1}, {U"这个月", 0},
      {U"这一个月", 0}, {U"本月", 0}, {U"今个月", 0}, {U"当月", 0}, {U"同月", 0},
      {U"这月", 0}, {U"次月", 1}};
  for (const auto& w : kWords) {
    if (c->Lit(w.w)) {
      int64_t mi = MonthIndex(f->year.value_or(ctx.year), ctx.month) + w.d;
      f->year = static_cast<int>(mi / 12);
      f->month = static_cast<int>(mi % 12) + 1;
      f->month_relative = true;
      return true;
    }
  }
  Cursor p = *c;
  int64_t v;
  int digits;
  if (!ReadNum(&p, &v, &digits) || v < 1 || v > 12 || digits > 2) return false;
  if (!p.Lit(U"月")) return false;
  p.Lit(U"份");
  f->month = static_cast<int>(v);
  c->i = p.i;
  return true;
}

bool ParseRelativeDay(Cursor* c, const Context& ctx, Fields* f) {
  static const struct { std::u32string_view w; int d; int pod; } kWords[] = {
      {U"大大前天", -4, 0}, {U"大大后天", 4, 0}, {U"大前天", -3, 0}, {U"大后天", 3, 0},
      {U"大后日", 3, 0}, {U"今天", 0, 0}, {U"今日", 0, 0}, {U"本日", 0, 0}, {U"当天", 0, 0},
      {U"当日", 0, 0}, {U"今儿", 0, 0}, {U"明天", 1, 0}, {U"明日", 1, 0}, {U"明儿", 1, 0},
      {U"次日", 1, 0}, {U"翌日", 1, 0}, {U"听日", 1, 0}, {U"昨天", -1, 0}, {U"昨日", -1, 0},
      {U"昨儿", -1, 0}, {U"寻日", -1, 0}, {U"前天", -2, 0}, {U"前日", -2, 0},
      {U"后天", 2, 0}, {U"后日", 2, 0}, {U"今晚", 0, 1}, {U"今夜", 0, 1}, {U"当晚", 0, 1},
      {U"昨晚", -1, 1}, {U"昨夜", -1, 1}, {U"明晚", 1, 1}, {U"今早", 0, 2}, {U"明早", 1, 2},
      {U"今朝", 0, 2}, {U"全天", 0, 0}};
  for (const auto& w : kWords) {
    if (c->Lit(w.w)) {
      f->abs_day = ctx.today + w.d;
      if (w.pod == 1) f->pod = PartOfDay{18, 24, 1};
      if (w.pod == 2) f->pod = PartOfDay{4, 12, 0};
      return true;
    }
  }
  return false;
}

bool ParseDayOfMonth(Cursor* c, Fields* f, bool after_month) {
  Cursor p = *c;
  int64_t v;
  int digits;
  if (c->Peek() == U'两' || c->Peek() == U'俩') return false;  // 两日: a length
  if (!ReadNum(&p, &v, &digits) || v < 1 || v > 31 || digits > 2) return false;
  if (p.OneOf({U"号", U"日"}) < 0) {
    if (!after_month) return false;
    char32_t n = p.Peek();
    if (n == U'点' || n == U'时' || n == U':' || n == U'月' || n == U'年' || n == U'个' ||
        n == U'天' || n == U'周' || n == U'分' || IsDigit(n)) {
      return false;
    }
  }
  f->day = static_cast<int>(v);
  c->i = p.i;
  return true;
}

int WeekdayChar(Cursor* c) {
  int k = c->OneOf({U"一", U"二", U"三", U"四", U"五", U"六", U"日", U"天", U"1", U"2", U"3",
                    U"4", U"5", U"6", U"7"});
  if (k < 0) return -1;
  if (k <= 5) return k;
  if (k <= 7) return 6;
  return k - 8;
}

// 上周二 / 下下周 / 这周末 / 星期三 / 礼拜天 / 今个星期 ...
bool ParseWeek(Cursor* c, const Context& ctx, Fields* f, std::optional<Span>* special) {
  Cursor p = *c;
  int off = 0;
  bool rel = true;
  int k = p.OneOf({U"上上", U"下下", U"上", U"下", U"这", U"本", U"今个", U"今", U"同"});
  static const int kOff[] = {-2, 2, -1, 1, 0, 0, 0, 0, 0};
  if (k >= 0) {
    off = kOff[k];
    p.Lit(U"一");
    p.Lit(U"个");
  } else {
    rel = false;
  }
  if (p.OneOf({U"周", U"星期", U"礼拜"}) < 0) return false;
  Cursor q = p;
  if (q.Lit(U"末")) {
    if (!rel) off = 0;
    int64_t fri = ctx.today - ctx.weekday + 7 * off + 4;
    *special = Interval(fri * kDay + 18 * 3600, (fri + 3) * kDay, Grain::kHour);
    c->i = q.i;
    return true;
  }
  int wd = WeekdayChar(&q);
  if (wd < 0 && rel) {
    // "下周周六": the week, then a weekday.
    Cursor r = q;
    if (r.OneOf({U"的周", U"周", U"的星期", U"星期", U"的礼拜", U"礼拜"}) >= 0) {
      int wd2 = WeekdayChar(&r);
      if (wd2 >= 0) {
        wd = wd2;
        q = r;
      }
    }
  }
  if (wd < 0 && !rel) return false;
  if (rel) {
    f->week_offset = off;
    f->week_only = true;
  }
  if (wd >= 0) f->weekday = wd;
  c->i = q.i;
  return true;
}

bool ParsePartOfDay(Cursor* c, Fields* f) {
  static const struct { std::u32string_view w; PartOfDay p; } kWords[] = {
      {U"早上", {4, 12, 0}},  {U"早晨", {4, 12, 0}},  {U"清晨", {4, 8, 0}},
      {U"上午", {7, 12, 0}},  {U"中午", {12, 14, 1}}, {U"午间", {12, 14, 1}},
      {U"下午", {12, 19, 1}}, {U"午后", {13, 15, 1}}, {U"晏昼", {12, 19, 1}},
      {U"傍晚", {17, 19, 1}}, {U"晚上", {18, 24, 1}}, {U"晚间", {18, 24, 1}},
      {U"夜里", {18, 24, 1}}, {U"夜间", {20, 24, 1}}, {U"夜晚", {18, 24, 1}},
      {U"深夜", {21, 24, 1}}, {U"后半夜", {2, 5, 0}}, {U"前半夜", {20, 24, 1}},
      {U"半夜", {0, 4, 2}},   {U"午夜", {0, 1, 0}},  {U"凌晨", {0, 6, 0}},
      {U"白天", {6, 19, -1}}, {U"黎明", {4, 7, 0}},  {U"早", {4, 12, 0}},
      {U"晚", {18, 24, 1}}};
  for (const auto& w : kWords) {
    if (c->Lit(w.w)) {
      f->pod = w.p;
      return true;
    }
  }
  return false;
}

// 三点 / 十一点半 / 3点15分 / 三点一刻 / 三點踏三 / 15:30 ...
bool ParseClock(Cursor* c, Fields* f) {
  if (ParseColonTime(c, f)) {
    c->Lit(U"时");
    return true;
  }
  Cursor p = *c;
  int64_t h;
  int digits;
  if (!ReadNum(&p, &h, &digits) || h > 24 || digits > 2) return false;
  if (p.OneOf({U"点钟", U"点", U"时"}) < 0) return false;
  if (h > 12 || h == 0) f->hour_24 = true;
  f->hour = static_cast<int>(h);
  Cursor q = p;
  int64_t m;
  if (q.Lit(U"半")) {
    f->minute = 30;
    p = q;
  } else if (q.Lit(U"一刻") || q.Lit(U"1刻")) {
    f->minute = 15;
    p = q;
  } else if (q.Lit(U"三刻") || q.Lit(U"3刻")) {
    f->minute = 45;
    p = q;
  } else if (q.Lit(U"整")) {
    p = q;
  } else {
    bool five = q.OneOf({U"踏", U"搭"}) >= 0;
    bool zero = !five && q.Lit(U"零");
    size_t before = q.i;
    if (ReadNum(&q, &m, &digits) && m < 60) {
      bool cjk_single = digits == 0 && q.i - before == 1 && !zero;
      if (q.Lit(U"个字")) {
        m *= 5;
      } else if (q.Lit(U"分钟") || q.Lit(U"分")) {
      } else if (five || (cjk_single && m < 12)) {
        m *= 5;
      }
      if (m < 60) {
        f->minute = static_cast<int>(m);
        p = q;
        Cursor r = p;
        int64_t sec;
        if (ReadNum(&r, &sec, &digits) && sec < 60 && r.Lit(U"秒")) {
          f->second = static_cast<int>(sec);
          p = r;
        }
      }
    } else if (five && q.Lit(U"半")) {
      f->minute = 30;
      p = q;
    }
  }
  p.Lit(U"钟");
  p.Lit(U"左右");
  p.Lit(U"许");
  c->i = p.i;
  return true;
}

// 农历八月十五 / 腊月初十 / 闰四月 / 正月.
bool ParseLunar(Cursor* c, const Context& ctx, Fields* f, std::optional<Span>* special) {
  Cursor p = *c;
  bool explicit_lunar = p.OneOf({U"农历", U"阴历"}) >= 0;
  Fields yf;
  if (explicit_lunar) ParseYear(&p, ctx, &yf);
  int year = f->year.value_or(yf.year.value_or(ctx.year));
  bool leap = p.Lit(U"闰");
  int month = 0;
  int k = p.OneOf({U"正月", U"腊月", U"冬月", U"大年"});
  if (k == 0) month = 1;
  if (k == 1) month = 12;
  if (k == 2) month = 11;
  if (k == 3) month = 1;
  if (month == 0) {
    int64_t v;
    int digits;
    if (!ReadNum(&p, &v, &digits) || v < 1 || v > 12 || !p.Lit(U"月")) return false;
    month = static_cast<int>(v);
    // Without 农历: a Chinese-numeral month followed by 初N / 廿N reads as lunar.
    if (!explicit_lunar && !leap &&
        (digits != 0 || (p.Peek() != U'初' && p.Peek() != U'廿'))) {
      return false;
    }
  }
  // Day: 初N, 十N, 廿N, 三十, N.
  Cursor q = p;
  int day = 0;
  if (q.Lit(U"初")) {
    int64_t v;
    int digits;
    if (ReadNum(&q, &v, &digits) && v >= 1 && v <= 10) day = static_cast<int>(v);
  } else {
    int64_t v;
    int digits;
    if (ReadNum(&q, &v, &digits) && v >= 1 && v <= 30) day = static_cast<int>(v);
    q.OneOf({U"号", U"日"});
  }
  if (k == 3 && day == 0) return false;  // 大年 needs 初N
  if (day > 0) {
    auto d = LunarToDay(year, month, day, leap);
    if (!d) return false;
    f->abs_day = *d;
    c->i = q.i;
    return true;
  }
  auto first = LunarToDay(year, month, 1, leap);
  if (!first) return false;
  int len = LunarMonthDays(year, month, leap);
  *special = Interval(*first * kDay, (*first + len) * kDay, Grain::kDay);
  c->i = p.i;
  return true;
}

}  // namespace

int ExpandTwoDigitYear(int yy, int ref_year) {
  int century = ref_year - ((ref_year % 100) + 100) % 100;
  int best = century + yy;
  for (int c : {century - 100, century + 100}) {
    if (std::abs(c + yy - ref_year) < std::abs(best - ref_year)) best = c + yy;
  }
  return best;
}

bool ParseZhPoint(Cursor* c, const Context& ctx, Fields* f, std::optional<Span>* special) {
  size_t start = c->i;
  {
    // 第三天 (today is the first), 第七年.
    Cursor p = *c;
    int64_t v;
    int digits;
    if (p.Lit(U"第") && ReadNum(&p, &v, &digits) && v >= 1 && v < 10000) {
      if (p.Lit(U"天")) {
        f->abs_day = ctx.today + v - 1;
        c->i = p.i;
      } else if (p.Lit(U"年")) {
        f->year = ctx.year + static_cast<int>(v) - 1;
        c->i = p.i;
        return true;
      }
    }
  }
  bool got_year = ParseYear(c, ctx, f);
  if (got_year) c->Lit(U"的");
  Cursor fest_probe = *c;
  bool festival_next = MatchFestival(&fest_probe) != nullptr;
  if (!festival_next && ParseLunar(c, ctx, f, special)) {
    if (*special) return true;
  } else {
    Cursor p = *c;
    Fields nf = *f;
    if (!got_year && ParseNumericDate(&p, ctx, &nf, false)) {
      *f = nf;
      c->i = p.i;
    } else {
      if (ParseMonth(c, ctx, f)) c->Lit(U"的");
      if (!f->abs_day) ParseDayOfMonth(c, f, f->month.has_value());
    }
  }
  if (!f->day && !f->abs_day) {
    Cursor p = *c;
    if (const Festival* fest = MatchFestival(&p)) {
      int y = f->year.value_or(ctx.year);
      std::optional<int64_t> d;
      if (f->year) {
        d = FestivalDay(*fest, y, ctx.options->calendar);
      } else {
        for (int yy = ctx.year - 1; yy <= ctx.year + 1 && !d; ++yy) {
          auto cand = FestivalDay(*fest, yy, ctx.options->calendar);
          if (cand && (*cand >= ctx.today || (!ctx.options->prefer_future && yy == ctx.year))) {
            d = cand;
          }
        }
      }
      if (d) {
        f->abs_day = *d;
        f->holiday = std::string(FestivalName(*fest));
        f->weak = FestivalIsSolarTerm(*fest);
        f->year.reset();
        f->month.reset();
        c->i = p.i;
      }
    }
  }
  if (!f->abs_day && !f->month && !f->day) {
    // Seasons by solar terms: 2021年春, 冬季, 大前年夏季.
    Cursor p = *c;
    int season = p.OneOf({U"春", U"夏", U"秋", U"冬"});
    if (season >= 0) {
      bool suffix = p.OneOf({U"季", U"天"}) >= 0;
      if (suffix || (f->year && p.AtEnd())) {
        int y = f->year.value_or(ctx.year);
        int64_t from = SeasonStartDay(season, y);
        int64_t to = season == 3 ? SeasonStartDay(0, y + 1) : SeasonStartDay(season + 1, y);
        *special = Interval(from * kDay, to * kDay, Grain::kDay);
        c->i = p.i;
        return true;
      }
    }
  }
  if (!f->abs_day) ParseRelativeDay(c, ctx, f);
  {
    Cursor p = *c;
    p.SkipSpaces();
    p.Lit(U",");
    p.SkipSpaces();
    if (ParseWeek(&p, ctx, f, special)) {
      c->i = p.i;
      if (*special) return true;
    }
  }
  // "周日, 二月十号": a weekday followed by a date.
  if (f->weekday && !f->month && !f->day && !f->abs_day && !f->week_only) {
    Cursor p = *c;
    p.SkipSpaces();
    p.Lit(U",");
    p.SkipSpaces();
    Fields g;
    if (ParseMonth(&p, ctx, &g) && ParseDayOfMonth(&p, &g, true)) {
      f->month = g.month;
      f->day = g.day;
      f->year = g.year;
      c->i = p.i;
    }
  }
  if (!f->pod) ParsePartOfDay(c, f);
  {
    Cursor p = *c;
    p.SkipSpaces();
    if (ParseClock(&p, f)) c->i = p.i;
  }
  if (f->hour) {
    Cursor p = *c;
    if (!f->pod && ParsePartOfDay(&p, f)) c->i = p.i;  // "8点晚上" is rare; accepted
  }
  return c->i > start && !f->Empty();
}

}  // namespace engram::temporal
