// The built-in event-type rule table (zh + en). Patterns: PhraseMatcher syntax on folded text
// (lower case, simplified Chinese, PII as ⟦kind:id⟧). A type's confidence is the noisy-OR of
// the weights of its matched rules.
#include "src/extract/event_typer.h"

namespace engram::extract {
namespace {

using T = EventType;

constexpr EventRuleSpec kRules[] = {
    // --- complaint ---------------------------------------------------------------------------
    {"zh.complaint.verb", T::kComplaint, 0.85,
     "投诉 | 抱怨 | 吐槽 | 不满意 | 很不满 | 非常不满 | 差评 | 太差了 | 太差劲 | 受不了 | 气死 | "
     "发火 | 索赔 | 要求退款 | 要退货", 0},
    {"zh.complaint.slow", T::kComplaint, 0.55,
     "太慢 | 一直没 | 还没到 | 老是 | 总是出 | 又坏了 | 又出问题 | 没人管 | 没人理", 0},
    {"en.complaint.verb", T::kComplaint, 0.85,
     "complain~ | complained | complaining | complaint | unhappy with | not happy with | "
     "fed up | terrible | unacceptable | angry about | frustrated with | refund", 0},
    {"en.complaint.slow", T::kComplaint, 0.55, "too slow | still hasn't | still not | again!", 0},

    // --- approval: what needs someone's approval or grant (seed 000 §4.3) --------------------
    {"zh.approval.apply", T::kApproval, 0.9,
     "申请 | 审批 | 请批 | 批一下 | 批准一下 | 请批准 | 求批 | 报批 | 走流程 | 请求开通 | 需要开通 | "
     "开通权限 | 开个权限 | 报销 | 签批 | 审核一下 | 授权给", 0},
    {"zh.approval.grant", T::kApproval, 0.85,
     "开通 | 开个 | 授予 | 分配 | 申领 | 加一下 & 权限 | 账号 | 账户 | 环境 | 资源 | 服务器 | vpn | "
     "额度 | 访问", 12},
    {"en.approval.apply", T::kApproval, 0.9,
     "request access | requesting | request~ | requested | approval | approve~ | apply for | "
     "applied for | sign off on | permission to | reimburse | please grant | grant me | "
     "grant us | need sign-off", 0},

    // --- asks for work: tasks -----------------------------------------------------------------
    {"zh.task.ask", T::kTask, 0.65,
     "要求 | 请帮忙 | 麻烦帮 | 能不能帮 | 需要你们 | 希望你们 | 要验收 | 请你们", 0},
    {"en.task.ask", T::kTask, 0.6, "asked us to | asks us to | wants us to", 0},

    // --- update ------------------------------------------------------------------------------
    {"zh.update.attribute", T::kUpdate, 0.85,
     "手机 | 电话 | 邮箱 | 地址 | 联系方式 | 部门 | 职位 | 职级 | 号码 | 名字 | 账号 & "
     "换成 | 改成 | 改为 | 更新为 | 更新成 | 变成 | 变更为 | 换了 | 升为 | 调到", 12},
    {"zh.update.changed", T::kUpdate, 0.6,
     "换成 | 改成 | 改为 | 更新为 | 更新成 | 变更 | 调整为 | 升为 | 调到 | 搬到 | 换了 | 不再是 | "
     "从今天起", 0},
    {"any.update.placeholder", T::kUpdate, 0.5, "⟦phone: | ⟦email: | ⟦url:", 0},
    {"en.update.attribute", T::kUpdate, 0.85,
     "phone | number | email | address | department | title | name & is now | changed to | "
     "has changed | updated to | moved to | switched to", 24},
    {"en.update.changed", T::kUpdate, 0.6,
     "new phone | new number | new email | new address | changed to | updated to | moved to | "
     "switched to | no longer | transferred to | promoted to | from now on", 0},

    // --- inquiry -----------------------------------------------------------------------------
    {"zh.inquiry.ask", T::kInquiry, 0.75,
     "请问 | 想问 | 问一下 | 咨询 | 打听 | 多少钱 | 怎么 | 如何 | 为什么 | 是不是 | 有没有 | 能否 | "
     "什么时候 | 哪里 | 哪个 | 哪位 | 谁 | 是多少", 0},
    {"en.inquiry.ask", T::kInquiry, 0.75,
     "^what | ^how | ^why | ^when | ^where | ^who | ^which | ^is there | ^are there | "
     "^do you | ^does | ^can you tell | ^could you tell | wondering | any idea | how much | "
     "how do | what is | what's", 0},

    // --- schedule / meeting ------------------------------------------------------------------
    {"zh.schedule.meeting", T::kSchedule, 0.8,
     "开会 | 会议 | 例会 | 评审会 | 周会 | 站会 | 电话会 | 面试 | 见面 | 碰一下 | 约了 | 约个 | "
     "预约 | 拜访 | 改期 | 日程 | 会改到 | 聚餐 | 培训 | 验收会 | 宣讲", 0},
    {"zh.schedule.when", T::kSchedule, 0.55,
     "下周 | 周一 | 周二 | 周三 | 周四 | 周五 | 明天 | 后天 & 点 | 验收 | 上门 | 过来 | 见", 12},
    {"en.schedule.meeting", T::kSchedule, 0.8,
     "meeting | meet~ | a call | call with | sync~ | standup | stand-up | interview | "
     "appointment | reschedule~ | rescheduled | calendar | demo~ | workshop | visit~ | "
     "kickoff | kick-off", 0},

    // --- notification ------------------------------------------------------------------------
    {"zh.notification.notice", T::kNotification, 0.85,
     "通知 | 公告 | 周知 | 告知大家 | 提醒大家 | 请大家注意 | 温馨提示 | 停电 | 停机维护 | 维护窗口 | "
     "放假安排 | 已发布 | 上线通知", 0},
    {"en.notification.notice", T::kNotification, 0.85,
     "fyi | heads up | heads-up | announcement | please note | reminder to all | all hands | "
     "notice~ | will be down | maintenance window | scheduled maintenance | is now live | "
     "has been released", 0},

    // --- commitment --------------------------------------------------------------------------
    {"zh.commitment.promise", T::kCommitment, 0.85,
     "我会 | 我来 | 我负责 | 答应 | 承诺 | 保证 | 包在我身上 | 我一定 | 我尽快 | 我争取 | 我马上 | "
     "我们会 | 会给您 | 会给你", 0},
    {"zh.commitment.third", T::kCommitment, 0.6, "他会 | 她会 | 对方会 | 说会 | 答应会", 0},
    {"en.commitment.promise", T::kCommitment, 0.85,
     "i'll | i will | i promise | we'll | we will | i'm going to | count on me | i'm on it | "
     "promised | committed to | will get back", 0},

    // --- preference --------------------------------------------------------------------------
    {"zh.preference.like", T::kPreference, 0.85,
     "喜欢 | 偏好 | 讨厌 | 不吃 | 不喝 | 习惯 | 倾向 | 更愿意 | 宁愿 | 别给我 | 不要给我 | 口味 | "
     "太打扰", 0},
    {"zh.preference.from_now", T::kPreference, 0.85,
     "推送 | 通知 | 提醒 | 消息 & 改到 | 改成 | 换成 | 放到 | 安排在 | 改在 & 吧", 12},
    {"zh.preference.soft", T::kPreference, 0.5, "以后 & 吧 | 就好 | 就行", 30},
    {"en.preference.like", T::kPreference, 0.85,
     "i prefer | prefers | i'd rather | i would rather | i like | i love | i hate | "
     "i don't like | i do not like | don't send me | please don't | my favorite | "
     "my favourite | i'm vegetarian | i'm a vegetarian | works better for me", 0},
    {"en.preference.push", T::kPreference, 0.85,
     "notifications | push | reminders & to | in the | during the & daytime | day | morning | "
     "evening", 20},

    // --- task --------------------------------------------------------------------------------
    {"zh.task.todo", T::kTask, 0.85,
     "提醒我 | 记得 | 别忘了 | 不要忘了 | 待办 | 务必 | 截止 | 帮我订 | 帮我约 | 帮我预订 | "
     "记一下 | 催一下 | 要提交 | 前提交 | 之前提交 | 前完成 | 之前完成 | 跟进一下 | 同步给", 0},
    {"zh.task.need", T::kTask, 0.55, "需要 | 得 | 必须 | 要 & 完成 | 提交 | 准备 | 整理 | 发给", 12},
    {"en.task.todo", T::kTask, 0.85,
     "remind me | don't forget | todo | to-do | need to | needs to | have to | has to | "
     "must be done | is due | due by | due on | deadline | make sure to | follow up | "
     "remember to | book a | book the", 0},

    // --- decision ----------------------------------------------------------------------------
    {"zh.decision.made", T::kDecision, 0.85,
     "决定 | 定了 | 敲定 | 拍板 | 就用 | 选定 | 确定用 | 定下来 | 最终方案 | 同意了 | 批准了 | 否决 | "
     "不做了 | 砍掉 | 暂停 | 就这么定 | 采纳 | 只能控制在 | 控制在 | 不超过 | 上限", 0},
    {"en.decision.made", T::kDecision, 0.85,
     "decided | we'll go with | going with | go with | agreed to | we agreed | settled on | "
     "final call | signed off | greenlit | rejected | cancelled | canceled | capped at | "
     "must not exceed | no more than", 0},

    // An approval given is a decision ("the board approved", 批准了), not one asked for.
    {"en.decision.approved", T::kDecision, 0.8, "approved | has approved | was approved", 0},

    // --- risk --------------------------------------------------------------------------------
    {"zh.risk.cue", T::kRisk, 0.85,
     "风险 | 隐患 | 担心 | 可能会 | 可能影响 | 来不及 | 赶不上 | 超支 | 延误 | 短缺 | 流失 | 危险 | "
     "警告 | 可能要拖 | 有点紧 | 不够用 | 扛不住", 0},
    {"en.risk.cue", T::kRisk, 0.85,
     "risk~ | risks | risky | concern~ | concerned | worried | might slip | could slip | "
     "might fail | behind schedule | over budget | won't make | running out | bottleneck | "
     "blocked | blocker", 0},

    // --- status ------------------------------------------------------------------------------
    {"zh.status.state", T::kStatus, 0.9,
     "状态 | 进展 | 进度 & 改为 | 改成 | 变成 | 变为 | 更新为 | 是 | 为 | 到了 | : | 已", 9},
    {"zh.status.pending", T::kStatus, 0.8,
     "待 | 等 & 审批 | 审核 | 确认 | 付款 | 发货 | 签字", 12},
    {"zh.status.done", T::kStatus, 0.6,
     "已完成 | 已上线 | 已关闭 | 已解决 | 进行中 | 卡在 | 已经完成 | 做完了 | 搞定了 | 已发货", 0},
    {"en.status.state", T::kStatus, 0.9, "status & is | changed to | set to | moved to | :", 12},
    {"en.status.pending", T::kStatus, 0.75,
     "is pending | pending approval | awaiting | in progress | is done | is complete | "
     "is completed | is resolved | is closed | has shipped | is stuck", 0},
};

}  // namespace

std::span<const EventRuleSpec> DefaultEventRules() { return kRules; }

}  // namespace engram::extract
