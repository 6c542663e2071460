#include "src/recall/answer_measures.h"

#include <cctype>
#include <string_view>

#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"

namespace engram::recall {

// "35%", "twelve percent", "百分之三十", "三成", or a ratio ("1:5000", "1比3") where the question
// asks for one (ratio, dilution, 比例, 稀释).
bool CarriesShare(std::string_view folded, std::string_view folded_query) {
  if (HasPercent(folded) || HasCue(folded, "percent") || HasCue(folded, "per cent") ||
      folded.find("百分之") != std::string_view::npos) {
    return true;
  }
  for (size_t at = folded.find("成"); at != std::string_view::npos; at = folded.find("成", at + 1)) {
    if (NumeralBefore(folded, at)) return true;
  }
  constexpr std::string_view kRatioAsks[] = {"ratio", "dilution", "比例", "稀释"};
  if (!AnyCue(folded_query, kRatioAsks)) return false;
  for (size_t at = 1; at + 1 < folded.size(); ++at) {
    const char c = folded[at];
    if ((c == ':' || c == '/') && std::isdigit(static_cast<unsigned char>(folded[at - 1])) &&
        std::isdigit(static_cast<unsigned char>(folded[at + 1]))) {
      return true;
    }
  }
  return folded.find("比") != std::string_view::npos && HasDigit(folded);
}

// A number before a unit of area: "120平", "85平米", "1,200 sq ft", "3 acres", "两亩".
bool CarriesArea(std::string_view folded) {
  constexpr std::string_view kUnits[] = {"平", "㎡", "m2", "m²", "sq", "square", "acre", "亩",
                                         "hectare"};
  for (std::string_view u : kUnits) {
    for (size_t at = folded.find(u); at != std::string_view::npos; at = folded.find(u, at + 1)) {
      size_t p = at;
      while (p > 0 && folded[p - 1] == ' ') --p;
      if (NumeralBefore(folded, p)) return true;
    }
  }
  return false;
}

// "42码", "size 10.5", "穿L的", "an M", "11.5", "11.5 inch" (not "20号", a day).
bool CarriesSize(std::string_view folded) {
  constexpr std::string_view kMa = "码";
  for (size_t at = folded.find(kMa); at != std::string_view::npos; at = folded.find(kMa, at + 1)) {
    if (at > 0 && (std::isdigit(static_cast<unsigned char>(folded[at - 1])) ||
                   (at >= 3 && kZhNumerals.find(folded.substr(at - 3, 3)) != std::string_view::npos))) {
      return true;
    }
  }
  for (const LatinWord& w : LatinWords(folded)) {
    for (std::string_view size : {"xs", "s", "m", "l", "xl", "xxl", "xxxl"}) {
      if (w.text == size) return true;
    }
  }
  // A length ("11.5 inch", "a 65-inch tv", "27寸") or a rating of equipment ("3.5 ton", "1.5匹",
  // "50 gallon").
  for (std::string_view unit : {"inch", "inches", "寸", "英寸", "ton", "tons", "gallon", "gallons",
                                "btu", "匹", "升"}) {
    for (size_t at = folded.find(unit); at != std::string_view::npos;
         at = folded.find(unit, at + 1)) {
      size_t k = at;
      while (k > 0 && (folded[k - 1] == ' ' || folded[k - 1] == '-')) --k;
      if (k > 0 && std::isdigit(static_cast<unsigned char>(folded[k - 1]))) return true;
    }
  }
  const size_t size = folded.find("size");
  // How big a place or a thing is may be an area ("东边圈面积 是54亩", asked 东圈有多大).
  return (size != std::string_view::npos && HasDigit(folded.substr(size))) ||
         HasSizeNumber(folded) || CarriesArea(folded);
}

bool GivesLengthIfAsked(std::string_view text, std::string_view query) {
  constexpr std::string_view kAsks[] = {"多高", "多长", "多宽", "多深", "多远", "how tall",
                                        "how high", "how far", "how deep", "how wide"};
  if (!AnyCue(query, kAsks)) return true;
  constexpr std::string_view kUnits[] = {"米", "公分", "尺", "寸", "公里", "里", "丈", "m", "cm",
                                         "mm", "km", "ft", "feet", "foot", "inch", "inches",
                                         "meter", "meters", "metre", "metres", "mile", "miles",
                                         "yard", "yards", "'"};
  for (std::string_view unit : kUnits) {
    for (size_t at = text.find(unit); at != std::string_view::npos; at = text.find(unit, at + 1)) {
      const bool latin = std::isalpha(static_cast<unsigned char>(unit[0]));
      const size_t end = at + unit.size();
      if (latin && end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) {
        continue;  // "m" of "more"
      }
      size_t k = at;
      while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '-')) --k;
      if (k > 0 && std::isdigit(static_cast<unsigned char>(text[k - 1]))) return true;
      if (k >= 3 && (kZhNumerals.find(text.substr(k - 3, 3)) != std::string_view::npos ||
                     text.substr(k - 3, 3) == "一")) {
        return true;
      }
    }
  }
  return false;
}

// A blood type: A / B / AB / O before 型 ("O型血", "ab型"), "type A", "O negative", "AB+",
// Rh 阴性 / 阳性.
std::string BloodTypeIn(std::string_view folded) {
  if (folded.find("熊猫血") != std::string_view::npos) return "rh-";
  const auto letters_before = [&](size_t at) -> std::string_view {
    size_t b = at;
    while (b > 0 && (folded[b - 1] == 'a' || folded[b - 1] == 'b' || folded[b - 1] == 'o')) --b;
    const std::string_view t = folded.substr(b, at - b);
    const bool word_start = b == 0 || !std::isalnum(static_cast<unsigned char>(folded[b - 1]));
    return word_start && (t == "a" || t == "b" || t == "ab" || t == "o") ? t : "";
  };
  for (size_t at = 0; at < folded.size(); ++at) {
    const std::string_view rest = folded.substr(at);
    const bool sign = (rest.starts_with("+") || rest.starts_with("-")) &&
                      (rest.size() == 1 || !std::isalnum(static_cast<unsigned char>(rest[1])));
    const bool negative = rest.starts_with(" negative") || rest.starts_with(" neg") ||
                          (sign && rest[0] == '-') || rest.starts_with("型rh阴");
    if (!(rest.starts_with("型") || sign || negative || rest.starts_with(" positive") ||
          rest.starts_with(" pos"))) {
      continue;
    }
    const std::string_view letters = letters_before(at);
    if (!letters.empty()) return std::string(letters) + (negative ? "-" : "+");
  }
  for (std::string_view t : {"type ab", "type a", "type b", "type o"}) {
    for (size_t at = folded.find(t); at != std::string_view::npos; at = folded.find(t, at + 1)) {
      const size_t end = at + t.size();
      if (end == folded.size() || !std::isalpha(static_cast<unsigned char>(folded[end]))) {
        return std::string(t.substr(5)) + "+";
      }
    }
  }
  if (folded.find("rh") != std::string_view::npos) {
    return folded.find("阴") != std::string_view::npos ? "rh-" : "rh";
  }
  return "";
}

bool CarriesBloodType(std::string_view folded) { return !BloodTypeIn(folded).empty(); }

}  // namespace engram::recall
