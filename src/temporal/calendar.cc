#include "src/temporal/calendar.h"

#include <unordered_map>
#include <vector>

#include "engram/temporal.h"
#include "src/base/time.h"
#include "src/temporal/lunar.h"
#include "src/temporal/span.h"

namespace engram::temporal {

extern const char kCnHolidaysTsv[];

enum class FestivalRule {
  kFixed, kLunar, kLunarEve, kNthWeekday, kQingming, kNationalDay, kSolarTerm
};

struct Festival {
  std::u32string_view name;       // surface form (simplified)
  std::string_view canonical;     // canonical name
  FestivalRule rule;
  int month;
  int day;        // day, or weekday (0 = Monday) for kNthWeekday
  int nth;        // for kNthWeekday
};

namespace {

constexpr Festival kFestivals[] = {
    {U"元旦节", "元旦", FestivalRule::kFixed, 1, 1, 0},
    {U"元旦", "元旦", FestivalRule::kFixed, 1, 1, 0},
    {U"阳历新年", "元旦", FestivalRule::kFixed, 1, 1, 0},
    {U"公历新年", "元旦", FestivalRule::kFixed, 1, 1, 0},
    {U"三八妇女节", "妇女节", FestivalRule::kFixed, 3, 8, 0},
    {U"国际妇女节", "妇女节", FestivalRule::kFixed, 3, 8, 0},
    {U"妇女节", "妇女节", FestivalRule::kFixed, 3, 8, 0},
    {U"植树节", "植树节", FestivalRule::kFixed, 3, 12, 0},
    {U"五一国际劳动节", "劳动节", FestivalRule::kFixed, 5, 1, 0},
    {U"国际劳动节", "劳动节", FestivalRule::kFixed, 5, 1, 0},
    {U"五一劳动节", "劳动节", FestivalRule::kFixed, 5, 1, 0},
    {U"劳动节", "劳动节", FestivalRule::kFixed, 5, 1, 0},
    {U"五四青年节", "青年节", FestivalRule::kFixed, 5, 4, 0},
    {U"青年节", "青年节", FestivalRule::kFixed, 5, 4, 0},
    {U"六一儿童节", "儿童节", FestivalRule::kFixed, 6, 1, 0},
    {U"国际儿童节", "儿童节", FestivalRule::kFixed, 6, 1, 0},
    {U"儿童节", "儿童节", FestivalRule::kFixed, 6, 1, 0},
    {U"建党节", "建党节", FestivalRule::kFixed, 7, 1, 0},
    {U"八一建军节", "建军节", FestivalRule::kFixed, 8, 1, 0},
    {U"建军节", "建军节", FestivalRule::kFixed, 8, 1, 0},
    {U"教师节", "教师节", FestivalRule::kFixed, 9, 10, 0},
    {U"国庆节", "国庆节", FestivalRule::kNationalDay, 10, 1, 0},
    {U"国庆", "国庆节", FestivalRule::kNationalDay, 10, 1, 0},
    {U"万圣节", "万圣节", FestivalRule::kFixed, 10, 31, 0},
    {U"平安夜", "平安夜", FestivalRule::kFixed, 12, 24, 0},
    {U"圣诞节", "圣诞节", FestivalRule::kFixed, 12, 25, 0},
    {U"圣诞", "圣诞节", FestivalRule::kFixed, 12, 25, 0},
    {U"愚人节", "愚人节", FestivalRule::kFixed, 4, 1, 0},
    {U"情人节", "情人节", FestivalRule::kFixed, 2, 14, 0},
    {U"圣瓦伦丁节", "情人节", FestivalRule::kFixed, 2, 14, 0},
    {U"澳门回归纪念日", "澳门回归纪念日", FestivalRule::kFixed, 12, 20, 0},
    {U"国际消费者权益日", "国际消费者权益日", FestivalRule::kFixed, 3, 15, 0},
    {U"国际消费者权益日", "国际消费者权益日", FestivalRule::kFixed, 3, 15, 0},
    {U"消费者权益日", "国际消费者权益日", FestivalRule::kFixed, 3, 15, 0},
    {U"三一五", "国际消费者权益日", FestivalRule::kFixed, 3, 15, 0},
    {U"母亲节", "母亲节", FestivalRule::kNthWeekday, 5, 6, 2},
    {U"父亲节", "父亲节", FestivalRule::kNthWeekday, 6, 6, 3},
    {U"感恩节", "感恩节", FestivalRule::kNthWeekday, 11, 3, 4},
    {U"清明节", "清明节", FestivalRule::kQingming, 4, 0, 0},
    {U"清明", "清明节", FestivalRule::kQingming, 4, 0, 0},
    {U"春节", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"农历新年", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"新春", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"正月正时", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"正月朔日", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"大年初一", "春节", FestivalRule::kLunar, 1, 1, 0},
    {U"元宵节", "元宵节", FestivalRule::kLunar, 1, 15, 0},
    {U"元宵", "元宵节", FestivalRule::kLunar, 1, 15, 0},
    {U"上元节", "元宵节", FestivalRule::kLunar, 1, 15, 0},
    {U"龙抬头", "龙抬头", FestivalRule::kLunar, 2, 2, 0},
    {U"端午节", "端午节", FestivalRule::kLunar, 5, 5, 0},
    {U"端午", "端午节", FestivalRule::kLunar, 5, 5, 0},
    {U"端阳节", "端午节", FestivalRule::kLunar, 5, 5, 0},
    {U"七夕节", "七夕", FestivalRule::kLunar, 7, 7, 0},
    {U"七夕", "七夕", FestivalRule::kLunar, 7, 7, 0},
    {U"中元节", "中元节", FestivalRule::kLunar, 7, 15, 0},
    {U"中秋节", "中秋节", FestivalRule::kLunar, 8, 15, 0},
    {U"中秋", "中秋节", FestivalRule::kLunar, 8, 15, 0},
    {U"重阳节", "重阳节", FestivalRule::kLunar, 9, 9, 0},
    {U"重阳", "重阳节", FestivalRule::kLunar, 9, 9, 0},
    {U"腊八节", "腊八节", FestivalRule::kLunar, 12, 8, 0},
    {U"腊八", "腊八节", FestivalRule::kLunar, 12, 8, 0},
    {U"小年", "小年", FestivalRule::kLunar, 12, 23, 0},
    {U"除夕", "除夕", FestivalRule::kLunarEve, 0, 0, 0},
    // Solar terms: month, index into kTermC.
    {U"小寒", "小寒", FestivalRule::kSolarTerm, 1, 0, 0},
    {U"大寒", "大寒", FestivalRule::kSolarTerm, 1, 1, 0},
    {U"立春", "立春", FestivalRule::kSolarTerm, 2, 2, 0},
    {U"雨水", "雨水", FestivalRule::kSolarTerm, 2, 3, 0},
    {U"惊蛰", "惊蛰", FestivalRule::kSolarTerm, 3, 4, 0},
    {U"春分", "春分", FestivalRule::kSolarTerm, 3, 5, 0},
    {U"谷雨", "谷雨", FestivalRule::kSolarTerm, 4, 7, 0},
    {U"立夏", "立夏", FestivalRule::kSolarTerm, 5, 8, 0},
    {U"小满", "小满", FestivalRule::kSolarTerm, 5, 9, 0},
    {U"芒种", "芒种", FestivalRule::kSolarTerm, 6, 10, 0},
    {U"夏至", "夏至", FestivalRule::kSolarTerm, 6, 11, 0},
    {U"小暑", "小暑", FestivalRule::kSolarTerm, 7, 12, 0},
    {U"大暑", "大暑", FestivalRule::kSolarTerm, 7, 13, 0},
    {U"立秋", "立秋", FestivalRule::kSolarTerm, 8, 14, 0},
    {U"处暑", "处暑", FestivalRule::kSolarTerm, 8, 15, 0},
    {U"白露", "白露", FestivalRule::kSolarTerm, 9, 16, 0},
    {U"秋分", "秋分", FestivalRule::kSolarTerm, 9, 17, 0},
    {U"寒露", "寒露", FestivalRule::kSolarTerm, 10, 18, 0},
    {U"霜降", "霜降", FestivalRule::kSolarTerm, 10, 19, 0},
    {U"立冬", "立冬", FestivalRule::kSolarTerm, 11, 20, 0},
    {U"小雪", "小雪", FestivalRule::kSolarTerm, 11, 21, 0},
    {U"大雪", "大雪", FestivalRule::kSolarTerm, 12, 22, 0},
    {U"冬至", "冬至", FestivalRule::kSolarTerm, 12, 23, 0},
    {U"大年三十", "除夕", FestivalRule::kLunarEve, 0, 0, 0},
    {U"年三十", "除夕", FestivalRule::kLunarEve, 0, 0, 0},
};

struct HolidayTable {
  std::unordered_map<int64_t, int> kind;
  HolidayTable() {
    std::string_view all(kCnHolidaysTsv);
    while (!all.empty()) {
      size_t nl = all.find('\n');
      std::string_view line = all.substr(0, nl);
      all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
      if (line.empty() || line[0] == '#') continue;
      size_t t1 = line.find('\t');
      size_t t2 = t1 == std::string_view::npos ? t1 : line.find('\t', t1 + 1);
      if (t2 == std::string_view::npos) continue;
      size_t t3 = line.find('\t', t2 + 1);
      auto from = base::ParseIso8601(line.substr(0, t1));
      auto to = base::ParseIso8601(line.substr(t1 + 1, t2 - t1 - 1));
      std::string_view k = line.substr(t2 + 1, t3 == std::string_view::npos ? t3 : t3 - t2 - 1);
      if (!from.ok() || !to.ok()) continue;
      int v = k == "off" ? 1 : k == "work" ? 2 : 0;
      for (int64_t d = from->unix_ms / 86400000; d <= to->unix_ms / 86400000; ++d) kind[d] = v;
    }
  }
};

const HolidayTable& Holidays() {
  static const HolidayTable kTable;
  return kTable;
}

}  // namespace

const Festival* MatchFestival(Cursor* c) {
  struct FirstChars {
    std::u32string chars;
    FirstChars() {
      for (const Festival& f : kFestivals) {
        if (chars.find(f.name[0]) == std::u32string::npos) chars.push_back(f.name[0]);
      }
    }
  };
  static const FirstChars kFirst;
  if (kFirst.chars.find(c->Peek()) == std::u32string::npos) return nullptr;
  const Festival* best = nullptr;
  for (const Festival& f : kFestivals) {
    if (f.name[0] != c->Peek()) continue;
    if (best && f.name.size() <= best->name.size()) continue;
    Cursor probe = *c;
    if (probe.Lit(f.name)) best = &f;
  }
  if (best) c->i += best->name.size();
  return best;
}

std::optional<int64_t> FestivalDay(const Festival& f, int year, std::string_view calendar) {
  if (year < 1 || year > 9999) return std::nullopt;
  switch (f.rule) {
    case FestivalRule::kFixed: return DayNumber(year, f.month, f.day);
    case FestivalRule::kNationalDay:
      return DayNumber(year, 10, calendar == "zh-TW" ? 10 : 1);
    case FestivalRule::kLunar: return LunarToDay(year, f.month, f.day, false);
    case FestivalRule::kLunarEve: {
      auto next = LunarToDay(year + 1, 1, 1, false);
      if (!next) return std::nullopt;
      return *next - 1;
    }
    case FestivalRule::kNthWeekday: {
      int64_t first = DayNumber(year, f.month, 1);
      int delta = (f.day - Weekday(first) + 7) % 7;
      return first + delta + 7 * (f.nth - 1);
    }
    case FestivalRule::kSolarTerm: {
      // 寿星 formula, 21st-century constants: day = [Y * 0.2422 + C] - L (Y = year % 100,
      // L = leap years before; January/February terms count up to Y - 1). 小寒 and 大寒 of
      // year N fall in January of N + 1 (the solar year runs from 立春).
      static const double kTermC[] = {5.4055, 20.12,  3.87,   18.73,  5.63,  20.646,
                                      4.81,   20.1,   5.52,   21.04,  5.678, 21.37,
                                      7.108,  22.83,  7.5,    23.13,  7.646, 23.042,
                                      8.318,  23.438, 7.438,  22.36,  7.18,  21.94};
      int y = f.month == 1 ? year + 1 : year;
      int yy = y % 100;
      int leap = f.month <= 2 ? (yy - 1) / 4 : yy / 4;
      if (yy == 0 && f.month <= 2) leap = 0;
      int d = static_cast<int>(yy * 0.2422 + kTermC[f.day]) - leap;
      if (d < 1 || d > 28) d = f.day % 2 == 0 ? 6 : 21;
      return DayNumber(y, f.month, d);
    }
    case FestivalRule::kQingming: {
      // Solar term 清明: day = floor(Y * 0.2422 + C) - floor(Y / 4), Y = year % 100.
      int y = year % 100;
      double c = year >= 2001 ? 4.81 : 5.59;
      int d = static_cast<int>(y * 0.2422 + c) - (year >= 2001 ? y / 4 : (y - 1) / 4);
      if (d < 3 || d > 6) d = 5;
      return DayNumber(year, 4, d);
    }
  }
  return std::nullopt;
}

std::string_view FestivalName(const Festival& f) { return f.canonical; }

bool FestivalIsLunar(const Festival& f) {
  return f.rule == FestivalRule::kLunar || f.rule == FestivalRule::kLunarEve;
}

int64_t SeasonStartDay(int season, int year) {
  static const std::u32string_view kNames[] = {U"立春", U"立夏", U"立秋", U"立冬"};
  for (const Festival& f : kFestivals) {
    if (f.name == kNames[season & 3]) {
      auto d = FestivalDay(f, year, "");
      if (d) return *d;
    }
  }
  return DayNumber(year, 2 + 3 * (season & 3), 5);
}

bool FestivalIsSolarTerm(const Festival& f) { return f.rule == FestivalRule::kSolarTerm; }

int CnStatutoryKind(int64_t day) {
  const auto& t = Holidays().kind;
  auto it = t.find(day);
  return it == t.end() ? 0 : it->second;
}

bool IsWorkdayDay(int64_t day, const std::string& calendar) {
  if (calendar == "zh-CN") {
    int k = CnStatutoryKind(day);
    if (k == 1) return false;
    if (k == 2) return true;
  }
  return Weekday(day) < 5;
}

}  // namespace engram::temporal

namespace engram {

bool IsWorkday(int year, int month, int day, std::string_view calendar) {
  if (month < 1 || month > 12 || day < 1 || day > base::DaysInMonth(year, month)) return false;
  return temporal::IsWorkdayDay(temporal::DayNumber(year, month, day), std::string(calendar));
}

}  // namespace engram
