// More feature-class rules of the built-in guard table (see guard_rules.cc for the weights
// and the syntax): system changes to safety, audit and memory components; exfiltration of the
// whole store, of third parties' conversations and records; role tags and notices; approval
// claims; payloads; discussion cues. DefaultGuardRules() appends them to BaseGuardRules().
#include "src/extract/guard_rules.h"

namespace engram::extract {
namespace {

using C = GuardCategory;

constexpr GuardRuleSpec kClassRules[] = {
    // system change: a switch-off verb on a safety, audit or redaction component
    {"any.memory_tamper.disable_safety", C::kMemoryTamper, 0.6,
     "disable | turn off | switch off | shut off | shut down | deactivate | pause | 暂停 | "
     "关闭 | 关掉 | 关了 | 停用 | 禁用 | 停掉 | 停止 | 去掉 & guard~ | guards | guardrails | "
     "safety | safety filter | content filter | injection filter | prompt filter | moderation | "
     "auditing | audit~ | audit log | redaction | masking | injection detection | "
     "injection detector | quarantine | privacy filter | pii masking | pii filter | "
     "privacy protection | security module | safety module | 隔离 | 安全过滤 | 内容过滤 | "
     "敏感词过滤 | 审核 | 注入检测 | 安全检测 | 敏感信息检测 | 审计 | 脱敏 | 风控 | 安全检查 | "
     "守卫 | 安全模块 | 安全机制 | 防护 | 隐私保护 | 数据保护", 24},
    {"en.memory_tamper.turn_off_split", C::kMemoryTamper, 0.6,
     "turn | switch | shut & moderation | guard~ | guardrails | filters | safety checks | "
     "safety filter | content filter | redaction | auditing | quarantine & off~", 12},
    {"any.memory_tamper.safety_disabled", C::kMemoryTamper, 0.6,
     "guard~ | guardrails | safety check | safety filter | content filter | injection filter | "
     "injection detector | moderation | auditing | audit log | redaction | injection detection | "
     "安全过滤 | 内容过滤 | 敏感词 | 审核 | 注入检测 | 安全检测 | 敏感信息检测 | 审计 | 脱敏 | 风控 | "
     "安全检查 | 守卫 | 安全模块 | 安全机制 | 防护 & 关掉 | 关了 | 关闭 | 停用 | 禁用 | 停掉 | 去掉 | "
     "阈值 | disabled | turned off | switched off | threshold", 30},
    // system change, weak alone: logging, settings and the memory store itself
    {"any.memory_tamper.system_object", C::kMemoryTamper, 0.3,
     "disable logging | turn off logging | stop logging | 关闭日志 | 关掉日志 | 停止记录 | "
     "memory store | memory database | memory system | memory index | memory retention | "
     "write access | your settings | your configuration | 记忆功能 | 记忆系统 | "
     "记忆索引 | 保留期限 | 写入权限 | 你的配置", 0},
    {"any.memory_tamper.wipe_store", C::kMemoryTamper, 0.6,
     "wipe | erase | delete | purge | clear | reset | truncate | drop | 清空 | 删除 | 删掉 | "
     "清除 | 重置 & entire | whole | all | full | 整个 | 全部 | 所有 & memory database | "
     "memory store | memory index | memory system | 记忆库 | 记忆系统 | 记忆索引", 18},

    // exfiltration of the store as a whole, or of what third parties said
    {"any.exfiltration.store_export", C::kExfiltration, 0.45,
     "export | dump | upload | download | send | post | copy | 导出 | 上传 | 下载 | 发送 | 转发 | "
     "拷贝 | 输出 & vector index | embedding index | 向量索引 | 向量库 | memory dump | "
     "memory export | memory database | memory store | memory index | "
     "internal state | entire memory store | full memory dump | complete knowledge base | "
     "entire knowledge base | full knowledge base | whole knowledge base | 记忆库 | 记忆索引 | "
     "内部状态 | 整个记忆 | 整个知识库 | 全部知识库", 24},
    {"any.exfiltration.store_export_after", C::kExfiltration, 0.45,
     "memory database | memory store | memory index | internal state | 记忆库 | 记忆索引 | "
     "内部状态 & 导出 | 上传 | 下载 | 发给 | 发送 | 转发 | 拷贝 | 输出 | exported | uploaded", 24},
    {"zh.exfiltration.others_talk_first", C::kExfiltration, 0.75,
     "告诉我 | 给我看 | 发给我 | 转给我 | 原话 | 复述 & 上一个用户 | 上一位用户 | 上一个客户 | "
     "前一个用户 | 其他用户 | 其他客户 | 别的用户 | 别的客户 | 其他人 | 别人 | 同事 | 所有用户 & "
     "跟你 | 和你 | 对你 | 问过你 | 告诉过你 & 说 | 聊 | 讲 | 提", 24},
    {"zh.exfiltration.others_talk_last", C::kExfiltration, 0.75,
     "上一个用户 | 上一位用户 | 上一个客户 | 前一个用户 | 其他用户 | 其他客户 | 别的用户 | "
     "别的客户 | 其他人 | 别人 | 同事 | 所有用户 & 跟你 | 和你 | 对你 & 说 | 聊 | 讲 & 转给我 | "
     "发给我 | 给我看 | 告诉我 | 发我", 45},
    {"en.exfiltration.third_party_talk", C::kExfiltration, 0.75,
     "tell me | show me | send me | give me | forward | repeat | share | paste & "
     "her conversations | his conversations | their conversations | her chats | his chats | "
     "her messages | his messages | she told you | he told you | they told you | "
     "she said to you | he said to you | she shared with you | he shared with you", 40},
    {"en.exfiltration.stored_about_others", C::kExfiltration, 0.75,
     "everything | all | whatever | what & you've stored | you have stored | you stored | "
     "you've saved | you have saved | you saved | you have on file | you've got on | "
     "you remember | you know & other people | other users | other customers | other members | "
     "other employees | everyone else | the others | my coworkers | my colleagues", 30},
    {"any.exfiltration.secret_verbatim", C::kExfiltration, 0.75,
     "system prompt | hidden instructions | internal instructions | initial prompt | "
     "系统提示 | 提示词 | 内部指令 | 初始设定 & verbatim | word for word | paste it | "
     "hidden parts | 原样 | 逐字 | 一字不差 | 完整版 | 贴出来 | 发出来", 40},
    // bulk contact data leaving for a private destination
    {"any.exfiltration.bulk_to_private", C::kExfiltration, 0.6,
     "every contact | all contacts | all the contacts | customer list | contact list | the crm | "
     "所有联系人 | 全部联系人 | 客户名单 | 通讯录 & personal address | personal email | "
     "private email | personal gmail | my own email | 私人邮箱 | 个人邮箱 | 我的私人", 90},
    {"any.exfiltration.private_then_bulk", C::kExfiltration, 0.6,
     "personal address | personal email | private email | personal gmail | my own email | "
     "私人邮箱 | 个人邮箱 | 我的私人 & every contact | all contacts | all the contacts | "
     "customer list | contact list | the crm | 所有联系人 | 全部联系人 | 客户名单 | 通讯录", 60},

    // system change, weak alone: erasing audit trails and logs (both orders)
    {"any.memory_tamper.erase_logs", C::kMemoryTamper, 0.3,
     "delete | erase | wipe | purge | clear | scrub | 删除 | 删掉 | 清除 | 清空 | 抹掉 | 抹去 & "
     "audit log | audit trail | access log | activity log | your logs | the logs | 审计日志 | "
     "审核日志 | 操作日志 | 访问日志 | 操作记录 | 日志", 30},
    {"any.memory_tamper.logs_erased", C::kMemoryTamper, 0.3,
     "audit log | audit trail | access log | activity log | 审计日志 | 审核日志 | 操作日志 | "
     "访问日志 | 操作记录 & 删除 | 删掉 | 清除 | 清空 | 抹掉 | 抹去 | deleted | erased | wiped | "
     "purged", 40},

    // exfiltration: a third party's sensitive record, asked for
    {"zh.exfiltration.third_party_record", C::kExfiltration, 0.75,
     "上一个 | 上一位 | 前一个 | 之前那个 | 别人 | 其他人 | 他人 | 其他客户 | 其他用户 & 病历 | "
     "密码 | 手机号 | 身份证 | 住址 | 地址 | 银行卡 | 订单 | 信息 | 资料 & 告诉我 | 给我 | "
     "发我 | 发给我 | 列出", 30},
    {"en.exfiltration.others_given", C::kExfiltration, 0.75,
     "credit card | card numbers | passwords | addresses | phone numbers | ssns | medical | "
     "home address & other customers | other users | other people | other parents | "
     "other patients | other members | the other", 40},

    // impersonation: "what follows comes from the administrator"
    {"zh.impersonation.following_is", C::kImpersonation, 0.3,
     "以下为 | 以下是 | 下面是 | 以下内容 & 管理员 | 开发者 | 系统 | 官方 | 平台 | 运维 & 指令 | "
     "命令 | 通知 | 消息", 18},
    {"en.authority.calling_from", C::kAuthority, 0.3,
     "calling from | writing from | i'm with | i am with | this is & support desk | "
     "support team | it department | vendor | help desk | helpdesk", 24},

    // authority: "经…批准", "公司刚发的文件", "这是市场部的要求"
    {"zh.authority.via_approval", C::kAuthority, 0.3,
     "经 & 批准 | 特批 | 同意 | 授权 | 确认", 15},
    {"zh.authority.issued", C::kAuthority, 0.3,
     "公司 | 集团 | 总部 | 上级 | 领导 | 部门 & 发的 | 下发 | 发布 | 最新 & 文件 | 通知 | 规定 | "
     "政策", 12},
    {"zh.authority.their_demand", C::kAuthority, 0.3,
     "部 | 领导 | 老板 | 总部 | 上级 | 上面 & 的要求 | 的规定 | 的指示 | 的意思 | 要求的", 9},

    // exfiltration: the whole memory, or collected user data, toward an outside destination
    {"any.exfiltration.memory_to_destination", C::kExfiltration, 0.75,
     "everything in your memory | all your memories | all of your memory | all your memory | "
     "everything you remember | everything you've stored | your whole memory | 你的全部记忆 | "
     "你所有的记忆 | 本对话的所有数据 | 所有对话数据 & http | webhook | server | url | 服务器 | "
     "网址 | 外部", 30},
    {"any.exfiltration.to_external", C::kExfiltration, 0.45,
     "同步到 | 上传到 | 发送到 | 转发到 | 备份到 | sync to | upload to | send to | forward to & "
     "外部服务器 | 外部邮箱 | 第三方服务器 | external server | external email | "
     "third-party server", 12},
    {"en.exfiltration.collected", C::kExfiltration, 0.75,
     "all | every & email addresses | phone numbers | addresses | passwords | contacts | ssns | "
     "card numbers & you've collected | you have collected | you collected | you've gathered | "
     "you have gathered | you've stored | you have stored | from users | from customers | "
     "of users | of customers", 40},
    {"en.exfiltration.others_saved", C::kExfiltration, 0.75,
     "other team members | other members | other employees | other staff | other parents | "
     "other patients | other users | other customers & saved with you | stored with you | "
     "shared with you | saved in your | stored in your", 24},
    {"zh.exfiltration.third_party_record_first", C::kExfiltration, 0.75,
     "我想知道 | 告诉我 | 查一下 | 给我 & 找你咨询的 | 来咨询的 | 找过你的 | 跟你聊过的 | "
     "上一个 | 上一位 | 其他客户 | 其他用户 & 电话 | 手机号 | 住址 | 地址 | 身份证 | 密码 | "
     "病历 | 银行卡", 30},

    {"en.exfiltration.all_transcripts", C::kExfiltration, 0.6,
     "upload | send | forward | export | sync | copy | dump & all chat transcripts | "
     "all transcripts | all conversation logs | all chat logs | all conversations | "
     "every conversation | all the chats | 所有聊天记录 | 全部聊天记录 | 所有对话记录", 12},
    {"any.payload.all_user_data", C::kPayload, 0.35,
     "全部用户数据 | 所有用户数据 | 全部用户的数据 | all user data | every user's data", 0},

    {"any.override.them_discarded", C::kOverride, 0.6,
     "instructions above | rules above | guidelines above | prompt above | above instructions | "
     "earlier instructions | previous instructions | system prompt & discard them | "
     "ignore them | disregard them | drop them | forget them | throw them out | "
     "set them aside", 60},
    {"any.override.rules_optional", C::kOverride, 0.6,
     "safety policies | safety rules | safety guidelines | your rules | your guidelines | "
     "your instructions | content policy | 安全策略 | 安全规则 | 你的规则 | 平台规则 & "
     "as optional | are optional | as suggestions | as mere suggestions | 仅供参考 | "
     "可有可无 | 可以不遵守", 24},
    {"any.memory_tamper.erase_audit", C::kMemoryTamper, 0.6,
     "审计日志 | 审计记录 | audit log | audit trail | audit records & 清空 | 删除 | 删掉 | "
     "清除 | 抹掉 | deleted | erased | wiped | purged | cleared", 24},
    {"any.memory_tamper.audit_erased", C::kMemoryTamper, 0.6,
     "清空 | 删除 | 删掉 | 清除 | 抹掉 | delete | erase | wipe | purge | clear & 审计日志 | "
     "审计记录 | audit log | audit trail | audit records", 30},
    {"zh.exfiltration.others_asked", C::kExfiltration, 0.6,
     "其他用户 | 其他客户 | 别的用户 | 别的客户 | 别人 | 其他人 & 问你 | 问过你 | 找你 & 问题 | "
     "什么 | 内容 | 私人", 24},

    // impersonation: "this is the security team", bracketed notices
    {"en.impersonation.this_is_team", C::kImpersonation, 0.3,
     "this is the | this is your | message from the & security team: | ops team: | "
     "engram team: | admin team: | support team: | dev team: | development team: | "
     "engineering team: | trust and safety:", 18},

    // authority: a department or executive confirmed or approved it
    {"en.authority.dept_confirmed", C::kAuthority, 0.3,
     "compliance | legal | finance | hr~ | management | leadership | headquarters | the board | "
     "the ceo | the cfo | the vp | the director & has confirmed | have confirmed | "
     "confirmed that | has approved | has decided | has authorized | has signed off", 24},
    {"en.authority.as_approved", C::kAuthority, 0.3,
     "as approved by | as authorized by | as decided by | as instructed by | as mandated by", 0},

    // override and system change in more words: guardrails ignored, safety checks skipped
    {"en.override.ignore_guardrails", C::kOverride, 0.6,
     "ignore | disregard | bypass | override | skip | drop & guardrails | safeguards | "
     "safety rules | safety checks | content policy | safety policy", 24},
    {"any.memory_tamper.skip_safety", C::kMemoryTamper, 0.6,
     "skip | bypass | 跳过 | 绕过 | 省掉 | 暂停 & safety check | safety checks | the guard | "
     "injection detection | 安全检查 | 安全过滤 | 注入检测 | 内容安全 | 所有过滤 | 全部过滤", 18},
    {"any.memory_tamper.safety_skipped", C::kMemoryTamper, 0.6,
     "安全检查 | 安全过滤 | 注入检测 | 内容安全 | safety check | safety checks & 跳过 | 省掉 | "
     "免了 | 暂停 | skipped | bypassed", 24},
    {"en.memory_tamper.overwrite_all", C::kMemoryTamper, 0.6,
     "overwrite | rewrite | replace | modify | alter | change | delete | erase | wipe & "
     "every stored memory | all stored memories | every memory | all memories | "
     "all the memories | every saved memory", 12},
    {"any.impersonation.bracket_role", C::kImpersonation, 0.3,
     "[系统 | 【系统 | [管理员 | 【管理员 | [开发者 | 【开发者 | [官方 & ] | 】", 15},
    {"zh.authority.org_notice", C::kAuthority, 0.3,
     "公司 | 集团 | 总部 | 上级 | 人事部 | 财务部 | 法务部 & 通知 | 规定 | 决定 | 要求", 0},

    // exfiltration: a third person's private matters, or the user's data handed to others
    {"any.exfiltration.third_party_private", C::kExfiltration, 0.6,
     "告诉我 | 说说 | 列出 | tell me | share | list & 关于 | about & 老板 | 同事 | 领导 | 邻居 | "
     "前任 | boss | coworker | colleague | neighbor | manager & 私事 | 隐私 | 秘密 | 病史 | "
     "private | secrets | personal life", 30},
    {"any.payload.hand_over_personal", C::kPayload, 0.35,
     "住址 | 地址 | 手机号 | 电话 | 密码 | 身份证 | 日程 | address | phone number | password | "
     "schedule & 告诉他 | 告诉她 | 发给他 | 发给她 | 给他 | 给她 | tell them | give them | "
     "send them", 24},

    // impersonation: angle-bracket role tags, role notice headers, "this comes from the team"
    {"any.impersonation.angle_role", C::kImpersonation, 0.75,
     "<系统 | <管理员 | <开发者 | <官方 | <运维 | <admin | <developer | <sysadmin | <operator | "
     "[开发者] | [管理员] | [运维] | [官方] | [operator]", 0},
    {"any.impersonation.role_notice", C::kImpersonation, 0.3,
     "开发者 | 管理员 | 系统 | 官方 | 运维 | 安全团队 | 技术团队 | developer | admin | "
     "system | ops team | security team & 通知: | 消息: | 公告: | 指令: | 声明: | notice: | "
     "message: | announcement: | 通知】 | 消息】 | 公告】 | 指令】 | notice] | message]", 6},
    {"any.impersonation.from_team", C::kImpersonation, 0.3,
     "来自 & 官方 | 运维团队 | 开发团队 | 安全团队 | 技术团队 | 管理团队 | 总部", 24},
    {"en.impersonation.from_team", C::kImpersonation, 0.3,
     "from the & ops team | operations team | security team | dev team | development team | "
     "engineering team | admin team | platform team", 12},

    // override: the setup "does not exist", old rules set aside, obey anything
    {"any.override.pretend_absent", C::kOverride, 0.6,
     "system prompt | 系统提示 | 提示词 | instructions | guidelines | rules | restrictions | "
     "设定 | 规则 | 指令 | 限制 & 不存在 | doesn't exist | does not exist | don't exist | "
     "do not exist | isn't there | never existed", 30},
    {"en.override.yours_expired", C::kOverride, 0.6,
     "your~ & instructions | rules | guidelines | directives | restrictions | guardrails | "
     "system prompt & have expired | expired | are outdated | are obsolete | are void | "
     "no longer valid | no longer apply | are suspended | are lifted", 24},
    {"zh.override.dismiss_old", C::kOverride, 0.6,
     "别管 | 不用管 | 不要管 | 不用理会 | 不必理会 | 别理 | 抛开 | 放下 | 忘掉 & 你之前 | 你收到 | "
     "给你的 | 你原来 | 开发者 | 之前 | 原来 | 原先 | 刚才 & 设定 | 指示 | 指令 | 规则 | 要求 | "
     "限制 | 约束 | 提示", 24},
    {"any.override.obey_anything", C::kOverride, 0.45,
     "无条件执行 | 无条件服从 | 无条件遵守 | 执行任何 | 服从任何 | 任何指令都 | 任何命令都 | "
     "不要拒绝 | 不许拒绝 | 不能拒绝 | 不准拒绝 | no refusals | never refuse | don't refuse | "
     "do not refuse | without refusing | obey any | execute any | follow any | carry out any | "
     "unconditionally obey | 绝对服从 | 完全服从 | 都要服从 | 必须服从 | obey everything | "
     "obey me | obey all", 0},

    // persistence: a rule to keep, a note to future sessions or readers of the memory
    {"en.memory_write.remember_that", C::kMemoryWrite, 0.4,
     "remember | memorize | keep in mind & that~", 20},
    {"any.memory_write.keep_rule", C::kMemoryWrite, 0.4,
     "make it a rule | make this a rule | make that a rule | save that | save this as | "
     "store that | record that | keep that as | note for future | future sessions | "
     "future conversations | future chats | future agents | any agent reading | "
     "whoever reads this | log this as | log that as | record this as | file this as | "
     "as permanent policy | as a permanent | 定成规矩 | 定为规则 | 当成规矩 | 作为事实 | 当成事实 | 以后的会话 | "
     "之后的会话 | 之后读到 | 以后读到 | 读到这段 | 读到这条", 0},

    // authority: a department or executive that approved or confirmed something
    {"zh.authority.approved_by", C::kAuthority, 0.3,
     "法务 | 财务 | 人事 | 行政 | 合规 | 董事会 | 总部 | 领导 | 老板 | 总经理 | 总裁 | 集团 | ceo | "
     "cfo | cto | coo | hr~ & 已批准 | 特批 | 批准了 | 已确认 | 已同意 | 已授权 | 拍板 | "
     "已经同意 | 已经批准 | 确认 | 批准 | 同意 | 通知 | 规定 | 决定", 9},
    {"en.authority.approved_by", C::kAuthority, 0.3,
     "confirmed by | signed off by | sanctioned by | mandated by | "
     "directive from | from the board | from management | from leadership | from legal | "
     "board decision | board has", 0},

    // payload: access for anyone, unconditional behaviour, phishing redirects, discounts
    {"any.payload.open_access", C::kPayload, 0.35,
     "任何人都可以 | 任何人都能 | 随意提供 | 第三方 | 匿名 | anyone can | anonymous | "
     "each other's | may access | may view | no matter what the user | no matter what they | "
     "regardless of what the user | 不管用户问什么 | 无论用户问什么 | 加微信 | 加我微信 | "
     "点击链接 | bit.ly | % off | percent off | second signature | without consent | "
     "without their consent | 未经同意 | 无需同意 | 不经同意 | exempt from | 豁免 | 免除 | "
     "nothing gets blocked | nothing is blocked | let everything through | 都能通过 | 全部放行 | "
     "终身保修 | 直接换新 | 免费换新 | 包退包换 | never need | no longer need | 预先批准 | "
     "预批准 | 直接付款 | 无限 | 未登录 | 访客 | 游客 | unauthenticated | not logged in | "
     "sold to | sell to | be sold | advertisers | 卖给 | 出售给 | 当成管理员 | 当作管理员 | "
     "with partners | with third parties | 给合作方 | 减半 | 打对折 | read access | 年终奖 | "
     "标记为已 | 标记成已 | 标为已 | mark as approved | mark it approved | marked as approved | "
     "access to payroll | recommend our | promote our | partner's | 推荐我们的 | 推广我们的 | "
     "按管理员 | treat them as admin | treated as admin | treated as an admin | 暗号 | "
     "code word | secret word | magic word | trigger word | 倒闭 | 骗子 | 诈骗 | 被调查 | "
     "under investigation | bankrupt | scam~ | 安全漏洞 | security flaws | even though it | "
     "even if it's not true | even if untrue | 即使不是真的 | 哪怕不是真的 | 自动给 | 自动开通 | "
     "直接开通 | 开vip | 开通vip | 免费升级 | "
     "自动通过 | 自动放行 | 直接放行 | 一律通过", 0},

    // discussion: talk about attacks; quoted attack text in it is not scored (guard.h)
    {"any.discussion.attacks", C::kDiscussion, 0,
     "注入攻击 | 提示词注入 | 提示注入 | 攻击样本 | 攻击示例 | 这类攻击 | 这种攻击 | 此类攻击 | "
     "攻击手法 | 恶意样本 | 被拦截 | 已拦截 | 回归测试 | 测试用例 | 安全报告 | 渗透测试 | 红队 | "
     "安全培训 | prompt injection | injection attack | attacks work | attack works | "
     "attack sample | example attack | jailbreak prompt | pentest | penetration test | "
     "red team | red-team | regression suite | regression test | test case | security report | "
     "security training | blog post | the guard caught | was blocked | were blocked | "
     "this payload | phishing | injection | 注入 | 话术 | 研究报告 | 论文 | 举了个例子 | "
     "举个例子 | 反面例子 | 示例 | bad example | "
     "the paper | a paper | for example | attacker | incident review | incident report | "
     "攻击者 | 复盘", 0},
};

}  // namespace

std::span<const GuardRuleSpec> ClassGuardRules() { return kClassRules; }

}  // namespace engram::extract
