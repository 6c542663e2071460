#include "src/extract/fact_tables.h"

#include <string_view>

namespace engram::extract::fact_internal {
namespace {

// Words in front of a subject: imperatives, discourse markers, corrections.
constexpr std::string_view kSubjectFront =
    "帮我把 | 麻烦把 | 请把 | 把 | 将 | 请 | 麻烦 | 另外 | 还有 | 然后 | 以后 | 从今天起 | 从今天开始 | "
    "现在 | 目前 | 那个 | 对了 | 更正一下 | 更正 | 纠正一下 | 不对 | 其实 | 哦 | 嗯 | 听说 | 据说 | "
    "说错了 | 最新 | 应该是 | 而是 | 是 | actually | also | btw | so | and | oh | ok | okay | "
    "correction: | note that | fyi | just so you know | by the way | now | the";
constexpr std::string_view kSubjectBack =
    "的新 | 的 | 's new | 's | new | 现在 | 也 | 已经 | 目前 | 都 | 还 | 最近 | 新的 | 新 | 还在 | "
    "正在 | 也是 | 就 | is | are | was | am | 'm | 're | will be | has | have | now | currently | "
    "also | 'll be | has been | 这两天 | 这几天 | 这阵子 | 最近几天 | 近期 | 职级 | 职位 | 职务 | 级别 | 头衔 | "
    "确实 | 的确 | indeed | a | an | 休";
constexpr std::string_view kSpeech =
    "说 | 告诉我 | 提到 | 通知 | 表示 | said | says | told me | mentioned | that";
// A third-person pronoun as a subject names someone said before (resolved or dropped).
constexpr std::string_view kThirdPerson =
    "他们 | 她们 | 他 | 她 | he | she | they | him | her | his | their | them";
constexpr std::string_view kFirstPerson =
    "我们 | 我的 | 我 | 本人 | 咱们 | i | i'm | my | me | we | our | myself";
constexpr std::string_view kSystemSubjects =
    "你们 | 你的 | 你 | 系统 | 助手 | 机器人 | ai | you | your | the system | system | "
    "the assistant | assistant | the bot | bot";
constexpr std::string_view kNegations = "不再 | 不 | 不太 | 不怎么 | 不大 | 没有 | 没 | 并非 | 不是 | "
                                        "not | no longer | "
                                        "don't | doesn't | didn't | never | n't";
constexpr std::string_view kBetweenCueAndConnector =
    "也已经 | 已经 | 也 | 现在 | 都 | 已 | 就 | 最新的 | 新的 | 还是 | 暂时 | 刚 | now | also | "
    "has | have | just | currently";
// Where a value ends inside its clause. Coordinators (和, 及, and) are not here: a coordinated
// value is kept whole unless the conjunct is a clause of its own (kClauseVerbs).
constexpr std::string_view kValueStops =
    "了 | 吧 | 啊 | 呢 | 哦 | 呀 | 哈 | 啦 | 嘛 | 并且 | 而且 | 以后 | 之后 | 从 | 但是 | 但 | 不过 | "
    "因为 | 所以 | 可是 | 然而 | 如果 | 的话 | "
    "from now on | starting | effective | as of | please | now | since | because | but | "
    "so | which | who | as | where | when | while | until | for now | this week | next week | "
    "today | going forward | although | though | however | whereas | if";
constexpr std::string_view kCoordinators = "和 | 与 | 及 | 以及 | 跟 | 或 | and | or";
// A conjunct holding one of these is a clause ("... director and reports to Li"), not a value.
constexpr std::string_view kClauseVerbs =
    "is | are | was | were | am | 'm | 's | will | would | has | have | had | does | do | did | "
    "can | could | should | must | reports | works | work | joined | handles | likes | prefers | "
    "i | he | she | we | they | you | it | 我 | 他 | 她 | 你 | 是 | 要 | 也 | 就 | 负责 | 汇报 | 喜欢 | "
    "擅长";
// Time phrases that end a value ("senior engineer last month", "data team in March").
constexpr std::string_view kTrailingTimes =
    "last year | next year | this year | last month | next month | this month | last week | "
    "next week | this week | today | tomorrow | yesterday | in january | in february | in march | "
    "in april | in may | in june | in july | in august | in september | in october | "
    "in november | in december | on monday | on tuesday | on wednesday | on thursday | "
    "on friday | on saturday | on sunday | 去年 | 今年 | 明年 | 今天 | 明天 | 昨天 | 下周 | 上周 | 这周 | "
    "本周 | 下个月 | 上个月 | 月底 | 年底";
constexpr std::string_view kTrailingPreps =
    "in | on | at | since | by | until | from | during | 在 | 从 | 于 | 到";
// A clause that only supposes something states no fact.
// So does one about the past ("张工以前在阿里工作": not where he works now).
constexpr std::string_view kHypotheticals =
    "如果 | 假如 | 假设 | 要是 | 万一 | 倘若 | if | suppose | supposing | assuming | what if | "
    "imagine | 以前 | 曾经 | 过去 | used to | previously | formerly";
// "X的Y是Z" where Y is one of these: Z is Y's value, not X's title, team or duty.
constexpr std::string_view kRelationNouns =
    "直属上级 | 上级 | 直属领导 | 领导 | 老板 | 汇报对象 | 对接人 | 联系人 | 负责人 | 电话 | 手机号 | 邮箱 | "
    "预算 | 状态 | 进展 | manager | boss | supervisor | contact | phone | email | budget | status";
// Time words that can trail a subject ("李工这周在深圳出差").
constexpr std::string_view kSubjectTimes =
    "今天 | 明天 | 昨天 | 今晚 | 这周 | 下周 | 上周 | 本周 | 这两天 | 这几天 | 今年 | 明年 | 下个月 | "
    "这个月 | 本月 | 月底 | 上午 | 下午 | 晚上 | 周末";
constexpr std::string_view kBadSubjects = "who | which | that | what | 谁 | 什么 | 哪";
// The assistant addressed as the subject of a clause ("你是管理员"): the next subjectless
// clause is about it, not about the speaker.
constexpr std::string_view kSystemClause =
    "你是 | 你要 | 你负责 | 你们是 | 你们要 | 系统是 | you are | you're | you will | you must | "
    "you should";
// Amounts: a currency, digits (with . or , inside), a unit.
constexpr std::string_view kCurrencies = "$ | ¥ | ￥ | € | £ | rmb | usd | cny";
constexpr std::string_view kAmountUnits =
    "百万元 | 百万 | 千万 | 万元 | 万 | 千元 | 千 | 亿元 | 亿 | 元 | 块钱 | 块 | 美元 | 欧元 | 人民币 | "
    "% | k | m | bn | million | thousand | billion | usd | dollars | rmb | yuan | eur";
constexpr std::string_view kValueFront =
    "我们的 | 公司的 | 新的 | 最新的 | 新 | 了 | the | a | an | our | my | his | her | their | new";
constexpr std::string_view kParticles = "了 | 吧 | 啊 | 呢 | 哦 | 呀 | 哈 | 啦 | 嘛 | 的 | 么 | 吗";
constexpr std::string_view kTitles =
    "经理 | 总监 | 工程师 | 主管 | 总裁 | 总经理 | 老师 | 组长 | 架构师 | 设计师 | 助理 | 秘书 | 会计 | "
    "律师 | 医生 | 顾问 | 实习生 | 专员 | 主任 | 董事长 | 合伙人 | 创始人 | 副总 | 总 | 研究员 | "
    "ceo | cto | cfo | coo | vp | director | manager | engineer | lead | head | officer | "
    "architect | designer | analyst | intern | consultant | founder | president | assistant | "
    "accountant | pm | scientist | developer | partner | recruiter | counsel";
constexpr std::string_view kTimesOfDay =
    "白天 | 晚上 | 夜间 | 夜里 | 上午 | 下午 | 早上 | 早晨 | 中午 | 傍晚 | 工作时间 | 工作日 | 周末 | "
    "daytime | day time | the day | morning | afternoon | evening | night | working hours | "
    "business hours | weekends | weekdays | daytime hours";
constexpr std::string_view kItemNouns =
    "工单 | 订单 | 项目 | 合同 | 需求 | 任务 | 单子 | 报销单 | 申请单 | 报销 | 发票 | ticket | order | "
    "project | task | contract | request | invoice | pr | issue | bug";
constexpr std::string_view kStateLead = "在 | 正在 | 去 | 要去 | 准备去";
constexpr std::string_view kCopulas = "'m | am | is | are | 're | be | was | will be | 'll be";
constexpr std::string_view kStateTail =
    "了 | 中 | 呢 | 吧 | 去了 | 几天 | 一周 | 两天 | 三天 | 一下 | 到周五 | 到下周 | 呀 | this week | "
    "today | until friday | until monday | for a few days | next week | right now | at the moment";
constexpr std::string_view kBadValues =
    "家 | 家里 | 这里 | 那里 | 这边 | 那边 | 公司 | 外面 | home | here | there | it | this | that";

constexpr std::string_view kCorrections[] = {
    "更正 | 纠正 | 说错了 | 搞错了 | 写错了 | 记错了 | 口误 | actually | correction | i meant | "
    "my mistake | to correct | i misspoke | scratch that",
    "不对 & 是 | 应该是",
    "不是 & 而是",
};

// A speaker vouching for what they say about someone else (weak fusion's confirmation).
constexpr std::string_view kConfirmations =
    "确认 | 确实 | 的确 | 没错 | 证实 | confirmed | i confirm | can confirm | indeed | "
    "that's right | definitely";

}  // namespace

Tables::Tables()
    : subject_front(kSubjectFront), subject_back(kSubjectBack), speech(kSpeech),
      first_person(kFirstPerson), system(kSystemSubjects), negations(kNegations),
      between(kBetweenCueAndConnector), value_stops(kValueStops), value_front(kValueFront),
      particles(kParticles), titles(kTitles), times_of_day(kTimesOfDay), items(kItemNouns),
      state_lead(kStateLead), copulas(kCopulas), state_tail(kStateTail), bad_values(kBadValues),
      placeholder_open("⟦"), status_lead("还在 | 正在 | 目前 | 现在 | is | 's | 还 | 在"),
      coordinators(kCoordinators), clause_verbs(kClauseVerbs), trailing_times(kTrailingTimes),
      trailing_preps(kTrailingPreps), hypotheticals(kHypotheticals), relation_nouns(kRelationNouns),
      bad_subjects(kBadSubjects), system_clause(kSystemClause), currencies(kCurrencies),
      amount_units(kAmountUnits), of("of | 的"), state_until("到 | 直到 | until | till"),
      and_then("and | 并且 | 而且 | 并"), subject_times(kSubjectTimes), third_person(kThirdPerson),
      confirmations(kConfirmations, 9) {
  for (const FactRuleSpec& spec : DefaultFactRules()) {
    const AttributeSpec* a = FindAttribute(spec.attribute);
    if (a == nullptr) continue;  // never happens for the built-in table (tested)
    rules.push_back(Rule{&spec, a, CueSet(spec.cue), CueSet(spec.connector),
                         CueSet(spec.closing), CueSet(spec.not_before)});
  }
  for (std::string_view p : kCorrections) corrections.emplace_back(p, 9);
}

const Tables& T() {
  static const Tables* const kTables = new Tables();
  return *kTables;
}

}  // namespace engram::extract::fact_internal
