// Chinese top-level rules: relative spans and durations, points with period modifiers,
// ranges, open intervals and recurrences.
#include <cmath>

#include "src/temporal/grammar.h"
#include "src/temporal/zh_periods.h"
#include "src/temporal/zh_relative.h"

namespace engram::temporal {
namespace {

int64_t DayOf(int64_t t) { return t >= 0 ? t / kDay : -((-t + kDay - 1) / kDay); }

// A point followed by period parts / ordinals; returns the resolved span.
bool MatchPoint(Cursor* c, const Context& ctx, Span* out, Fields* fields) {
  Cursor p = *c;
  Fields f;
  std::optional<Span> special;
  bool got = ParseZhPoint(&p, ctx, &f, &special);
  Span q;
  {
    // Quarters and halves may follow a year or stand alone.
    Cursor r = p;
    if (!f.month && !f.day && !f.abs_day && !f.weekday && !f.week_only && !f.hour &&
        ParseZhQuarter(&r, ctx, f, &q)) {
      p = r;
      ApplyZhPeriodPart(&p, ctx, &q);
      *out = q;
      *fields = f;
      c->i = p.i;
      return true;
    }
  }
  if (!got) {
    // Standalone 月初 / 月底 / 年底 / 上旬 relative to now.
    Cursor r = p;
    Span base;
    if (r.Peek() == U'月' && r.Peek(1) != U'份') {
      base = ValueAt(Floor(ctx.now, Grain::kMonth), Grain::kMonth);
    } else if (r.Peek() == U'年' && r.Peek(1) != U'份') {
      base = ValueAt(Floor(ctx.now, Grain::kYear), Grain::kYear);
    } else if (r.Peek() == U'上' || r.Peek() == U'中' || r.Peek() == U'下') {
      if (r.Peek(1) != U'旬') return false;
      base = ValueAt(Floor(ctx.now, Grain::kMonth), Grain::kMonth);
    } else {
      return false;
    }
    if (!ApplyZhPeriodPart(&r, ctx, &base)) return false;
    *out = base;
    *fields = f;
    c->i = r.i;
    return true;
  }
  if (special) {
    *out = *special;
    *fields = f;
    c->i = p.i;
    return true;
  }
  auto s = Resolve(f, ctx);
  if (!s) return false;
  // Period parts and ordinals on a month/year/week/quarter.
  if (!f.hour && !f.pod && s->grain >= Grain::kWeek) {
    Cursor r = p;
    Span sub;
    int64_t abs_day = 0;
    if (ApplyZhPeriodPart(&r, ctx, &*s)) {
      p = r;
    } else if (ApplyZhOrdinal(&r, ctx, *s, &sub, &abs_day)) {
      p = r;
      if (abs_day != 0 || sub.to == 0) {
        Fields g;
        g.abs_day = abs_day;
        std::optional<Span> sp;
        Cursor t = p;
        Fields time;
        // Time of day may follow the day: 下个月第一个工作日上午9点.
        if (ParseZhPoint(&t, ctx, &time, &sp) && !time.HasDate() && !sp) {
          time.abs_day = abs_day;
          auto ts = Resolve(time, ctx);
          if (ts) {
            *out = *ts;
            *fields = time;
            c->i = t.i;
            return true;
          }
        }
        s = ValueAt(abs_day * kDay, Grain::kDay);
        f = g;
      } else {
        s = sub;
      }
    }
  }
  if (!f.hour && !f.pod && s->grain >= Grain::kWeek) {
    Cursor r = p;
    Span sub;
    if (FirstLastUnits(&r, *s, &sub)) {
      p = r;
      s = sub;
    } else if (s->grain == Grain::kYear && r.Lit(U"内")) {
      p = r;  // 2024年内
    }
  }
  if (!f.holiday.empty()) s->holiday = f.holiday;
  if (f.two_digit_year) s->confidence = 0.8;
  if (f.weak) s->confidence = 0.6;
  *out = *s;
  *fields = f;
  c->i = p.i;
  return true;
}

}  // namespace

size_t MatchZh(const std::u32string& s, size_t start, const Context& ctx, Span* out) {
  Cursor c{&s, start};
  size_t best = 0;
  Span sp;
  {
    Cursor p = c;
    if (MatchNow(&p, ctx, &sp)) {
      best = p.i;
      *out = sp;
    }
  }
  {
    Cursor p = c;
    if (MatchVague(&p, ctx, &sp) && p.i > best) {
      best = p.i;
      *out = sp;
    }
  }
  {
    Cursor p = c;
    if (MatchRelative(&p, ctx, &sp) && p.i > best) {
      best = p.i;
      *out = sp;
    }
  }
  // Recurrence: 每 + point / unit.
  if (c.Peek() == U'每') {
    Cursor p = c;
    p.i++;
    p.Lit(U"隔");
    p.Lit(U"个");
    Fields f;
    Span a;
    bool ok = MatchPoint(&p, ctx, &a, &f);
    if (!ok) {
      int64_t halves;
      bool fuzzy;
      Grain g;
      bool w;
      Cursor q = p;
      ReadAmount(&q, &halves, &fuzzy);
      if (ReadZhUnit(&q, &g, &w) || q.Lit(U"年")) {
        p = q;
        ok = true;
        a = Span();
        a.has_from = a.has_to = false;
        a.grain = g;
      }
    }
    if (ok) {
      Span rest;
      // One level only: "每天每天…" must not recurse along the input.
      size_t e = p.i < s.size() && s[p.i] != U'每' ? MatchZh(s, p.i, ctx, &rest) : 0;
      if (e > p.i) {
        a = rest;
        p.i = e;
      }
    }
    if (ok && p.i > best) {
      a.kind = TimeKind::kRecurrence;
      a.confidence = 0.8;
      *out = a;
      return p.i;
    }
  }
  char32_t first = c.Peek();
  bool numeral = IsDigit(first) || IsCjkDigit(first);
  if (numeral || first == U'上' || first == U'本' || first == U'这') {
    Cursor p = c;
    if (MatchCentury(&p, ctx, &sp) && p.i > best) {
      best = p.i;
      *out = sp;
    }
  }
  {
    // A range whose first end is a bare number typed by the second end: 1985到89年9月,
    // 2019年1-五月, 9~12点半, 大前天晚上9~11点.
    bool connector = false;
    for (size_t k = c.i; k < s.size() && k < c.i + 12 && !connector; ++k) {
      connector = s[k] == U'到' || s[k] == U'至' || s[k] == U'-' || s[k] == U'~';
    }
    Cursor p = c;
    if (connector) {
    p.OneOf({U"从", U"自"});
    Fields fa;
    std::optional<Span> special;
    Cursor q = p;
    ParseZhPoint(&q, ctx, &fa, &special);
    int64_t n;
    int digits;
    if (!special && !fa.hour && !fa.day && !fa.month && ReadNumber(&q, &n, &digits)) {
      q.SkipSpaces();
      if (q.OneOf({U"到", U"至", U"--", U"-", U"~"}) >= 0) {
        q.SkipSpaces();
        Fields fb;
        std::optional<Span> sb;
        if (ParseZhPoint(&q, ctx, &fb, &sb) && !sb) {
          bool ok = true;
          if (fb.hour && !fb.HasDate()) {
            fa.hour = static_cast<int>(n);
          } else if (fb.year && !fb.day && !fa.year && (digits == 4 || digits == 2)) {
            fa.year = digits == 2 ? ExpandTwoDigitYear(static_cast<int>(n), ctx.year)
                                  : static_cast<int>(n);
          } else if (fb.month && !fb.day && n >= 1 && n <= 12) {
            fa.month = static_cast<int>(n);
            if (!fa.year) fa.year = fb.year;
          } else if (fb.day && !fb.month && n >= 1 && n <= 31 && fa.HasDate()) {
            fa.day = static_cast<int>(n);
          } else {
            ok = false;
          }
          std::optional<Span> ra = ok ? Resolve(fa, ctx) : std::nullopt;
          std::optional<Span> rb = ok ? ResolveWithDefaults(fb, fa, ctx) : std::nullopt;
          if (ra && rb && rb->to > ra->from && q.i > best) {
            int64_t to = (fb.hour && !fb.minute) ? rb->from + 1 : rb->to;
            best = q.i;
            *out = Interval(ra->from, to, std::min(ra->grain, rb->grain));
          }
        }
      }
    }
    }
  }
  {
    // A bare four-digit number 1900-2099 reads as a year, with low confidence; not before an
    // English word ("bought a 2019 transit connect": a model year, and English puts a year in
    // context: "in 2014"); nor a group of digits after another ("new number 8832 1907").
    Cursor p = c;
    int64_t v = 0;
    int digits = 0;
    size_t next = 0;
    size_t back = c.i;
    while (back > 0 && ((*c.s)[back - 1] == U' ' || (*c.s)[back - 1] == U'-')) --back;
    const bool after_digits = back < c.i && back > 0 && IsDigit((*c.s)[back - 1]);
    const bool read = !after_digits && ReadArabic(&p, &v, &digits, 4);
    while (read && p.Peek(next) == U' ') ++next;
    if (read && digits == 4 && v >= 1900 && v <= 2099 && !IsAsciiAlpha(p.Peek()) &&
        !(next > 0 && IsAsciiAlpha(p.Peek(next))) && p.Peek() != U':' && p.Peek() != U'.' &&
        p.Peek() != U'-' && p.Peek() != U'/' && p.i > best) {
      best = p.i;
      *out = ValueAt(DayNumber(static_cast<int>(v), 1, 1) * kDay, Grain::kYear);
      out->confidence = 0.5;
    }
  }
  Cursor p = c;
  bool from_word = p.OneOf({U"从", U"自从", U"自", U"由"}) >= 0;
  Span a;
  Fields fa;
  if (!MatchPoint(&p, ctx, &a, &fa)) {
    if (best > 0) return best;
    return 0;
  }
  size_t a_end = p.i;
  // Range: A 到/至/- B.
  {
    Cursor r = p;
    r.Lit(U"起");
    r.SkipSpaces();
    int k = r.OneOf({U"到", U"至", U"--", U"-", U"~", U"和"});
    if (k >= 0) {
      r.SkipSpaces();
      Cursor t = r;
      if (t.Lit(U"今") || t.Lit(U"现在")) {
        Span iv = Interval(a.from, ctx.now + 1, Grain::kSecond);
        t.Lit(U"为止");
        t.Lit(U"止");
        if (t.i > best) {
          *out = iv;
          return t.i;
        }
      }
      Fields fb;
      std::optional<Span> special;
      Cursor b = r;
      if (ParseZhPoint(&b, ctx, &fb, &special) || special) {
        std::optional<Span> bs = special ? special : ResolveWithDefaults(fb, fa, ctx);
        if (bs && bs->to > a.from) {
          Grain g = std::min(a.grain, bs->grain);
          // "到下午8点" ends at that instant (inclusive, + 1 s); "到3点十分" at the minute's end.
          bool instant = !special && fb.hour && !fb.minute;
          Span iv = Interval(a.from, instant ? bs->from + 1 : bs->to, instant ? Grain::kSecond : g);
          b.Lit(U"止");
          b.Lit(U"为止");
          if (b.i > best) {
            *out = iv;
            return b.i;
          }
        }
      }
    }
  }
  // Open intervals: A 以前 / 以后 / 起 / 以来.
  {
    Cursor r = p;
    int k = r.OneOf({U"以前", U"之前", U"前", U"以后", U"之后", U"后", U"起", U"开始",
                     U"以来"});
    // 起床 / 起来 / 开始了 are verbs, not "from".
    if ((k == 6 || k == 7) && r.OneOf({U"床", U"来", U"身", U"飞", U"码", U"步"}) >= 0) k = -1;
    if (k >= 0 && k != 5 && !(k == 2 && a.to <= ctx.now)) {
      Span o = a;
      o.kind = TimeKind::kOpenInterval;
      if (k <= 2) {
        if (a.to > ctx.now) {
          o = Interval(ctx.now, a.to, Grain::kSecond);  // 年底前: from now until then
        } else {
          o.has_from = false;
          o.to = a.from;
        }
      } else if (k == 8 || ((k == 6 || k == 7) && a.from <= ctx.now)) {
        o = Interval(a.from, ctx.now + 1, Grain::kSecond);  // 2019年5月8日起: until now
      } else {
        o.has_to = false;
      }
      if (r.i > best) {
        *out = o;
        return r.i;
      }
    }
  }
  (void)from_word;
  (void)DayOf;
  Cursor r = p;
  if (r.OneOf({U"左右", U"前后", U"许"}) >= 0) {
    a.confidence = std::min(a.confidence, 0.8);
    p = r;
  }
  if (p.i >= best) {
    // A lone one-character part of day ("早", "晚") is not a time expression.
    if (p.i - start == 1 && fa.pod && !fa.HasDate()) return best;
    *out = a;
    best = p.i;
  }
  (void)a_end;
  return best;
}

}  // namespace engram::temporal
