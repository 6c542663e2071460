#include "src/base/time.h"

#include "engram/iso8601.h"

#include <cstdio>

namespace engram::base {

// Howard Hinnant's days_from_civil / civil_from_days.
int64_t DaysFromCivil(int year, int month, int day) {
  int64_t y = year - (month <= 2 ? 1 : 0);
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t mp = (month + 9) % 12;
  int64_t doy = (153 * mp + 2) / 5 + day - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

CivilDate CivilFromDays(int64_t days) {
  days += 719468;
  int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  int64_t doe = days - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  return CivilDate{static_cast<int>(y + (m <= 2 ? 1 : 0)), static_cast<int>(m),
                   static_cast<int>(d)};
}

int WeekdayFromDays(int64_t days) {
  // 1970-01-01 was a Thursday (3 when Monday is 0).
  int64_t w = (days + 3) % 7;
  return static_cast<int>(w < 0 ? w + 7 : w);
}

bool IsLeapYear(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int DaysInMonth(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && IsLeapYear(year)) return 29;
  return kDays[(month - 1) % 12];
}

namespace {
int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
}  // namespace

CivilTime ToCivil(const Instant& t) {
  int64_t local_ms = t.unix_ms + int64_t{t.offset_minutes} * 60000;
  int64_t days = FloorDiv(local_ms, 86400000);
  int64_t ms_of_day = local_ms - days * 86400000;
  CivilDate d = CivilFromDays(days);
  CivilTime c;
  c.year = d.year;
  c.month = d.month;
  c.day = d.day;
  c.hour = static_cast<int>(ms_of_day / 3600000);
  c.minute = static_cast<int>(ms_of_day / 60000 % 60);
  c.second = static_cast<int>(ms_of_day / 1000 % 60);
  c.millisecond = static_cast<int>(ms_of_day % 1000);
  return c;
}

Instant FromCivil(const CivilTime& c, int32_t offset_minutes) {
  int64_t days = DaysFromCivil(c.year, c.month, c.day);
  int64_t local_ms = days * 86400000 + int64_t{c.hour} * 3600000 + int64_t{c.minute} * 60000 +
                     int64_t{c.second} * 1000 + c.millisecond;
  return Instant{local_ms - int64_t{offset_minutes} * 60000, offset_minutes};
}

namespace {

class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}
  bool Done() const { return i_ >= s_.size(); }
  char Peek() const { return Done() ? '\0' : s_[i_]; }
  bool Eat(char c) {
    if (Peek() != c) return false;
    ++i_;
    return true;
  }
  // Reads exactly n digits.
  bool Digits(int n, int* out) {
    int v = 0;
    for (int k = 0; k < n; ++k) {
      char c = Peek();
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
      ++i_;
    }
    *out = v;
    return true;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

Result<Instant> ParseIso8601(std::string_view text, int32_t default_offset_minutes) {
  auto bad = [&](std::string_view why) {
    return Status::InvalidArgument("time: '" + std::string(text) + "' is not ISO 8601 (" +
                                   std::string(why) + ")");
  };
  Cursor cur(text);
  CivilTime c;
  if (!cur.Digits(4, &c.year) || !cur.Eat('-') || !cur.Digits(2, &c.month) || !cur.Eat('-') ||
      !cur.Digits(2, &c.day)) {
    return bad("expected YYYY-MM-DD");
  }
  if (c.month < 1 || c.month > 12) return bad("month out of range");
  if (c.day < 1 || c.day > DaysInMonth(c.year, c.month)) return bad("day out of range");
  int32_t offset = default_offset_minutes;
  if (!cur.Done()) {
    if (!cur.Eat('T') && !cur.Eat(' ') && !cur.Eat('t')) return bad("expected 'T' after the date");
    if (!cur.Digits(2, &c.hour) || !cur.Eat(':') || !cur.Digits(2, &c.minute)) {
      return bad("expected hh:mm");
    }
    if (cur.Eat(':')) {
      if (!cur.Digits(2, &c.second)) return bad("expected seconds");
      if (cur.Eat('.') || cur.Eat(',')) {
        int ms = 0, digits = 0;
        while (cur.Peek() >= '0' && cur.Peek() <= '9') {
          if (digits < 3) ms = ms * 10 + (cur.Peek() - '0');
          ++digits;
          cur.Eat(cur.Peek());
        }
        if (digits == 0) return bad("expected fraction digits");
        for (int k = digits; k < 3; ++k) ms *= 10;
        c.millisecond = ms;
      }
    }
    if (c.hour > 23 || c.minute > 59 || c.second > 59) return bad("time out of range");
    if (cur.Eat('Z') || cur.Eat('z')) {
      offset = 0;
    } else if (cur.Peek() == '+' || cur.Peek() == '-') {
      int sign = cur.Peek() == '-' ? -1 : 1;
      cur.Eat(cur.Peek());
      int oh = 0, om = 0;
      if (!cur.Digits(2, &oh)) return bad("expected offset hours");
      cur.Eat(':');
      if (!cur.Done() && !cur.Digits(2, &om)) return bad("expected offset minutes");
      if (oh > 18 || om > 59) return bad("offset out of range");
      offset = sign * (oh * 60 + om);
    }
    if (!cur.Done()) return bad("trailing characters");
  }
  return FromCivil(c, offset);
}

std::string FormatIso8601(const Instant& t) {
  CivilTime c = ToCivil(t);
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day,
                        c.hour, c.minute, c.second);
  std::string out(buf, n);
  if (c.millisecond != 0) {
    std::snprintf(buf, sizeof buf, ".%03d", c.millisecond);
    out += buf;
  }
  if (t.offset_minutes == 0) {
    out += 'Z';
  } else {
    int off = t.offset_minutes < 0 ? -t.offset_minutes : t.offset_minutes;
    std::snprintf(buf, sizeof buf, "%c%02d:%02d", t.offset_minutes < 0 ? '-' : '+', off / 60,
                  off % 60);
    out += buf;
  }
  return out;
}

}  // namespace engram::base

namespace engram {

Result<Instant> ParseIso8601(std::string_view text, int32_t default_offset_minutes) {
  return base::ParseIso8601(text, default_offset_minutes);
}

std::string FormatIso8601(const Instant& t) { return base::FormatIso8601(t); }

}  // namespace engram
