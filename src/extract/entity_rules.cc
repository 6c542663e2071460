// Rule tables of the entity extractor. Common characters that are also surnames (时, 和,
// 成, 明, 方, ...) are left out of the surname list on purpose: "同时工作", "完成工单" and
// "对方总是" would otherwise read as people.
#include "src/extract/entity_rules.h"

namespace engram::extract::rules {
namespace {

using SV = std::string_view;

constexpr SV kSingleSurnames =
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵钱严覃武戴莫孔汤温康施牛樊葛邢齐乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿兰焦俞左柳甘祝尚符"
    "舒阮柯纪梅童凌毕季裴霍涂苗谷盛曲翁冉骆蓝辛靳柴蒙鲍华喻祁蒲房滕屈饶牟艾尤穆农卓古吉缪"
    "麦褚娄窦戚岑景党宫费卜晏席卫米柏宗瞿桂佟臧闵苟邬卞姬仇栾隋刁荣巫寇桑郎甄丛仲虞敖巩佘池"
    "麻苑迟邝";

constexpr SV kCompoundSurnames[] = {"欧阳", "司马", "诸葛", "上官", "东方", "司徒",
                                    "慕容", "夏侯", "皇甫", "令狐", "尉迟", "公孙"};

// Longest first, so 总经理 wins over 总 and 工程师 over 工.
constexpr Title kTitles[] = {
    {"总经理", "", 0.9, true},   {"董事长", "", 0.9, true},  {"工程师", "", 0.9, true},
    {"总监", "", 0.9, true},     {"总裁", "", 0.9, true},    {"总工", "作程", 0.85, false},
    {"老师", "", 0.9, true},     {"经理", "", 0.9, true},    {"博士", "", 0.9, true},
    {"博后", "", 0.9, false},    {"教授", "", 0.9, true},    {"医生", "", 0.9, true},
    {"大夫", "", 0.85, false},   {"主任", "", 0.9, true},    {"律师", "", 0.9, true},
    {"老板", "", 0.85, false},   {"师傅", "", 0.85, false},  {"科长", "", 0.9, false},
    {"处长", "", 0.9, false},    {"局长", "", 0.9, false},   {"部长", "", 0.9, false},
    {"主管", "", 0.85, false},   {"组长", "", 0.9, false},   {"院长", "", 0.9, false},
    {"校长", "", 0.9, false},    {"所长", "", 0.9, false},   {"厂长", "", 0.9, false},
    {"秘书", "", 0.8, false},    {"助理", "", 0.8, false},   {"先生", "", 0.85, true},
    {"女士", "", 0.85, true},    {"小姐", "", 0.8, false},   {"同学", "", 0.8, true},
    {"会计", "", 0.8, false},    {"警官", "", 0.85, false},  {"队长", "", 0.85, false},
    {"工", "作程具业资厂艺期位种商会序单地人时科钱件资号友", 0.85, false},
    {"总", "结是共体部数的之额计量和算价线统归括觉监裁", 0.85, false},
};

constexpr SV kSurnameWordBigrams[] = {
    "主张", "扩张", "紧张", "夸张", "开张", "慌张", "嚣张", "纸张", "铺张", "伸张", "行李",
    "桃李", "上周", "下周", "本周", "这周", "每周", "一周", "两周", "几周", "半周", "四周",
    "整周", "前周", "当周", "同周", "周周", "提高", "最高", "很高", "更高", "太高", "较高",
    "升高", "增高", "过高", "偏高", "调高", "树林", "森林", "园林", "少林", "武林", "竹林",
    "黄金", "资金", "现金", "基金", "奖金", "租金", "押金", "美金", "薪金", "定金", "订金",
    "合金", "一直", "简单", "菜单", "订单", "账单", "清单", "工单", "名单", "表单", "保单",
    "孔子", "全程", "过程", "工程", "课程", "日程", "流程", "进程", "规程", "章程", "行程",
    "历程", "疗程", "远程", "专程", "里程", "启程", "回程", "航程", "旅程", "议程",
};

constexpr SV kNicknameFollowers = "说的在和跟与是要会也都让把给去来提问讲已刚又还今明昨他她找"
                                  "对觉认希想同负发做打约请帮，。、！？,.!? "
                                  // what is someone's: 老陈电话, 小李号码, 老张家, 小刘生日, 小郑工号
                                  "电号微家生儿女媳爸妈工邮车";

constexpr SV kRolePrefixes[] = {
    "人力资源", "供应链", "财务", "技术", "研发", "产品", "销售", "市场", "运营", "人事",
    "人力", "法务", "采购", "行政", "质量", "测试", "设计", "客服", "商务", "项目", "部门",
    "区域", "大区", "数据", "安全", "信息", "品牌", "公关", "战略", "投资", "工程", "交付",
    "售前", "售后", "渠道", "风控", "合规", "审计", "IT",
};
constexpr SV kRoleSuffixes[] = {"副总裁", "总经理", "负责人", "总监", "主管", "经理", "专员",
                                "VP"};
constexpr SV kStandaloneRoles[] = {"首席执行官", "首席技术官", "首席财务官", "首席运营官",
                                   "副总经理",   "董事长",     "总经理",     "副总裁",
                                   "CEO",        "CTO",        "CFO",        "COO",
                                   "CIO",        "CMO",        "CPO",        "HRBP"};
constexpr SV kDepartmentSuffixes[] = {"事业部", "办公室", "部门", "中心", "团队", "部", "组"};

constexpr SV kOrgSuffixes[] = {"股份有限公司", "有限公司", "实验室", "研究院", "研究所",
                               "事务所",       "工作室",   "基金会", "委员会", "公司",
                               "集团",         "银行",     "大学",   "学院",   "医院",
                               "协会",         "科技"};
// A unit of an organisation named by a free run before these ("在算法组", "加入增长团队"),
// longest first. The run stops at RunStops() and at kUnitRunStops ("加入", "调回", "来"), and must
// be 2-4 characters long.
constexpr SV kUnitSuffixes[] = {"事业部", "部门", "团队", "小组", "组", "部"};
constexpr SV kUnitRunStops = "入了属回来进";
// A run ending in one of these is a place or a part ("西部", "底部", "分成两组").
constexpr SV kNotUnitLast = "东西南北中内外上下底顶头尾前后左右腹胸背腿脚手面局全一二两三四五六"
                            "七八九十几多每各这那本同分小大编改重";
// Words that begin with a unit suffix ("部署", "组织", "组长" is a title).
constexpr SV kNotUnitAfter = "署分件位落队长织成合件建装员会";
constexpr SV kPlaceSuffixes[] = {"会议室", "火车站", "高铁站", "机场",   "大厦", "酒店",
                                 "园区",   "广场",   "科技园", "产业园", "工业园", "软件园"};
constexpr SV kKnownPlaces[] = {
    "北京",  "上海",     "广州",      "深圳",     "杭州",   "南京",   "成都",   "武汉",
    "西安",  "重庆",     "天津",      "苏州",     "香港",   "澳门",   "台北",   "厦门",
    "青岛",  "长沙",     "郑州",      "合肥",     "宁波",   "无锡",   "大连",   "沈阳",
    "济南",  "福州",     "昆明",      "东莞",     "佛山",   "珠海",   "东京",   "纽约",
    "伦敦",  "巴黎",     "新加坡",    "硅谷",     "首尔",   "Beijing", "Shanghai", "Shenzhen",
    "Hangzhou", "Guangzhou", "Hong Kong", "London", "Paris", "Tokyo", "Singapore",
    "New York", "San Francisco", "Berlin", "Seattle", "Boston", "Sydney", "Toronto",
};
constexpr SV kRunStops = "的在和与跟去给是了向到从对把被说找让请这那个家我你他她们其该本贵咱某"
                         "每各此些所有新老旧大小该将已把要会在上下中里内外及或并但而，。、！？；："
                         "（）《》“”‘’ ,.!?;:()[]\"'";

constexpr SV kTicketCues[] = {"工单号", "工单", "ticket", "Ticket", "issue", "Issue", "bug",
                              "Bug", "需求单"};
constexpr SV kContractCues[] = {"合同编号", "合同号", "合同", "协议", "contract", "Contract"};
constexpr SV kContractPrefixes[] = {"HT", "CT", "CON", "CONTRACT", "HTBH"};

constexpr SV kMoneyPrefixes[] = {"RMB", "USD", "CNY", "EUR", "¥", "$", "€", "£"};
constexpr SV kMoneySuffixes[] = {"万美元", "万元", "亿元", "千元", "百万", "块钱", "美元",
                                 "欧元", "英镑", "人民币", "元", "块", "万", "亿", "k", "K",
                                 "w", "W", "m", "M"};
constexpr SV kNotMoneyAfterWan = "人个次名件台条行字步辆户家张份篇平米年天小多";

constexpr SV kEnglishStopwords[] = {
    "I", "The", "A", "An", "We", "You", "He", "She", "They", "It", "This", "That", "These",
    "Those", "My", "Our", "Your", "His", "Her", "Their", "Its", "Please", "Let", "Can",
    "Could", "Would", "Should", "Will", "Shall", "May", "Might", "Must", "Do", "Does", "Did",
    "Is", "Are", "Was", "Were", "Be", "Been", "Have", "Has", "Had", "OK", "Ok", "Okay", "Hi",
    "Hello", "Hey", "Thanks", "Thank", "Yes", "No", "Not", "And", "But", "Or", "So", "If",
    "When", "What", "Where", "Who", "Whom", "Why", "How", "Which", "Also", "Then", "Today",
    "Tomorrow", "Yesterday", "Tonight", "Now", "Just", "Maybe", "Sure", "Great", "Good",
    "Nice", "Well", "Oh", "Wow", "Yeah", "Sorry", "Remember", "Note", "Remind", "Don't",
    "I'm", "I've", "I'll", "I'd", "It's", "That's", "There", "Here", "All", "Any", "Some",
    "Every", "Each", "After", "Before", "Since", "Until", "Next", "Last", "First", "On", "In",
    "At", "For", "From", "To", "With", "About", "By", "Of", "As", "Our", "Monday", "Tuesday",
    "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March",
    "April", "June", "July", "August", "September", "October", "November", "December",
    "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Q1", "Q2", "Q3", "Q4", "AM", "PM",
    "Dear", "Best", "Regards", "Cheers", "Sir", "Madam", "Team", "Everyone", "Anyone",
    "Someone", "Nobody", "Everybody", "One", "Two", "Three", "Yes", "Really", "Actually",
    "Anyway", "Btw", "FYI", "ASAP", "Update", "Meeting", "Call", "Send", "Check", "Make",
    "Take", "Get", "Go", "Keep", "Ask", "Tell", "Need", "Want", "Like", "Love", "Hope",
    "Think", "Know", "See", "Look", "Wait", "Same", "Other", "Another", "Such", "Very",
    "More", "Most", "Much", "Many", "Few", "Only", "Even", "Still", "Again", "Never",
    "Always", "Sometimes", "Often", "Usually", "Because", "Though", "Although", "While",
    // Interjections, replies and sentence adverbs that open a chat line followed by a comma
    // ("Recently, I ...", "Yep, ..."), which would otherwise read as an address ("Bob, ...").
    "Yep", "Yup", "Nope", "Nah", "Yay", "Woah", "Whoa", "Woohoo", "Aw", "Aww", "Ah", "Ahh",
    "Oops", "Ooh", "Oof", "Ugh", "Hmm", "Haha", "Lol", "Omg", "Phew", "Wowza", "Alright",
    "Cool", "Awesome", "Amazing", "Congrats", "Congratulations", "Bye", "Agreed", "Right",
    "Cute", "Plus", "Totally", "Exactly", "Indeed", "Definitely", "Absolutely", "Recently",
    "Lately", "Honestly", "Seriously", "Basically", "Obviously", "Hopefully", "Thankfully",
    "Luckily", "Fortunately", "Unfortunately", "Sadly", "Finally", "Clearly", "Certainly",
    "Personally", "Apparently", "Surprisingly", "Interestingly", "Anyways", "Besides",
    "However", "Meanwhile", "Otherwise", "Therefore", "Instead", "Later", "Soon",
    "Earlier", "Once", "Yesterday's", "Here's", "There's", "What's", "Let's", "That'll",
    "Tues", "Thurs", "Weds", "Sounds", "Glad", "Happy", "Wish", "Welcome",
    "Sweet", "Fantastic", "Wonderful", "Beautiful", "Lovely", "Gorgeous", "Incredible",
};
constexpr SV kEnglishHonorifics[] = {"Mr", "Mrs", "Ms", "Miss", "Dr", "Prof", "Professor"};
constexpr SV kEnglishOrgSuffixes[] = {"Inc", "Ltd", "Corp", "Corporation", "LLC", "Group",
                                      "Bank", "University", "Company", "Co", "Foundation",
                                      "Institute", "Lab", "Labs", "Laboratory", "Technologies",
                                      "Studio", "Studios", "Health", "Analytics", "Systems",
                                      "Solutions", "Software", "Partners", "Capital",
                                      "Consulting", "Holdings", "Industries", "Robotics",
                                      "Networks", "Pharmaceuticals", "Logistics"};

}  // namespace

std::string_view SingleSurnames() { return kSingleSurnames; }
std::span<const std::string_view> CompoundSurnames() { return kCompoundSurnames; }
std::span<const Title> Titles() { return kTitles; }
std::span<const std::string_view> SurnameWordBigrams() { return kSurnameWordBigrams; }
std::string_view NicknameFollowers() { return kNicknameFollowers; }
std::span<const std::string_view> RolePrefixes() { return kRolePrefixes; }
std::span<const std::string_view> RoleSuffixes() { return kRoleSuffixes; }
std::span<const std::string_view> StandaloneRoles() { return kStandaloneRoles; }
std::span<const std::string_view> DepartmentSuffixes() { return kDepartmentSuffixes; }
std::span<const std::string_view> OrgSuffixes() { return kOrgSuffixes; }
std::span<const std::string_view> UnitSuffixes() { return kUnitSuffixes; }
std::string_view UnitRunStops() { return kUnitRunStops; }
std::string_view NotUnitLast() { return kNotUnitLast; }
std::string_view NotUnitAfter() { return kNotUnitAfter; }
std::span<const std::string_view> PlaceSuffixes() { return kPlaceSuffixes; }
std::span<const std::string_view> KnownPlaces() { return kKnownPlaces; }
std::string_view RunStops() { return kRunStops; }
std::span<const std::string_view> TicketCues() { return kTicketCues; }
std::span<const std::string_view> ContractCues() { return kContractCues; }
std::span<const std::string_view> ContractPrefixes() { return kContractPrefixes; }
std::span<const std::string_view> MoneyPrefixes() { return kMoneyPrefixes; }
std::span<const std::string_view> MoneySuffixes() { return kMoneySuffixes; }
std::string_view NotMoneyAfterWan() { return kNotMoneyAfterWan; }
std::span<const std::string_view> EnglishStopwords() { return kEnglishStopwords; }
std::span<const std::string_view> EnglishHonorifics() { return kEnglishHonorifics; }
std::span<const std::string_view> EnglishOrgSuffixes() { return kEnglishOrgSuffixes; }

}  // namespace engram::extract::rules
