// English rules: dates, clock times, parts of day, relative units, durations, ranges,
// open intervals and period boundaries, over word tokens.
#include "src/base/time.h"
#include "src/temporal/en_words.h"
#include "src/temporal/grammar.h"
#include "src/temporal/en_rules.h"

namespace engram::temporal {

bool EnParser::Is(size_t k, std::u32string_view w) const { return k < t.size() && t[k].w == w; }

bool EnParser::Num(size_t* k, int64_t* v, bool allow_a) const {
  if (*k >= t.size()) return false;
  const Tok& x = t[*k];
  if (x.num && x.digits <= 6) {
    *v = x.value;
    ++*k;
    return true;
  }
  if (allow_a && (x.w == U"a" || x.w == U"an" || x.w == U"one")) {
    size_t j = *k + 1;
    if (Is(j, U"couple") || Is(j, U"pair")) {
      j++;
      if (Is(j, U"of")) j++;
      *v = 2;
    } else if (Is(j, U"few")) {
      j++;
      *v = 3;
    } else {
      *v = 1;
    }
    *k = j;
    return true;
  }
  if (x.w == U"couple" || x.w == U"few") {
    size_t j = *k + 1;
    if (Is(j, U"of")) j++;
    *v = x.w == U"couple" ? 2 : 3;
    *k = j;
    return true;
  }
  int n = EnSmallNumber(x.w);
  if (n < 0) return false;
  size_t j = *k + 1;
  if (n >= 20 && j < t.size()) {
    size_t jj = j;
    if (Is(jj, U"-")) jj++;
    int u = jj < t.size() ? EnSmallNumber(t[jj].w) : -1;
    if (u >= 1 && u <= 9) {
      n += u;
      j = jj + 1;
    }
  }
  *v = n;
  *k = j;
  return true;
}

bool EnParser::Ordinal(size_t* k, int* v) const {
  if (*k >= t.size()) return false;
  const Tok& x = t[*k];
  if (x.num && x.digits <= 2 && *k + 1 < t.size() &&
      (t[*k + 1].w == U"st" || t[*k + 1].w == U"nd" || t[*k + 1].w == U"rd" ||
       t[*k + 1].w == U"th") && t[*k + 1].b == x.e) {
    *v = static_cast<int>(x.value);
    *k += 2;
    return true;
  }
  int o = EnOrdinalWord(x.w);
  if (o == 0 && (x.w == U"twenty" || x.w == U"thirty")) {
    size_t j = *k + 1;
    if (Is(j, U"-")) j++;
    int u = j < t.size() ? EnOrdinalWord(t[j].w) : 0;
    if (u >= 1 && u <= 9) {
      *v = (x.w == U"twenty" ? 20 : 30) + u;
      *k = j + 1;
      return true;
    }
  }
  if (o == 0) return false;
  *v = o;
  ++*k;
  return true;
}

size_t MatchEn(const std::u32string& s, size_t start, const Context& ctx, Span* out) {
  if (start < s.size() && IsAsciiAlpha(s[start])) {
    size_t e = start;
    while (e < s.size() && IsAsciiAlpha(s[e])) ++e;
    if (!EnMayStart(std::u32string_view(s).substr(start, e - start))) return 0;
  }
  std::vector<Tok> toks = TokenizeEn(s, start, 24);
  if (toks.empty()) return 0;
  EnParser p{toks, ctx, &s};
  size_t k = 0;
  Span span;
  if (!p.Expr(&k, &span)) return 0;
  // Must end on a word boundary.
  size_t end = toks[k - 1].e;
  if (end < s.size() && IsAsciiAlpha(s[end]) && IsAsciiAlpha(s[end - 1])) return 0;
  *out = span;
  return end;
}

}  // namespace engram::temporal
