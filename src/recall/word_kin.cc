#include "src/recall/word_kin.h"

#include <cctype>
#include <unordered_map>

#include "src/recall/text_memo.h"

namespace engram::recall {
namespace {

// Question words (a key of each, '|' between) and what a statement may say for them.
struct Kin {
  std::string_view keys;
  std::string_view kin;
};
constexpr Kin kKin[] = {
    // Whom one answers to.
    {"boss|supervisor", "boss|supervisor|line manager|my manager|new manager|report to|"
                        "reports to|reporting to|chargehand|foreman|gaffer|team lead|crew lead|"
                        "crew boss|shift lead|shift manager"},
    {"manager", "boss|supervisor|report to|reports to|reporting to"},
    {"领导|上司|老板|主管|头儿", "领导|上司|老板|主管|经理|站长|组长|班长|主任|队长|店长|车间主任"},
    // Care.
    {"doctor|doc|gp|pcp|physician", "doctor|doc|gp|pcp|physician|primary care|family doctor"},
    {"医生|大夫", "医生|大夫|主治"},
    {"全科|家庭", "全科|家庭医生|社区医生"},
    {"vet", "veterinarian|animal hospital|animal clinic"},
    {"lawyer|attorney|solicitor", "lawyer|attorney|solicitor"},
    {"accountant", "bookkeeper|cpa|tax guy|tax lady"},
    {"hairdresser|barber|stylist", "hairdresser|barber|stylist|salon"},
    // Medicines and doses.
    {"med|meds|medication|medicine|medicines|pill|pills|prescription|drug|drugs",
     "med|meds|medication|medicine|pill|pills|tablet|tablets|prescription|script"},
    {"dose|dosage", "mg|mcg|ml|tablet|tablets|pill|pills"},
    {"剂量|用量", "毫克|mg|片|粒"},
    // Home.
    {"live|liv|address|suburb|neighborhood|neighbourhood",
     "live|lives|living|home|house|flat|apartment|moved to|moved into|moving to|place in|"
     "rent in|renting in|renting a|room in|staying at|staying in"},
    // Work.
    {"work|employer|job", "work|works|working|job|employer|started at|hired|been at|employed|"
                          "signed on"},
    {"小区|住址|住处|地址|家住|住哪", "住在|住的|家在|搬到|搬去|搬进|搬家"},
    // Getting to work.
    {"commute|commuting", "commute|bus|train|subway|metro|tram|ferry|bike|bikes|cycling|drive"},
    {"通勤|上班", "通勤|上班|地铁|公交|电动车|骑车|开车"},
    // Family.
    {"孩子|小孩", "儿子|闺女|女儿|孩子|小孩|宝宝"},
    {"kid|kids|child|children", "son|daughter|kid|kids|child"},
    {"老师", "教练|老师"},
    {"教练", "老师|教练"},
    // Money.
    {"salary|pay|wage|wages|income", "salary|pay|paid|wage|wages|income|earn|earning"},
    {"price|cost|costs|charge|charges|fee|fees", "price|cost|costs|charge|charges|fee|fees|"
                                                 "rate|quote"},
    {"工资|薪水|薪资|月薪|收入", "工资|薪水|薪资|月薪|底薪|收入|工钱"},
    {"价格|价钱|单价|报价", "价格|价钱|单价|报价|售价|定价"},
    {"房租|租金|月租", "房租|租金|月租"},
    // Days and codes.
    {"birthday|bday", "birthday|bday|b-day|born"},
    {"生日", "生日|出生"},
    {"password|pw|pwd|passcode", "password|pw|pwd|passcode|passwd"},
    {"密码", "密码|口令"},
    {"code|combo|combination", "code|combo|combination|passcode|pin"},
    {"员工", "工号|工牌|员工"},
    // Vehicles, fuel, travel.
    {"car|vehicle|motor", "car|vehicle|truck|van|ute|suv|sedan|hatchback|pickup"},
    {"gas|fuel|propane|petrol|diesel", "gas|fuel|propane|petrol|diesel|lpg"},
    {"燃气|煤气|天然气", "燃气|煤气|天然气|液化气"},
    {"flight|plane", "flight|plane|airline"},
    {"航班|飞机|机票", "航班|飞机|机票|班机"},
    // What one drinks.
    {"coffee", "latte|espresso|cappuccino|americano|flat white|mocha|macchiato|cortado"},
    {"beer", "lager|ale|ipa|stout|pilsner"},
    // Schools and firms.
    {"school", "school|public|primary|academy|college"},
    {"公司|单位", "公司|单位|工厂"},
};

std::vector<std::string_view> Split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t at = 0;
  while (at <= s.size()) {
    const size_t bar = s.find('|', at);
    const size_t end = bar == std::string_view::npos ? s.size() : bar;
    if (end > at) out.push_back(s.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

const std::unordered_map<std::string_view, std::vector<std::string_view>>& Table() {
  static const auto* table = [] {
    auto* t = new std::unordered_map<std::string_view, std::vector<std::string_view>>();
    for (const Kin& k : kKin) {
      const std::vector<std::string_view> kin = Split(k.kin);
      for (std::string_view key : Split(k.keys)) {
        std::vector<std::string_view>& to = (*t)[key];
        for (std::string_view w : kin) {
          if (w != key) to.push_back(w);
        }
      }
    }
    return t;
  }();
  return *table;
}

bool IsWordByte(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Whether folded `text` says `kin`: in Latin script as whole words, else anywhere.
bool Says(std::string_view text, std::string_view kin) {
  const bool latin = static_cast<unsigned char>(kin[0]) < 0x80;
  for (size_t at = text.find(kin); at != std::string_view::npos; at = text.find(kin, at + 1)) {
    if (!latin) return true;
    const size_t end = at + kin.size();
    if ((at == 0 || !IsWordByte(text[at - 1])) && (end == text.size() || !IsWordByte(text[end]))) {
      return true;
    }
  }
  return false;
}

}  // namespace

const std::vector<std::string_view>& KinOf(std::string_view word) {
  static const std::vector<std::string_view> kNone;
  const auto& table = Table();
  auto it = table.find(word);
  return it == table.end() ? kNone : it->second;
}

std::vector<bool> WithKinFound(const std::vector<std::string>& query_words,
                               std::string_view text, std::vector<bool> found) {
  std::string folded;
  for (size_t i = 0; i < query_words.size(); ++i) {
    if (found[i]) continue;
    for (std::string_view kin : KinOf(query_words[i])) {
      if (folded.empty()) folded = Folded(text);
      if (Says(folded, kin)) {
        found[i] = true;
        break;
      }
    }
  }
  return found;
}

}  // namespace engram::recall
