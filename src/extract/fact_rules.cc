// The relation whitelist and the built-in fact rule table (zh + en). Cues are CueSet
// alternatives on ASCII-lower-cased sanitized text; see FactRuleSpec for the columns.
#include "src/extract/fact_extractor.h"

namespace engram::extract {
namespace {

using F = FusionClass;
using V = FactValueShape;

constexpr AttributeSpec kWhitelist[] = {
    {"worksAt", F::kStrong, false, 0, "organization or department the subject works in"},
    {"hasTitle", F::kStrong, false, 0, "job title or rank"},
    {"hasPhone", F::kStrong, false, 0, "phone number (a PII placeholder)"},
    {"hasEmail", F::kStrong, false, 0, "e-mail address (a PII placeholder)"},
    {"reportsTo", F::kStrong, false, 0, "the subject's manager"},
    {"memberOf", F::kStrong, false, 0, "team, group or project the subject belongs to"},
    {"responsibleFor", F::kStrong, false, 0, "what the subject owns or is in charge of"},
    {"status", F::kStrong, false, 0, "current state of a work item (ticket, order, project)"},
    {"hasSkill", F::kWeak, false, 3, "a skill; an edge after three mentions or a confirmation"},
    {"prefers", F::kWeak, false, 3, "a like or dislike; an edge once confirmed by the subject"},
    {"availability", F::kZero, true, 0, "a temporary state (出差, 休假, travelling): TTL only"},
    {"budget", F::kZero, false, 0, "how tight a budget is (很紧, tight): an attribute",
     "budgetLimit"},
    {"budgetLimit", F::kZero, false, 0, "how much a budget allows (20万, 200k): an attribute",
     "budget"},
};

// Connector sets shared by several rules.
constexpr std::string_view kChangedTo =
    "换成了 | 换成 | 改成了 | 改成 | 改为 | 更新为 | 更新成 | 变成 | 变为 | 变更为 | 换为 | 是 | 为 | "
    ": | ： | 换了 | 改了 | is now | is | changed to | has changed to | updated to | set to | "
    ": | =";
constexpr std::string_view kTitleTo =
    "升为 | 升到 | 升成 | 改成 | 改为 | 换成 | 调整为 | 变成 | 是 | 为 | is now | is | changed to";
constexpr std::string_view kStatusTo =
    "改为 | 改成 | 变成 | 变为 | 更新为 | 更新成 | 已经是 | 现在是 | 是 | 为 | : | ： | 到了 | "
    "is now | is | changed to | set to | moved to | =";
constexpr std::string_view kPushTo =
    "改到 | 改成 | 换成 | 调到 | 放到 | 安排在 | 改在 | 放在 | 都在 | 只在 | 在 | to | in the | "
    "during the | only in the | only during the | only during | during | at";

constexpr FactRuleSpec kRules[] = {
    // --- contact ------------------------------------------------------------------------------
    {"zh.phone", "hasPhone", "手机号码 | 手机号 | 手机 | 电话号码 | 电话 | 联系方式 | 座机 | 号码",
     kChangedTo, "", V::kPhone, 0.9},
    {"en.phone", "hasPhone",
     "phone number | mobile number | cell number | phone | mobile | cell | number", kChangedTo,
     "", V::kPhone, 0.9},
    {"zh.email", "hasEmail", "邮箱地址 | 邮箱 | 电子邮件 | 邮件地址 | 邮件", kChangedTo, "",
     V::kEmail, 0.9},
    {"en.email", "hasEmail", "email address | e-mail address | email | e-mail | mail",
     kChangedTo, "", V::kEmail, 0.9},

    // --- organization -------------------------------------------------------------------------
    {"zh.works_at.in", "worksAt", "在", "", "工作 | 上班 | 任职 | 就职 | 实习", V::kAny, 0.8},
    {"zh.works_at.dept", "worksAt", "部门 | 所在部门 | 公司 | 单位", kChangedTo, "", V::kAny, 0.8},
    {"zh.works_at.verb", "worksAt", "就职于 | 任职于 | 入职 | 调去 | 调入 | 跳槽到 | 跳槽去", "",
     "", V::kAny, 0.75},
    {"en.works_at", "worksAt",
     "works at | work at | working at | works for | work for | working for | employed at | "
     "employed by | transferred to", "", "", V::kAny, 0.8},
    {"en.works_at.dept", "worksAt", "department | company | employer", kChangedTo, "", V::kAny,
     0.75},

    {"zh.title.noun", "hasTitle", "职级 | 职位 | 职务 | 头衔 | 级别", kTitleTo, "", V::kAny, 0.85},
    {"zh.title.promoted", "hasTitle", "升职为 | 晋升为 | 升任 | 提拔为 | 担任 | 升为", "", "",
     V::kAny, 0.8},
    {"zh.title.is", "hasTitle", "是 | 现在是 | 成了 | 当上了", "", "", V::kTitle, 0.75},
    {"en.title.noun", "hasTitle", "title | position | job title", kTitleTo, "", V::kAny, 0.8},
    {"en.title.promoted", "hasTitle", "promoted to | was promoted to | became", "", "", V::kAny,
     0.8},
    {"en.title.is", "hasTitle", "is our | is the | is a | is an | is now | is | i'm a | i am a | "
     "i'm the | i am the", "", "", V::kTitle, 0.75},

    {"zh.reports_to.to", "reportsTo", "向", "", "汇报 | 报告工作", V::kAny, 0.8},
    {"zh.reports_to.give", "reportsTo", "汇报给 | 直接汇报给", "", "", V::kAny, 0.85},
    {"zh.reports_to.boss", "reportsTo", "直属上级 | 上级 | 直属领导 | 领导 | 汇报对象 | 老板",
     "是 | 换成 | 改成 | 变成 | 为", "", V::kAny, 0.8},
    {"en.reports_to", "reportsTo", "reports to | report to | reporting to | reports directly to",
     "", "", V::kAny, 0.85},
    {"en.reports_to.boss", "reportsTo", "manager | boss | supervisor | line manager",
     "is now | is", "", V::kAny, 0.75},

    {"zh.member_of.is", "memberOf", "是", "", "的成员 | 的一员 | 成员", V::kAny, 0.8},
    {"zh.member_of.join", "memberOf", "加入了 | 加入 | 进了 | 属于", "", "", V::kAny, 0.75},
    {"en.member_of", "memberOf",
     "is a member of | am a member of | member of | joined | is on the | am on the | "
     "i'm on the | is part of | am part of", "", "", V::kAny, 0.75},

    {"zh.responsible.is", "responsibleFor", "是", "", "的负责人 | 负责人", V::kAny, 0.85},
    {"zh.responsible.verb", "responsibleFor", "负责 | 分管 | 主抓", "", "", V::kAny, 0.8, "", false,
     false, false, "人 | 任"},
    {"en.responsible", "responsibleFor",
     "is responsible for | am responsible for | responsible for | in charge of | owns the | "
     "is the owner of | handles", "", "", V::kAny, 0.8},

    // --- weak: skills and preferences ----------------------------------------------------------
    {"zh.skill", "hasSkill", "擅长 | 精通 | 熟悉 | 熟练掌握 | 会用 | 会说 | 掌握", "", "", V::kAny,
     0.75},
    {"en.skill", "hasSkill",
     "is good at | am good at | good at | skilled in | skilled at | expert in | expert at | "
     "proficient in | fluent in | experienced with | experienced in", "", "", V::kAny, 0.75},

    {"zh.prefers.push", "prefers", "推送时间 | 推送 | 通知时间 | 通知 | 提醒时间 | 提醒 | 消息", kPushTo,
     "", V::kTimeOfDay, 0.85, "push_time", false, false, true},
    {"en.prefers.push", "prefers",
     "push notifications | notifications | notification | pushes | reminders | alerts", kPushTo,
     "", V::kTimeOfDay, 0.85, "push_time", false, false, true},
    {"zh.prefers.like", "prefers",
     "更喜欢 | 比较喜欢 | 最喜欢 | 喜欢 | 偏好 | 偏爱 | 倾向于 | 爱吃 | 爱喝 | 习惯用", "", "",
     V::kAny, 0.8},
    {"zh.prefers.dislike", "prefers", "不喜欢 | 讨厌 | 不吃 | 不喝 | 受不了 | 不想要", "", "",
     V::kAny, 0.8, "", true},
    {"en.prefers.like", "prefers",
     "i prefer | i'd prefer | prefers | prefer | i'd rather | i would rather | i like | likes | "
     "i love | loves | my favorite is | my favourite is", "", "", V::kAny, 0.8},
    {"en.prefers.dislike", "prefers",
     "i don't like | i do not like | doesn't like | i hate | hates | dislikes | i dislike", "", "",
     V::kAny, 0.8, "", true},

    // --- work item status ----------------------------------------------------------------------
    {"zh.status.noun", "status", "状态 | 进展 | 进度", kStatusTo, "", V::kItemState, 0.9},
    {"zh.status.pending", "status", "待 | 等", "", "审批 | 审核 | 确认 | 付款 | 发货 | 签字",
     V::kItemState, 0.8, "", false, true},
    {"zh.status.done", "status", "已完成 | 已上线 | 已关闭 | 已解决 | 已发货 | 已取消", "", "",
     V::kState, 0.7},
    {"en.status.noun", "status", "status", kStatusTo, "", V::kItemState, 0.85},
    {"en.status.pending", "status", "pending | awaiting | waiting for", "", "", V::kItemState,
     0.75, "", false, true},

    // --- zero: budgets (attributes that complement each other, never edges) ------------------
    {"zh.budget.limit", "budgetLimit", "预算",
     "只能控制在 | 控制在 | 不能超过 | 不超过 | 最多 | 只有 | 上限是 | 上限 | 大概是 | 大约 | 是 | 为 | 有",
     "", V::kAmount, 0.8},
    {"zh.budget.quality", "budget", "预算", "", "", V::kQuality, 0.7, "", false, false, false,
     "只能 | 控制 | 不能 | 不超过 | 最多 | 只有 | 上限 | 大概 | 大约 | 是 | 为 | 有 | 的 | 和 | 跟 | "
     "表 | 方案 | 审批 | 申请 | 报"},
    {"en.budget.limit", "budgetLimit", "budget",
     "is capped at | is limited to | can't exceed | cannot exceed | is at most | is only | is | "
     "of | tops out at", "", V::kAmount, 0.8},
    {"en.budget.quality", "budget", "budget", "is really | is very | is pretty | is quite | is",
     "", V::kQuality, 0.7},

    // --- zero: temporary states ----------------------------------------------------------------
    {"zh.availability", "availability",
     "出差 | 休假 | 请假 | 病假 | 年假 | 产假 | 度假 | 不在公司 | 居家办公 | 在家办公", "", "",
     V::kState, 0.8},
    {"en.availability", "availability",
     "on a business trip | travelling | traveling | on vacation | on leave | on holiday | "
     "out of office | off sick | out sick | working from home", "", "", V::kState, 0.8},
};

}  // namespace

std::string_view FusionClassName(FusionClass fusion) {
  switch (fusion) {
    case FusionClass::kStrong: return "strong";
    case FusionClass::kWeak: return "weak";
    case FusionClass::kZero: return "zero";
  }
  return "strong";
}

std::span<const AttributeSpec> RelationWhitelist() { return kWhitelist; }

const AttributeSpec* FindAttribute(std::string_view name) {
  for (const AttributeSpec& a : kWhitelist) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

std::span<const FactRuleSpec> DefaultFactRules() { return kRules; }

}  // namespace engram::extract
