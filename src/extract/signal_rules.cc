// The built-in signal rule table (zh + en). Patterns: PhraseMatcher syntax on folded text
// (lower case, simplified Chinese, PII as ⟦kind:id⟧ placeholders). Confidence per signal is
// the noisy-OR of the weights of its matched rules.
#include "src/extract/signal.h"

namespace engram::extract {
namespace {

using K = SignalKind;

constexpr SignalRuleSpec kRules[] = {
    // --- preference --------------------------------------------------------------------------
    {"zh.preference.first_person", K::kPreference, 0.8,
     "我喜欢 | 我不喜欢 | 我更喜欢 | 我比较喜欢 | 我偏好 | 我讨厌 | 我不吃 | 我爱吃 | 我习惯 | "
     "不太习惯 | 我倾向 | 我希望 | 我想要 | 我不要 | 我不想 | 我一般 | 我通常 | 我平时 | "
     "我更愿意 | 我宁愿 | 别给我 | 不要给我 | 更适合我 | 对我来说 | 我受不了 | 我最爱", 0},
    {"zh.preference.third_person", K::kPreference, 0.7,
     "偏好 | 喜欢 | 讨厌 | 不喜欢 | 更倾向 | 很敏感 | 比较在意", 0},
    {"zh.preference.style", K::kPreference, 0.6,
     "尽量别 | 尽量不要 | 别安排 | 不要安排 | 就行 | 就好 | 太打扰", 0},
    {"zh.preference.change_to", K::kPreference, 0.6, "改成 | 换成 & 吧", 12},
    {"en.preference.first_person", K::kPreference, 0.8,
     "i prefer | i'd rather | i would rather | i like | i love | i don't like | i do not like | "
     "i hate | i dislike | my favorite | my favourite | i'm a vegetarian | i am a vegetarian | "
     "call me~ | i usually | i'd prefer | i want~ | i always | i never | i'd like | "
     "i would like | not a fan of | don't suggest | do not suggest | works better for me | "
     "work better for me | better for me | please don't | please never | i can't stand | i enjoy",
     0},
    {"en.preference.other", K::kPreference, 0.7,
     "prefers | is better | rather than | please keep | no meetings | annoying | hates | likes~",
     0},

    // --- commitment / promise ----------------------------------------------------------------
    {"zh.commitment.promise", K::kCommitment, 0.8,
     "我会 | 我来跟进 | 我来处理 | 我来负责 | 我负责 | 答应 | 承诺 | 保证 | 我保证 | 包在我身上 | "
     "我一定 | 一定会 | 会给 | 给答复 | 会尽快 | 我尽快 | 我争取 | 我马上", 0},
    {"zh.commitment.scheduled_self", K::kCommitment, 0.7,
     "我 & 今天 | 明天 | 后天 | 下周 | 周一 | 周二 | 周三 | 周四 | 周五 | 月底 | 一早 & 前 | 把 | "
     "发 | 寄 | 交 | 完成", 12},
    {"en.commitment.promise", K::kCommitment, 0.8,
     "i'll | i will | i promise | promised | committed to | guaranteed | guarantees | "
     "i'm going to | will deliver | we will deliver | they'd | they will | we'll | for sure | "
     "will get | will answer | will reply | will have it | i'm on it | count on me", 0},

    // --- state change ------------------------------------------------------------------------
    {"zh.state_change.changed", K::kStateChange, 0.75,
     "换成 | 改成 | 变成 | 更新为 | 改为 | 调到 | 升职 | 离职 | 搬到 | 迁移到 | 延期 | 推迟 | "
     "开通了 | 从今天起 | 现在是 | 不再 | 换了 | 换号 | 已改 | 调去 | 升到 | 降到 | 转到 | 转岗 | "
     "已发 | 已完成 | 已提交 | 上线了 | 下线了 | 结束了 | 变了 | 恢复了 | 取消了 | 涨到 | 降价", 0},
    {"zh.state_change.done", K::kStateChange, 0.6, "已经 & 了", 30},
    {"en.state_change.changed", K::kStateChange, 0.75,
     "moved to | switched to | has left | left the company | got promoted | promoted to | "
     "slipped | migrated | is now | are now | is fixed | was fixed | changed to | no longer | "
     "delayed | postponed | my new | new phone | new number | new email | new address | "
     "new office | transferred | has already | have already | already gone | went out | is done | "
     "completed | launched | shipped | upgraded | downgraded | joined~ | quit~ | resigned | "
     "is back | went live | is live", 0},

    // --- fact / entity -----------------------------------------------------------------------
    {"any.fact.pii_placeholder", K::kFact, 0.9,
     "⟦phone: | ⟦email: | ⟦id_card: | ⟦bank_card: | ⟦url: | ⟦ip:", 0},
    {"zh.fact.role", K::kFact, 0.75,
     "是 & 总监 | 经理 | 负责人 | 老板 | vp | ceo | cto | 工程师 | 老师 | 主管 | 组长 | 创始人 | "
     "实习生 | 新来的 | 同事 | 客户", 18},
    {"zh.fact.attribute", K::kFact, 0.7,
     "负责 | 主管 | 分管 | 预算 | 工号 | 编号 | 生日 | 过敏 | 邮箱是 | 电话是 | 手机号是 | "
     "公司在 | 总部在 | 位于 | 主要做 | 签约方 | 过来的 | 需要三级 | 审批需要 | 有三百 | 多人 | "
     "的座机 | 的电话 | 的地址 | 主要客户 | 我们的客户 | 住在 | 家在 | 来自 | 毕业于 | 就职于 | "
     "汇报给", 0},
    {"en.fact.role", K::kFact, 0.75,
     "is our | is the~ & director | manager | lead | head | ceo | cto | engineer | founder | "
     "teacher", 24},
    {"en.fact.attribute", K::kFact, 0.7,
     "'s email | email is | phone number | number is | birthday | allergic | employee id | "
     "budget | office is | headquartered | located | leads the | in charge of | employees | "
     "signed with | approvals | limit is | capped at | most of our | our main | our customers | "
     "is the new | handles | is responsible for | works at | works for | reports to | lives in | "
     "based in | desk phone | graduated", 0},

    {"zh.fact.works_at", K::kFact, 0.7, "在 & 工作 | 上班 | 任职", 15},
    {"zh.fact.reports_to", K::kFact, 0.7, "向 & 汇报", 15},

    // --- event -------------------------------------------------------------------------------
    {"zh.event.noun", K::kEvent, 0.7,
     "开会 | 会议 | 评审会 | 出差 | 团建 | 投诉 | 宕机 | 故障 | 请假 | 航班 | 演示 | 开完 | "
     "发布会 | 面试 | 聚餐 | 培训 | 会改到 | 电话会 | 出了 | 事故 | 来电话 | 拜访 | 见面 | 活动 | "
     "约了 | 生病 | 住院 | 开了个", 0},
    {"zh.event.said", K::kEvent, 0.6,
     "昨天 | 前天 | 上周 | 刚才 | 刚 & 说 | 提到 | 讨论 | 发生 | 开", 12},
    {"en.event.noun", K::kEvent, 0.7,
     "meeting | review~ | trip | traveling | travelling | dinner | complained | down for | "
     "outage | out sick | flight | demo~ | discussed | conference | interview | workshop | "
     "incident | a call with | call with | visit~ | meet with | meeting with | appointment | "
     "happened | last night | this morning | yesterday", 0},
    {"en.event.said", K::kEvent, 0.6, "said yesterday | told me yesterday | said last", 0},

    // --- task / todo -------------------------------------------------------------------------
    {"zh.task.reminder", K::kTask, 0.75,
     "提醒我 | 记得 | 别忘了 | 不要忘了 | 待办 | 帮我订 | 帮我约 | 帮我预订 | 之前要 | 前要 | "
     "需要在 | 截止 | 申请开通 | 务必 | 交方案 | 交报告 | 前提交 | 之前提交 | 要提交 | 帮我约 | "
     "约一下 | 安排一下 | 催一下 | 得在 | 必须在 | 记一下", 0},
    {"en.task.reminder", K::kTask, 0.75,
     "remind me | don't forget | don't let me forget | todo | to-do | book a | schedule a | "
     "need to | must be done | is due | due on | due by | deadline | request access | has to be | "
     "have to | set up a | arrange a | submitted by | follow up with | make sure to", 0},

    // --- decision ----------------------------------------------------------------------------
    {"zh.decision.made", K::kDecision, 0.8,
     "决定 | 定了 | 最后定 | 批准了 | 选了 | 选定 | 砍掉 | 暂停 | 不做了 | 方案可以 | 就这么定 | "
     "确定用 | 拍板 | 定下来 | 确定了 | 敲定 | 决议 | 同意了 | 采纳 | 否决 | 取消 | 不再跟 | 就用",
     0},
    {"en.decision.made", K::kDecision, 0.8,
     "decided | final call | approved | we chose | chose~ | go with | going with | is cut | "
     "paused | won't build | agreed to | settled on | settled | dropping | we'll go | "
     "will follow | we agreed | rejected | cancelled | canceled | signed off | greenlit | "
     "we'll use", 0},

    {"zh.decision.rule_set", K::kDecision, 0.7,
     "按 & 发放 | 执行 | 处理 & 定下来 | 定了 | 就这么办", 30},

    // --- risk --------------------------------------------------------------------------------
    {"zh.risk.cue", K::kRisk, 0.75,
     "风险 | 隐患 | 担心 | 可能会 | 可能影响 | 不利 | 快满了 | 可能出问题 | 超支 | 不满 | 流失 | "
     "赶不上 | 来不及 | 延误 | 有异议 | 可能要拖 | 危险 | 短缺 | 警告 | 麻烦了 | 不够用", 0},
    {"en.risk.cue", K::kRisk, 0.75,
     "risk | blocked | worried | concern | could take | might break | might fail | churn | "
     "bad for us | penalty | may not | might not | could drag | objected | behind schedule | "
     "won't make | short on | warning | problem with | issue with | running out", 0},
    // --- round 3: category-level vocabulary ----------------------------------------------
    {"zh.preference.taste", K::kPreference, 0.7,
     "口味 | 偏清淡 | 偏甜 | 偏辣 | 统一用 | 一律用 | 只用 | 不太喝 | 不太吃 | 不喝 | 不抽", 0},
    {"en.preference.style", K::kPreference, 0.7,
     "in english only | in chinese only | english only | chinese only | not much of a | "
     "i don't drink | i don't eat | skip the",
     0},
    {"zh.fact.role2", K::kFact, 0.7, "是 & 助理 | 秘书 | 代表 | 联系人 | 对接人 | 顾问", 18},
    {"en.fact.role2", K::kFact, 0.7,
     "is & assistant | secretary | representative | contact person | consultant | advisor", 24},
    {"zh.fact.location", K::kFact, 0.6, "仓库 | 工厂 | 办公室 | 总部 | 分公司 | 门店 & 在", 9},
    {"en.fact.location", K::kFact, 0.6,
     "warehouse | factory | office | headquarters | branch | store & is in | is at", 12},
    {"en.fact.count", K::kFact, 0.6, "our team has | we have & people | employees | members", 24},
    {"zh.fact.count", K::kFact, 0.6, "一共 | 总共 | 共有 & 人 | 个 | 家", 12},
    {"zh.state_change.from_now", K::kStateChange, 0.7,
     "从今天开始 | 从下周开始 | 从下个月开始 | 开始收费 | 签完了 | 转到了 | 已经签", 0},
    {"en.state_change.from_now", K::kStateChange, 0.7,
     "starts charging | from today | is signed | was signed | moved from | switched from", 0},
    {"zh.commitment.third_person", K::kCommitment, 0.7,
     "他 | 她 | 对方 | 老王 | 老李 & 会 | 说会 | 保证 | 答应", 12},
    {"en.commitment.third_person", K::kCommitment, 0.7,
     "he'd | she'd | they'd | he will | she will | said he would | said she would | i'll have", 0},
    {"zh.event.attend", K::kEvent, 0.7, "参加 | 参观 | 峰会 | 展会 | 年会 | 发布 | 发火", 0},
    {"en.event.attend", K::kEvent, 0.7,
     "attending | attend~ | summit | expo | visited | lost his temper | lost her temper", 0},
    {"en.task.ping", K::kTask, 0.7, "ping me | remember to | make sure | book the | book a", 0},
    {"zh.risk.tight", K::kRisk, 0.7,
     "有点紧 | 很紧 | 没回款 | 回款 | 拖欠 | 资金紧张 | 还没解决", 0},
    {"en.risk.tight", K::kRisk, 0.7,
     "getting tight | is tight | hasn't paid | has not paid | unresolved | overdue", 0},
};

}  // namespace

std::span<const SignalRuleSpec> DefaultSignalRules() { return kRules; }

}  // namespace engram::extract
