// Rule tables of the coreference resolver. Common nouns ("friend", "同事") are candidates so
// that a pronoun after "my mom ..." is not given the name of someone mentioned earlier.
#include "src/extract/coreference_rules.h"

namespace engram::extract::coref_rules {
namespace {

using SV = std::string_view;
constexpr Gender kM = Gender::kMale;
constexpr Gender kF = Gender::kFemale;
constexpr Gender kU = Gender::kUnknown;
constexpr PronounCase kSubj = PronounCase::kSubject;
constexpr PronounCase kObj = PronounCase::kObject;
constexpr PronounCase kPoss = PronounCase::kPossessive;

constexpr PronounRule kChinesePronouns[] = {
    // Duals first: "他们俩" is one pronoun, not 他们 + 俩. 他 is generic: 他俩 may be a man
    // and a woman.
    {"他们俩", kU, true, kSubj, true},   {"她们俩", kF, true, kSubj, true},
    {"他们两个", kU, true, kSubj, true}, {"她们两个", kF, true, kSubj, true},
    {"他们两人", kU, true, kSubj, true}, {"她们两人", kF, true, kSubj, true},
    {"他们二人", kU, true, kSubj, true}, {"他俩", kU, true, kSubj, true},
    {"她俩", kF, true, kSubj, true},     {"两人", kU, true, kSubj, true},
    {"二人", kU, true, kSubj, true},
    {"这个人", kU, false, kSubj}, {"那个人", kU, false, kSubj}, {"他们", kM, true, kSubj},
    {"她们", kF, true, kSubj},    {"此人", kU, false, kSubj},   {"他", kM, false, kSubj},
    {"她", kF, false, kSubj},
};

constexpr PronounRule kEnglishPronouns[] = {
    {"theirs", kU, true, kPoss},  {"their", kU, true, kPoss}, {"they", kU, true, kSubj},
    {"them", kU, true, kObj},     {"hers", kF, false, kPoss}, {"she", kF, false, kSubj},
    {"her", kF, false, kObj},     {"him", kM, false, kObj},   {"his", kM, false, kPoss},
    {"he", kM, false, kSubj},
};

constexpr PersonNoun kChineseNouns[] = {
    {"男朋友", kM, false}, {"女朋友", kF, false}, {"孩子们", kU, true}, {"同事们", kU, true},
    {"朋友们", kU, true},  {"爸爸", kM, false},   {"父亲", kM, false},  {"老爸", kM, false},
    {"哥哥", kM, false},   {"弟弟", kM, false},   {"老公", kM, false},  {"丈夫", kM, false},
    {"儿子", kM, false},   {"爷爷", kM, false},   {"外公", kM, false},  {"叔叔", kM, false},
    {"舅舅", kM, false},   {"男友", kM, false},   {"妈妈", kF, false},  {"母亲", kF, false},
    {"老妈", kF, false},   {"姐姐", kF, false},   {"妹妹", kF, false},  {"老婆", kF, false},
    {"妻子", kF, false},   {"女儿", kF, false},   {"奶奶", kF, false},  {"外婆", kF, false},
    {"阿姨", kF, false},   {"女友", kF, false},   {"朋友", kU, false},  {"同事", kU, false},
    {"领导", kU, false},   {"老板", kU, false},   {"客户", kU, false},  {"孩子", kU, false},
    {"父母", kU, true},    {"家人", kU, true},    {"大家", kU, true},
};

constexpr PersonNoun kEnglishNouns[] = {
    {"boyfriend", kM, false},  {"girlfriend", kF, false}, {"grandfather", kM, false},
    {"grandmother", kF, false}, {"grandparents", kU, true}, {"grandpa", kM, false},
    {"grandma", kF, false},    {"husband", kM, false},    {"father", kM, false},
    {"brother", kM, false},    {"nephew", kM, false},     {"uncle", kM, false},
    {"son", kM, false},        {"dad", kM, false},        {"wife", kF, false},
    {"mother", kF, false},     {"sister", kF, false},     {"daughter", kF, false},
    {"niece", kF, false},      {"aunt", kF, false},       {"mom", kF, false},
    {"mum", kF, false},        {"friend", kU, false},     {"partner", kU, false},
    {"boss", kU, false},       {"colleague", kU, false},  {"coworker", kU, false},
    {"neighbor", kU, false},   {"teacher", kU, false},    {"doctor", kU, false},
    {"therapist", kU, false},  {"mentor", kU, false},     {"cousin", kU, false},
    {"kid", kU, false},        {"child", kU, false},      {"baby", kU, false},
    {"kids", kU, true},        {"children", kU, true},    {"parents", kU, true},
    {"friends", kU, true},     {"family", kU, true},      {"colleagues", kU, true},
    {"siblings", kU, true},    {"students", kU, true},    {"people", kU, true},
};

constexpr SV kObjectFollowers[] = {
    "about", "to", "for", "with", "at", "in", "on", "from", "that", "and", "or", "but", "the",
    "a", "an", "this", "so", "again", "yesterday", "today", "tomorrow", "now", "back",
    "up", "out", "off", "too", "as", "if", "when", "because", "last", "next", "know", "some",
    "all", "by", "into", "over", "through", "after", "before", "since", "than", "my", "your",
    "his", "our", "their",
};

constexpr SV kFemaleNames[] = {
    "Caroline", "Melanie", "Mary",    "Jane",     "Alice",    "Emma",     "Olivia",   "Sophia",
    "Emily",    "Sarah",   "Anna",    "Linda",    "Susan",    "Lisa",     "Karen",    "Nancy",
    "Jessica",  "Jennifer", "Maria",  "Laura",    "Julia",    "Rachel",   "Amy",      "Kate",
    "Grace",    "Lily",    "Chloe",   "Joanna",   "Audrey",   "Gina",     "Deborah",  "Jolene",
    "Maya",     "Nina",    "Eva",     "Helen",    "Rose",     "Ella",     "Mia",      "Zoe",
    "Hannah",   "Natalie", "Claire",  "Sophie",   "Lucy",     "Megan",    "Rebecca",  "Michelle",
    "Angela",   "Tina",    "Wendy",   "Amanda",   "Andrea",   "Monica",   "Diana",    "Fiona",
    "Irene",    "Betty",   "Ruth",    "Ava",      "Isabella", "Abigail",  "Charlotte", "Amelia",
    "Evelyn",   "Victoria", "Carol",  "Elizabeth", "Catherine", "Margaret", "Judy",   "Eve",
};

constexpr SV kMaleNames[] = {
    "John",   "James",   "Robert", "Michael", "William", "David",  "Richard", "Joseph",
    "Thomas", "Charles", "Daniel", "Matthew", "Anthony", "Mark",   "Paul",    "Steven",
    "Andrew", "Kevin",   "Brian",  "George",  "Edward",  "Peter",  "Tom",     "Jack",
    "Bob",    "Mike",    "Tim",    "Jon",     "Joe",     "Dave",   "Steve",   "Eric",
    "Frank",  "Gary",    "Henry",  "Jason",   "Ryan",    "Nate",   "Nathan",  "Evan",
    "Sean",   "Adam",    "Ben",    "Harry",   "Oliver",  "Noah",   "Liam",    "Ethan",
    "Lucas",  "Leo",     "Max",    "Calvin",  "Tony",    "Bill",   "Jim",     "Greg",
    "Scott",  "Larry",   "Kyle",   "Aaron",   "Ian",     "Luke",   "Owen",    "Jake",
    "Mason",  "Logan",   "Andy",   "Victor",  "Bruce",   "Carl",   "Fred",    "Walter",
};

constexpr SV kDualNotAfter[] = {"我们", "你们", "咱们", "我", "你", "咱", "一", "十", "第"};
constexpr SV kDualNotBefore[] = {"份", "间", "座", "桌", "位", "组", "转", "以上", "以下"};

constexpr SV kMaleTitles[] = {"先生", "哥", "叔", "大爷", "Mr"};
constexpr SV kFemaleTitles[] = {"女士", "小姐", "太太", "夫人", "阿姨", "姐", "Mrs", "Ms",
                                "Miss"};

}  // namespace

std::span<const PronounRule> ChinesePronouns() { return kChinesePronouns; }
std::span<const PronounRule> EnglishPronouns() { return kEnglishPronouns; }
std::span<const PersonNoun> ChinesePersonNouns() { return kChineseNouns; }
std::span<const PersonNoun> EnglishPersonNouns() { return kEnglishNouns; }
std::string_view ChineseNotPronounBefore() { return "其吉利排无"; }
std::string_view ChineseNotPronounAfter() { return "乡日国"; }
std::span<const std::string_view> ObjectFollowers() { return kObjectFollowers; }
std::span<const std::string_view> DualNotAfter() { return kDualNotAfter; }
std::span<const std::string_view> DualNotBefore() { return kDualNotBefore; }

Gender TitleGender(std::string_view title) {
  for (SV t : kMaleTitles) {
    if (t == title) return Gender::kMale;
  }
  for (SV t : kFemaleTitles) {
    if (t == title) return Gender::kFemale;
  }
  return Gender::kUnknown;
}

Gender GivenNameGender(std::string_view name) {
  for (SV n : kFemaleNames) {
    if (n == name) return Gender::kFemale;
  }
  for (SV n : kMaleNames) {
    if (n == name) return Gender::kMale;
  }
  return Gender::kUnknown;
}

}  // namespace engram::extract::coref_rules
