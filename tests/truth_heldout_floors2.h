// The floors of the held-out truth sets 41-133 (truth_heldout41.jsonl ... truth_heldout133.jsonl),
// as truth_heldout_floors1.h gives those of the earlier sets.
// Internal to tests/truth_heldout_test.cc.
#ifndef ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS2_H_
#define ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS2_H_

#include "tests/truth_heldout_floors1.h"

namespace engram::truth_heldout {

// The forty-first set (truth_heldout41.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a forty-first writer from the fortieth's prompt with other lives (an airline pilot,
// a 民宿老板 in 大理, a linguistics PhD student, a 外卖骑手, a landscape architect, a 银行柜员, a
// yoga instructor, a 短视频博主 selling handmade soap, an ER doctor, a 养猪场场长, a sommelier),
// scored once with the rules of e27ff47 (2026-12-05): 53/70 = 75.7 % at the default floor 0.25,
// 53/70 at 0.35 and with no floor (at 0.25: abstention 2/10, change_verb 6/10, correction
// 10/10, dedup 9/10, newer_statement 10/10, past_question 7/10, status 9/10). Development data
// from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyFirstSetFloors[] = {
    {0.25, 52.0 / 70}, {0.35, 52.0 / 70}, {0.0, 52.0 / 70}};

// The forty-second set (truth_heldout42.jsonl, 70 rows, 35 zh / 35 en), written blind by a
// forty-second writer from a prompt of another kind: 50 rows ("two_things") where a later
// statement gives a value of the same kind for another thing (another person or relation,
// another qualifier of one noun, another noun, another member of a series, another place or
// time, a part) and the question asks about the earlier one; 20 control rows where one thing's
// value changes ("newer_statement"). Scored once with the rules of the commit that adds it
// (2026-12-05): 40/70 = 57.1 % at the default floor 0.25 (two_things 23/50, newer_statement
// 17/20), 40/70 at 0.35, 43/70 with no floor. The rules before it (d5e850b) score 36/70
// (two_things 18/50, newer_statement 18/20). Development data from now on; the floors are its
// blind scores less one row.
inline constexpr SetFloor kFortySecondSetFloors[] = {
    {0.25, 39.0 / 70}, {0.35, 39.0 / 70}, {0.0, 42.0 / 70}};

// The forty-third set (truth_heldout43.jsonl, 70 rows, 35 zh / 35 en), written blind by a
// forty-third writer from the forty-second's prompt with its examples replaced by kinds only
// (a 小区物业经理, a night-shift nurse, a 高中物理老师, a food truck owner, a 二手车商, a wedding
// photographer, a 奶茶店店长, a property manager, a 健身教练, a retired couple, a 程序员 with two
// kids, a dog groomer): 50 "two_things" rows and 20 controls. Scored once with the rules of
// 89dd163 (2026-12-05): 47/70 = 67.1 % at the default floor 0.25 (two_things 29/50,
// newer_statement 18/20), 47/70 at 0.35, 51/70 with no floor. The rules of d5e850b, before
// other things were told apart, score 35/70 (two_things 18/50, newer_statement 17/20).
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyThirdSetFloors[] = {
    {0.25, 46.0 / 70}, {0.35, 46.0 / 70}, {0.0, 50.0 / 70}};

// The forty-fourth set (truth_heldout44.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-fourth writer from the usual prompt (a ferry deckhand, a 上海裁缝铺
// 师傅, an indie bookshop owner, a 云南茶农, a hospice social worker, a 健身房私教). Scored once
// with the rules of c730125 (2026-12-05): 51/70 = 72.9 % at the default floor 0.25
// (abstention 1/10, change_verb 9/10, correction 8/10, dedup 7/10, newer_statement 8/10,
// past_question 9/10, status 9/10), 52/70 at 0.35, 54/70 with no floor. The rules of 65658f2,
// before a later remark was told from a new answer, score 51/70 too. Development data from now
// on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyFourthSetFloors[] = {
    {0.25, 50.0 / 70}, {0.35, 51.0 / 70}, {0.0, 53.0 / 70}};

// The forty-fifth set (truth_heldout45.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-fifth writer from the usual prompt (an airline pilot, a 成都火锅店
// 老板娘, a vet receptionist who fosters cats, a 北京中学数学老师, a touring sound engineer, a
// 广州外贸跟单员). Scored once with the rules of 6c8819c (2026-12-05): 58/70 = 82.9 % at the
// default floor 0.25 (abstention 7/10, change_verb 8/10, correction 10/10, dedup 10/10,
// newer_statement 5/10, past_question 10/10, status 8/10), 59/70 at 0.35, 49/70 with no floor.
// The rules of 65658f2, before a value of another subject was off-answer, score 51/70
// (abstention 0/10). Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyFifthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 58.0 / 70}, {0.0, 48.0 / 70}};

// The forty-sixth set (truth_heldout46.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-sixth writer from the usual prompt (a dairy farmer who drives the
// school bus, a 深圳产品经理 with a second baby, a paralegal training for a marathon, 西安开民宿
// 的夫妻, a retired chemistry teacher, a 南京药剂师 learning to drive). Scored once with the rules
// of 02a2809 (2026-12-05): 60/70 = 85.7 % at the default floor 0.25 (abstention 8/10,
// change_verb 7/10, correction 9/10, dedup 9/10, newer_statement 9/10, past_question 10/10,
// status 8/10), 59/70 at 0.35, 51/70 with no floor. The rules of 65658f2 score 54/70
// (abstention 2/10). Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};

// The forty-seventh set (truth_heldout47.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-seventh writer from the usual prompt (a night-shift ICU
// nurse with two cats, 成都火锅店的老板娘, a wedding photographer renting a studio, 杭州跨境电商
// 运营, a truck dispatcher coaching little league, 青岛的中学英语老师). Scored once with the rules
// of b3c8971 (2026-12-05): 56/70 = 80.0 % at the default floor 0.25 (abstention 5/10,
// change_verb 6/10, correction 9/10, dedup 10/10, newer_statement 7/10, past_question 10/10,
// status 9/10), 56/70 at 0.35, 51/70 with no floor. The rules of 75beaa0 score the same 56/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortySeventhSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};

// The forty-eighth set (truth_heldout48.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-eighth writer from the usual prompt (a dental hygienist
// renovating a fixer-upper, 武汉汽配厂的采购经理, a marine biology grad student at a bike shop,
// 苏州外贸服装小老板, a line cook saving for a food truck, 北京律所实习律师). Scored once with
// the rules of 414d5b5 (2026-12-05): 58/70 = 82.9 % at the default floor 0.25 (abstention 6/10,
// change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 7/10, past_question 10/10,
// status 9/10), 58/70 at 0.35, 52/70 with no floor. The rules of 75beaa0 score the same 58/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyEighthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 51.0 / 70}};

// The forty-ninth set (truth_heldout49.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-ninth writer from the usual prompt (an HVAC technician
// with three kids, 广州的幼儿园园长, a QA tester who fosters dogs, 重庆的网约车司机, a hospice
// chaplain learning Spanish, 长沙的小学数学老师). Scored once with the rules of 86dd643
// (2026-12-05): 62/70 = 88.6 % at the default floor 0.25 (abstention 6/10, change_verb 9/10,
// correction 9/10, dedup 10/10, newer_statement 9/10, past_question 10/10, status 9/10), 62/70
// at 0.35, 54/70 with no floor. The rules of 75beaa0 score the same 62/70. Development data
// from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortyNinthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 53.0 / 70}};

// The fiftieth set (truth_heldout50.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a fiftieth writer from the usual prompt (a veterinary receptionist in a bar
// band, 郑州的高铁乘务员, a middle school band director caring for his mother, 厦门奶茶店的90后,
// a commercial fisherman in Alaska, 昆明的导游). Scored once with the rules of bc89b53
// (2026-12-05): 57/70 = 81.4 % at the default floor 0.25 (abstention 8/10, change_verb 8/10,
// correction 9/10, dedup 6/10, newer_statement 7/10, past_question 10/10, status 9/10), 57/70
// at 0.35, 47/70 with no floor. The rules of 75beaa0 score the same 57/70. Development data
// from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFiftiethSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 46.0 / 70}};

// The fifty-first set (truth_heldout51.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-first writer from the usual prompt (a real estate agent
// volunteering at a shelter, 哈尔滨的冰雕师傅, a night-school nursing student at a pharmacy,
// 合肥的电池工程师, a beekeeper in Vermont, 天津的社区医生). Scored once with the rules of
// bc89b53 (2026-12-05), like the fiftieth: 56/70 = 80.0 % at the default floor 0.25
// (abstention 5/10, change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 9/10,
// past_question 9/10, status 7/10), 57/70 at 0.35, 52/70 with no floor. The rules of 75beaa0
// score 55/70 (dedup 8/10). Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kFiftyFirstSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 56.0 / 70}, {0.0, 51.0 / 70}};

// The fifty-second set (truth_heldout52.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-second writer from the usual prompt (成都的火锅店老板, a
// Denver ER nurse on nights, 深圳硬件创业公司的供应链经理, a retired teacher volunteering at a
// library in Maine, 杭州的直播电商卖家, a Toronto junior lawyer before a trial). Scored once
// with the rules of 9facf31 (2026-12-06): 65/70 = 92.9 % at the default floor 0.25
// (abstention 10/10, change_verb 7/10, correction 10/10, dedup 10/10, newer_statement 9/10,
// past_question 10/10, status 9/10), 65/70 at 0.35, 55/70 with no floor. The rules of fe170d8
// score the same 65/70. Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kFiftySecondSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 54.0 / 70}};

// The fifty-third set (truth_heldout53.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-third writer from the usual prompt (武汉的材料学研究生, a
// Texas rancher with a feed store account, 厦门的茶叶店老板, a London bike courier racing on
// weekends, 北京的幼儿园老师, a Seattle game developer with two cats). Scored once with the
// rules of 9facf31 (2026-12-06), like the fifty-second: 55/70 = 78.6 % at the default floor
// 0.25 (abstention 8/10, change_verb 5/10, correction 8/10, dedup 8/10, newer_statement 8/10,
// past_question 10/10, status 8/10), 54/70 at 0.35, 45/70 with no floor. The rules of fe170d8
// score the same 55/70. Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kFiftyThirdSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 53.0 / 70}, {0.0, 44.0 / 70}};

// The fifty-fourth set (truth_heldout54.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-fourth writer from the usual prompt (青岛的海鲜批发商, a
// Phoenix chemistry teacher coaching debate, 南京的医院药剂师, a Dublin wedding photographer,
// 长沙的网约车司机, a Minneapolis dental hygienist with twin toddlers). Scored once with the
// rules of da0ac0b (2026-12-06): 62/70 = 88.6 % at the default floor 0.25 (abstention 8/10,
// change_verb 9/10, correction 10/10, dedup 10/10, newer_statement 7/10, past_question 10/10,
// status 8/10), 62/70 at 0.35, 54/70 with no floor. The rules of fe170d8 score 60/70
// (change_verb 7/10). Development data from now on; the floors are its blind scores less one
// row.
inline constexpr SetFloor kFiftyFourthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 53.0 / 70}};

// The fifty-fifth set (truth_heldout55.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-fifth writer from the usual prompt (苏州的刺绣工作室老板, a
// Nashville session guitarist, 大连港的物流调度, a Vancouver PhD student in marine biology,
// 贵阳的小学校长, an Atlanta food-truck owner). Scored once with the rules of da0ac0b
// (2026-12-06), like the fifty-fourth: 58/70 = 82.9 % at the default floor 0.25 (abstention
// 6/10, change_verb 8/10, correction 9/10, dedup 9/10, newer_statement 9/10, past_question
// 8/10, status 9/10), 60/70 at 0.35, 52/70 with no floor. The rules of fe170d8 score 56/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFiftyFifthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 59.0 / 70}, {0.0, 51.0 / 70}};

// The fifty-sixth set (truth_heldout56.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-sixth writer from the usual prompt (哈尔滨的冰雕工作室经理,
// a Phoenix emergency-room nurse, 厦门的茶叶店加盟商, a Glasgow secondhand-bookshop owner, 兰州的
// 牛肉面馆厨师, a Denver ski-rental technician). Scored once with the rules of 2ace46e
// (2026-12-06): 61/70 = 87.1 % at the default floor 0.25 (abstention 9/10, change_verb 9/10,
// correction 10/10, dedup 9/10, newer_statement 9/10, past_question 9/10, status 6/10), 61/70
// at 0.35, 49/70 with no floor. Development data from now on; the floors are its blind scores
// less one row.
inline constexpr SetFloor kFiftySixthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 48.0 / 70}};

// The fifty-seventh set (truth_heldout57.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-seventh writer from the usual prompt (深圳的硬件创业公司产品
// 经理, a Dublin freelance translator, 昆明的鲜花批发商, a Houston oil-rig safety inspector, 青岛的
// 幼儿园老师, a Melbourne indie game developer). Scored once with the rules of 2ace46e
// (2026-12-06), like the fifty-sixth: 60/70 = 85.7 % at the default floor 0.25 (abstention
// 6/10, change_verb 9/10, correction 9/10, dedup 9/10, newer_statement 8/10, past_question
// 10/10, status 9/10), 60/70 at 0.35, 53/70 with no floor. Development data from now on; the
// floors are its blind scores less one row.
inline constexpr SetFloor kFiftySeventhSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 52.0 / 70}};

// The fifty-eighth set (truth_heldout58.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-eighth writer from the usual prompt (长沙的直播带货主播, a
// Portland bicycle mechanic, 天津的医院药剂师, a Cape Town wine-tour guide, 合肥的高校实验员, a
// Minneapolis public-library archivist), written before the rules of 2ace46e were changed and
// scored once with the rules of a8bd25f (2026-12-06): 65/70 = 92.9 % at the default floor 0.25
// (abstention 8/10, change_verb 10/10, correction 10/10, dedup 10/10, newer_statement 8/10,
// past_question 10/10, status 9/10), 65/70 at 0.35, 57/70 with no floor. The rules of 2ace46e
// score 64/70. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFiftyEighthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 56.0 / 70}};

// The fifty-ninth set (truth_heldout59.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-ninth writer from the usual prompt (南宁的芒果园主, a
// Chicago wedding photographer, 石家庄的驾校教练, an Auckland sailing instructor, 太原煤炭公司的
// 会计, a Boston retired firefighter who volunteers). Scored once with the rules of a8bd25f
// (2026-12-06), like the fifty-eighth: 61/70 = 87.1 % at the default floor 0.25 (abstention
// 7/10, change_verb 9/10, correction 10/10, dedup 8/10, newer_statement 9/10, past_question
// 9/10, status 9/10), 61/70 at 0.35, 55/70 with no floor. The rules of 2ace46e score 60/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFiftyNinthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 54.0 / 70}};

// Sets sixty to sixty-five (truth_heldout60.jsonl … truth_heldout65.jsonl, 70 rows each, 35 zh /
// 35 en, the usual seven families), each written blind by its own writer from the usual
// prompt, all six written before any was opened. Lives: 60 无锡丝厂质检员, a Minneapolis school
// bus driver, 珠海游艇租赁订船员, a Melbourne barista-roaster, 呼和浩特奶牛场兽医, a New Orleans
// jazz trumpeter; 61 洛阳牡丹园导游, a Seattle on-call cloud engineer, 泉州鞋厂外贸经理, a
// Manchester PE teacher, 贵阳大数据中心技术员, a San Diego surf-shop owner; 62 烟台苹果酒创业者,
// a Toronto immigration paralegal, 拉萨客栈老板, a Nashville session guitarist, 绍兴黄酒销售, an
// Edinburgh marine-biology PhD student; 63 济南省立医院放射科医生, a Denver ski-patrol medic,
// 佛山家具展厅销售, a Brisbane property manager, 南昌地铁维保工程师, a Philadelphia food-truck
// owner; 64 西宁青稞面包店主, a Detroit auto-parts account manager, 大连海产出口报关员, a Perth
// mining-camp chef, 南通家纺电商, an Atlanta choir director; 65 潍坊风筝作坊主, a Vancouver
// location scout, 郑州物流园调度, a Cork dairy farmer, 海口免税城楼面主管, a Santa Fe pottery
// teacher. Each scored once at the default floor 0.25 (2026-12-06):
//   60: rules of a2654a1, 60/70 = 85.7 % (60 at 0.35, 52 with no floor);
//   61: rules of a2654a1, 64/70 = 91.4 % (64, 56);
//   64: rules of 8293c55 with the handles, extensions and recurring days of b6b8a1b, 59/70 =
//       84.3 % (59, 54); a2654a1's rules score 60/70;
//   65: the same rules, 55/70 = 78.6 % (56, 49); a2654a1's rules 55/70;
//   62: the final rules of cf77ca9, 61/70 = 87.1 % (61, 57); a2654a1's rules 61/70;
//   63: the final rules, 60/70 = 85.7 % (59, 52); a2654a1's rules 58/70.
// Development data from then on; the floors are the blind scores less one row.
inline constexpr SetFloor kSixtiethSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kSixtyFirstSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kSixtySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kSixtyThirdSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kSixtyFourthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kSixtyFifthSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 55.0 / 70}, {0.0, 48.0 / 70}};

// Sets sixty-six to seventy-one (truth_heldout66.jsonl … truth_heldout71.jsonl, 70 rows each,
// 35 zh / 35 en, the usual seven families), each written blind by its own writer from a prompt
// written anew for the round (the usual families; "absent" allowed in past questions, which
// three writers used for the current value: 2, 4 and 10 rows of sets 67, 70 and 71). Lives:
// 66 温州眼镜厂采购, 西安中学物理老师, 重庆汽修技师, an Anchorage bush pilot, an Austin vet tech,
// a Belfast locksmith; 67 张家口风电场运维工程师, 义乌饰品档口老板娘, 三亚潜水教练, an Anchorage
// bush pilot, a Pittsburgh hospice social worker, a Halifax lobster fisherman; 68 重庆桥梁检测
// 工程师, 三亚潜水教练, 温州眼镜厂采购员, an Anchorage bush pilot, an Adelaide vet nurse, a
// Pittsburgh piano tuner; 69 温州眼镜店老板, 西安文物修复师, 重庆桥梁检测工程师, an Anchorage
// bush pilot, a Sydney vet nurse, an Austin piano tuner; 70 沈阳锅炉房师傅, 舟山渔船船长, 西双
// 版纳咖啡种植户, a Wellington radio producer, a Kansas wheat farmer, a Liverpool hairdresser;
// 71 桂林漓江竹筏导游, 东莞电子厂产线组长, 延边冷面店老板, a Reykjavik tour-bus driver, a Miami
// cruise-ship nurse, a Leeds bin-lorry driver. Each scored once at the default floor 0.25
// (2026-12-06):
//   66: rules of cbae732, 56/70 = 80.0 % with a harness that matched case exactly, 58/70 once
//       it matched ASCII letters in any case as the writers were told (58 at 0.35, 54 with no
//       floor);
//   67: rules of cbae732, 65/70 = 92.9 % (64, 55);
//   68: rules of 9b836be (mid-round), 57/70 = 81.4 % (57, 52); cbae732's rules 57/70;
//   69: the final rules of 1002802, 58/70 = 82.9 % (57, 50); cbae732's rules 57/70;
//   70: the final rules, 55/70 = 78.6 % (55, 49); cbae732's rules 55/70;
//   71: the final rules, 54/70 = 77.1 % (53, 43); cbae732's rules 52/70.
// Sets seventy-two and seventy-three, from the same prompt (72: 景德镇陶瓷窑厂老板, 乌鲁木齐出租车
// 司机, 宁波外贸跟单员, a Glasgow nightshift paramedic, a Vermont maple-syrup producer, a Sydney
// school music teacher; 73: 成都社区医院全科医生, 青海牧民合作社会计, 上海婚礼策划师, a Cork
// hurling coach who runs a pub, a Phoenix solar-panel installer, a Toronto subway operator),
// written while sets 66-71 were tuned on and scored once with the rules of 427eb11:
//   72: 61/70 = 87.1 % (58 at 0.35, 53 with no floor); cbae732's rules 61/70;
//   73: 58/70 = 82.9 % (57, 49); cbae732's rules 57/70.
// Development data from then on; the floors are the blind scores less one row.
inline constexpr SetFloor kSixtySixthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kSixtySeventhSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kSixtyEighthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kSixtyNinthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 56.0 / 70}, {0.0, 49.0 / 70}};
inline constexpr SetFloor kSeventiethSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 54.0 / 70}, {0.0, 48.0 / 70}};
inline constexpr SetFloor kSeventyFirstSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 52.0 / 70}, {0.0, 42.0 / 70}};
inline constexpr SetFloor kSeventySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kSeventyThirdSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 56.0 / 70}, {0.0, 48.0 / 70}};
// Sets 74-76: the prompt of sets 66-73, six lives each (74: 哈尔滨的冰雕师傅, 苏州的评弹演员,
// 深圳华强北的手机维修店老板, a Cardiff rugby physio, a New Orleans brass-band trumpeter, a Perth
// mining-site cook; 75: 拉萨的藏式客栈老板, 义乌的小商品批发商, 武汉的大学辅导员, an Edinburgh
// festival stage manager, a Montana fly-fishing guide, a Singapore hawker-stall owner; 76:
// 大连的海参养殖户, 西安的兵马俑讲解员, 厦门的茶叶店店主, a Belfast taxi dispatcher, a Seattle
// night-shift pharmacist, a Cornwall surf-school owner), written while sets 66-73 were tuned on
// and scored once with the rules of d36cd2f:
//   74: 57/70 = 81.4 % (56 at 0.35, 51 with no floor); 7bab851's rules 57/70;
//   75: 60/70 = 85.7 % (59, 55); 7bab851's rules 52/70;
//   76: 59/70 = 84.3 % (59, 52); 7bab851's rules 59/70.
inline constexpr SetFloor kSeventyFourthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kSeventyFifthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kSeventySixthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
// Sets 77-79: the same prompt (77: 呼伦贝尔的草原民宿老板, 泉州的石雕厂会计, 贵阳的外卖骑手, a
// Dublin hospital porter, a Texas rodeo farrier, an Auckland school bus driver; 78: 洛阳的牡丹园
// 园艺师, 温州的眼镜厂老板娘, 南宁的中学物理老师, a Bristol hot-air balloon pilot, a Minnesota
// ice-fishing bait shop owner, a Vancouver film-set caterer; 79: 丽江的纳西族民宿管家, 佛山的陶瓷
// 销售经理, 石家庄的公交车调度员, a Manchester wedding DJ, an Ohio Amish-country furniture dealer,
// a Darwin crocodile-tour boat skipper), written while sets 66-76 were tuned on and scored once
// with the rules of 79b79da:
//   77: 57/70 = 81.4 % (57 at 0.35, 49 with no floor); 7bab851's rules 57, d36cd2f's 57;
//   78: 59/70 = 84.3 % (57, 50); 7bab851's rules 57, d36cd2f's 58;
//   79: 64/70 = 91.4 % (64, 58); 7bab851's rules 62, d36cd2f's 63.
inline constexpr SetFloor kSeventySeventhSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 48.0 / 70}};
inline constexpr SetFloor kSeventyEighthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 56.0 / 70}, {0.0, 49.0 / 70}};
inline constexpr SetFloor kSeventyNinthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 57.0 / 70}};
// Sets 80-85: the same prompt (80: 温州的鞋厂采购主管, 西宁的藏医药店店员, 大连的海参养殖户, a
// Glasgow bagpipe teacher, a Tucson solar-panel installer, a Perth mining camp cook; 81: 景德镇
// 的青年陶艺家, 哈尔滨的冰雕师傅, 南宁的物流园区保安队长, a Toronto hockey equipment manager, a
// Cornwall surf school owner, a Nashville session bassist; 82: 苏州的刺绣工作室老板娘, 兰州的牛肉
// 面馆店主, 深圳华强北的手机维修师傅, an Auckland rugby physio, a Maine lobster boat sternman, a
// Vancouver film-set electrician; 83: 贵阳的大数据中心运维工程师, 泉州的茶叶出口商, 呼和浩特的
// 马术俱乐部教练, a Dublin hospital night porter, a Texas rodeo clown, a Singapore hawker-stall
// noodle seller; 84: 洛阳的牡丹园园艺师, 珠海的游艇销售, 太原的煤矿安全员, a Montreal bagel
// baker, a Kenyan-born London bus driver, a Wisconsin cheese maker; 85: 拉萨的登山向导, 宁波的外贸
// 服装跟单员, 昆明的鲜花拍卖交易员, a Boston public-radio producer, a Queensland cane farmer, a
// Berlin-based British techno promoter), written while sets 74-79 were tuned on and scored once
// with the rules of b775a12 (in brackets: at 0.35, with no floor; then the rules of 42a3d2f, the
// round's start, at 0.25):
//   80: 62/70 = 88.6 % (62, 56); 61;   81: 59/70 = 84.3 % (58, 54); 59;
//   82: 55/70 = 78.6 % (55, 51); 54;   83: 63/70 = 90.0 % (63, 55); 63;
//   84: 59/70 = 84.3 % (59, 51); 57;   85: 66/70 = 94.3 % (66, 57); 64.
inline constexpr SetFloor kEightiethSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kEightyFirstSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kEightySecondSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 54.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kEightyThirdSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kEightyFourthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kEightyFifthSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 56.0 / 70}};
// Sets 86-91: the same prompt (86: 佛山的陶瓷砖经销商, 三亚的潜水教练, 齐齐哈尔的奶牛场场长, a
// Liverpool ferry deckhand, an Ohio high-school wrestling coach, a Cape Town wine-estate tour
// guide; 87: 义乌的小商品外贸老板, 延边的朝鲜族冷面店老板娘, 武汉的地铁调度员, a Yorkshire sheep
// shearer, a Miami cruise-ship bartender, a Calgary oil-rig medic; 88: 长沙的夜市小龙虾摊主, 嘉兴
// 的粽子厂质检员, 喀什的干果批发商, an Edinburgh festival stage manager, an Alaska bush pilot, a
// Brisbane veterinary nurse; 89: 天津的相声演员, 九江的鄱阳湖渔政员, 东莞的电子厂人事专员, a
// Denver ski-lift mechanic, a Belfast taxi driver, a Hawaii macadamia farm manager; 90: 扬州的修脚
// 师傅, 桂林的漓江竹筏船工, 西安的考古工地技工, a Seattle ferry engineer, a Welsh slate-quarry
// guide, a New Orleans brass-band trumpeter; 91: 潍坊的风筝作坊师傅, 丽江的民宿管家, 郑州的物流车队
// 调度, a Minneapolis snowplow driver, a Galway oyster farmer, a Phoenix hospice nurse), written
// while sets 1-85 were tuned on and scored once with the rules of 643cccd (in brackets: at 0.35,
// with no floor; then the rules of db927bf, the round's start, at 0.25):
//   86: 64/70 = 91.4 % (63, 58); 64;   87: 59/70 = 84.3 % (58, 54); 59;
//   88: 56/70 = 80.0 % (56, 51); 56;   89: 65/70 = 92.9 % (65, 56); 64;
//   90: 63/70 = 90.0 % (63, 54); 63;   91: 64/70 = 91.4 % (64, 57); 64.
inline constexpr SetFloor kEightySixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kEightySeventhSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kEightyEighthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kEightyNinthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kNinetiethSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kNinetyFirstSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 56.0 / 70}};
// Sets 92-97: the same prompt (92: 绍兴的黄酒酿造师傅, 青岛的海鲜排档老板, 兰州的牛肉面拉面师傅, a
// Glasgow bus mechanic, a Texas cattle-auction clerk, a Vancouver Island kayak guide; 93: 景德镇的
// 瓷器拉坯师傅, 宁波的港口集卡司机, 呼伦贝尔的草原民宿老板, a Cornish surf-school owner, a Chicago
// el-train conductor, an Auckland rugby physio; 94: 苏州的评弹演员, 惠州的电池厂工程师, 大理的咖啡
// 馆店主, a Boston harbour tugboat captain, a Kentucky bourbon-distillery tour guide, a Perth
// mine-site cook; 95: 合肥的中学物理老师, 泉州的茶叶店老板娘, 拉萨的藏式餐厅厨师, a Dublin pub
// landlord, a Vermont maple-syrup farmer, a Darwin crocodile-park keeper; 96: 南通的家纺网店客服,
// 贵阳的酸汤鱼店老板, 大连的造船厂焊工, a Manchester night-shift pharmacist, a Nashville session
// guitarist, a Tasmanian salmon-farm diver; 97: 洛阳的牡丹园园艺师, 珠海的游艇维修技师, 哈尔滨的冰
// 雕师傅, a Leeds hospital porter, an Oregon wildfire lookout, a Montreal bagel baker), written
// while sets 1-91 were tuned on and scored once with the rules of e68add1 (in brackets: at 0.35,
// with no floor; the rules of 8bb18f9, the round's start, miss the same rows at 0.25):
//   92: 63/70 = 90.0 % (63, 54);   93: 61/70 = 87.1 % (58, 53);   94: 65/70 = 92.9 % (65, 59);
//   95: 59/70 = 84.3 % (58, 53);   96: 60/70 = 85.7 % (60, 54);   97: 67/70 = 95.7 % (67, 58).
inline constexpr SetFloor kNinetySecondSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kNinetyThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kNinetyFourthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kNinetyFifthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kNinetySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kNinetySeventhSetFloors[] = {
    {0.25, 66.0 / 70}, {0.35, 66.0 / 70}, {0.0, 57.0 / 70}};
// Sets 98-109: the same prompt, written blind by twelve helpers (the six lives of each set
// are listed in tests/corpora/README.md). 98-103 were written while no rule changed and
// scored once with the rules of c9099e8; 104-109 were written while this round's rules
// were tuned on sets 1-103 and scored once with the rules of 62e6b53 (in brackets: at 0.35,
// with no floor):
//   98: 63/70 = 90.0 % (62, 57);   99: 65/70 = 92.9 % (65, 55);   100: 58/70 = 82.9 % (57, 54).
//   101: 63/70 = 90.0 % (63, 57);   102: 59/70 = 84.3 % (60, 53);   103: 60/70 = 85.7 % (60, 52).
//   104: 62/70 = 88.6 % (62, 55);   105: 59/70 = 84.3 % (58, 51);   106: 64/70 = 91.4 % (63, 55).
//   107: 61/70 = 87.1 % (59, 52);   108: 61/70 = 87.1 % (60, 57);   109: 59/70 = 84.3 % (59, 50).
// Floors: the score of the rules of 62e6b53 less one row.
inline constexpr SetFloor kNinetyEighthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 61.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kNinetyNinthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredFirstSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSecondSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 59.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredFourthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredFifthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kHundredSixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredSeventhSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredEighthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredNinthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 49.0 / 70}};
// Sets 110-115: the same prompt (lives in tests/corpora/README.md), written while the rules of
// b9f07eb were tuned on sets 1-109 and scored once with them (in brackets: at 0.35, with no
// floor; the rules of c9099e8 and of 62e6b53 score 372 and 371 of the 420 rows at 0.25):
//   110: 57/70 = 81.4 % (57, 53);   111: 63/70 = 90.0 % (64, 56);   112: 64/70 = 91.4 % (64, 55).
//   113: 64/70 = 91.4 % (64, 58);   114: 63/70 = 90.0 % (62, 55);   115: 61/70 = 87.1 % (62, 53).
// Floors: the score of the rules that followed less one row.
inline constexpr SetFloor kHundredTenthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredEleventhSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 63.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredTwelfthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredThirteenthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredFourteenthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredFifteenthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 61.0 / 70}, {0.0, 52.0 / 70}};
// Sets 116-121: the same prompt (lives in tests/corpora/README.md), written while the rules of
// c77ea7c were tuned on sets 1-115 and scored once with them (in brackets: at 0.35, with no
// floor; the rules of c9099e8 score 363 of the 420 rows at 0.25):
//   116: 65/70 = 92.9 % (65, 56);   117: 61/70 = 87.1 % (60, 55);   118: 58/70 = 82.9 % (58, 51).
//   119: 61/70 = 87.1 % (63, 55);   120: 61/70 = 87.1 % (60, 54);   121: 59/70 = 84.3 % (59, 52).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredSixteenthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredSeventeenthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredEighteenthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 50.0 / 70}};
inline constexpr SetFloor kHundredNineteenthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredTwentiethSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredTwentyFirstSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};

// Sets 122-127: the same prompt (lives in tests/corpora/README.md), written while the rules of
// ce59339 were tuned on sets 1-121 only, scored once with those rules frozen (at 0.25, then 0.35
// and no floor; the rules of c9099e8 score 372 of the 420 rows at 0.25):
//   122: 64/70 = 91.4 % (63, 57);   123: 62/70 = 88.6 % (62, 56);   124: 65/70 = 92.9 % (65, 58).
//   125: 60/70 = 85.7 % (59, 53);   126: 64/70 = 91.4 % (61, 57);   127: 59/70 = 84.3 % (59, 56).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredTwentySecondSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredTwentyThirdSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredTwentyFourthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredTwentyFifthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredTwentySixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 60.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredTwentySeventhSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 55.0 / 70}};

// Sets 128-133: the same prompt (lives in tests/corpora/README.md), written while the rules of
// acff7ee were tuned on sets 1-127 only, scored once with those rules frozen (at 0.25, then 0.35
// and no floor; the rules of ede0712, the round's start, miss the same rows):
//   128: 62/70 = 88.6 % (63, 55);   129: 59/70 = 84.3 % (58, 54);   130: 65/70 = 92.9 % (65, 58).
//   131: 63/70 = 90.0 % (61, 52);   132: 60/70 = 85.7 % (58, 52);   133: 60/70 = 85.7 % (59, 53).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredTwentyEighthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredTwentyNinthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredThirtiethSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredThirtyFirstSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 60.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredThirtySecondSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 57.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredThirtyThirdSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 52.0 / 70}};

// Sets 134-139: a prompt written anew (the earlier one was not kept; the same fields, the seven
// families each described in a paragraph, abstention as "the same attribute of another person
// or thing that was mentioned, or another attribute of something that was mentioned"; lives in
// tests/corpora/README.md), written while the rules of c4f6b73 were tuned on sets 1-133 only,
// scored once with those rules frozen (at 0.25, then 0.35 and no floor; the rules of 8273199,
// the round's start, score 352 at 0.25, one row fewer in set 137):
//   134: 60/70 = 85.7 % (60, 56);   135: 57/70 = 81.4 % (58, 50);   136: 60/70 = 85.7 % (59, 53).
//   137: 57/70 = 81.4 % (57, 52);   138: 59/70 = 84.3 % (58, 53);   139: 60/70 = 85.7 % (59, 53).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredThirtyFourthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredThirtyFifthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 57.0 / 70}, {0.0, 49.0 / 70}};
inline constexpr SetFloor kHundredThirtySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredThirtySeventhSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredThirtyEighthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredThirtyNinthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 52.0 / 70}};

// Sets 140-145: the prompt of sets 134-139, written while the rules of 1b8dedf were tuned on
// sets 1-139 only, scored once with those rules frozen (at 0.25, then 0.35 and no floor; the
// rules of 8273199, before sets 134-139 were tuned on, miss the very same rows):
//   140: 65/70 = 92.9 % (65, 57);   141: 59/70 = 84.3 % (59, 57);   142: 61/70 = 87.1 % (61, 52).
//   143: 66/70 = 94.3 % (66, 59);   144: 54/70 = 77.1 % (54, 52);   145: 61/70 = 87.1 % (61, 56).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredFortiethSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredFortyFirstSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredFortySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredFortyThirdSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kHundredFortyFourthSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 53.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredFortyFifthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 55.0 / 70}};

// Sets 146-151: the prompt of sets 134-145, written while the rules of 1bf67a5 were tuned on
// sets 1-145 only, scored once with those rules frozen (at 0.25, then 0.35 and no floor; the
// rules of 3e92aba, before that day's change, score 368/420 at 0.25, missing two rows more):
//   146: 60/70 = 85.7 % (59, 56);   147: 57/70 = 81.4 % (58, 54);   148: 60/70 = 85.7 % (60, 53).
//   149: 62/70 = 88.6 % (62, 57);   150: 67/70 = 95.7 % (66, 59);   151: 64/70 = 91.4 % (60, 58).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredFortySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredFortySeventhSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredFortyEighthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredFortyNinthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredFiftiethSetFloors[] = {
    {0.25, 66.0 / 70}, {0.35, 65.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kHundredFiftyFirstSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 59.0 / 70}, {0.0, 57.0 / 70}};

// Sets 152-157: the same prompt, written after the rules of 1bf67a5 were frozen, scored once
// with them (at 0.25, then 0.35 and no floor; the rules of 3e92aba: 365/420 at 0.25):
//   152: 61/70 = 87.1 % (62, 54);   153: 61/70 = 87.1 % (60, 56);   154: 61/70 = 87.1 % (61, 56).
//   155: 58/70 = 82.9 % (58, 52);   156: 64/70 = 91.4 % (65, 57);   157: 62/70 = 88.6 % (62, 55).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredFiftySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 61.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredFiftyThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredFiftyFourthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredFiftyFifthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 51.0 / 70}};
inline constexpr SetFloor kHundredFiftySixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 64.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredFiftySeventhSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 54.0 / 70}};

// Sets 158-163: the same prompt, written while the rules of f866796 were made (the writers saw
// nothing of them), scored once after they were frozen (at 0.25, then 0.35 and no floor; the
// rules of 3e92aba: 372/420 at 0.25):
//   158: 60/70 = 85.7 % (60, 56);   159: 62/70 = 88.6 % (63, 55);   160: 63/70 = 90.0 % (63, 59).
//   161: 65/70 = 92.9 % (65, 55);   162: 64/70 = 91.4 % (64, 58);   163: 63/70 = 90.0 % (64, 56).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredFiftyEighthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredFiftyNinthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredSixtiethSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kHundredSixtyFirstSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredSixtySecondSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredSixtyThirdSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 63.0 / 70}, {0.0, 55.0 / 70}};

// Sets 164-169: the same prompt, written after the rules of f866796 were frozen, scored once
// with them (at 0.25, then 0.35 and no floor; the rules of 3e92aba: 366/420 at 0.25):
//   164: 63/70 = 90.0 % (63, 53);   165: 66/70 = 94.3 % (66, 58);   166: 60/70 = 85.7 % (60, 54).
//   167: 63/70 = 90.0 % (62, 58);   168: 62/70 = 88.6 % (62, 57);   169: 59/70 = 84.3 % (60, 55).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredSixtyFourthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredSixtyFifthSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredSixtySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 53.0 / 70}};
inline constexpr SetFloor kHundredSixtySeventhSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 61.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredSixtyEighthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSixtyNinthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 59.0 / 70}, {0.0, 54.0 / 70}};

// Sets 170-175: the same prompt, written while the rules of 0a5e4f4 were made, scored once
// with them once frozen (at 0.25, then 0.35 and no floor): 377/420 = 89.8 %.
//   170: 66/70 = 94.3 % (66, 60);   171: 61/70 = 87.1 % (60, 57);   172: 63/70 = 90.0 % (60, 59).
//   173: 63/70 = 90.0 % (63, 59);   174: 63/70 = 90.0 % (63, 57);   175: 61/70 = 87.1 % (61, 55).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredSeventiethSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 59.0 / 70}};
inline constexpr SetFloor kHundredSeventyFirstSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSeventySecondSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 59.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kHundredSeventyThirdSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 58.0 / 70}};
inline constexpr SetFloor kHundredSeventyFourthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSeventyFifthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 54.0 / 70}};

// Sets 176-181: the same prompt, written after the rules of 0a5e4f4 were frozen, scored once
// with them (at 0.25, then 0.35 and no floor): 364/420 = 86.7 %.
//   176: 59/70 = 84.3 % (59, 55);   177: 63/70 = 90.0 % (63, 57);   178: 65/70 = 92.9 % (64, 57).
//   179: 57/70 = 81.4 % (57, 53);   180: 62/70 = 88.6 % (59, 55);   181: 58/70 = 82.9 % (58, 55).
// Floors: the blind score less one row.
inline constexpr SetFloor kHundredSeventySixthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredSeventySeventhSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSeventyEighthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredSeventyNinthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 52.0 / 70}};
inline constexpr SetFloor kHundredEightiethSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 58.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredEightyFirstSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredEightySecondSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredEightyThirdSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredEightyFourthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredEightyFifthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 61.0 / 70}, {0.0, 56.0 / 70}};
inline constexpr SetFloor kHundredEightySixthSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredEightySeventhSetFloors[] = {
    {0.25, 66.0 / 70}, {0.35, 67.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredEightyEighthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 62.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredEightyNinthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 61.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredNinetiethSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 59.0 / 70}, {0.0, 54.0 / 70}};
inline constexpr SetFloor kHundredNinetyFirstSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 55.0 / 70}};
inline constexpr SetFloor kHundredNinetySecondSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 57.0 / 70}};
inline constexpr SetFloor kHundredNinetyThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 56.0 / 70}};

}  // namespace engram::truth_heldout

#endif  // ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS2_H_
