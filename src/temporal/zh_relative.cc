// Chinese relative rules: shifts, durations, vague spans, centuries, first/last units.
#include "src/temporal/zh_relative.h"

#include "src/temporal/grammar.h"

namespace engram::temporal {
namespace {

// Converts a half-unit amount to a whole amount of a (possibly finer) grain.
void WholeUnits(int64_t halves, Grain* g, int64_t* n) {
  if (halves % 2 == 0) {
    *n = halves / 2;
    return;
  }
  switch (*g) {
    case Grain::kYear: *g = Grain::kMonth; *n = halves * 6; return;
    case Grain::kQuarter: *g = Grain::kDay; *n = halves * 45; return;
    case Grain::kMonth: *g = Grain::kDay; *n = halves * 15; return;
    case Grain::kWeek: *g = Grain::kHour; *n = halves * 84; return;
    case Grain::kDay: *g = Grain::kHour; *n = halves * 12; return;
    case Grain::kHour: *g = Grain::kMinute; *n = halves * 30; return;
    default: *g = Grain::kSecond; *n = halves * 30; return;
  }
}

}  // namespace

// Amount in half units: "两个半" = 5, "半" = 1, "3" = 6.
bool ReadAmount(Cursor* c, int64_t* halves, bool* fuzzy) {
  Cursor p = *c;
  *fuzzy = false;
  if (p.Lit(U"半")) {
    p.Lit(U"个");
    *halves = 1;
    c->i = p.i;
    return true;
  }
  int64_t v = 0;
  int digits = 0;
  if (p.OneOf({U"几", U"数"}) >= 0) {
    v = 3;
    *fuzzy = true;
  } else if (!ReadNumber(&p, &v, &digits) || v > 100000000) {
    return false;
  }
  if (digits > 0 && p.Peek() == U'万') {  // 2000万
    p.i++;
    v *= 10000;
  }
  if (v > 1000000000) return false;
  if (p.OneOf({U"多", U"几"}) >= 0) *fuzzy = true;
  p.Lit(U"个");
  if (p.Lit(U"多")) *fuzzy = true;
  *halves = v * 2;
  if (p.Lit(U"半")) {
    *halves += 1;
    p.Lit(U"个");
  }
  c->i = p.i;
  return true;
}

// 前两个月 / 后三天 / 最后两周 inside `parent`: its first or last n units.
bool FirstLastUnits(Cursor* c, const Span& parent, Span* out) {
  Cursor p = *c;
  int k = p.OneOf({U"前", U"后", U"头", U"最后"});
  if (k < 0) return false;
  int64_t n;
  int digits;
  if (!ReadNumber(&p, &n, &digits) || n < 1 || n > 400) return false;
  p.Lit(U"个");
  Grain g;
  bool w;
  if (!ReadZhUnit(&p, &g, &w) || w || g >= parent.grain) return false;
  if (k == 0 || k == 2) {
    *out = Interval(parent.from, Add(parent.from, g, n), g);
  } else {
    *out = Interval(Add(parent.to, g, -n), parent.to, g);
  }
  c->i = p.i;
  return true;
}

// 上世纪80年代 / 十九世纪七十年代末期 / 11世纪初 / 80年代.
bool MatchCentury(Cursor* c, const Context& ctx, Span* out) {
  Cursor p = *c;
  int64_t start = 0;
  bool century = false;
  int64_t v;
  int digits;
  if (p.Lit(U"上世纪") || p.Lit(U"上个世纪")) {
    start = (ctx.year / 100 - 1) * 100;
    century = true;
  } else if (p.Lit(U"本世纪") || p.Lit(U"这个世纪")) {
    start = ctx.year / 100 * 100;
    century = true;
  } else {
    Cursor q = p;
    if (ReadNumber(&q, &v, &digits) && v >= 1 && v <= 30 && q.Lit(U"世纪")) {
      start = (v - 1) * 100;
      century = true;
      p = q;
    }
  }
  int64_t from = start, len = 100;
  Cursor q = p;
  if (ReadNumber(&q, &v, &digits) && v % 10 == 0 && v < 100 && q.Lit(U"年代")) {
    if (!century) {
      start = ctx.year / 100 * 100;
      if (start + v > ctx.year) start -= 100;
    }
    from = start + v;
    len = 10;
    p = q;
  } else if (!century) {
    return false;
  }
  int k = p.OneOf({U"初期", U"前期", U"初", U"中期", U"末期", U"后期", U"末"});
  int64_t part = len == 10 ? 3 : 20;
  if (k >= 0 && k <= 2) {
    len = part;
  } else if (k == 3) {
    from += (len - part) / 2;
    len = part + (len == 10 ? 1 : 0);
  } else if (k >= 4) {
    from += len - part;
    len = part;
  }
  if (from < 1 || from > 9999) return false;
  *out = Interval(DayNumber(static_cast<int>(from), 1, 1) * kDay,
                  DayNumber(static_cast<int>(from + len), 1, 1) * kDay, Grain::kYear);
  c->i = p.i;
  return true;
}

// Vague spans: 最近, 前段时间, 一段时间 (low confidence; the last is unresolved).
bool MatchVague(Cursor* c, const Context& ctx, Span* out) {
  int k = c->OneOf({U"最近", U"近来", U"近期", U"前段时间", U"前一段时间", U"前阵子",
                    U"一段时间", U"这段时间"});
  if (k < 0) return false;
  if (k <= 2) {
    *out = Interval((ctx.today - 7) * kDay, ctx.now + 1, Grain::kDay);
    out->confidence = 0.4;
  } else if (k <= 5) {
    *out = Interval((ctx.today - 30) * kDay, (ctx.today - 7) * kDay, Grain::kDay);
    out->confidence = 0.3;
  } else {
    Span s;
    s.kind = TimeKind::kDuration;
    s.has_from = s.has_to = false;
    s.confidence = 0.2;
    s.unresolved = "vague length";
    *out = s;
  }
  return true;
}

bool MatchNow(Cursor* c, const Context& ctx, Span* out) {
  if (c->OneOf({U"现在", U"此时", U"此刻", U"当前", U"而家", U"宜家", U"依家", U"目前",
                U"眼下", U"此时此刻"}) < 0) {
    return false;
  }
  *out = ValueAt(ctx.now, Grain::kSecond);
  return true;
}

// 上两天 / 下三周 / 近三个月 / 未来48小时 / 三天后 / 两周前 / 60日内 / 3个工作日后 / 三个小时.
bool MatchRelative(Cursor* c, const Context& ctx, Span* out) {
  Cursor p = *c;
  int pre = p.OneOf({U"过去的", U"过去", U"最近", U"近", U"上", U"前", U"未来的", U"未来",
                     U"接下来的", U"接下来", U"今后", U"下", U"后", U"再过", U"过"});
  static const int kDir[] = {-2, -2, -2, -2, -1, -1, 2, 2, 2, 2, 2, 1, 1, 3, 3};
  int dir = pre >= 0 ? kDir[pre] : 0;
  int64_t halves;
  bool fuzzy;
  size_t amount_start = p.i;
  if (!ReadAmount(&p, &halves, &fuzzy)) return false;
  size_t amount_end = p.i;
  if (dir == 0) {
    // A range of lengths with one unit: 两万四千到3万秒, 100到200个小时.
    Cursor t = p;
    int64_t h2;
    bool f2;
    Grain g2;
    bool w2;
    if (t.OneOf({U"到", U"至", U"--", U"-", U"~"}) >= 0 && ReadAmount(&t, &h2, &f2) &&
        ReadZhUnit(&t, &g2, &w2) &&
        !(g2 == Grain::kYear && amount_end - amount_start >= 4)) {  // 2020至2025年: years
      Span s;
      s.kind = TimeKind::kDuration;
      s.has_from = s.has_to = false;
      s.grain = g2;
      s.duration_s = halves * GrainSeconds(g2) / 2;
      s.confidence = 0.6;
      *out = s;
      c->i = t.i;
      return true;
    }
  }
  Grain g;
  bool workday;
  if (!ReadZhUnit(&p, &g, &workday)) return false;
  if (g == Grain::kYear && amount_end - amount_start >= 4) return false;  // 2024年内: a year
  if (p.i >= 2 && (*p.s)[p.i - 2] == U'刻' && (*p.s)[p.i - 1] == U'钟') halves *= 15;
  if (p.Peek() == U'半' && halves % 2 == 0) {  // 两年半, 十三分半
    p.i++;
    halves += 1;
    p.Lit(U"钟");
  }
  if (p.Peek() == U'多' && halves % 2 == 0) {  // 3年多
    p.i++;
    fuzzy = true;
  }
  int64_t n;
  Grain unit_grain = g;
  WholeUnits(halves, &g, &n);
  if (n > kMaxShiftSeconds / GrainSeconds(g)) return false;  // beyond the calendar
  double conf = fuzzy ? 0.6 : 0.95;
  const std::string& cal = ctx.options->calendar;
  if (dir == 0 || dir == 3) {
    Cursor q = p;
    int suf = q.OneOf({U"以前", U"之前", U"前", U"以后", U"之后", U"后", U"以内", U"之内",
                       U"内", U"以来", U"来"});
    if (suf == 1) suf = 0;  // 之前 = 以前
    if (suf == 4) suf = 3;  // 之后 = 以后
    if (dir == 3 && suf < 0) suf = 3;  // 再过半个小时: from then on
    char32_t before_unit = (*p.s)[p.i - 2];
    if (suf < 0 && g == Grain::kMonth && (*p.s)[p.i - 1] == U'月' &&
        (IsDigit(before_unit) || IsCjkDigit(before_unit))) {
      return false;  // "三月" is March, not three months
    }
    if (suf < 0) {
      // A bare duration; compound forms such as 36天5小时30分 add up; 3年以上 / 6个月以下
      // keep the stated length.
      int64_t secs = workday ? n * kDay : n * GrainSeconds(g);
      if (halves % 2 == 1 && g != unit_grain) secs = halves * GrainSeconds(unit_grain) / 2;
      Cursor r = p;
      for (;;) {
        Cursor t = r;
        int64_t h2;
        bool f2;
        Grain g2;
        bool w2;
        if (!ReadAmount(&t, &h2, &f2) || !ReadZhUnit(&t, &g2, &w2)) break;
        int64_t n2;
        WholeUnits(h2, &g2, &n2);
        secs += n2 * GrainSeconds(g2);
        r = t;
      }
      p = r;
      if (p.OneOf({U"以上", U"以下", U"左右"}) >= 0) {
        Cursor t = p;
        t.Lit(U",");
        int64_t h2;
        bool f2;
        Grain g2;
        bool w2;
        if (ReadAmount(&t, &h2, &f2) && ReadZhUnit(&t, &g2, &w2) &&
            t.OneOf({U"以上", U"以下"}) >= 0) {
          p = t;
        }
      }
      // A range of lengths: 3~6个月, 13—18天 (the lower bound is kept).
      {
        Cursor t = p;
        if (t.OneOf({U"到", U"至", U"--", U"-", U"~"}) >= 0) {
          int64_t h2;
          bool f2;
          Grain g2;
          bool w2;
          if (ReadAmount(&t, &h2, &f2) && ReadZhUnit(&t, &g2, &w2)) p = t;
        }
      }
      Span s;
      s.kind = TimeKind::kDuration;
      s.has_from = s.has_to = false;
      s.grain = g;
      s.duration_s = secs;
      s.confidence = fuzzy ? 0.6 : 0.9;
      *out = s;
      c->i = p.i;
      return true;
    }
    p = q;
    bool back = suf <= 2;
    int64_t signed_n = back ? -n : n;
    if (workday && suf <= 5) {
      *out = ValueAt(AddWorkdays(ctx.today, static_cast<int>(signed_n), cal) * kDay, Grain::kDay);
      if (suf == 3 || suf == 4) {
        out->kind = TimeKind::kOpenInterval;
        out->has_to = false;
      }
    } else if (suf == 2 || suf == 5) {
      *out = ShiftedPoint(ctx, g, signed_n, true);
    } else if (suf <= 1) {
      Span pt = ShiftedPoint(ctx, g, signed_n, true);
      *out = pt;
      out->kind = TimeKind::kOpenInterval;
      out->has_from = false;
      out->to = pt.to;
    } else if (suf <= 4) {
      Span pt = ShiftedPoint(ctx, g, signed_n, true);
      *out = pt;
      out->kind = TimeKind::kOpenInterval;
      out->has_to = false;
    } else if (suf <= 8) {
      int64_t t = workday ? AddWorkdays(ctx.today, static_cast<int>(n), cal) * kDay
                          : Add(ctx.now, g, n);
      int64_t end = g >= Grain::kMonth ? Add(Floor(t, g), g, 1)
                    : g >= Grain::kDay ? Floor(t, Grain::kDay) + kDay
                    : g == Grain::kHour ? Floor(t, Grain::kMinute) + 60 : t + 1;
      *out = Interval(ctx.now, end, Grain::kSecond);
    } else {
      // 以来: from the start of the unit n units back until the end of today (or this hour).
      int64_t from = Floor(Add(ctx.now, g, -n), g == Grain::kWeek ? Grain::kDay : g);
      int64_t to = unit_grain >= Grain::kDay ? ctx.today * kDay + kDay
                                             : Add(Floor(ctx.now, g), g, 1);
      *out = Interval(from, to, g >= Grain::kDay ? Grain::kDay : g);
    }
  } else if (dir == -1 || dir == 1) {
    if (workday) return false;
    *out = LastNextUnits(ctx, g, dir * n);
  } else if (dir == -2) {
    int64_t from = Add(ctx.now, g, -n);
    if (g >= Grain::kMonth) from = Floor(from, Grain::kDay);
    *out = Interval(from, ctx.now + 1, Grain::kSecond);
  } else {
    int64_t to = Add(ctx.now, g, n);
    to = g >= Grain::kMonth ? Floor(to, Grain::kDay) : to + 1;
    *out = Interval(ctx.now, to, Grain::kSecond);
  }
  out->confidence = conf;
  c->i = p.i;
  return true;
}

}  // namespace engram::temporal
