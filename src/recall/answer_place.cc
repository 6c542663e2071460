#include "src/recall/answer_place.h"

#include <algorithm>
#include <cctype>
#include <span>
#include <string>
#include <vector>

#include "src/base/utf8.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// A place of a kind ("哪个酒店", "which hotel", "the wedding venue"): answered by a place.
constexpr std::string_view kZhPlaceNouns[] = {"酒店", "宾馆", "民宿", "旅馆", "餐厅", "饭店",
                                              "餐馆", "馆子", "场地", "地址", "学校", "医院",
                                              "诊所", "健身房", "小区", "小学", "中学", "大学",
                                              "学院", "幼儿园", "教室", "会议室", "病房", "考场",
                                              "银行", "档口", "仓库", "门店", "摊位", "城市",
                                              "驾校"};

// Names of a kind of place that answer a question for one ("实验小学"); 大学 / 中学 also name
// classmates ("大学同学聚会").
constexpr std::string_view kZhPlaceAnswers[] = {"酒店", "宾馆", "民宿", "旅馆", "餐厅", "饭店",
                                                "餐馆", "馆子", "场地", "学校", "医院", "诊所",
                                                "健身房", "小区", "小学", "学院", "幼儿园", "教室",
                                                "会议室", "病房", "考场", "银行"};

constexpr std::string_view kZhWhich[] = {"哪个", "哪家", "哪间", "哪所", "什么", "啥"};
constexpr std::string_view kZhWhere[] = {"在哪", "是哪", "是啥", "是什么"};
constexpr std::string_view kEnPlaceNouns[] = {
    "hotel", "hostel", "motel", "inn",    "resort", "airbnb", "restaurant", "cafe",
    "bistro", "venue", "school", "hospital", "clinic", "gym",   "address", "apartment",
    "university", "college"};
constexpr std::string_view kEnWhich[] = {"which", "what", "what's"};

}  // namespace

namespace {

// Whether a word of `which` stands right before byte `at` of `q`, or up to `max_han` Han
// characters before it (哪家宠物医院, 哪家菌厂).
bool WhichBefore(std::string_view q, size_t at, size_t max_han,
                 std::span<const std::string_view> which) {
  for (size_t back = 0; back <= max_han * 3 && back <= at; back += 3) {
    const size_t end = at - back;
    size_t next = end;
    if (back > 0 && !IsHan(base::DecodeUtf8(q, &next))) break;
    for (std::string_view w : which) {
      if (end >= w.size() && q.substr(end - w.size(), w.size()) == w) return true;
    }
  }
  return false;
}

}  // namespace

std::string_view WhichShopOrWorks(std::string_view q) {
  constexpr std::string_view kWhich[] = {"哪家", "哪个", "哪间"};
  for (std::string_view noun : {"店", "厂"}) {
    for (size_t at = q.find(noun); at != std::string_view::npos; at = q.find(noun, at + 1)) {
      if (WhichBefore(q, at, 2, kWhich)) return noun;
    }
  }
  return {};
}

bool AsksForPlace(std::string_view q) {
  // "该用哪个地址" of an e-mail, "what address should colleagues use to reach me": a contact.
  constexpr std::string_view kMail[] = {"邮件", "邮箱", "email", "e-mail", "reach", "网址",
                                        "website"};
  if (AnyCue(q, kMail)) return false;
  for (std::string_view noun : kZhPlaceNouns) {
    for (size_t at = q.find(noun); at != std::string_view::npos; at = q.find(noun, at + 1)) {
      // 哪家 before the noun, or before a word of up to three characters that names its kind
      // (哪家宠物医院).
      if (WhichBefore(q, at, 3, kZhWhich)) return true;
      const std::string_view after = q.substr(at + noun.size());
      for (std::string_view w : kZhWhere) {
        if (after.find(w) != std::string_view::npos) return true;
      }
    }
  }
  // Where someone lives, which road a shop is on.
  constexpr std::string_view kZhWhereAt[] = {"住哪", "住在哪", "哪条路", "哪条街", "什么路",
                                             "什么街", "哪个小区", "哪上学", "哪读书",
                                             "哪上的学", "哪上的大学", "哪读的大学"};
  if (AnyCue(q, kZhWhereAt)) return true;
  // Which shop or works (哪家店, 哪家菌厂).
  if (!WhichShopOrWorks(q).empty()) return true;
  const std::vector<LatinWord> words = LatinWords(q);
  const bool where = !words.empty() && (words[0].text == "where" || words[0].text == "where's");
  if (where && std::any_of(words.begin(), words.end(), [](const LatinWord& w) {
        return w.text == "live" || w.text == "lives" || w.text == "located" || w.text == "based";
      })) {
    return true;
  }
  // A place noun that names the place asked for, not one that qualifies another noun ("which
  // gym locker is mine" asks for a locker).
  constexpr std::string_view kAfterPlace[] = {
      "is", "are", "was", "were", "do", "does", "did", "am", "i", "we", "you", "my", "our",
      "should", "will", "can", "would", "has", "have", "for", "in", "at", "near", "on", "to",
      "that", "he", "she", "they", "it", "again", "now", "these", "this", "next", "last"};
  for (size_t i = 0; i < words.size(); ++i) {
    if (std::find(std::begin(kEnPlaceNouns), std::end(kEnPlaceNouns), words[i].text) ==
        std::end(kEnPlaceNouns)) {
      continue;
    }
    if (i + 1 < words.size() && !words[i + 1].sentence_start && words[i].text != "address" &&
        words[i].text != "venue" &&
        std::find(std::begin(kAfterPlace), std::end(kAfterPlace), words[i + 1].text) ==
            std::end(kAfterPlace)) {
      continue;
    }
    if (where || words[i].text == "address" || words[i].text == "venue") return true;
    for (size_t back = 1; back <= 2 && back <= i; ++back) {
      const std::string& w = words[i - back].text;
      if (std::find(std::begin(kEnWhich), std::end(kEnWhich), w) != std::end(kEnWhich)) return true;
    }
  }
  return false;
}

namespace {

constexpr std::string_view kStreetWords[] = {"street", "st", "avenue", "ave", "road", "rd",
                                             "lane", "drive", "blvd", "boulevard", "way", "apt"};

// A capitalized run the question does not say (HasProperWord) after a word that puts a place
// ("in Tacoma", "at the Marriott", "moved to Austin") or ending in a place's word ("Elm
// Street", "Mercy Hospital"): "key witness for Kessler: Angela Ruiz" names no place.
bool HasPlaceName(const std::vector<LatinWord>& words, const std::vector<std::string>& asked) {
  constexpr std::string_view kPlaceBefore[] = {"in", "at", "to", "from", "near", "on", "the",
                                               "by", "into", "outside", "around"};
  for (size_t i = 0; i < words.size(); ++i) {
    if (!IsProperWord(words[i], asked)) continue;
    size_t first = i;
    while (first > 0 && !words[first].sentence_start && IsCapitalized(words[first - 1])) --first;
    size_t last = i;
    while (last + 1 < words.size() && !words[last + 1].sentence_start &&
           IsCapitalized(words[last + 1])) {
      ++last;
    }
    const std::string tail = text::FoldForSearch(words[last].text);
    if (AnyCue(tail, kOrgTails) || AnyCue(tail, kStreetWords)) return true;
    if (first == 0 || words[first].sentence_start) continue;
    const std::string before = text::FoldForSearch(words[first - 1].text);
    if (std::find(std::begin(kPlaceBefore), std::end(kPlaceBefore), before) !=
        std::end(kPlaceBefore)) {
      return true;
    }
  }
  return false;
}

// Whether a name the question does not say runs into a street's word ("a cottage on Seafield
// Avenue", "Elm St"): a home's street, which answers for an address without a number.
bool NamesAStreetByName(const std::vector<LatinWord>& words,
                        const std::vector<std::string>& asked) {
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (!IsProperWord(words[i], asked) || words[i + 1].sentence_start ||
        !IsCapitalized(words[i + 1])) {
      continue;
    }
    if (AnyCue(text::FoldForSearch(words[i + 1].text), kStreetWords)) return true;
  }
  return false;
}

// A word after a phrase that puts someone in a place ("living out in katy", "moved to pasadena
// tx", "work at st joseph's er"): the place, capitalized or not. Casual typing drops the
// capital HasPlaceName reads; not a common word after such a phrase ("work at home", "moved to
// a bigger flat" is read by the kind of place).
bool SaysPlaceAfterPlaceVerb(std::string_view folded) {
  constexpr std::string_view kPutsInPlace[] = {
      "live in ", "lives in ", "living in ", "lived in ", "live out in ", "lives out in ",
      "living out in ",
      "moved to ", "moving to ", "move to ", "moved out to ", "moved over to ", "moved back to ",
      "relocated to ", "based in ", "based out of ", "work at ", "works at ", "working at ",
      "worked at ", "started at ", "staying at ", "stay at ", "job at "};
  constexpr std::string_view kNoPlace[] = {
      "home", "work", "night", "nights", "a", "an", "my", "our", "his", "her", "their", "your",
      "this", "that", "these", "least", "last", "first", "all", "once", "time", "bed", "some",
      "another", "new", "old", "same", "different", "part", "full", "half", "remote", "from",
      "it", "them", "him", "the", "one", "two", "around", "about", "midnight", "noon", "dawn"};
  for (std::string_view cue : kPutsInPlace) {
    for (size_t at = folded.find(cue); at != std::string_view::npos;
         at = folded.find(cue, at + 1)) {
      if (at > 0 && std::isalnum(static_cast<unsigned char>(folded[at - 1]))) continue;
      size_t begin = at + cue.size();
      if (folded.substr(begin).starts_with("the ")) begin += 4;
      size_t end = begin;
      while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
      const std::string_view next = folded.substr(begin, end - begin);
      if (next.size() < 2 || (next.size() == 2 && next != "st" && next != "mt")) continue;
      if (std::find(std::begin(kNoPlace), std::end(kNoPlace), next) == std::end(kNoPlace)) {
        return true;
      }
    }
  }
  return false;
}

// Characters that end the name of a place in Chinese: 实验小学, 科技馆, 全季酒店, 人民路.
constexpr std::string_view kZhPlaceEnds = "店馆院校园所楼路街区城村镇厦场寓";

// Whether folded `text` names a street in Chinese: 路, 街, 巷 or 弄 after two Han characters
// ("莫家街", "五四西路"), not 马路 or 街道 alone.
bool NamesAStreet(std::string_view text) {
  for (std::string_view end : {"路", "街", "巷", "弄"}) {
    for (size_t at = text.find(end); at != std::string_view::npos; at = text.find(end, at + 1)) {
      if (at < 6) continue;
      size_t a = at - 6, b = at - 3;
      const char32_t first = base::DecodeUtf8(text, &a);
      const char32_t second = base::DecodeUtf8(text, &b);
      if (IsHan(first) && IsHan(second) && text.substr(at - 3, 3) != "马" &&
          text.substr(at - 3, 3) != "过") {
        return true;
      }
    }
  }
  return false;
}

// Whether folded `text` names a school by its number: 八十三中, 26中, 二小 (not 一中午, 一小时).
bool NamesANumberedSchool(std::string_view text) {
  constexpr std::string_view kNumerals = "一二三四五六七八九十零〇0123456789";
  constexpr std::string_view kAfter = "学的了教读上毕那这";
  for (std::string_view school : {"中", "小"}) {
    for (size_t at = text.find(school); at != std::string_view::npos;
         at = text.find(school, at + 1)) {
      if (at == 0) continue;
      size_t before = at - 1;
      while (before > 0 && (static_cast<unsigned char>(text[before]) & 0xC0) == 0x80) --before;
      if (kNumerals.find(text.substr(before, at - before)) == std::string_view::npos) continue;
      size_t next = at + school.size();
      if (next >= text.size()) return true;
      size_t end = next;
      const char32_t c = base::DecodeUtf8(text, &end);
      if (!IsHan(c) || kAfter.find(text.substr(next, end - next)) != std::string_view::npos) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace

bool CarriesPlace(std::string_view raw_text, std::string_view folded, std::string_view query) {
  const std::string folded_query = text::FoldForSearch(query);
  if (folded.find('@') != std::string_view::npos) return true;
  // Asked where someone lives, a place said of something else ("jerome's kid just started at
  // nocca") is no answer: the statement says a home.
  constexpr std::string_view kLiveAsks[] = {"live", "lives", "living"};
  constexpr std::string_view kZhLiveAsks[] = {"住哪", "住在哪"};
  constexpr std::string_view kHomeWords[] = {
      "live", "lives", "living", "lived", "moved", "move", "moving", "address", "house", "home",
      "apartment", "apt", "flat", "condo", "neighborhood", "neighbourhood", "rent", "renting",
      "place", "住", "家", "搬", "地址", "小区", "公寓", "房子"};
  // Not where one stays on a trip (我成都住哪个酒店).
  constexpr std::string_view kStays[] = {"酒店", "宾馆", "民宿", "旅馆", "hotel", "staying"};
  const bool asks_home = ((folded_query.starts_with("where") && AnyCue(folded_query, kLiveAsks)) ||
                          AnyCue(folded_query, kZhLiveAsks)) &&
                         !AnyCue(folded_query, kStays);
  if (asks_home && !AnyCue(folded, kHomeWords)) return false;
  // Asked which hotel: a statement of a stay, not a city someone came from ("澳门来的大客户").
  constexpr std::string_view kHotelAsks[] = {"哪个酒店", "哪家酒店", "什么酒店", "哪个宾馆",
                                             "which hotel", "what hotel"};
  constexpr std::string_view kStayWords[] = {"酒店", "宾馆", "民宿", "旅馆", "住", "入住",
                                             "hotel", "inn", "motel", "staying", "stay",
                                             "booked", "resort", "hostel"};
  if (AnyCue(folded_query, kHotelAsks) && !AnyCue(folded, kStayWords)) return false;
  // An address asks for where one lives or works, not the kind of place ("at a hospital").
  constexpr std::string_view kAddressAsks[] = {"地址", "哪条路", "哪条街", "什么路", "什么街"};
  const bool address = AnyCue(folded_query, kAddressAsks) || HasCue(folded_query, "address");
  if (!address && (AnyCue(folded, kZhPlaceAnswers) || AnyCue(folded, kEnPlaceNouns) ||
                   HasCharOf(folded, kZhPlaceEnds))) {
    return true;
  }
  if (NamesANumberedSchool(folded)) return true;
  // Asked which shop or works, one said of its kind ("偃师那家榨油厂", "温州一家厂").
  const std::string_view shop = WhichShopOrWorks(folded_query);
  if (!shop.empty() && folded.find(shop) != std::string_view::npos) return true;
  // 中学 / 大学 as a school ("育才中学门口"), not of classmates ("大学同学聚会").
  for (std::string_view school : {"中学", "大学"}) {
    for (size_t at = folded.find(school); at != std::string_view::npos;
         at = folded.find(school, at + 1)) {
      const std::string_view after = folded.substr(at + school.size());
      if (!after.starts_with("同学") && !after.starts_with("生")) return true;
    }
  }
  // Which street, or an address in Chinese: a street's name answers without a number ("店在城中区
  // 莫家街", "工作室搬到徐汇了 天钥桥路").
  constexpr std::string_view kStreetAsks[] = {"哪条路", "哪条街", "什么路", "什么街"};
  if ((AnyCue(folded_query, kStreetAsks) || HasCue(folded_query, "地址")) && NamesAStreet(folded)) {
    return true;
  }
  if (address && HasDigit(folded) && (HasCharOf(folded, "路街号弄巷栋层座室楼") ||
                                      AnyCue(folded, kStreetWords) || HasHouseNumber(folded))) {
    return true;
  }
  // An address is a number on a street or a street by its name, not a name ("Kevin is
  // handling the Meridian slide deck" for Kevin's home address).
  if (address) {
    return NamesAStreetByName(LatinWords(WithoutPlaceholders(raw_text)), AskedLatinWords(query));
  }
  if (HasPlaceName(LatinWords(WithoutPlaceholders(raw_text)), AskedLatinWords(query))) return true;
  if (SaysPlaceAfterPlaceVerb(folded)) return true;
  // Where someone lives or is: a home or a kind of place ("a place near a park or woods", "my
  // Japanese house").
  constexpr std::string_view kEnWhereAnswers[] = {
      "house", "home", "place", "city", "town", "village", "neighborhood", "neighbourhood",
      "country", "state", "downtown", "suburbs", "countryside", "beach", "park", "woods",
      "mountains", "lake", "condo", "flat", "studio", "mansion", "abroad", "overseas"};
  if (!address && folded_query.starts_with("where ") && AnyCue(folded, kEnWhereAnswers)) {
    return true;
  }
  // ... or moved to ("调到大东海的海狸潜水").
  constexpr std::string_view kZhAt[] = {"在", "住", "订", "是", "调到", "跳槽到", "搬到",
                                        "换到", "转到"};
  if (HasHanAfter(folded, folded_query, kZhAt)) return true;
  return HasMentionOf(raw_text, folded_query,
                      {extract::EntityType::kPlace, extract::EntityType::kOrg});
}

}  // namespace engram::recall
