#include "src/recall/relevance.h"

#include <algorithm>
#include <span>
#include <bitset>
#include <cctype>
#include <cmath>
#include <unordered_set>

#include "src/base/utf8.h"
#include "src/recall/numbers_said.h"
#include "src/recall/query_analysis.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"
#include "src/text/tokenizer.h"

namespace engram::recall {
namespace {

// Function and question words: they say how a question is asked, not what it is about.
const std::unordered_set<std::string_view>& EnglishStopWords() {
  static const std::unordered_set<std::string_view> kWords = {
      "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "by", "for",
      "with", "about", "from", "into", "over", "after", "before", "as", "is", "are", "was",
      "were", "be", "been", "being", "am", "do", "doe", "does", "did", "done", "have", "ha",
      "has", "had", "having", "i", "me", "my", "mine", "myself", "we", "us", "our", "you",
      "your", "he", "him", "his", "she", "her", "it", "its", "they", "them", "their", "this",
      "that", "these", "those", "what", "which", "who", "whom", "whose", "when", "where", "why",
      "how", "can", "could", "would", "should", "will", "shall", "may", "might", "must", "not",
      "no", "so", "than", "then", "there", "here", "any", "some", "all", "each", "now",
      "currently", "current", "still", "ever", "again", "also", "too", "very", "just", "tell",
      "know", "remember", "recall", "say", "said", "thing", "things", "kind", "get",
      "got", "go", "went", "s", "t", "d", "ll", "re", "ve", "m", "much", "many", "long", "use",
      "used", "previously", "before", "time", "day", "date", "happen", "happened", "think",
      "did", "make", "made", "take", "took", "feel", "felt", "way", "one", "still",
      "today", "yesterday", "recently", "usually", "often"};
  return kWords;
}


// CJK bigrams that ask rather than say (when, where, before, now, ...).
const std::unordered_set<std::string_view>& CjkStopBigrams() {
  static const std::unordered_set<std::string_view> kBigrams = {
      "以前", "时候", "现在", "之前", "原来", "最近", "目前", "哪天", "多少", "哪里", "怎么",
      "如何", "是否", "当时", "后来", "平时", "一般", "经常", "通常", "曾经", "以后", "今天",
      "昨天", "明天", "情况", "什么", "东西", "事情", "知道", "记得", "告诉", "提到", "本来",
      "原先", "如今", "当前", "具体", "已经", "刚刚", "刚才", "终于", "马上", "然后", "如果",
      "虽然"};
  return kBigrams;
}


// Words of a way to reach someone, folded; ASCII ones match whole words.
constexpr std::string_view kContactWords[] = {
    "电话", "手机号", "手机号码", "联系方式", "邮箱", "邮件地址", "电子邮件", "微信", "座机",
    "分机", "号码", "phone", "telephone", "mobile", "cell", "email", "e-mail", "wechat", "extension",
    "contact", "handle", "whatsapp", "telegram"};

// The channels among kContactWords: a statement that only names a channel answers a question
// for that channel (or for a way to reach someone at all), not for another.
constexpr std::string_view kPhoneWords[] = {"电话", "手机号", "手机号码", "座机", "分机", "号码",
                                            "phone", "telephone", "mobile", "cell", "extension",
                                            "ext", "whatsapp"};
constexpr std::string_view kEmailWords[] = {"邮箱", "邮件地址", "电子邮件", "email", "e-mail"};
constexpr std::string_view kHandleWords[] = {"微信", "wechat", "handle", "telegram"};

bool HasWord(std::string_view folded, std::string_view word) {
  for (size_t at = folded.find(word); at != std::string_view::npos;
       at = folded.find(word, at + 1)) {
    if (static_cast<unsigned char>(word[0]) >= 0x80) return true;
    const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(folded[at - 1]));
    const size_t end = at + word.size();
    const bool right = end >= folded.size() || !std::isalpha(static_cast<unsigned char>(folded[end]));
    if (left && right) return true;
  }
  return false;
}

// Phrases that only say a statement is said again; a restatement is read without them.
constexpr std::string_view kRepeatMarkers[] = {
    "再提醒一下", "提醒一下", "提醒你", "再说一遍", "再说一次", "重申一下", "重复一下", "别忘了",
    "just a reminder", "a reminder", "reminder", "as i said", "like i said", "as i mentioned",
    "as mentioned", "once again", "again", "don't forget", "dont forget", "don't let me forget",
    "just so you know", "just so you remember", "just a heads up", "heads up", "keep in mind",
    "in case you forgot", "fyi", "提醒自己", "提醒下自己", "提醒一下自己", "又说了一遍",
    "又说一遍", "记一下", "再记一下", "note to self", "reminder to self"};

}  // namespace

bool IsContentToken(const std::string& token) {
  if (token.empty()) return false;
  if (static_cast<unsigned char>(token[0]) < 0x80) return !EnglishStopWords().count(token);
  if (CjkStopBigrams().count(token)) return false;
  // A given name whose second character is also grammar: 小和, 阿和.
  if (token == "小和" || token == "阿和") return true;
  size_t at = 0;
  while (at < token.size()) {
    // A bigram with a character of grammar or the question is no content word.
    if (IsCjkFunctionChar(base::DecodeUtf8(token, &at))) return false;
  }
  return true;
}

bool IsCjkFunctionChar(char32_t c) {
  // All of them unified ideographs: one bit each, looked up rather than searched for.
  constexpr char32_t kFirst = 0x4E00, kLast = 0x9FFF;
  static const std::bitset<kLast - kFirst + 1> kBits = [] {
    std::bitset<kLast - kFirst + 1> bits;
    for (char32_t ch : std::u32string_view(
             U"的了吗呢吧么什哪谁怎是在有和与及我你您他她它们这那个一不也都就还能把被给对从到说过"
             U"现多少几啊呀吗嘛该请问些里得地着为所以而且或挺很蛮")) {
      bits.set(ch - kFirst);
    }
    return bits;
  }();
  return c >= kFirst && c <= kLast && kBits.test(c - kFirst);
}

std::string WithoutRepeatMarkers(std::string_view text) {
  std::string folded = Folded(text);
  for (std::string_view m : kRepeatMarkers) {
    for (size_t at = folded.find(m); at != std::string::npos; at = folded.find(m, at)) {
      folded.replace(at, m.size(), " ");
    }
  }
  return folded;
}

RelevanceScale ScaleForModel(std::string_view model_id) {
  if (model_id.find("e5") != std::string_view::npos) {
    RelevanceScale s{0.80, 0.88};
    s.latin_few_shift = -0.08;
    return s;
  }
  if (model_id.rfind("hashing", 0) == 0) return {0.10, 0.60};
  return {0.30, 0.70};
}

ScriptCounts CountScripts(std::string_view text) {
  ScriptCounts n;
  bool in_word = false;
  size_t at = 0;
  while (at < text.size()) {
    const char32_t c = base::DecodeUtf8(text, &at);
    const bool letter = c < 0x80 && std::isalnum(static_cast<int>(c));
    if (letter && !in_word) ++n.latin_words;
    in_word = letter;
    if (c >= 0x4E00 && c <= 0x9FFF) ++n.han;
  }
  return n;
}

RelevanceScale ForQuery(const RelevanceScale& scale, std::string_view query, size_t vector_rows,
                        int depth) {
  if (scale.latin_few_shift == 0 || depth <= kFewMemories ||
      vector_rows >= static_cast<size_t>(depth)) {
    return scale;
  }
  const ScriptCounts n = CountScripts(query);
  if (n.han + n.latin_words == 0) return scale;
  const double latin = static_cast<double>(n.latin_words) / (n.han + n.latin_words);
  const double rows = std::max<double>(static_cast<double>(vector_rows), 1);
  const double few = std::clamp(std::log(depth / rows) / std::log(depth / kFewMemories), 0.0, 1.0);
  const double shift = latin * few * scale.latin_few_shift;
  RelevanceScale out = scale;
  out.cosine_zero += shift;
  out.cosine_one += shift;
  return out;
}

std::vector<std::string> ContentWords(std::string_view query) {
  return Memoized(&TextMemo::content_words, query, [query] {
    std::vector<text::Token> tokens;
    text::Tokenize(query, text::TokenizeMode::kQuery, &tokens);
    std::vector<std::string> out;
    for (text::Token& t : tokens) {
      if (IsContentToken(t.text) && std::find(out.begin(), out.end(), t.text) == out.end()) {
        out.push_back(std::move(t.text));
      }
    }
    return out;
  });
}

std::vector<QueryWord> WeightedContentWords(std::string_view query) {
  std::vector<text::Token> tokens;
  text::Tokenize(query, text::TokenizeMode::kQuery, &tokens);
  // Where the question says "之前", "现在", "什么", ...: a bigram reaching into one ("家之",
  // "前住" of "我搬家之前住在哪") is no word of the question.
  std::vector<std::pair<size_t, size_t>> stops;
  for (const text::Token& t : tokens) {
    if (CjkStopBigrams().count(t.text)) stops.emplace_back(t.begin, t.end);
  }
  // The change a question about the past names before "之前" ("搬家之前", "跳槽以前") is
  // not said by the statement of what held before it.
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (!IsChangeEvent(tokens[i].text)) continue;
    for (const text::Token& t : tokens) {
      if (t.begin == tokens[i].end && (t.text == "之前" || t.text == "以前")) {
        stops.emplace_back(tokens[i].begin, tokens[i].end + 1);  // never equal: dropped
      }
    }
  }
  auto straddles = [&](const text::Token& t) {
    for (const auto& [b, e] : stops) {
      if (t.begin < e && b < t.end && (t.begin != b || t.end != e)) return true;
    }
    return false;
  };
  std::vector<QueryWord> out;
  for (text::Token& t : tokens) {
    if (!IsContentToken(t.text) || straddles(t)) continue;
    bool seen = false;
    for (const QueryWord& w : out) seen = seen || w.text == t.text;
    if (seen) continue;
    // A capitalized word inside the question is a name: what the question is about.
    const char first = query[t.begin];
    const bool name = t.begin > 0 && first >= 'A' && first <= 'Z';
    out.push_back({std::move(t.text), name ? kNameWeight : 1.0});
  }
  return out;
}

std::vector<bool> WordsFound(const std::vector<std::string>& query_words, std::string_view text) {
  std::vector<bool> out(query_words.size(), false);
  if (query_words.empty()) return out;
  const std::shared_ptr<const WordSet> doc = DocumentWords(text);
  for (size_t i = 0; i < query_words.size(); ++i) out[i] = doc->count(query_words[i]) > 0;
  return out;
}

bool Restates(std::string_view text, std::string_view other) {
  const std::vector<std::string> words = ContentWords(WithoutRepeatMarkers(text));
  if (words.empty() || KeywordCoverage(words, other) < 1.0) return false;
  return KeywordCoverage(ContentWords(other), text) >= kRestateShare;
}

double KeywordCoverage(const std::vector<std::string>& query_words, std::string_view text) {
  if (query_words.empty()) return 0;
  size_t found = 0;
  for (bool f : WordsFound(query_words, text)) found += f;
  return static_cast<double>(found) / static_cast<double>(query_words.size());
}

namespace {

// Whether folded `text` says "mobile" or "cell" (`word`) for a phone: last, before "number",
// "phone", "no" or "#", or someone's ("hale's cell"); not a "mobile game" nor a "cell cycle".
bool NamesAPhone(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]))) ||
        (end < text.size() && std::isalnum(static_cast<unsigned char>(text[end])))) {
      continue;
    }
    size_t next = end;
    while (next < text.size() && text[next] == ' ') ++next;
    size_t next_end = next;
    while (next_end < text.size() && std::isalnum(static_cast<unsigned char>(text[next_end]))) {
      ++next_end;
    }
    const std::string_view after = text.substr(next, next_end - next);
    if (after.empty() || after == "number" || after == "phone" || after == "no" ||
        after == "num" || (next < text.size() && text[next] == '#')) {
      return true;
    }
    // Someone's: "hale's cell for after hours", "my mobile".
    const std::string_view before = text.substr(0, at);
    for (std::string_view owner : {"'s ", "my ", "his ", "her ", "your ", "their ", "our "}) {
      if (before.ends_with(owner)) return true;
    }
  }
  return false;
}

// "handle" before what is handled ("How did her son handle the accident?"), not a name on an
// app ("what's her instagram handle").
bool HandleIsAVerb(std::string_view folded) {
  constexpr std::string_view kObjects[] = {"the", "it", "this", "that", "a", "an", "them",
                                           "her", "him", "his", "their", "my", "our", "your",
                                           "things", "everything", "stress", "pressure"};
  for (size_t at = folded.find("handle "); at != std::string_view::npos;
       at = folded.find("handle ", at + 1)) {
    size_t end = at + 7;
    while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
    const std::string_view next = folded.substr(at + 7, end - at - 7);
    if (std::find(std::begin(kObjects), std::end(kObjects), next) != std::end(kObjects)) {
      return true;
    }
  }
  return false;
}

// "mr devlin's number", "her number": the number of a person is one to call. Not a number of
// something of theirs ("jake's number plate", "her number of shifts").
bool AsksForAPersonsNumber(std::string_view folded) {
  for (std::string_view owner : {"'s number", "his number", "her number", "their number"}) {
    for (size_t at = folded.find(owner); at != std::string_view::npos;
         at = folded.find(owner, at + 1)) {
      if (owner[0] != '\'' && at > 0 && std::isalpha(static_cast<unsigned char>(folded[at - 1]))) {
        continue;
      }
      const size_t end = at + owner.size();
      if (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) continue;
      std::string_view rest = folded.substr(end);
      while (!rest.empty() && !std::isalpha(static_cast<unsigned char>(rest[0]))) {
        rest.remove_prefix(1);
      }
      if (!rest.starts_with("plate") && !rest.starts_with("of ")) return true;
    }
  }
  return false;
}

}  // namespace

bool AsksForContact(std::string_view query) {
  const std::string folded = text::FoldForSearch(query);
  // 号码 of a plate, an ID card or an order is no way to reach anyone ("我车牌号码多少").
  constexpr std::string_view kOtherNumbers[] = {"车牌", "身份证", "护照", "订单", "快递", "银行卡",
                                                "卡号", "学号", "工号", "航班"};
  const bool other_number = std::any_of(std::begin(kOtherNumbers), std::end(kOtherNumbers),
                                        [&](std::string_view w) { return HasWord(folded, w); });
  if (AsksForAPersonsNumber(folded)) return true;
  // "陈总手机多少": the number of a phone, not its price ("手机多少钱").
  for (std::string_view w : {"手机多少", "手机是多少", "手机几号"}) {
    if (folded.find(w) != std::string::npos && folded.find("多少钱") == std::string::npos) {
      return true;
    }
  }
  for (std::string_view w : kContactWords) {
    if (other_number && w == "号码") continue;
    if (w == "mobile" || w == "cell") {
      if (NamesAPhone(folded, w)) return true;
      continue;
    }
    if (w == "handle" && HandleIsAVerb(folded)) continue;
    // "who's my contact at the tier 1" asks for a person.
    if (w == "contact" && folded.starts_with("who")) continue;
    if (HasWord(folded, w)) return true;
  }
  return false;
}

namespace {

// Bits: 1 phone, 2 e-mail, 4 handle; 7 for a word of no one channel ("联系方式", "contact").
int ContactChannels(std::string_view folded) {
  int channels = 0;
  auto any = [&](std::span<const std::string_view> words) {
    return std::any_of(words.begin(), words.end(),
                       [&](std::string_view w) { return HasWord(folded, w); });
  };
  if (any(kPhoneWords)) channels |= 1;
  if (any(kEmailWords)) channels |= 2;
  if (any(kHandleWords)) channels |= 4;
  if (HasWord(folded, "联系方式") || HasWord(folded, "contact")) channels = 7;
  return channels;
}

// `folded` without the words of a channel used for something else: a call made ("打电话确认",
// "电话沟通") and a person who is someone's contact ("my contact at Orbis is Priya").
std::string ChannelWordsOnly(std::string folded) {
  for (std::string_view call : {"打电话", "打个电话", "打了电话", "通电话", "电话确认", "电话联系",
                                "电话沟通", "电话里", "电话会", "i telephone", "i phone",
                                "telephone him", "telephone her", "my contact", "our contact",
                                "the contact", "contact at", "contact is", "contact person"}) {
    for (size_t at = folded.find(call); at != std::string::npos; at = folded.find(call, at)) {
      folded.replace(at, call.size(), " ");
    }
  }
  return folded;
}

// An extension at byte `at` of `text`: "x4532", "ext 4532", "ext. 4532" (three to five digits),
// a word of its own.
bool ExtensionAt(std::string_view text, size_t at) {
  auto alnum = [&](size_t i) {
    return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]));
  };
  if (at > 0 && alnum(at - 1)) return false;
  size_t i = at;
  if (i < text.size() && (text[i] == 'x' || text[i] == 'X')) {
    ++i;
  } else if (text.substr(at, 3) == "ext" || text.substr(at, 3) == "Ext") {
    i += 3;
    if (i < text.size() && text[i] == '.') ++i;
    if (i < text.size() && text[i] == ' ') ++i;
  } else {
    return false;
  }
  size_t digits = 0;
  while (i + digits < text.size() && std::isdigit(static_cast<unsigned char>(text[i + digits]))) {
    ++digits;
  }
  return digits >= 3 && digits <= 5 && !alnum(i + digits);
}

}  // namespace

bool CarriesContact(std::string_view text, std::string_view query) {
  // Names a channel the question asks for ("他的微信我存了"); "Diego prefers Slack over email"
  // answers no question for his phone number.
  const int asked = query.empty() ? 7 : ContactChannels(text::FoldForSearch(query));
  if (ContactChannels(ChannelWordsOnly(text::FoldForSearch(text))) & (asked == 0 ? 7 : asked)) {
    return true;
  }
  // Asked for an e-mail only: an address, not a number to call ("小叶的邮箱" of "小叶的电话…").
  if (asked == 2) {
    return text.find('@') != std::string_view::npos ||
           text.find("⟦EMAIL") != std::string_view::npos;
  }
  // A run of five digits (spaces and hyphens between them allowed), not a date in digits
  // ("(2024-06-13 15:00)": no number to call). Asked for a phone only, an e-mail address is no
  // answer ("gunna's email is gunna@…" asked for gunna's phone number).
  const bool phone_only = asked == 1;
  int digits = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '@' && !phone_only) return true;
    if (digits == 0 && IsoDateAt(text, i)) {
      i += 9;  // past YYYY-MM-DD
      continue;
    }
    digits = std::isdigit(static_cast<unsigned char>(c)) ? digits + 1 : (c == '-' || c == ' ') ? digits : 0;
    if (digits >= 5) return true;
    if (ExtensionAt(text, i)) return true;
  }
  if (text.find("****") != std::string_view::npos) return true;
  for (size_t at = text.find("⟦"); at != std::string_view::npos; at = text.find("⟦", at + 1)) {
    if (!phone_only || !text.substr(at).starts_with("⟦EMAIL")) return true;
  }
  return false;
}

RelevanceScale StricterFor(const RelevanceScale& scale, double unknown) {
  const double shift =
      kUnknownShift * std::clamp(unknown, 0.0, 1.0) * (scale.cosine_one - scale.cosine_zero);
  return {scale.cosine_zero + shift, scale.cosine_one + shift};
}

double Relevance(double cosine, double coverage, const RelevanceScale& scale) {
  double vector = 0;
  if (cosine >= -1 && scale.cosine_one > scale.cosine_zero) {
    vector = std::clamp((cosine - scale.cosine_zero) / (scale.cosine_one - scale.cosine_zero),
                        0.0, 1.0);
  }
  const double keyword = std::clamp(coverage, 0.0, 1.0);
  return 1 - (1 - vector) * (1 - keyword);
}

}  // namespace engram::recall
