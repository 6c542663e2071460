#include "src/temporal/en_words.h"

#include "src/temporal/text_util.h"

namespace engram::temporal {

std::vector<Tok> TokenizeEn(const std::u32string& s, size_t start, size_t max_tokens) {
  std::vector<Tok> out;
  size_t i = start;
  while (i < s.size() && out.size() < max_tokens) {
    char32_t c = s[i];
    if (c == U' ' || c == U'\t' || c == U'\n') {
      ++i;
      continue;
    }
    Tok t;
    t.b = i;
    if (IsDigit(c)) {
      while (i < s.size() && IsDigit(s[i])) {
        if (t.digits < 18) t.value = t.value * 10 + (s[i] - U'0');
        ++t.digits;
        ++i;
      }
      t.num = true;
    } else if (IsAsciiAlpha(c)) {
      while (i < s.size() && IsAsciiAlpha(s[i])) ++i;
      t.word = true;
    } else if (c < 0x2E80) {
      ++i;
    } else {
      break;  // CJK: the English grammar stops here
    }
    t.e = i;
    t.w = std::u32string_view(s).substr(t.b, t.e - t.b);
    out.push_back(t);
  }
  return out;
}

int EnWeekday(std::u32string_view w) {
  static const std::u32string_view kNames[][4] = {
      {U"monday", U"mon", U"mondays", U""},      {U"tuesday", U"tue", U"tues", U"tuesdays"},
      {U"wednesday", U"wed", U"wednesdays", U""}, {U"thursday", U"thu", U"thurs", U"thursdays"},
      {U"friday", U"fri", U"fridays", U""},      {U"saturday", U"sat", U"saturdays", U""},
      {U"sunday", U"sun", U"sundays", U""}};
  for (int d = 0; d < 7; ++d) {
    for (auto n : kNames[d]) {
      if (!n.empty() && n == w) return d;
    }
  }
  if (w == U"thur") return 3;
  return -1;
}

int EnMonth(std::u32string_view w) {
  static const std::u32string_view kNames[][2] = {
      {U"january", U"jan"}, {U"february", U"feb"}, {U"march", U"mar"}, {U"april", U"apr"},
      {U"may", U"may"},     {U"june", U"jun"},     {U"july", U"jul"},  {U"august", U"aug"},
      {U"september", U"sep"}, {U"october", U"oct"}, {U"november", U"nov"},
      {U"december", U"dec"}};
  for (int m = 0; m < 12; ++m) {
    if (kNames[m][0] == w || kNames[m][1] == w) return m + 1;
  }
  if (w == U"sept") return 9;
  return 0;
}

int EnSmallNumber(std::u32string_view w) {
  static const std::u32string_view kNames[] = {
      U"zero", U"one", U"two", U"three", U"four", U"five", U"six", U"seven", U"eight",
      U"nine", U"ten", U"eleven", U"twelve", U"thirteen", U"fourteen", U"fifteen",
      U"sixteen", U"seventeen", U"eighteen", U"nineteen", U"twenty"};
  for (int i = 0; i <= 20; ++i) {
    if (kNames[i] == w) return i;
  }
  if (w == U"thirty") return 30;
  if (w == U"forty") return 40;
  if (w == U"fifty") return 50;
  return -1;
}

int EnOrdinalWord(std::u32string_view w) {
  static const std::u32string_view kNames[] = {
      U"first", U"second", U"third", U"fourth", U"fifth", U"sixth", U"seventh", U"eighth",
      U"ninth", U"tenth", U"eleventh", U"twelfth", U"thirteenth", U"fourteenth",
      U"fifteenth", U"sixteenth", U"seventeenth", U"eighteenth", U"nineteenth",
      U"twentieth"};
  for (int i = 0; i < 20; ++i) {
    if (kNames[i] == w) return i + 1;
  }
  if (w == U"thirtieth") return 30;
  return 0;
}

bool EnMayStart(std::u32string_view w) {
  static const std::u32string_view kWords[] = {
      U"now", U"right", U"just", U"at", U"atm", U"asap", U"as", U"today", U"tomorrow",
      U"tomorrows", U"yesterday", U"tonight", U"tonite", U"this", U"next", U"last", U"past",
      U"previous", U"coming", U"upcoming", U"following", U"current", U"the", U"on", U"in",
      U"within", U"by", U"from", U"between", U"before", U"after", U"since", U"until", U"till",
      U"through", U"later", U"end", U"beginning", U"start", U"middle", U"mid", U"early",
      U"late", U"eom", U"bom", U"eoy", U"boy", U"eod", U"day", U"half", U"quarter", U"a",
      U"an", U"noon", U"midnight", U"midday", U"morning", U"afternoon", U"evening", U"night",
      U"lunch", U"for", U"around", U"about", U"approximately", U"couple", U"few", U"ides",
      U"week", U"weekend", U"wkend", U"month", U"year", U"fortnight", U"all", U"rest"};
  for (auto k : kWords) {
    if (k == w) return true;
  }
  return EnWeekday(w) >= 0 || EnMonth(w) > 0 || EnSmallNumber(w) >= 0 || EnOrdinalWord(w) > 0 ||
         w == U"twenty" || w == U"thirty";
}

bool EnUnit(std::u32string_view w, Grain* g) {
  static const struct { std::u32string_view w; Grain g; } kUnits[] = {
      {U"second", Grain::kSecond}, {U"seconds", Grain::kSecond}, {U"sec", Grain::kSecond},
      {U"secs", Grain::kSecond},   {U"minute", Grain::kMinute},  {U"minutes", Grain::kMinute},
      {U"min", Grain::kMinute},    {U"mins", Grain::kMinute},    {U"hour", Grain::kHour},
      {U"hours", Grain::kHour},    {U"h", Grain::kHour},         {U"hr", Grain::kHour},
      {U"hrs", Grain::kHour},      {U"day", Grain::kDay},        {U"days", Grain::kDay},
      {U"week", Grain::kWeek},     {U"weeks", Grain::kWeek},     {U"month", Grain::kMonth},
      {U"months", Grain::kMonth},  {U"quarter", Grain::kQuarter}, {U"quarters", Grain::kQuarter},
      {U"qtr", Grain::kQuarter},   {U"year", Grain::kYear},      {U"years", Grain::kYear},
      {U"yr", Grain::kYear},       {U"yrs", Grain::kYear}};
  for (const auto& u : kUnits) {
    if (u.w == w) {
      *g = u.g;
      return true;
    }
  }
  return false;
}

}  // namespace engram::temporal
