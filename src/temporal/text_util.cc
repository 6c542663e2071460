#include "src/temporal/text_util.h"

#include <vector>

#include "src/base/utf8.h"

namespace engram::temporal {
namespace {

char32_t MapChar(char32_t c) {
  if (c >= U'A' && c <= U'Z') return c - U'A' + U'a';
  if (c >= 0xFF01 && c <= 0xFF5E) {  // full-width ASCII
    char32_t a = c - 0xFF01 + 0x21;
    return (a >= U'A' && a <= U'Z') ? a - U'A' + U'a' : a;
  }
  if (c == 0x3000) return U' ';
  switch (c) {
    case U'週': return U'周';
    case U'禮': return U'礼';
    case U'個': return U'个';
    case U'號': return U'号';
    case U'點': return U'点';
    case U'時': return U'时';
    case U'鐘': return U'钟';
    case U'後': return U'后';
    case U'這': return U'这';
    case U'兩': return U'两';
    case U'節': return U'节';
    case U'慶': return U'庆';
    case U'國': return U'国';
    case U'聖': return U'圣';
    case U'誕': return U'诞';
    case U'萬': return U'万';
    case U'婦': return U'妇';
    case U'兒': return U'儿';
    case U'勞': return U'劳';
    case U'動': return U'动';
    case U'軍': return U'军';
    case U'曆': return U'历';
    case U'歸': return U'归';
    case U'紀': return U'纪';
    case U'門': return U'门';
    case U'費': return U'费';
    case U'權': return U'权';
    case U'農': return U'农';
    case U'晝': return U'昼';
    case U'間': return U'间';
    case U'來': return U'来';
    case U'過': return U'过';
    case U'現': return U'现';
    case U'當': return U'当';
    case U'聽': return U'听';
    case U'尋': return U'寻';
    case U'陽': return U'阳';
    case U'陰': return U'阴';
    case U'歲': return U'岁';
    case U'燈': return U'灯';
    case U'愛': return U'爱';
    case U'親': return U'亲';
    case U'師': return U'师';
    case U'媽': return U'妈';
    case U'臘': return U'腊';
    case U'閏': return U'闰';
    case U'頭': return U'头';
    case U'龍': return U'龙';
    case U'舊': return U'旧';
    case U'於': return U'于';
    case U'從': return U'从';
    case U'剛': return U'刚';
    case U'晩': return U'晚';
    case U'凌': return U'凌';
    case U'內': return U'内';
    case U'幾': return U'几';
    case U'與': return U'与';
    case U'許': return U'许';
    case U'極': return U'极';
    case U'觀': return U'观';
    case U'復': return U'复';
    case U'蘭': return U'兰';
    case U'盂': return U'盂';
    case U'會': return U'会';
    case U'開': return U'开';
    case U'齋': return U'斋';
    case U'誰': return U'谁';
    case U'愚': return U'愚';
    case U'華': return U'华';
    case U'臺': return U'台';
    case U'灣': return U'湾';
    case U'麼': return U'么';
    case U'啟': return U'启';
    case U'爲': return U'为';
    case U'為': return U'为';
    case U'樹': return U'树';
    case U'澳': return U'澳';
    case U'無': return U'无';
    case U'憲': return U'宪';
    case U'終': return U'终';
    case U'東': return U'东';
    case U'岳': return U'岳';
    case U'燒': return U'烧';
    case U'傳': return U'传';
    case U'統': return U'统';
    case U'雙': return U'双';
    case U'鬼': return U'鬼';
    case U'僑': return U'侨';
    case U'衛': return U'卫';
    case U'護': return U'护';
    case U'戰': return U'战';
    case U'勝': return U'胜';
    case U'韓': return U'韩';
    case U'團': return U'团';
    case U'黨': return U'党';
    case U'紅': return U'红';
    case U'誌': return U'志';
    case U'醫': return U'医';
    case U'記': return U'记';
    case U'義': return U'义';
    case U'灶': return U'灶';
    case U'電': return U'电';
    case U'滿': return U'满';
    case U'歡': return U'欢';
    case U'鐵': return U'铁';
    case U'廠': return U'厂';
    case U'業': return U'业';
    case U'寫': return U'写';
    case U'亞': return U'亚';
    case U'穀': return U'谷';
    case U'蟄': return U'蛰';
    case U'驚': return U'惊';
    case U'種': return U'种';
    case U'暑': return U'暑';
    case U'處': return U'处';
    case U'氣': return U'气';
    case U'臨': return U'临';
    case U'—': return U'-';
    case U'–': return U'-';
    case U'－': return U'-';
    case U'～': return U'~';
    case U'：': return U':';
    case U'，': return U',';
    case U'。': return U'.';
    case U'·': return U'.';
    default: return c;
  }
}

int CjkDigit(char32_t c) {
  switch (c) {
    case U'零': case U'〇': case U'○': case U'o': return 0;
    case U'一': return 1;
    case U'二': case U'两': case U'俩': return 2;
    case U'三': case U'仨': return 3;
    case U'四': return 4;
    case U'五': return 5;
    case U'六': return 6;
    case U'七': return 7;
    case U'八': return 8;
    case U'九': return 9;
    default: return -1;
  }
}

}  // namespace

std::u32string Normalize(std::string_view utf8) {
  std::u32string out;
  out.reserve(utf8.size());
  size_t pos = 0;
  while (pos < utf8.size()) out.push_back(MapChar(base::DecodeUtf8(utf8, &pos)));
  return out;
}

bool Cursor::Lit(std::u32string_view w) {
  if (s->size() - std::min(i, s->size()) < w.size()) return false;
  // Most literals tried differ from the text at their first character: test that inline.
  if (!w.empty() && (*s)[i] != w[0]) return false;
  if (std::u32string_view(*s).substr(i, w.size()) != w) return false;
  i += w.size();
  return true;
}

int Cursor::OneOf(std::initializer_list<std::u32string_view> words) {
  int k = 0;
  for (auto w : words) {
    if (Lit(w)) return k;
    ++k;
  }
  return -1;
}

void Cursor::SkipSpaces() {
  while (!AtEnd() && (Peek() == U' ' || Peek() == U'\t')) ++i;
}

bool MayStartZh(char32_t c) {
  if (c < 0x80) return IsDigit(c) || c == U'q' || c == U'h';
  // First characters of every Chinese rule word and numeral (normalized script).
  static const std::u32string_view kStarts =
      U"○〇一七万三上下世两个中为之九二五交今从代以仨份伊依俩傍儿元全八公六内再农冬凌几"
      U"分初到刻前劳十千卅午半去号同后听周和四国圣处夏多夜大天头妇季宜寒寻小工左平年床底"
      U"建廿开当情惊愚感接搭教数整新日早旬时明星春昨晏晚暑最月未末本来植次止正此步母每消"
      U"深清澳点父现由白百的目眼码礼秋秒立端第翌而腊自至芒许谷起踏身过近这里重钟闰间阳阴"
      U"除隔雨零霜青飞首黎龙";
  struct Table {
    std::vector<bool> bits = std::vector<bool>(0x10000, false);
    Table() {
      for (char32_t ch : kStarts) bits[ch] = true;
    }
  };
  static const Table kTable;
  return c < 0x10000 && kTable.bits[c];
}

bool IsDigit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool IsAsciiAlpha(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }
bool IsCjkDigit(char32_t c) {
  return (c != U'o' && CjkDigit(c) >= 0) || c == U'十' || c == U'百' || c == U'千' ||
         c == U'廿' || c == U'卅';
}

bool ReadArabic(Cursor* c, int64_t* value, int* digits, int max_digits) {
  size_t j = c->i;
  int64_t v = 0;
  int n = 0;
  while (j < c->s->size() && IsDigit((*c->s)[j]) && n < max_digits) {
    v = v * 10 + ((*c->s)[j] - U'0');
    ++j;
    ++n;
  }
  if (n == 0) return false;
  if (j < c->s->size() && IsDigit((*c->s)[j])) return false;  // longer than allowed
  c->i = j;
  *value = v;
  *digits = n;
  return true;
}

bool ReadChinese(Cursor* c, int64_t* value, bool* digit_by_digit) {
  const std::u32string& s = *c->s;
  size_t j = c->i;
  *digit_by_digit = false;
  // Digit-by-digit: two or more plain digits in a row (二零一五, 九零).
  size_t k = j;
  int64_t dv = 0;
  int nd = 0;
  while (k < s.size() && nd < 18 && CjkDigit(s[k]) >= 0 && s[k] != U'o' && s[k] != U'两') {
    dv = dv * 10 + CjkDigit(s[k]);
    ++k;
    ++nd;
  }
  if (nd >= 2 && (k >= s.size() || (s[k] != U'十' && s[k] != U'百' && s[k] != U'千'))) {
    c->i = k;
    *value = dv;
    *digit_by_digit = true;
    return true;
  }
  int64_t total = 0, section = 0;
  int last = -1;
  bool any = false;
  while (j < s.size()) {
    char32_t ch = s[j];
    int d = ch == U'o' ? -1 : CjkDigit(ch);
    if (d >= 0) {
      if (last >= 0 && ch != U'零' && ch != U'〇') break;  // two digits in a row
      last = d;
      any = true;
      ++j;
      continue;
    }
    if (ch == U'万' && any) {
      total += (section + (last > 0 ? last : 0)) * 10000;
      section = 0;
      last = -1;
      ++j;
      continue;
    }
    int mult = ch == U'十' ? 10 : ch == U'百' ? 100 : ch == U'千' ? 1000 : 0;
    if (ch == U'廿' || ch == U'卅') {
      if (any) break;
      section += ch == U'廿' ? 20 : 30;
      any = true;
      last = -1;
      ++j;
      continue;
    }
    if (mult == 0) break;
    section += (last < 0 ? 1 : last) * mult;
    last = -1;
    any = true;
    ++j;
  }
  if (!any) return false;
  total += section + (last > 0 ? last : 0);
  c->i = j;
  *value = total;
  return true;
}

bool ReadNumber(Cursor* c, int64_t* value, int* digits) {
  if (ReadArabic(c, value, digits)) return true;
  bool dbd = false;
  *digits = 0;
  return ReadChinese(c, value, &dbd);
}

}  // namespace engram::temporal
