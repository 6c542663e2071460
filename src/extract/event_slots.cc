// Slot cue tables and the slot fillers of the event typer. All cues are lower case and
// simplified Chinese; spans are bytes in the folded text.
#include "src/extract/event_slots.h"

#include <algorithm>
#include <optional>
#include <string>

#include "src/extract/cue_set.h"

namespace engram::extract {
namespace {

// --- cue tables --------------------------------------------------------------------------

constexpr std::string_view kActorVerbs =
    "说 | 表示 | 提到 | 要求 | 投诉 | 反馈 | 抱怨 | 申请 | 决定 | 通知 | 答应 | 承诺 | 同意 | 批准 | "
    "希望 | 确认 | 问 | 讲 | 觉得 | 认为 | 会 | 负责 | 想 | 让 | 要 | 已经 | "
    "said | says | asked | asks | wants | complained | requested | decided | approved | "
    "promised | mentioned | reported | told | will | 'll | is asking | thinks | needs";
// Words between a clause start and the actor, or between the actor and the verb.
constexpr std::string_view kFillers =
    "另外 | 还有 | 然后 | 刚才 | 刚刚 | 刚 | 昨天 | 今天 | 前天 | 上午 | 下午 | 晚上 | 早上 | 那个 | "
    "对了 | 其实 | 听说 | 据说 | 也 | 都 | 又 | 还 | 就 | 再 | 已 | 一直 | 刚才 | 最近 | 那边 | 这边 | "
    "昨天下午 | 今天上午 | 以后 | 从今天起 | 上周 | 这周 | 本周 | 下周 | 三点 | 两点 | "
    "also | just | already | then | today | yesterday | the | our | my | his | her | their | "
    "btw | and | so | but";
constexpr std::string_view kRoleNouns =
    "客户 | 用户 | 供应商 | 老板 | 领导 | 甲方 | 乙方 | 对方 | 同事 | 财务 | 销售 | 法务 | 运维 | "
    "hr | 产品经理 | 项目经理 | 总监 | 经理 | 老师 | client | customer | vendor | supplier | "
    "boss | manager | team | finance | legal | sales | ops | hr";
constexpr std::string_view kPersonSuffixes =
    "工 | 总 | 经理 | 总监 | 老师 | 主管 | 姐 | 哥 | 老板 | 医生 | 律师 | 博士 | 组长 | 主任 | 助理 | "
    "同学 | 师傅 | 先生 | 女士 | 小姐";
constexpr std::string_view kFirstPerson = "我们 | 咱们 | 我 | i | we | i'm | i'd | i'll | we'll";
constexpr std::string_view kThirdPerson = "他们 | 她们 | 他 | 她 | 对方 | he | she | they";

constexpr std::string_view kObjectVerbs =
    "申请 | 开通 | 验收 | 提交 | 审批 | 批准 | 发送 | 发给 | 发 | 寄 | 交 | 完成 | 准备 | 确认 | "
    "修复 | 上线 | 发布 | 购买 | 采购 | 订 | 预订 | 处理 | 跟进 | 整理 | 评审 | 讨论 | 报销 | "
    "提供 | 做 | 查 | 给出 | 给 | 买 | 要求 | 要 | 需要 | 喜欢 | 偏好 | 讨厌 | 问 | "
    "request access to | request | approve | submit | send | deliver | finish | prepare | "
    "review | book | fix | ship | buy | order | sign | get | discuss | provide | like | prefer | "
    "love | hate | access to";
constexpr std::string_view kObjectStops =
    "给 | 到 | 之前 | 以前 | 前 | 的时候 | 和 | 以及 | 并 | 吗 | 呢 | 吧 | 了 | 哈 | 啊 | 呀 | "
    "by | on | before | to | for | with | tomorrow | today | next | this | asap | please | and";
constexpr std::string_view kObjectLead =
    "一下 | 一个 | 一份 | 一版 | 一些 | 个 | 下 | 好 | 的 | 给我 | 给你 | 我们 | 你们 | 大家 | 了 | "
    "the | a | an | my | our | your | some";
constexpr std::string_view kTrailingParticles =
    "了 | 吧 | 啊 | 呢 | 吗 | 哦 | 呀 | 哈 | 的 | 嘛 | 么 | please | thanks | now";

constexpr std::string_view kComplaintVerbs =
    "投诉 | 抱怨 | 吐槽 | 不满 | complained about | complaining about | complaint about | "
    "complain about | unhappy with | not happy with | frustrated with | angry about";
constexpr std::string_view kComplaintCut =
    "太 | 很 | 不 | 没 | 一直 | 总是 | 又 | 老是 | 特别 | 非常 | 严重 | 的问题 | 问题 | 延迟 | 慢 | "
    "差 | 说 | being | is | was | too | again | because";
constexpr std::string_view kUpdateTargets =
    "手机号码 | 手机号 | 手机 | 电话号码 | 电话 | 邮箱 | 地址 | 联系方式 | 部门 | 职位 | 职级 | "
    "账号 | 名字 | phone number | mobile number | phone | email address | email | address | "
    "department | title";
constexpr std::string_view kValueConnectors =
    "换成了 | 换成 | 改成了 | 改成 | 改为 | 更新为 | 更新成 | 变成 | 变为 | 变更为 | 升为 | 调到 | "
    "是 | 为 | : | ：| is now | changed to | has changed to | updated to | is | moved to | "
    "switched to | set to";
constexpr std::string_view kStatusNouns = "状态 | 进展 | 进度 | status";
constexpr std::string_view kStatusStates =
    "已完成 | 已上线 | 已关闭 | 已解决 | 进行中 | 已发货 | 已提交 | 已审批 | 做完了 | 搞定了 | "
    "pending | in progress | done | completed | resolved | closed | shipped | blocked";
constexpr std::string_view kPendingStart = "待 | 等";
constexpr std::string_view kPendingEnd = "审批 | 审核 | 确认 | 付款 | 发货 | 签字";
constexpr std::string_view kItemNouns =
    "工单 | 订单 | 项目 | 合同 | 需求 | 任务 | 单子 | 报销单 | ticket | order | project | task | "
    "contract | request";

constexpr std::string_view kPlaceVerbs =
    "开会 | 见面 | 碰头 | 举行 | 召开 | 集合 | 面试 | 吃饭 | 开 | 碰";
constexpr std::string_view kPlaceNouns = "会议室 | 会客室 | 办公室 | 楼 | 厅 | 室 | 咖啡 | 酒店 | 公司";

constexpr std::string_view kMoneyUnits =
    "万元 | 万块 | 万美元 | 万 | 千元 | 千块 | 元 | 块钱 | 块 | 美元 | 美金 | 刀 | 亿 | % | k | w | "
    "rmb | usd | dollars | bucks";
constexpr std::string_view kMoneyPrefixes = "$ | ¥ | ￥ | rmb | usd";
constexpr std::string_view kBudgetCues = "预算 | 报价 | 金额 | 费用 | 价格 | 成本 | budget | price | "
                                         "cost | quote";
constexpr std::string_view kClassifiers = "个 | 条 | 项 | 件 | 位 | 家 | 次 | 份 | 名 | 处";
constexpr std::string_view kNotCountAfter = "月 | 小时 | 星期 | 礼拜 | 钟头 | 工作日";
constexpr std::string_view kEnNumbers =
    "one | two | three | four | five | six | seven | eight | nine | ten";
constexpr std::string_view kEnNotCount =
    "days | weeks | hours | minutes | months | years | pm | am | percent | times | o'clock";

constexpr std::string_view kSeverityLow =
    "不紧急 | 不太紧急 | 不急 | 不着急 | 有空再 | 低优 | 有空的时候 | no rush | low priority | "
    "whenever | not urgent | isn't urgent";
constexpr std::string_view kSeverityHigh =
    "紧急 | 十万火急 | 严重 | 重大 | 非常不满 | 很生气 | 气愤 | 火大 | 立刻 | 马上 | 立即 | 高优 | "
    "p0 | p1 | urgent | urgently | critical | asap | severe | serious | immediately | "
    "blocker | high priority | furious";
constexpr std::string_view kSeverityMedium =
    "尽快 | 太慢 | 太差 | 很慢 | 一直 | 总是 | 老是 | 很不满 | 不满意 | soon | too slow | again";

struct Tables {
  CueSet actor_verbs{kActorVerbs}, fillers{kFillers}, roles{kRoleNouns},
      person_suffixes{kPersonSuffixes}, first_person{kFirstPerson}, third_person{kThirdPerson},
      object_verbs{kObjectVerbs}, object_stops{kObjectStops}, object_lead{kObjectLead},
      particles{kTrailingParticles}, complaint_verbs{kComplaintVerbs},
      complaint_cut{kComplaintCut}, update_targets{kUpdateTargets},
      connectors{kValueConnectors}, status_nouns{kStatusNouns}, status_states{kStatusStates},
      pending_start{kPendingStart}, pending_end{kPendingEnd}, item_nouns{kItemNouns},
      place_verbs{kPlaceVerbs}, place_nouns{kPlaceNouns}, money_units{kMoneyUnits},
      money_prefixes{kMoneyPrefixes}, budget{kBudgetCues}, classifiers{kClassifiers},
      not_count_after{kNotCountAfter}, en_numbers{kEnNumbers}, en_not_count{kEnNotCount},
      severity_low{kSeverityLow}, severity_high{kSeverityHigh},
      severity_medium{kSeverityMedium}, at{"在"},
      status_subject_trim{"的 | 还在 | 现在 | 目前 | 's | is | 还"},
      not_verb_after{"议 | 员 | 计 | 场 | 法 | 点 | 题 | 明 | 话 | 儿"};
};

const Tables& T() {
  static const Tables* const kTables = new Tables();
  return *kTables;
}

// --- helpers -----------------------------------------------------------------------------


EventSlot Make(SlotName name, std::string_view text, std::string_view part, double confidence) {
  const size_t begin = static_cast<size_t>(part.data() - text.data());
  return EventSlot{name, std::string(part), begin, begin + part.size(), confidence};
}

EventSlot MakeValue(SlotName name, std::string value, size_t begin, size_t end,
                    double confidence) {
  return EventSlot{name, std::move(value), begin, end, confidence};
}

// Length of a run of digits (with . and ,) or Chinese numerals at pos.
size_t NumberRun(std::string_view s, size_t pos) {
  size_t p = pos;
  while (p < s.size()) {
    const char c = s[p];
    if ((c >= '0' && c <= '9') || ((c == '.' || c == ',') && p > pos && p + 1 < s.size() &&
                                   s[p + 1] >= '0' && s[p + 1] <= '9')) {
      ++p;
      continue;
    }
    bool cn = false;
    for (std::string_view d : {"一", "二", "两", "三", "四", "五", "六", "七", "八", "九", "十",
                               "百", "千", "零"}) {
      cn = cn || s.substr(p, d.size()) == d;
    }
    if (!cn) break;
    p += 3;
  }
  return p - pos;
}

// --- slot fillers ------------------------------------------------------------------------

struct ActorResult {
  std::optional<EventSlot> actor;
  std::optional<EventSlot> role;
};

// An actor phrase in [begin, end) of `t`: first person, pronoun, role + name, or a name.
ActorResult ActorFrom(std::string_view t, std::string_view c) {
  const Tables& tb = T();
  ActorResult r;
  c = StripBack(StripFront(c, tb.fillers), tb.fillers);
  if (std::vector<PhraseSpan> times = FindTimeWords(c); !times.empty() && times[0].begin == 0) {
    c = StripFront(c.substr(times[0].end), tb.fillers);  // "上周五张工说" -> 张工
  }
  if (c.empty()) return r;
  if (std::optional<CueHit> fp = tb.first_person.At(c, 0); fp && fp->end == c.size()) {
    r.actor = MakeValue(SlotName::kActor, "user", c.data() - t.data(),
                        c.data() - t.data() + c.size(), 0.85);
    return r;
  }
  if (std::optional<CueHit> tp = tb.third_person.At(c, 0); tp && tp->end == c.size()) {
    r.actor = Make(SlotName::kActor, t, c, 0.6);
    return r;
  }
  if (!Short(c, 6, 2)) return r;
  if (std::optional<CueHit> role = tb.roles.At(c, 0)) {
    std::string_view rest = TrimSpaces(c.substr(role->end));
    if (rest.empty()) {
      r.actor = Make(SlotName::kActor, t, c, 0.75);
      return r;
    }
    if (Short(rest, 4, 2)) {
      r.role = Make(SlotName::kRole, t, c.substr(0, role->end), 0.8);
      r.actor = Make(SlotName::kActor, t, rest, 0.8);
    }
    return r;
  }
  const bool person = tb.person_suffixes.EndingAt(c, c.size()).has_value() ||
                      c.starts_with("老") || c.starts_with("小");
  if (person) {
    r.actor = Make(SlotName::kActor, t, c, 0.8);
  } else if (IsAscii(c) ? Words(c) <= 2 : CodePoints(c) <= 3) {
    r.actor = Make(SlotName::kActor, t, c, 0.6);
  }
  return r;
}

ActorResult FindActor(std::string_view t, const IndexedText& it, EventType type) {
  const Tables& tb = T();
  size_t from = 0;
  while (std::optional<CueHit> verb = tb.actor_verbs.Find(it, from)) {
    from = verb->begin + 1;
    if (tb.not_verb_after.At(t, verb->end)) continue;  // 会议, 问题, 想法...
    const size_t start = ClauseStart(t, verb->begin);
    if (verb->begin == start) continue;
    ActorResult r = ActorFrom(t, t.substr(start, verb->begin - start));
    if (r.actor) return r;
  }
  ActorResult r;
  std::string_view head = StripFront(t.substr(0, ClauseEnd(t, 0)), tb.fillers);
  if (std::optional<CueHit> fp = tb.first_person.At(head, 0)) {
    const size_t b = head.data() - t.data();
    r.actor = MakeValue(SlotName::kActor, "user", b, b + fp->end, 0.75);
    return r;
  }
  if (type == EventType::kApproval || type == EventType::kCommitment ||
      type == EventType::kPreference || type == EventType::kTask) {
    r.actor = MakeValue(SlotName::kActor, "user", 0, 0, 0.6);  // the speaker, implicitly
  }
  return r;
}

// The phrase after `from` up to the clause end or a stop word, trimmed.
std::string_view PhraseAfter(std::string_view t, size_t from, const CueSet& stops) {
  const Tables& tb = T();
  size_t end = ClauseEnd(t, from);
  if (std::optional<CueHit> stop = stops.Find(t, from, end)) {
    if (stop->begin > from) end = stop->begin;
  }
  std::string_view p = t.substr(from, end - from);
  return StripBack(StripFront(p, tb.object_lead), tb.particles);
}

std::optional<EventSlot> FindObject(std::string_view t, const IndexedText& it) {
  const Tables& tb = T();
  size_t from = 0;
  while (std::optional<CueHit> verb = tb.object_verbs.Find(it, from)) {
    size_t end = verb->end;
    while (end < t.size() && t[end] == ' ') ++end;
    while (std::optional<CueHit> next = tb.object_verbs.At(t, end)) {  // 申请开通 -> 开通
      end = next->end;
      while (end < t.size() && t[end] == ' ') ++end;
    }
    std::string_view p = PhraseAfter(t, end, tb.object_stops);
    if (Short(p, 10, 5) && !tb.first_person.At(p, 0)) return Make(SlotName::kObject, t, p, 0.7);
    from = verb->begin + 1;
  }
  return std::nullopt;
}

std::optional<EventSlot> FindTarget(std::string_view t, const IndexedText& it, EventType type) {
  const Tables& tb = T();
  if (type == EventType::kComplaint) {
    std::optional<CueHit> verb = tb.complaint_verbs.Find(it);
    if (!verb) return std::nullopt;
    size_t from = verb->end;
    if (t.substr(from, 3) == "说") from += 3;
    std::string_view p = PhraseAfter(t, from, tb.complaint_cut);
    if (Short(p, 8, 4)) return Make(SlotName::kTarget, t, p, 0.7);
    return std::nullopt;
  }
  if (type == EventType::kUpdate) {
    if (std::optional<CueHit> hit = tb.update_targets.Find(it)) {
      return Make(SlotName::kTarget, t, t.substr(hit->begin, hit->end - hit->begin), 0.75);
    }
    return std::nullopt;
  }
  if (type == EventType::kStatus) {
    std::optional<CueHit> noun = tb.status_nouns.Find(it);
    if (!noun) noun = tb.pending_start.Find(it);
    if (!noun) noun = tb.status_states.Find(it);
    if (!noun) return std::nullopt;
    const size_t start = ClauseStart(t, noun->begin);
    std::string_view p = t.substr(start, noun->begin - start);
    p = StripBack(StripFront(p, tb.fillers), tb.status_subject_trim);
    if (Short(p, 12, 4) && tb.item_nouns.Find(p).has_value()) {
      return Make(SlotName::kTarget, t, p, 0.75);
    }
  }
  return std::nullopt;
}

std::optional<EventSlot> FindStatus(std::string_view t, const IndexedText& it) {
  const Tables& tb = T();
  if (std::optional<CueHit> noun = tb.status_nouns.Find(it)) {
    size_t p = noun->end;
    while (p < t.size() && t[p] == ' ') ++p;
    if (std::optional<CueHit> conn = tb.connectors.At(t, p)) {
      std::string_view v = PhraseAfter(t, conn->end, tb.particles);
      if (Short(v, 12, 5)) return Make(SlotName::kStatus, t, v, 0.8);
    }
  }
  if (std::optional<CueHit> start = tb.pending_start.Find(it)) {
    if (std::optional<CueHit> end = tb.pending_end.Find(t, start->end, start->end + 15)) {
      return Make(SlotName::kStatus, t, t.substr(start->begin, end->end - start->begin), 0.75);
    }
  }
  if (std::optional<CueHit> state = tb.status_states.Find(it)) {
    return Make(SlotName::kStatus, t, t.substr(state->begin, state->end - state->begin), 0.7);
  }
  return std::nullopt;
}

std::optional<EventSlot> FindTime(std::string_view t, std::span<const TimeHint> times) {
  for (const TimeHint& h : times) {
    if (h.text.empty()) continue;
    const size_t pos = t.find(AsciiLower(h.text));
    if (pos != std::string_view::npos) {
      return Make(SlotName::kTime, t, t.substr(pos, h.text.size()), h.confidence);
    }
  }
  std::vector<PhraseSpan> words = FindTimeWords(t);
  if (words.empty()) return std::nullopt;
  return Make(SlotName::kTime, t, t.substr(words[0].begin, words[0].end - words[0].begin), 0.7);
}

std::optional<EventSlot> FindPlace(std::string_view t, const IndexedText& it) {
  const Tables& tb = T();
  size_t from = 0;
  while (std::optional<CueHit> at = tb.at.Find(it, from)) {
    from = at->end;
    if (std::optional<CueHit> verb = tb.place_verbs.Find(t, at->end + 3, at->end + 28)) {
      std::string_view p = t.substr(at->end, verb->begin - at->end);
      if (Short(p, 8, 3) && tb.place_nouns.Find(p)) return Make(SlotName::kPlace, t, p, 0.7);
    }
  }
  return std::nullopt;
}

std::optional<EventSlot> FindValue(std::string_view t, const IndexedText& it) {
  const Tables& tb = T();
  for (size_t p = 0; p < t.size();) {
    size_t start = p;
    std::optional<CueHit> prefix = tb.money_prefixes.At(t, p);
    if (prefix) {
      p = prefix->end;
      while (p < t.size() && t[p] == ' ') ++p;
    }
    const size_t n = (p == 0 || !IsAsciiAlnum(t[p - 1]) || prefix) ? NumberRun(t, p) : 0;
    if (n == 0) {
      p = start + 1;
      continue;
    }
    size_t end = p + n;
    std::optional<CueHit> unit = tb.money_units.At(t, end, true);
    if (!unit && end < t.size() && t[end] == ' ') unit = tb.money_units.At(t, end + 1);
    if (unit || prefix) {
      if (unit) end = unit->end;
      const bool budget = tb.budget.Find(it).has_value();
      return Make(SlotName::kValue, t, t.substr(start, end - start), budget ? 0.9 : 0.8);
    }
    p += n;
  }
  return std::nullopt;
}

std::optional<EventSlot> FindCount(std::string_view t) {
  const Tables& tb = T();
  for (size_t p = 0; p < t.size();) {
    const size_t n = (p == 0 || !IsAsciiAlnum(t[p - 1])) ? NumberRun(t, p) : 0;
    if (n > 0) {
      std::optional<CueHit> cls = tb.classifiers.At(t, p + n);
      const int value = ParseSmallNumber(t.substr(p, n));
      if (cls && value > 0 && !tb.not_count_after.At(t, cls->end) &&
          !tb.money_units.At(t, p + n, true)) {
        return MakeValue(SlotName::kCount, std::to_string(value), p, cls->end, 0.75);
      }
      p += n;
      continue;
    }
    if (std::optional<CueHit> en = tb.en_numbers.At(t, p)) {
      size_t w = en->end;
      if (w < t.size() && t[w] == ' ' && !tb.en_not_count.At(t, w + 1)) {
        size_t e = w + 1;
        while (e < t.size() && t[e] >= 'a' && t[e] <= 'z') ++e;
        if (e > w + 2 && t[e - 1] == 's') {
          return MakeValue(SlotName::kCount, std::to_string(en->index + 1), p, e, 0.7);
        }
      }
    }
    ++p;
  }
  return std::nullopt;
}

std::optional<EventSlot> FindSeverity(std::string_view t, const IndexedText& it) {
  const Tables& tb = T();
  if (std::optional<CueHit> h = tb.severity_low.Find(it)) {
    return MakeValue(SlotName::kSeverity, "low", h->begin, h->end, 0.75);
  }
  if (std::optional<CueHit> h = tb.severity_high.Find(it)) {
    return MakeValue(SlotName::kSeverity, "high", h->begin, h->end, 0.85);
  }
  if (std::optional<CueHit> h = tb.severity_medium.Find(it)) {
    return MakeValue(SlotName::kSeverity, "medium", h->begin, h->end, 0.65);
  }
  return std::nullopt;
}

bool InSchema(std::span<const SlotName> schema, SlotName name) {
  return std::find(schema.begin(), schema.end(), name) != schema.end();
}

}  // namespace

std::vector<EventSlot> FillEventSlots(std::string_view t, EventType type,
                                      std::span<const TimeHint> times) {
  std::vector<EventSlot> out;
  const std::span<const SlotName> schema = SlotSchema(type);
  if (schema.empty()) return out;
  const IndexedText it(t);
  auto add = [&](std::optional<EventSlot> slot) {
    if (slot && slot->confidence >= kMinSlotConfidence && InSchema(schema, slot->name)) {
      out.push_back(std::move(*slot));
    }
  };
  if (InSchema(schema, SlotName::kActor)) {
    ActorResult a = FindActor(t, it, type);
    add(std::move(a.actor));
    add(std::move(a.role));
  }
  if (InSchema(schema, SlotName::kObject)) add(FindObject(t, it));
  if (InSchema(schema, SlotName::kTarget)) add(FindTarget(t, it, type));
  if (InSchema(schema, SlotName::kTime)) add(FindTime(t, times));
  if (InSchema(schema, SlotName::kPlace)) add(FindPlace(t, it));
  if (InSchema(schema, SlotName::kValue)) add(FindValue(t, it));
  if (InSchema(schema, SlotName::kCount)) add(FindCount(t));
  if (InSchema(schema, SlotName::kSeverity)) add(FindSeverity(t, it));
  if (InSchema(schema, SlotName::kStatus)) add(FindStatus(t, it));
  if (type == EventType::kRisk && !std::any_of(out.begin(), out.end(), [](const EventSlot& s) {
        return s.name == SlotName::kObject;
      })) {
    // "三个风险点": the counted noun is what the risk event is about.
    if (const auto count = FindCount(t)) {
      std::string_view p = PhraseAfter(t, count->end, T().particles);
      if (Short(p, 6, 3)) add(Make(SlotName::kObject, t, p, 0.65));
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const EventSlot& a, const EventSlot& b) {
    return static_cast<int>(a.name) < static_cast<int>(b.name);
  });
  return out;
}

}  // namespace engram::extract
