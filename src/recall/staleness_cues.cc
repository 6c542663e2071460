#include "src/recall/staleness_cues.h"

#include <algorithm>
#include <cctype>

namespace engram::recall {
namespace {

constexpr std::string_view kCorrectionCues[] = {
    "更正", "纠正", "说错", "记错", "搞错", "口误", "correction", "i meant", "mixed up",
    "to correct", "not right", "wrong earlier", "sorry, wrong",
    "wrong address", "wrong number", "wrong date", "wrong time", "wrong name", "got that wrong",
    "i was wrong", "misspoke", "scratch that", "i misremembered", "弄错", "写错", "看错", "听错",
    "算错", "填错", "抄错", "发错", "记岔", "my mistake", "my bad", "transposed", "typo", "打错", "输错",
    // any verb with "it wrong" ("copied it wrong", "spelled that wrong"), slips of the hand
    "it wrong", "that wrong", "this wrong", "them wrong", "wrong one", "wrong digit",
    "fat-fingered", "fat fingered", "记岔", "说岔", "记混", "搞混", "说反", "写反", "记反",
    "看岔", "手滑", "mistyped", "misheard", "misread", "miswrote", "wrong letter", "flipped",
    "mis-typed", "mis-heard", "mis-read", "mis-wrote",
    "autocorrect", "i was mistaken", "was mistaken", "ignore what i said", "wait nope",
    "scratch what i said", "wait no", "i was thinking of", "i was thinkin", "fix something i",
    "correct something i", "讲错", "看反", "打反", "弄反", "填反", "miscounted",
    "miscalculated", "i mean it's", "i mean its", "number backwards", "numbers backwards",
    "digits backwards", "digits around", "numbers around", "digits the wrong way"};

// Words that correct only where a statement opens with them ("Actually, it's the 21st",
// "其实标书是12月15日截止"); inside a sentence they are emphasis ("I was actually just
// remembering", "其实挺好的"). A statement opening with one must also repeat the older one's
// words (kWeakCorrectionSharedWords).
constexpr std::string_view kOpeningCorrectionCues[] = {"actually", "i mean", "其实", "不过其实",
                                                        "nvm", "never mind"};

// Change cues besides kReplaceCues below (StatementCues::change is either kind).
constexpr std::string_view kChangeCues[] = {
    "搬到", "搬去", "升为", "升职", "跳槽", "离职", "转到", "换工作", "搬家", "迁到", "迁移到",
    "迁去", "moved to",
    "change to", "moved", "promoted to", "left", "changed", "updated", "upgraded",
    "relocated", "relocate", "moving to", "new job", "started a new", "started working",
    "换了工作", "最近开始", "从现在开始", "from now on", "these days", "nowadays",
    // a value said to have moved, in words of any slot
    "更换", "换新", "新换", "转岗", "调岗", "接手", "接任", "交接给",
    "取代", "替换", "改了", "变了", "涨了", "降了", "调整", "新买", "买了新", "辞职", "辞了",
    "入职了", "加入了", "改名", "上调", "下调", "提高到", "增加到", "减少到", "减到", "加到",
    "改由", "调去", "调成", "改时间", "改期", "rotated", "bumped",
    "raised to", "raised", "increased to", "went up to", "dropped to",
    "reduced to", "lowered to", "bumped to", "bumped up", "renamed", "transferred",
    "reassigned", "took over", "taking over", "got a new", "bought a new", "migrated to",
    "moved over", "has moved", "just moved", "joined", "cutting hours", "cut hours",
    "cut our hours", "cutting our hours", "extended hours", "extending hours", "new hours",
    "we're now", "we are now"};

// Change cues that say the old state ended (rather than that something moved or changed):
// what a slot that accumulates values (likes, habits, tools) needs before an older value of it
// counts as replaced.
constexpr std::string_view kReplaceCues[] = {
    "不再", "戒了", "戒烟", "戒酒", "已经不", "改成", "换成", "改用", "不用了", "不喝", "卖了",
    "moved out",
    "换了", "改喝",
    "改吃", "涨价", "降价", "涨到", "降到",
    "换到", "改到", "改为", "调到", "调整为", "更新为", "更新成", "变成", "变为", "推迟到",
    "延期到", "提前到", "挪到", "no longer", "anymore", "not anymore", "any more",
    "switched to", "switch to", "instead", "quit", "stopped", "gave up", "sold", "replaced",
    "swapped", "changed to", "updated to", "rescheduled to", "postponed to", "pushed to",
    "traded in", "traded", "switched over to", "moved over to", "转学", "转校", "转园",
    "changed schools", "switched schools", "退订", "取消了", "cancelled my",
    "canceled my", "unsubscribed", "moved everything", "moved all my", "migrated to",
    "migrated from", "downgraded", "upgraded to", "迁移到", "dropped", "ditched", "let go",
    "换供应商", "换人了", "换对接人", "换负责人", "换老师", "换医生", "换主治", "不在", "改种", "改养", "改学", "改骑", "改坐", "改开", "改听", "改玩",
    "改看", "改叫", "转去", "转到了", "改口吃", "改口喝", "改从", "改找", "改去", "改在", "改到",
    "改卖", "改收", "改买", "改抽", "改烧", "改发", "改走", "改送", "改穿",
    "moved us to", "moved us over to", "switched us to", "migrated us to", "put us on",
    "moved us onto", "switched us over to", "切到", "切换到", "切成", "no more", "switched"};

constexpr std::string_view kAdditiveCues[] = {"也", "还喜欢", "另外", "同时", "also", "too",
                                              "as well", "in addition", "another"};

}  // namespace

// Cue words per slot, folded (lower case, simplified Han). ASCII cues match whole words.
const std::vector<SlotCues>& SlotCueTable() {
  static const std::vector<SlotCues> kTable = {
      {kSlotContact,
       {"电话", "手机", "联系方式", "邮箱", "微信", "分机", "号码", "座机", "phone", "mobile",
        "mob", "cell", "number", "email", "e-mail", "wechat", "extension", "contact", "slack handle",
        "handle", "微信号", "联系电话", "昵称", "网名", "用户名", "username", "user name",
        "nickname", "screen name", "gamertag"}},
      {kSlotResidence,
       {"住在", "住到", "搬到", "搬去", "搬回", "搬家", "定居", "住址", "家在", "老家在",
        "live in", "lives in", "living in", "moved to", "relocated to", "move to", "my address",
        "home is in", "based in", "live at", "lives at", "live on", "lives on", "living on",
        "地址", "家住", "address", "our office",
        "office is", "office to", "办公室在", "办公室搬", "办公地点", "flat is in",
        "apartment is in", "house is in", "place is in", "condo is in", "flat in", "apartment in",
        "moved into", "我家在", "房子在", "租在", "租的房子在"}},
      {kSlotEmployer,
       {"入职", "跳槽", "离职", "在公司", "上班", "任职", "部门", "部工作", "单位", "部了",
        "部,", "部。", "部负责", "部上班", "部做", "组了", "组负责", "团队", "分公司", "总部",
        "work at", "works at", "work for", "my team is", "our team is", "on the team",
        "我的团队是", "我们组是",
        "works for", "working at", "working for", "employer", "job at", "joined", "hired by",
        "new job", "新工作", "在职", "work in", "works in", "working in", "transferred to",
        "transferred over to", "调岗"}},
      {kSlotTitle,
       {"职位", "职级", "升为", "升职", "担任", "经理是", "领导是", "title is", "promoted to",
        "position is", "my role is", "job title", "my manager", "my boss", "工程师", "经理",
        "总监", "主管", "设计师", "架构师", "分析师", "实习生", "engineer", "director",
        "designer", "developer", "analyst", "intern", "architect", "consultant", "scientist",
        "got promoted", "working as",
        "work as", "works as", "job as", "report to", "reports to", "reporting to",
        "report directly to", "汇报给", "直属领导", "直属上级"}},
      {kSlotDrinkEat,
       {"喝", "咖啡", "奶茶", "拿铁", "吃素", "饮食", "戒了", "drink", "drinks", "coffee",
        "tea", "latte", "milk", "vegetarian", "vegan", "diet", "eat", "eats", "早餐", "早饭",
        "breakfast", "soda", "water", "juice", "beer", "wine", "可乐", "果汁", "啤酒", "红酒",
        "抽烟", "吸烟", "戒烟", "包烟", "根烟", "烟瘾", "喝酒", "戒酒", "美式", "杯咖啡",
        "大麦茶", "绿茶", "红茶", "豆浆", "smoke", "smokes",
        "smoking", "drinking"}},
      {kSlotTool,
       {"笔记", "软件", "工具", "手机", "电脑", "编辑器", "app", "notes", "note", "note-taking",
        "editor",
        "laptop", "phone", "iphone", "android", "browser", "ide", "car", "drive", "drives",
        "driving", "to-do", "开的是", "开车", "一辆", "把车", "新车", "订阅", "会员", "subscribe",
        "subscription",
        "membership", "crm", "we use", "i use", "在用", "用的是"}},
      {kSlotLike,
       {"喜欢", "偏好", "爱好", "讨厌", "最爱", "prefer", "prefers", "like", "likes", "love",
        "loves", "hate", "hates", "favorite", "favourite", "enjoy", "enjoys", "fave", "fav"}},
      {kSlotStatus,
       {"状态", "进展", "处理中", "已关闭", "关闭了", "已解决", "解决了", "已完成", "完成了",
        "待处理", "待审批", "审批中", "待审核", "已发货", "已签收", "已上线", "已退款", "阶段",
        "审批通过", "通过审批", "审核通过", "已批准", "被驳回", "驳回", "发货", "签收", "到货",
        "派送", "上线", "暂停", "搁置", "进行中", "已取消", "竣工", "完工", "结项", "已通过",
        "通过了", "批下来", "批准", "审核中", "签了", "已签", "阻塞", "卡住",
        "status", "resolved", "closed", "in progress", "shipped", "delivered", "completed",
        "pending", "reopened", "refunded", "phase", "stage", "done", "open", "approved",
        "complete", "finished", "under review", "in review", "on hold", "paused", "rejected",
        "denied", "cancelled", "canceled", "launched", "merged", "out for delivery",
        "arrived", "blocked", "waiting on", "stuck", "砍了", "被砍", "砍掉", "叫停", "开工",
        "动工", "starts on", "kicks off", "kicked off", "wrapped up", "in full swing",
        "underway", "went live", "送达", "正在审批", "在等", "排队", "is pending",
        "on the waitlist", "in line", "被拒", "拒签", "延期", "推迟", "到账", "picked up",
        "ready for pickup", "下来了", "还没收到", "终面", "二面", "复查", "still waiting",
        "escalated", "in testing", "final approval", "came off", "processing",
        // later steps of reviews, refunds, hiring and paperwork
        "合并", "审核", "复验通过", "验收通过", "同意了", "退回", "退到", "录用", "录取", "面试",
        "受理", "办好了",
        "办下来", "寄出", "出结果", "offer", "interview", "in process", "in the mail",
        "mailed", "accepted", "hired", "got the job", "under way", "on its way",
        // health, repairs and software on their way
        "住院", "出院", "康复", "痊愈", "复诊", "修好", "来修", "维修中", "开发中", "提测",
        "测试中", "discharged", "recovered", "healed", "hospitalized", "in the hospital",
        "physical therapy", "in a cast", "fixed", "repaired", "being processed",
        "in production", "in development", "entered development", "in planning", "awarded",
        "we got it", "all clear", "来装", "装好了",
        "planning phase", "in beta", "testing phase",
        // bills, claims and hiring
        "unpaid", "paid in full", "overdue", "reviewing", "onsite", "phone screen",
        "phone-screen", "打款", "打到卡", "赔付", "批了", "点了同意", "settled", "paid out",
        "underwriting", "turned me down", "being diagnosed", "审理", "定损", "结案",
        // bids and installs
        "中标", "落标", "没中标", "第二轮", "第三轮", "installed", "second round", "派单",
        "second-round", "shortlisted", "queried", "been queried", "want more", "asked for more",
        "补材料", "补资料", "补交", "issued", "deferred", "reissued", "转运中心", "运输中",
        "换好", "做好了", "弄好了", "拿回家", "提回来", "取回来", "搞定", "送修", "考核过",
        "考过了", "拿到证", "证下来", "下证", "交车", "提车", "取车", "等配件", "等零件",
        "配件到了",
        // results of exams, reviews and awards
        "没通过", "未通过", "初审", "复审", "终审", "等成绩", "成绩出来", "考完了", "评上",
        "落选", "came thru", "came through", "didn't pass", "did not pass"}},
      {kSlotStarted,
       {"下单", "提交了", "申请了", "递交", "开了工单", "预约了", "计划", "已提交", "已经提交",
        "报名", "投标", "投的标",
        "投了简历", "报修", "ordered", "applied for", "applied to", "submitted", "filed",
        "sent in", "sent off",
        "requested",
        "planning a", "planning to", "signed up"}},
      {kSlotSchool,
       {"学校", "上学", "小学", "中学", "初中", "高中", "幼儿园", "大学", "转学", "school",
        "elementary", "academy", "kindergarten", "preschool", "daycare", "college",
        "university", "年级", "班主任", "grade"}},
      {kSlotSchedule,
       {"截止", "期限", "会议", "开会", "例会", "周会", "评审", "验收", "每周", "每天", "几点",
        "deadline", "due date", "due on", "due by", "meeting", "review is", "scheduled",
        "rescheduled", "postponed", "every week", "every monday", "every tuesday",
        "every wednesday", "every thursday", "every friday", "birthday", "组会", "晨会",
        "站会", "上线时间", "发布时间", "launch date", "launches on", "release date",
        "standup", "stand-up", "睡觉", "才睡", "早睡", "晚睡", "上床", "起床", "go to bed",
        "bedtime", "wake up", "get up", "hours", "opening hours", "open from", "营业时间",
        "开门时间", "营业到", "几点开门"}},
      {kSlotBudget,
       {"预算", "经费", "房租", "月租", "租金", "价格", "报价", "工资", "薪资", "月薪", "年薪",
        "薪水",
        "budget", "spending cap",
        "price", "rent", "salary", "quote", "costs", "a month for", "per month for",
        "每个月交", "每月交", "月费"}},
      {kSlotProvider,
       {"医生", "牙医", "大夫", "主治", "房东", "健身房", "银行", "运营商", "宽带", "保险公司",
        "律师", "会计师", "兽医", "理发师", "教练", "私教", "coach", "trainer", "doctor", "dentist",
        "physician", "pediatrician",
        "therapist", "landlord", "gym", "gyms", "dentists", "doctors", "bank with", "banking",
        "carrier", "phone service",
        "insurance", "vet", "lawyer", "accountant", "hairdresser", "barber", "supplier",
        "suppliers", "vendor", "buy all my", "order from", "供应商", "进货"}},
      {kSlotBody,
       {"体重", "身高", "公斤", "斤", "weigh", "weighs", "weight", "pounds", "height", "tall",
        "岁了", "years old", "blood pressure", "血压"}},
      {kSlotFavorite,
       {"最喜欢的", "最爱的", "最喜欢吃", "最喜欢喝", "最爱吃", "最爱喝", "favorite",
        "favourite", "fave", "fav"}},
  };
  return kTable;
}

std::span<const std::string_view> CorrectionCues() { return kCorrectionCues; }
std::span<const std::string_view> OpeningCorrectionCues() { return kOpeningCorrectionCues; }
std::span<const std::string_view> ChangeCues() { return kChangeCues; }

bool EndsAClauseWithNow(std::string_view text) {
  constexpr std::string_view kNotAChange[] = {"just", "by", "until", "till", "til", "to", "for",
                                              "right", "especially", "this", "that", "here",
                                              "there", "year", "years", "month", "months",
                                              "week", "weeks", "days", "while", "already",
                                              "even", "ago", "and",
                                              "me", "us", "it", "go", "come", "do", "stop"};
  for (size_t at = text.find(" now"); at != std::string_view::npos;
       at = text.find(" now", at + 1)) {
    const size_t end = at + 4;
    if (end < text.size() && std::string_view(" ,.!;)").find(text[end]) == std::string_view::npos) {
      continue;
    }
    if (end < text.size() && text[end] == ' ' &&
        (end + 1 >= text.size() || std::isalnum(static_cast<unsigned char>(text[end + 1])))) {
      continue;  // "now" opens what follows ("now it's ...")
    }
    size_t b = at;
    while (b > 0 && std::isalpha(static_cast<unsigned char>(text[b - 1]))) --b;
    const std::string_view before = text.substr(b, at - b);
    if (before.empty() || std::find(std::begin(kNotAChange), std::end(kNotAChange), before) !=
                              std::end(kNotAChange)) {
      continue;
    }
    return true;
  }
  return false;
}

bool ChangesToAValue(std::string_view folded) {
  if (EndsAClauseWithNow(folded)) return true;
  constexpr std::string_view kZhTargets[] = {"搬到", "搬去", "转到", "迁到", "迁去", "调去",
                                             "调成", "改由", "升为", "换到", "改到"};
  for (std::string_view cue : kZhTargets) {
    if (folded.find(cue) != std::string_view::npos) return true;
  }
  // An English change verb and "to" within five words after it ("moved the card reader over to
  // zettle", "switched u16 training to mon and wed").
  constexpr std::string_view kVerbs[] = {"moved", "switched", "transferred", "changed",
                                         "migrated", "relocated", "promoted", "upgraded",
                                         "moving", "switching", "put"};
  for (std::string_view verb : kVerbs) {
    for (size_t at = folded.find(verb); at != std::string_view::npos;
         at = folded.find(verb, at + 1)) {
      if (at > 0 && std::isalpha(static_cast<unsigned char>(folded[at - 1]))) continue;
      size_t end = at + verb.size();
      if (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) continue;
      for (int word = 0; word < 6 && end < folded.size(); ++word) {
        while (end < folded.size() && folded[end] == ' ') ++end;
        size_t stop = end;
        while (stop < folded.size() && std::isalnum(static_cast<unsigned char>(folded[stop]))) {
          ++stop;
        }
        if (folded.substr(end, stop - end) == "to") return true;
        if (stop == end) break;
        end = stop;
      }
    }
  }
  return false;
}
std::span<const std::string_view> ReplaceCues() { return kReplaceCues; }
std::span<const std::string_view> AdditiveCues() { return kAdditiveCues; }

}  // namespace engram::recall
