#include "src/recall/query_analysis.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "engram/temporal.h"
#include "src/recall/cue_index.h"
#include "src/recall/relevance.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// A query of more content words than this is no one question (IsOneQuestion).
constexpr size_t kQuestionWords = 12;

// Whether `text` ends with a title written with a full stop after it (Dr, Mr, Mrs, Ms, Prof,
// St, Jr, Sr), a whole word.
bool EndsWithTitle(std::string_view text) {
  for (std::string_view t : {"Dr", "Mr", "Mrs", "Ms", "Prof", "St", "Jr", "Sr", "dr", "mr", "mrs",
                             "ms", "prof", "st", "jr", "sr"}) {
    if (text.ends_with(t) &&
        (text.size() == t.size() ||
         !std::isalpha(static_cast<unsigned char>(text[text.size() - t.size() - 1])))) {
      return true;
    }
  }
  return false;
}

// Phrases that ask about the past states of something rather than its current value.
constexpr std::string_view kHistoryCues[] = {
    "以前", "之前是", "原来", "曾经", "历史", "变更记录", "变更过", "改过", "变过", "最早",
    "最开始", "一开始", "刚开始", "at first", "in the beginning", "过去的", "先前",
    "used to", "previously", "history", "formerly", "before it changed", "changed from",
    "was it before", "earlier value", "old value", "in the past", "originally",
    "原先", "之前的", "本来", "previous", "prior to", "before i ", "before my ",
    "before we ", "before the change", "before switching", "before it ", "before they ",
    "before he ", "before she ", "before the switch", "before the move", "搬家之前", "搬家前", "之前住", "之前在", "之前用",
    "之前喝", "之前吃", "之前做", "之前叫", "以往", "原本", "上一家", "上一个", "上一任",
    "上家公司", "my old ", "our old ", "his old ", "her old ", "their old ",
    "former", "上一部", "上一辆", "上一台", "上一份", "上一位", "上一次用", "原来的", "老的那",
    "original", "the first one", "the old one", "'s old ", "'s previous ", "'s former "};

constexpr std::string_view kChangeEvents[] = {
    "搬家", "跳槽", "转行", "离职", "辞职", "换车", "改名", "换号", "分手", "结婚", "装修",
    "涨价", "降价", "升职", "调岗", "转岗", "换工作", "换手机", "换房", "续租", "续约", "改版",
    "戒烟", "戒酒", "退休", "毕业", "退伍", "换药"};

// "换之前那个窑多大功率", "医生换药之前我吃的啥胃药": 之前 after what was done asks what held
// before it; not after a time ("周五之前", "3号之前", "下班之前") nor before what is still to do
// ("出发之前要带什么").
bool BeforeSomethingDone(std::string_view folded) {
  constexpr std::string_view kBefore = "之前";
  constexpr std::string_view kTimeEnds[] = {"号", "日", "天", "点", "月", "年", "底", "末", "时",
                                            "钟", "周", "一", "二", "三", "四", "五", "六", "班",
                                            "课", "会", "前", "发", "门", "睡", "饭"};
  constexpr std::string_view kStillToDo[] = {"要", "得", "需要", "准备", "记得", "该", "先",
                                             "必须", "打算"};
  for (size_t at = folded.find(kBefore); at != std::string_view::npos;
       at = folded.find(kBefore, at + 1)) {
    const std::string_view head = folded.substr(0, at);
    if (head.empty()) continue;  // "之前…" opens: read with the history cues
    if (std::isdigit(static_cast<unsigned char>(head.back()))) continue;
    if (std::any_of(std::begin(kTimeEnds), std::end(kTimeEnds),
                    [&](std::string_view t) { return head.ends_with(t); })) {
      continue;
    }
    const std::string_view rest = folded.substr(at + kBefore.size());
    if (std::any_of(std::begin(kStillToDo), std::end(kStillToDo),
                    [&](std::string_view t) { return rest.find(t) != std::string_view::npos; })) {
      continue;
    }
    return true;
  }
  return false;
}

// "涨价之前", "搬家以前", "跳槽前": what held before a change the question names, or before
// anything done (BeforeSomethingDone).
bool AsksBeforeAChange(std::string_view folded) {
  for (std::string_view event : kChangeEvents) {
    for (size_t at = folded.find(event); at != std::string_view::npos;
         at = folded.find(event, at + 1)) {
      const std::string_view rest = folded.substr(at + event.size());
      for (std::string_view before : {"之前", "以前", "前"}) {
        if (rest.substr(0, before.size()) == before) return true;
      }
    }
  }
  return BeforeSomethingDone(folded);
}

// Calls `fn` with each run of ASCII letters of `folded`, in order.
template <typename Fn>
void ForEachAsciiWord(std::string_view folded, Fn fn) {
  size_t i = 0;
  while (i < folded.size()) {
    while (i < folded.size() && !std::isalpha(static_cast<unsigned char>(folded[i]))) ++i;
    size_t j = i;
    while (j < folded.size() && std::isalpha(static_cast<unsigned char>(folded[j]))) ++j;
    if (j > i) fn(folded.substr(i, j - i));
    i = j;
  }
}

// An English question that asks what held "before" something, in the past tense ("Where did
// I live before Denver?", "Who was my boss before the reorg?"): what was true then, whatever
// the thing after "before" is. A question about the future ("What should I do before the
// meeting?") has no past auxiliary.
// So does one of "the old" thing in the past tense ("what was the old gate code?").
bool AsksWhatHeldBefore(std::string_view folded) {
  bool before = folded.find("the old ") != std::string_view::npos, past = false;
  ForEachAsciiWord(folded, [&](std::string_view word) {
    before = before || word == "before";
    // "where'd i live before gentilly": "'d" is "did" or "had".
    past = past || word == "did" || word == "was" || word == "were" || word == "had" ||
           word == "d";
  });
  return before && past;
}

// Words and phrases of a question about the past (English words match whole).
constexpr std::string_view kPastWords[] = {"did",  "was",   "were", "had",      "ago",
                                           "last", "earlier", "previously", "before"};
constexpr std::string_view kPastPhrases[] = {"上次", "当时", "那时", "那天", "曾经", "以前",
                                             "之前", "过去", "去年", "上个月", "上周", "昨天",
                                             "前天", "used to", "back then", "at the time"};

bool AsksAboutThePast(const std::string& folded) {
  // "Did my grinder arrive yet?", "Has it shipped already?": the state now.
  // So does "Did my refund go through?": whether a process ended.
  for (std::string_view now : {" yet", "already", "了吗", "了没", "go through", "come through",
                               "latest", "most recent", "最新", "最后",
                               "get approved", "get accepted", "get fixed", "get resolved"}) {
    if (folded.find(now) != std::string::npos) return false;
  }
  // "上次出差那笔钱报下来没": whether it happened yet, however long ago the trip.
  std::string_view body = folded;
  while (!body.empty() && (body.back() == '?' || body.back() == ' ')) body.remove_suffix(1);
  if (body.ends_with("？")) body.remove_suffix(std::string_view("？").size());
  if (body.ends_with("没") || body.ends_with("没有")) return false;
  // "Did I get into Northeastern?", "did my thyroid results come back?", "did i get my zara
  // refund" ask whether it happened, which is the state now; "When did Audrey get into an
  // accident?" asks when.
  const bool past_time = std::any_of(std::begin(kPastPhrases), std::end(kPastPhrases),
                                     [&](std::string_view p) { return folded.find(p) != std::string::npos; });
  // "Did Luka's visa thing ever get sorted out?", "How did my iron levels end up?": how an
  // item stands, asked as a yes/no or "how did" question in the past tense; unless a time says
  // when ("did the build pass last week"). Not "What did James lose progress on ...?".
  const bool no_time = !past_time && !HasCue(folded, "last") && !HasCue(folded, "ago") &&
                       !HasCue(folded, "yesterday");
  const bool yes_no = folded.starts_with("did ") || folded.starts_with("was ") ||
                      folded.starts_with("were ") || folded.starts_with("how did ");
  if (yes_no && no_time && AsksForStatus(folded)) return false;
  if (folded.starts_with("did ") && no_time) {
    for (std::string_view now : {" get into ", " get the job", " get the offer", " come back",
                                 " hear back", " arrive", " show up", " get my ", " get our ",
                                 " get paid"}) {
      if (folded.find(now) != std::string::npos) return false;
    }
  }
  for (std::string_view p : kPastPhrases) {
    if (folded.find(p) != std::string::npos) return true;
  }
  bool past = false;
  ForEachAsciiWord(folded, [&](std::string_view word) {
    for (std::string_view w : kPastWords) past = past || word == w;
  });
  return past;
}

// A window wider than this is no help in ranking ("this year", "2014年以后").
constexpr int64_t kMaxWindowMs = 400LL * 24 * 3600 * 1000;

}  // namespace

QueryAnalysis AnalyzeQuery(std::string_view query, const Instant& at) {
  QueryAnalysis out;
  std::string folded = text::FoldForSearch(query);
  for (std::string_view cue : kHistoryCues) {
    if (folded.find(cue) != std::string::npos) {
      out.wants_history = true;
      break;
    }
  }
  // "What did I use to drink?" (but not "What address should you use to reach me?").
  const size_t use_to = folded.find("use to");
  const bool did_use_to = use_to != std::string::npos && folded.rfind("did ", use_to) != std::string::npos;
  // "我之前卧推最好成绩是多少": formerly; not "周五之前要交什么" (before Friday).
  const bool formerly = folded.starts_with("之前") || folded.find("我之前") != std::string::npos ||
                        folded.find("我们之前") != std::string::npos;
  out.wants_history = out.wants_history || did_use_to || formerly || AsksWhatHeldBefore(folded) ||
                      AsksBeforeAChange(folded);
  out.past_words = out.wants_history || AsksAboutThePast(folded);
  out.about_past = out.past_words;
  auto matches = ParseTime(query, at);
  if (!matches.ok()) return out;
  for (const TimeMatch& m : *matches) {
    if (!m.from || !m.to) continue;
    if (m.kind != TimeKind::kValue && m.kind != TimeKind::kInterval) continue;
    if (m.to->unix_ms <= at.unix_ms) out.about_past = out.past_window = true;
    if (m.to->unix_ms - m.from->unix_ms > kMaxWindowMs) continue;
    out.windows.push_back(TimeWindow{*m.from, *m.to, m.confidence, m.text});
  }
  return out;
}

bool IsChangeEvent(std::string_view word) {
  return std::find(std::begin(kChangeEvents), std::end(kChangeEvents), word) !=
         std::end(kChangeEvents);
}

bool InWindows(const std::vector<TimeWindow>& windows, const Instant& t) {
  return std::any_of(windows.begin(), windows.end(), [&](const TimeWindow& w) {
    return t.unix_ms >= w.from.unix_ms && t.unix_ms < w.to.unix_ms;
  });
}

bool OverlapsWindows(const std::vector<TimeWindow>& windows, const Instant& from,
                     const Instant& to) {
  return std::any_of(windows.begin(), windows.end(), [&](const TimeWindow& w) {
    return from.unix_ms < w.to.unix_ms && to.unix_ms > w.from.unix_ms;
  });
}

Instant MemoryTime(const Memory& m) {
  return m.event_time ? m.event_time->from : m.source.at;
}

namespace {

// How a question asks where something stands, folded; ASCII ones match whole words.
constexpr std::string_view kStatusAsks[] = {
    "到哪了", "到哪一步", "到哪步", "怎么样了", "咋样了", "咋样", "怎样", "进度", "进展",
    "什么情况", "啥情况",
    "批了没", "批了吗", "出来没", "出来了吗", "结果", "好了没", "好了吗", "到了没", "到了吗",
    "通过了吗", "通过没", "下来了吗", "下来没", "办得怎么样", "办好了吗", "修好了吗", "状态",
    "status", "where are we on", "where are we with", "what's happening with",
    "what happened with", "what's going on with", "go through", "went through",
    "come through", "progress on", "update on", "any news on", "stand", "yet", "come back",
    "came back", "hear back", "heard back", "did i get my", "still in", "still at",
    "还在修", "还没好", "好没", "好点没", "好点了没", "好点了吗", "完了没", "完工了吗", "完工没",
    "到账了吗", "到账没", "办完了吗", "搞定了吗", "搞定没", "还要多久", "多久能", "come in",
    "came in", "get here", "got here", "any news", "any word", "any update", "or not", "or what",
    "did i get", "did we get", "what's the deal with", "what's up with", "how far along",
    "where am i with", "where am i on", "得怎么样", "结果如何", "如何了", "the latest on",
    "where are things with", "where are things on", "where do things stand", "到没到", "好没好",
    "弄好没", "现在怎样", "怎样了", "拿到没", "修好没", "评上了没", "评上没", "评上了吗",
    "过了没", "过没过", "考过没", "the latest with", "the latest about", "where am i at with",
    "where are we at with", "where we at with", "where's it at", "where is it at"};

// A Chinese yes/no question of whether something got done: it ends with 了没, 没有, 没 or 了吗
// ("办完没", "春游车费报了没有", "助理招到了吗") and asks no question word.
constexpr std::string_view kZhDoneEnds[] = {"了没", "没有", "没", "了吗", "了没有"};
constexpr std::string_view kZhQuestionWords[] = {"什么", "啥", "哪", "谁", "几", "多少", "怎么"};

// A yes/no question whose state word asks how an item stands: "Is my VPN problem fixed?",
// "Has Acme settled their bill?", "did brightline ever pay me".
constexpr std::string_view kStatusOpeners[] = {"is", "are", "has", "have", "did", "was"};
constexpr std::string_view kStatusWords[] = {
    "fixed", "resolved", "landed", "settled", "approved", "okay", "ok", "paid", "pay", "done",
    "finished", "ready", "working again", "arrived", "delivered", "shipped", "merged", "back",
    "sorted", "closed", "signed", "cleared", "healed", "recovered", "accepted", "ever",
    // the base form after "did": "did the leeds shipment arrive"
    "arrive", "ship", "land", "clear", "close", "sell", "sold", "pass", "passed", "finish"};
// "where is my grant application at", "where's the refund at".
constexpr std::string_view kWhereIsOpeners[] = {"where is", "where's", "where are"};

// "how's the beagle adoption going", "How is Biscuit's leg doing?", "How did my iron levels
// end up?"; not "When is Caroline going to the conference?".
constexpr std::string_view kHowOpeners[] = {"how's ", "how is ", "how are ", "how did "};
constexpr std::string_view kHowStatus[] = {"going", "doing", "end up", "turn out", "coming along",
                                           "situation", "now"};

// How a question asks for one thing of a kind, folded; ASCII ones match whole words.
constexpr std::string_view kOneAsks[] = {
    "哪个", "哪家", "哪所", "哪位", "哪一家", "哪一个", "哪款", "哪把", "哪辆", "哪台", "哪部",
    "哪张", "哪间", "哪只", "是谁", "是多少", "叫什么",
    "住在哪", "住哪",
    // one value: a day, a weight, a height, a count
    "哪天", "哪一天", "几号", "几月几号", "多重", "多高", "多少人", "多少张", "多少钱",
    "最好成绩", "在哪里上班", "在哪上班", "车位在哪", "车位是几号",
    "how much do i", "how much does", "what time is", "what time does",
    "which", "who's my", "who is my", "who's our", "who is our", "what's my", "what is my",
    "what's our", "what is our", "where does", "where do i live", "where do we live",
    "who plays", "who's the", "who is the", "who does the", "who do i call", "who do we call",
    "who do i use", "who do we use", "谁"};

// The words of `folded` from byte `at` up to a verb of `verbs`, at most `max` of them.
struct WordsToVerb {
  int words = 0;       // before the verb
  bool verb = false;   // a verb ended them
  bool plural = false;  // one ends in -s ("places", "flavors"; not "glass")
  bool kind = false;    // "kind of", "type of": a description, not one thing
};
WordsToVerb ReadWordsToVerb(std::string_view folded, size_t at, int max,
                            std::span<const std::string_view> verbs) {
  WordsToVerb out;
  for (int n = 0; n < max && at < folded.size(); ++n) {
    size_t end = at;
    while (end < folded.size() && (std::isalpha(static_cast<unsigned char>(folded[end])) ||
                                   folded[end] == '-')) {
      ++end;
    }
    const std::string_view word = folded.substr(at, end - at);
    if (word.empty()) break;
    if (std::find(verbs.begin(), verbs.end(), word) != verbs.end()) {
      out.verb = true;
      break;
    }
    if (word.size() > 3 && word.back() == 's' && !word.ends_with("ss")) {
      out.plural = true;
      break;
    }
    if (word == "kind" || word == "kinds" || word == "type" || word == "sort" || word == "did") {
      out.kind = true;
      break;
    }
    ++out.words;
    at = end + 1;
  }
  return out;
}

// "What laptop do I use", "what music app am I on", "咪咪现在吃啥粮", "我现在是什么专业": "what"
// and one thing (no plural) before the verb, or 啥 / 什么 and a noun, asked of the asker's
// own things or of now; a number now; who is in a role. Not "what do I do" (no thing named),
// 什么时候 (a time), 为什么.
bool AsksWhatThing(const std::string& folded) {
  // "Who's the kids' pediatrician?", "who is jake's teacher": one person in a role.
  // Not of two people ("Who is Tim and John's favorite basketball player?").
  if ((folded.starts_with("who is ") || folded.starts_with("who's ")) && !HasCue(folded, "and")) {
    return true;
  }
  constexpr std::string_view kMine[] = {"i", "my", "we", "our", "i'm", "现在", "我", "目前",
                                        "now", "these days", "currently"};
  if (!std::any_of(std::begin(kMine), std::end(kMine),
                   [&](std::string_view m) { return HasCue(folded, m); })) {
    return false;
  }
  for (std::string_view w : {"啥", "什么"}) {
    for (size_t at = folded.find(w); at != std::string::npos; at = folded.find(w, at + 1)) {
      const std::string_view after = std::string_view(folded).substr(at + w.size());
      static constexpr std::string_view kNotThings[] = {"时候", "意思", "样", "事", "情况", "地方",
                                                        "原因", "进度", "时间", "呢", "的", "了",
                                                        "？", "?", "吗"};
      if (after.empty() || std::any_of(std::begin(kNotThings), std::end(kNotThings),
                                       [&](std::string_view n) { return after.starts_with(n); })) {
        continue;
      }
      const size_t before = at >= 3 ? at - 3 : 0;
      const std::string_view prev = std::string_view(folded).substr(before, at - before);
      if (prev == "为" || prev == "干" || prev == "做" || prev == "些") continue;
      return true;
    }
  }
  // "我现在体重多少", "孩子现在穿多大的鞋", "how much do I weigh now": a number now; "店里现在从
  // 哪进菜", "我现在住哪儿": a place now.
  constexpr std::string_view kNow[] = {"现在", "目前", "now", "currently", "these days"};
  if (std::any_of(std::begin(kNow), std::end(kNow), [&](std::string_view m) { return HasCue(folded, m); }) &&
      (folded.find("多少") != std::string::npos || folded.find("几") != std::string::npos ||
       folded.find("多大") != std::string::npos || folded.find("哪") != std::string::npos ||
       folded.starts_with("where ") ||
       HasCue(folded, "how much"))) {
    return true;
  }
  // "how many cattle have i got": a count held now (not "how many times").
  if (folded.starts_with("how many ") && !HasCue(folded, "times")) return true;
  if (!folded.starts_with("what ")) return false;
  static constexpr std::string_view kVerbs[] = {"do", "does", "am", "is", "are", "have", "has"};
  const WordsToVerb words = ReadWordsToVerb(folded, 5, 4, kVerbs);
  return words.verb && words.words > 0 && !words.plural && !words.kind;
}

}  // namespace

bool AsksForOne(std::string_view query) {
  const std::string folded = Folded(query);
  // "Which places or events ...", "Which dairy-free dessert flavors does ...": more than one,
  // by a plural among the words between "which" and the verb.
  const size_t which = folded.find("which ");
  if (which != std::string::npos) {
    static constexpr std::string_view kVerbs[] = {
        "do",  "does", "did",  "is",     "are",   "was",   "were",  "has",  "have",
        "had", "can",  "will", "should", "would", "could", "must", "might"};
    if (ReadWordsToVerb(folded, which + 6, 5, kVerbs).plural) return false;
  }
  // "Where does X live": a home; "where does X get ideas" asks for many.
  if ((HasCue(folded, "where does") || HasCue(folded, "where do")) && !HasCue(folded, "live")) {
    return std::any_of(std::begin(kOneAsks), std::end(kOneAsks), [&](std::string_view a) {
      return !a.starts_with("where") && HasCue(folded, a);
    });
  }
  // "who supplies the line 4 brackets": one who does it now, unless asked of someone named
  // ("Who supports Caroline ...?" asks of a story, in which many may); not who did something
  // ("who approved the vendor contract": an event, each doer its own) nor who wants to.
  const size_t who = folded.find("who ");
  std::string_view verb = who == std::string::npos ? "" : std::string_view(folded).substr(who + 4);
  verb = verb.substr(0, verb.find(' '));
  if (verb.size() > 2 && verb.back() == 's' && verb != "wants" && verb != "needs" &&
      verb != "likes" && verb != "says") {
    bool named = false;
    for (size_t i = 1; i < query.size() && !named; ++i) {
      named = std::isupper(static_cast<unsigned char>(query[i])) != 0 && query[i - 1] == ' ';
    }
    if (!named) return true;
  }
  return std::any_of(std::begin(kOneAsks), std::end(kOneAsks),
                     [&](std::string_view a) { return HasCue(folded, a); }) ||
         AsksWhatThing(folded);
}

bool IsLookup(std::string_view query) {
  static constexpr std::string_view kAsks[] = {
      "什么", "啥", "哪", "谁", "几", "多少", "怎", "吗", "呢", "么", "是否", "有没有",
      "多久", "多长", "多大", "多远", "多高", "多重", "如何", "为何", "是不是", "what", "what's",
      "whats", "which", "who", "who's", "whom", "whose", "when", "where", "where's", "why", "how",
      "do", "does", "did", "is", "are", "was", "were", "can", "could", "should", "will", "would",
      "have", "has", "tell", "remind", "am i"};
  if (query.find('?') != std::string_view::npos || query.find("？") != std::string_view::npos) {
    return false;
  }
  const std::string folded = Folded(query);
  return std::none_of(std::begin(kAsks), std::end(kAsks),
                      [&](std::string_view a) { return HasCue(folded, a); });
}

bool AsksWhereOrNow(std::string_view query) {
  static constexpr std::string_view kCues[] = {
      "now", "currently", "these days", "at the moment", "right now", "where's", "where is",
      "where are", "现在", "目前", "如今", "在哪", "放哪", "放在哪"};
  const std::string folded = Folded(query);
  return std::any_of(std::begin(kCues), std::end(kCues),
                     [&](std::string_view c) { return HasCue(folded, c); });
}

bool AsksForStatus(std::string_view query) {
  const std::string folded = Folded(query);
  auto any_cue = [&](std::span<const std::string_view> cues) {
    return std::any_of(cues.begin(), cues.end(), [&](std::string_view c) { return HasCue(folded, c); });
  };
  auto opens = [&](std::span<const std::string_view> openers) {
    return std::any_of(openers.begin(), openers.end(), [&](std::string_view o) {
      return folded.starts_with(o) && (o.back() == ' ' || folded.substr(o.size(), 1) == " ");
    });
  };
  if (opens(kHowOpeners) && any_cue(kHowStatus)) return true;
  if (opens(kStatusOpeners) && any_cue(kStatusWords)) return true;
  if (any_cue(kStatusAsks)) return true;
  std::string_view body = folded;
  while (!body.empty() && (body.back() == '?' || body.back() == ' ')) body.remove_suffix(1);
  // "where is my film victoria grant application at"
  if (opens(kWhereIsOpeners) && body.ends_with(" at")) return true;
  if (body.ends_with("？")) body.remove_suffix(std::string_view("？").size());
  return std::any_of(std::begin(kZhDoneEnds), std::end(kZhDoneEnds),
                     [&](std::string_view e) { return body.ends_with(e); }) &&
         std::none_of(std::begin(kZhQuestionWords), std::end(kZhQuestionWords),
                      [&](std::string_view w) { return body.find(w) != std::string_view::npos; });
}

bool IsOneQuestion(std::string_view query) {
  if (ContentWords(query).size() > kQuestionWords) return false;
  const size_t last = query.find_last_not_of(" \t\n.!?。！？");
  if (last == std::string_view::npos) return true;
  const std::string_view body = query.substr(0, last + 1);
  int ends = 0;
  for (std::string_view end : {".", "!", "?", "。", "！", "？"}) {
    for (size_t at = body.find(end); at != std::string_view::npos; at = body.find(end, at + 1)) {
      // "4.5": a full stop not followed by a space ends no sentence; nor does one after a title
      // ("Dr. Kim", "Mr. Osei's").
      if (end == "." && at + 1 < body.size() && body[at + 1] != ' ') continue;
      if (end == "." && EndsWithTitle(body.substr(0, at))) continue;
      ++ends;
    }
  }
  return ends <= 1;
}

}  // namespace engram::recall
