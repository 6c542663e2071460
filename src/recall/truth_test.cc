#include "src/recall/truth.h"

#include <tuple>

#include <gtest/gtest.h>

#include "src/store/conformance_backends.h"

namespace engram::recall {
namespace {

store::OpContext Ctx(const Principal& p) {
  return store::OpContext{p, "req-test", Instant{1718348400000, 480}};
}

// A record of `text`, said at `at_ms`.
store::IngestBatch RecordAt(const Principal& p, const std::string& text, int64_t at_ms) {
  store::IngestBatch b = store::Batch(p, text);
  b.message.at = Instant{at_ms, 480};
  b.memories[0].source.at = b.message.at;
  b.memories[0].valid_from = b.message.at;
  return b;
}

// A record of `text` with one fact (subject 张工, `attribute`, `value`), said at `at_ms`.
store::IngestBatch RecordWithFact(const Principal& p, const std::string& text,
                                  const std::string& attribute, const std::string& value,
                                  int64_t at_ms) {
  store::IngestBatch b = RecordAt(p, text, at_ms);
  Memory fact = b.memories[0];
  fact.type = MemoryType::kSemantic;
  fact.kind = MemoryKind::kFact;
  fact.subject = "张工";
  fact.attribute = attribute;
  fact.value = value;
  b.memories.push_back(fact);
  return b;
}

RecallHit Hit(const Memory& m, double score) {
  RecallHit h;
  h.memory = m;
  h.score = score;
  h.relevance = 1;
  return h;
}

// A current episodic record `id` of `text`, said at `at_ms`, not in any store.
Memory CurrentRecord(int64_t id, const std::string& text, int64_t at_ms) {
  Memory m;
  m.id = id;
  m.content = text;
  m.type = MemoryType::kEpisodic;
  m.kind = MemoryKind::kFact;
  m.current = true;
  m.source.at = Instant{at_ms, 480};
  return m;
}

TEST(TruthTest, TwoOutdatedHitsYieldToOneSuccessorOnce) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  auto a = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的电话是1", "hasPhone", "1",
                                                     1718348400000));
  auto b = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的邮箱是a", "hasEmail", "a",
                                                     1718348500000));
  ASSERT_TRUE(a.ok() && b.ok());
  // One later message replaces both facts; its record is not among the hits.
  store::IngestBatch c = RecordWithFact(alice, "张工的电话改成2，邮箱改成b", "hasPhone", "2",
                                        1718348600000);
  Memory email = c.memories[1];
  email.attribute = "hasEmail";
  email.value = "b";
  c.memories.push_back(email);
  auto later = store->Ingest(Ctx(alice), c);
  ASSERT_TRUE(later.ok());
  ASSERT_EQ(later->superseded.size(), 2u);
  std::vector<RecallHit> hits = {Hit(a->memories[0], 0.9), Hit(b->memories[0], 0.8)};
  TruthParams params;
  params.at = Instant{1718348700000, 480};
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, later->memories[0].id);
  EXPECT_EQ(hits[0].state, "current");
  EXPECT_DOUBLE_EQ(hits[0].score, 0.9);  // the better of the two places it took
}

TEST(TruthTest, OutdatedHitsStayLabelledWhenThePastIsAsked) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  auto a = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的电话是1", "hasPhone", "1",
                                                     1718348400000));
  auto c = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的电话改成2", "hasPhone", "2",
                                                     1718348600000));
  ASSERT_TRUE(a.ok() && c.ok());
  std::vector<RecallHit> hits = {Hit(a->memories[0], 0.9), Hit(c->memories[0], 0.5)};
  TruthParams params;
  params.at = Instant{1718348700000, 480};
  params.keep_outdated = params.asks_past = true;
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  // What replaced it holds now, which the question does not ask for: the label names it.
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, a->memories[0].id);
  EXPECT_EQ(hits[0].state, "outdated");
  EXPECT_EQ(hits[0].superseded_by, c->memories[0].id);
}

// A question about what held before, with no statement known to be replaced: of the best
// hits, the earlier of two statements the question finds answers it; a third hit that does
// not answer (relevance below kPastStateRelevance) keeps its place. The later statement holds
// now, which the question does not ask for: it is left out.
TEST(TruthTest, APreviousStateQuestionRanksTheEarlierStatementFirst) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  const int64_t day = 86400000;
  const int64_t t0 = 1718348400000;
  auto dell = store->Ingest(Ctx(alice), RecordAt(alice, "I'm using a Dell XPS 13 for work.", t0));
  auto mac = store->Ingest(Ctx(alice),
                           RecordAt(alice, "IT gave me a MacBook Pro for work.", t0 + 300 * day));
  auto spill =
      store->Ingest(Ctx(alice), RecordAt(alice, "Spilled coffee on my notebook.", t0 - 10 * day));
  ASSERT_TRUE(dell.ok() && mac.ok() && spill.ok());
  auto ask = [&](bool asks_past) {
    std::vector<RecallHit> hits = {Hit(mac->memories[0], 0.9), Hit(spill->memories[0], 0.8),
                                   Hit(dell->memories[0], 0.7)};
    hits[1].relevance = 0.1;  // older still, but it does not answer
    TruthParams params;
    params.at = Instant{t0 + 400 * day, 480};
    params.asks_past = params.keep_outdated = asks_past;
    EXPECT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
    std::vector<int64_t> ids;
    for (const RecallHit& h : hits) ids.push_back(h.memory.id);
    return ids;
  };
  EXPECT_EQ(ask(true), (std::vector<int64_t>{dell->memories[0].id, spill->memories[0].id}));
  // Asked of the present, the order stays.
  EXPECT_EQ(ask(false), (std::vector<int64_t>{mac->memories[0].id, spill->memories[0].id,
                                              dell->memories[0].id}));
}

// A question naming a period that ended, without past words: an outdated statement stays only
// when it held during the period and its successor was not said in it.
TEST(TruthTest, APastPeriodKeepsOnlyWhatHeldThen) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  const int64_t day = 86400000;
  const int64_t t0 = 1718348400000;
  auto a = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的电话是1", "hasPhone", "1", t0));
  auto c = store->Ingest(Ctx(alice), RecordWithFact(alice, "张工的电话改成2", "hasPhone", "2",
                                                     t0 + 30 * day));
  ASSERT_TRUE(a.ok() && c.ok());
  auto ask = [&](int64_t from, int64_t to) {
    std::vector<RecallHit> hits = {Hit(a->memories[0], 0.9), Hit(c->memories[0], 0.5)};
    TruthParams params;
    params.at = Instant{t0 + 60 * day, 480};
    params.past_windows.push_back(TimeWindow{Instant{from, 480}, Instant{to, 480}, 1, "then"});
    EXPECT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
    return hits;
  };
  // A window inside the first number's time: it held then, and stays, labelled.
  std::vector<RecallHit> then = ask(t0 + 5 * day, t0 + 6 * day);
  ASSERT_EQ(then.size(), 2u);
  EXPECT_EQ(then[0].memory.id, a->memories[0].id);
  EXPECT_EQ(then[0].state, "outdated");
  // A window after the change ("这周早上"): only the current number.
  std::vector<RecallHit> later = ask(t0 + 40 * day, t0 + 41 * day);
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0].memory.id, c->memories[0].id);
  // A window holding both statements: the change was said in it, so the new one answers.
  std::vector<RecallHit> both = ask(t0 - day, t0 + 31 * day);
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].memory.id, c->memories[0].id);
}

TEST(TruthTest, AQuestionAboutThePastSlotFindsWhatWasReplacedInOtherWords) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  const int64_t day = 86400000;
  const int64_t t0 = 1718348400000;
  auto a = store->Ingest(Ctx(alice), RecordAt(alice, "我在腾讯做产品经理。", t0));
  auto b = store->Ingest(Ctx(alice), RecordAt(alice, "我跳槽到字节了，还是做产品。", t0 + 600 * day));
  ASSERT_TRUE(a.ok() && b.ok());
  auto ask = [&](const std::string& query) {
    std::vector<RecallHit> hits = {Hit(b->memories[0], 0.5), Hit(a->memories[0], 0.4)};
    hits[0].relevance = hits[1].relevance = 0.19;  // the question shares few of their words
    TruthParams params;
    params.at = Instant{t0 + 700 * day, 480};
    params.query = query;
    params.asks_past = params.keep_outdated = true;
    params.min_relevance = 0.25;
    EXPECT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
    return hits;
  };
  // The company before: the replaced statement, above the floor.
  std::vector<RecallHit> company = ask("我上一家公司是哪家？");
  ASSERT_FALSE(company.empty());
  EXPECT_EQ(company[0].memory.id, a->memories[0].id);
  EXPECT_EQ(company[0].state, "outdated");
  // A question about another slot's past finds nothing above the floor.
  EXPECT_TRUE(ask("我以前住在哪个城市？").empty());
}

TEST(TruthTest, FloorAndLimitApply) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  std::vector<RecallHit> hits;
  for (int i = 0; i < 5; ++i) {
    Memory m;
    m.id = i + 1;
    m.content = "memory " + std::to_string(i);
    RecallHit h = Hit(m, 1.0 - 0.1 * i);
    h.relevance = 0.2 * i;
    hits.push_back(h);
  }
  TruthParams params;
  params.min_relevance = 0.3;
  params.limit = 2;
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].memory.id, 3);
  EXPECT_EQ(hits[1].memory.id, 4);
}

// Two hits that say one thing are one, in the words said last; asked about the past, in the
// words said first.
TEST(TruthTest, SaidAgainKeepsTheLaterWords) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  auto hits_of = [&](int64_t first_at, int64_t second_at) {
    std::vector<RecallHit> hits;
    for (const auto& [id, text, at] :
         {std::tuple{1, "车位是B2-117 在负二层", first_at},
          std::tuple{2, "停车位B2-117 别停错了", second_at}}) {
      hits.push_back(Hit(CurrentRecord(id, text, at), id == 1 ? 0.9 : 0.8));
    }
    return hits;
  };
  TruthParams params;
  params.query = "我车位号多少";
  std::vector<RecallHit> hits = hits_of(1000, 2000);
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, 2);
  EXPECT_DOUBLE_EQ(hits[0].score, 0.9);  // at the better place
  hits = hits_of(2000, 1000);
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, 1);
  params.asks_past = true;
  hits = hits_of(1000, 2000);
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, 1);
}

// The same asked in the past tense ("how much deposit did the hendersons pay"), not when the
// question asks what held before something it names ("before west seattle"); a verb both say
// ("moving", "moved") links no two subjects, and 小和 is a name though 和 is grammar.
TEST(TruthTest, AValueOfAnotherSubjectIsOffAnswerInThePastTenseToo) {
  auto relevance_of = [](std::string_view query, std::vector<std::string> texts, bool past,
                         bool history) {
    std::vector<RecallHit> hits;
    for (size_t i = 0; i < texts.size(); ++i) {
      RecallHit h = Hit(CurrentRecord(static_cast<int64_t>(i + 1), texts[i], 1000), 1);
      h.channels["vector"].score = 0.95;
      hits.push_back(h);
    }
    ScoreRelevance(query, "alice", AskedKind(query, past), RelevanceScale{}, {}, &hits, past,
                   history);
    std::vector<double> out;
    for (const RecallHit& h : hits) out.push_back(h.relevance);
    return out;
  };
  std::vector<double> r = relevance_of(
      "how much deposit did the hendersons pay",
      {"Hendersons confirmed for jan 17, 4 guys", "Larson party paid $150 deposit for feb 3"},
      true, false);
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("where did i live before west seattle",
                   {"signed a lease in west seattle, moving the 1st",
                    "my apartment's in ballard, 2 br on nw 58th"},
                   true, true);
  EXPECT_GT(r[1], 0.25);
  r = relevance_of("what's Dean's address",
                   {"Dean's moving house again, third time in two years",
                    "mam's moved to 22 Elswick Rd, Newcastle NE4 6JH"},
                   false, false);
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("小和的电话是多少", {"小和说下个月想多排几个晚班", "洗衣房阿姨电话 13578821456"},
                   false, false);
  EXPECT_LT(r[1], 0.25);
}

// Asked for a kind of value about someone, a hit that carries such a value of another subject
// keeps a share kOffAnswerFactor of its relevance; a hit linked to the subject by another word
// keeps it whole.
TEST(TruthTest, AValueOfAnotherSubjectIsOffAnswer) {
  auto relevance_of = [](std::string_view query, std::vector<std::string> texts) {
    std::vector<RecallHit> hits;
    for (size_t i = 0; i < texts.size(); ++i) {
      RecallHit h = Hit(CurrentRecord(static_cast<int64_t>(i + 1), texts[i], 1000), 1);
      h.channels["vector"].score = 0.95;  // as close to the question as can be
      hits.push_back(h);
    }
    ScoreRelevance(query, "alice", AskedKind(query, false), RelevanceScale{}, {}, &hits);
    std::vector<double> out;
    for (const RecallHit& h : hits) out.push_back(h.relevance);
    return out;
  };
  std::vector<double> r = relevance_of(
      "what's karen's phone number?",
      {"karen's moving to tacoma next month", "team's pizza place is 206-555-0172"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("张小姐电话多少",
                   {"张小姐订了件旗袍 月底要", "隔壁老李的电话13816620093 他帮我搬过东西"});
  EXPECT_LT(r[1], 0.25);
  // A subject called by name later in a Chinese question (小林 of 羽毛球搭档小林).
  r = relevance_of("羽毛球搭档小林的微信号是多少", {"混双搭档是小林 她反手很稳", "供应商阿杰的微信 ajie_0571"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("羽毛球搭档小林的微信号是多少", {"混双搭档是小林 她反手很稳", "小林的微信 lin_0571"});
  EXPECT_GT(r[1], 0.9);
  // Linked by a word besides the question's: Brightwave's PM is Tanya.
  r = relevance_of("when's my weekly sync with Tanya's team?",
                   {"Brightwave's PM is Tanya, she prefers Slack over email",
                    "Brightwave moved standup to Wednesdays 10am"});
  EXPECT_GT(r[1], 0.9);
  // Of other premises only: the workplace's wifi for the home's; the home's own answers.
  r = relevance_of("家里wifi密码多少", {"单位员工休息室wifi密码 qinyong666"});
  EXPECT_LT(r[0], 0.25);
  r = relevance_of("家里wifi密码多少", {"家里wifi密码改成了 hai8888"});
  EXPECT_GT(r[0], 0.9);
  // A teacher of a subject answers nothing asked of the class teacher, unless named as both.
  r = relevance_of("闺女班主任电话多少", {"闺女舞蹈班老师电话 18537966021"});
  EXPECT_LT(r[0], 0.25);
  r = relevance_of("儿子班主任姓什么", {"儿子数学老师姓薛 说他最近上课认真了"});
  EXPECT_LT(r[0], 0.25);
  r = relevance_of("儿子班主任姓什么", {"儿子班主任是数学老师 姓薛"});
  EXPECT_GT(r[0], 0.9);
  r = relevance_of("what's the office wifi password", {"home wifi is Bluebird22"});
  EXPECT_LT(r[0], 0.25);
  // Said of the subject: no other subject.
  r = relevance_of("what's karen's phone number?",
                   {"karen's moving to tacoma next month", "karen's cell is 206-555-0172"});
  EXPECT_GT(r[1], 0.9);
  // A code the question names that one hit says: the others are of other items.
  r = relevance_of("工单T-102", {"工单T-102的截止日期改到周五", "把张工的联系方式更新为13998765432"});
  EXPECT_GT(r[0], 0.9);
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("INC-7 status?", {"INC-7 is open", "INC-8 is open"});
  EXPECT_LT(r[1], 0.25);
  // A role both say (学员, 客户) links no two people; a surname and a title (刘姐) is a name.
  r = relevance_of("老周今年多大", {"学员老周 膝盖有旧伤", "另一个学员小林今年26岁 底子好"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("Marco的WhatsApp是多少",
                   {"意大利客户Marco 下个月来广州", "土耳其客户的WhatsApp是+90 532 118 4471"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("房东刘姐电话多少", {"房东刘姐人挺好", "中通业务员小李电话13688001234"});
  EXPECT_LT(r[1], 0.25);
  // Nor does one Han character (号 of a date and of a boat's name).
  r = relevance_of("张太生日几号", {"张太的船叫海悦号 52尺的", "王先生生日11月3号 到时候送个蛋糕"});
  EXPECT_LT(r[1], 0.25);
  // A word said of anything ("new") links no two statements.
  r = relevance_of("how much is the graphics card",
                   {"ordered a new graphics card from scorptec", "new chair was 489 bucks"});
  EXPECT_LT(r[1], 0.25);
  // Which part of a name the question asks for is no subject ("last" of "last name").
  r = relevance_of("what's the library director's last name",
                   {"the library director's name is karen holloway",
                    "sorry, her last name's galloway, i had it wrong"});
  EXPECT_GT(r[0], 0.9);
  EXPECT_GT(r[1], 0.9);
  // A relation the question asks of: the caller's own trip is another subject.
  r = relevance_of("我妈坐的那趟高铁车次是多少",
                   {"给我妈订了高铁票 从遵义过来", "上次出差坐的G2331 晚点一小时"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("我妈坐的那趟高铁车次是多少", {"给我妈订了高铁票 从遵义过来", "我妈坐的G2331"});
  EXPECT_GT(r[1], 0.9);
  // Asked for a way to reach someone by role: another role's number answers not.
  r = relevance_of("韩医生电话多少", {"牙医姓韩 在城北那边 技术好", "送面粉的司机电话13997065218"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("韩医生电话多少", {"牙医姓韩 在城北那边", "牙医诊所电话13997065218"});
  EXPECT_GT(r[1], 0.9);
  // Asked of the caller's own: what another relation owns answers it not.
  r = relevance_of("我家猫叫什么名字", {"猫粮换了皇家的", "邻居家狗叫旺财 天天叫"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("what's my dog's name", {"my sister's dog is called rex"});
  EXPECT_LT(r[0], 0.25);
  // How a thing is counted (条船 of 那条船) links no two boats.
  r = relevance_of("海之梦的船检证号是多少",
                   {"我们公司最大那条船叫海之梦 70尺", "42尺那条船的船检证号是YT-ZH-0835"});
  EXPECT_LT(r[1], 0.25);
  // A teacher (老师) links no two people; a teacher of another subject is another person.
  r = relevance_of("王思语电话多少",
                   {"王思语老师课表 周二周四第三节", "教研组长李老师手机 13609183345"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("女儿英语老师电话多少",
                   {"女儿英语不太好 想给她找个家教", "女儿数学老师姓钱 电话13605793318"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("女儿英语老师电话多少", {"女儿英语老师姓钱 电话13605793318"});
  EXPECT_GT(r[0], 0.9);
  // Asked for an e-mail, a phone number is none: someone else's address answers not.
  r = relevance_of("小叶的邮箱是多少", {"宁波镜片厂小叶的电话15968823317",
                                      "东莞鑫源的对接邮箱 sales@xinyuan-eyewear.com"});
  EXPECT_LT(r[0], 0.25);
  EXPECT_LT(r[1], 0.25);
  // An identifier of another thing (a parking space for a plate); not for a word of any
  // identifier (编号).
  r = relevance_of("我自己的车牌号是多少", {"我的车位是B1-032"});
  EXPECT_LT(r[0], 0.25);
  r = relevance_of("我的员工编号是多少", {"我的工号是A10086"});
  EXPECT_GT(r[0], 0.5);
  r = relevance_of("我PADI会员号多少来着", {"哦不对 编号记错了 应该是421587 刚翻证书看的"});
  EXPECT_GT(r[0], 0.25);
  // Asked of someone, what the caller stresses is their own answers not; asked of the caller,
  // what a relation is or has in Chinese answers not.
  r = relevance_of("what time is priya's defense",
                   {"my labmate priya is defending in april", "my own defense is nov 14 at 2pm"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("我近视多少度", {"儿子近视200度了 愁"});
  EXPECT_LT(r[0], 0.25);
  r = relevance_of("我的领导是谁", {"我的直属上司是陈经理"});
  EXPECT_GT(r[0], 0.5);
  // Asked for a name by role: a statement of another role only answers not.
  r = relevance_of("朵朵班主任叫什么名字", {"朵朵游泳教练叫李杰 说她换气还不行"});
  EXPECT_LT(r[0], 0.25);
  // ... but a child's teacher of a sport is its coach.
  r = relevance_of("孩子学滑冰跟的哪个老师", {"闺女的滑冰教练姓孙 孙教练 挺严的"});
  EXPECT_GT(r[0], 0.5);
  // A verb or a particle of the question names no subject ("need", "out"): the one hit that
  // says it and no time does not make the times of the others another subject's.
  r = relevance_of("who do i call when the truck needs gas",
                   {"propane guy: Marco 604-555-0122", "need new chafing dish lids"});
  EXPECT_GT(r[0], 0.5);
  r = relevance_of("when's the morning boat go out",
                   {"morning cruise moved to 8:30 from next week",
                    "Kelly at the booking desk says we're sold out for easter"});
  EXPECT_GT(r[0], 0.5);
  // Nor the caller's own pet, which a statement calls by its name.
  r = relevance_of("how much of the thyroid med does my cat take",
                   {"pickle's meds are 2.5 mg twice a day", "roommate wants a third cat"});
  EXPECT_GT(r[0], 0.5);
  // A number links no two statements (十六 of 三十六亩 and of 甜度测了十六).
  r = relevance_of("金皇后种了几亩", {"金皇后今年长势好 甜度测了十六", "西州蜜种了三十六亩"});
  EXPECT_LT(r[1], 0.25);
  // The pair after 的 names what is asked about (鸭苗 of 老谭的鸭苗), though not first.
  r = relevance_of("老谭的鸭苗多少钱一只", {"老谭那边也卖鸭苗", "鸡苗从阳山老谭那进 两块一只"});
  EXPECT_LT(r[1], 0.25);
  r = relevance_of("老谭的鸭苗多少钱一只", {"老谭那边也卖鸭苗", "鸭苗老谭那三块一只"});
  EXPECT_GT(r[1], 0.5);
  // Who asks (客人 of 客人问) and when ("at night") name no subject; a day of the week does.
  r = relevance_of("客人问wifi密码 现在是啥",
                   {"后院那棵桂花开了 客人都在拍照", "wifi密码改成 tonglu8866 了"});
  EXPECT_GT(r[1], 0.5);
  r = relevance_of("whats the emergency vet number at night",
                   {"wife wants to go to the Keeneland spring meet on my night off",
                    "actually I had two digits flipped on the vet number its 859-555-0124"});
  EXPECT_GT(r[1], 0.5);
  r = relevance_of("what time's the first shuttle on sunday",
                   {"sunday parade cleanup crew = 12 people",
                    "sat shuttle first run 7:15am from the showgrounds"});
  EXPECT_LT(r[1], 0.25);
}

// Session spreading lends relevance across a question and its answer, not from a statement to
// the turn after it; an answer that carries no number asked for stays off-answer.
TEST(TruthTest, RelevanceIsLentAcrossAQuestionAndItsAnswer) {
  auto relevance_of = [](std::string_view query, const std::string& lender,
                         const std::string& borrower) {
    RecallHit first = Hit(CurrentRecord(1, lender, 1000), 1);
    first.channels["vector"].score = 0.95;
    RecallHit next = Hit(CurrentRecord(2, borrower, 2000), 0.5);
    next.channels["vector"].score = 0.5;  // says nothing of the question by itself
    next.channels["context"].rank = 1;     // lent score by the first hit
    std::vector<RecallHit> hits = {first, next};
    ScoreRelevance(query, "alice", AskedKind(query, false), RelevanceScale{}, {1, 2}, &hits);
    return hits[1].relevance;
  };
  struct Case {
    const char* query;
    const char* lender;
    const char* borrower;
    bool lent;  // relevance above 0.8 (else below 0.25)
  };
  const Case cases[] = {
      {"How long do you hold the pose?", "How long do you hold that pose?",
       "30-60 seconds, then I switch sides", true},
      {"张工提了什么要求", "客户张工说下周二要验收接口文档", "工单T-102的截止日期改到周五，李老师负责跟进",
       false},
      {"What's Kim's phone number?", "Do you have Kim's phone number?", "I'll ask her tonight",
       false},
      {"What's Kim's phone number?", "Do you have Kim's phone number?", "Sure, it's 555-0142",
       true},
  };
  for (const Case& c : cases) {
    const double r = relevance_of(c.query, c.lender, c.borrower);
    if (c.lent) {
      EXPECT_GT(r, 0.8) << c.borrower;
    } else {
      EXPECT_LT(r, 0.25) << c.borrower;
    }
  }
}

// An event said twice with one answer (a flight number, a day) is one event: one hit.
TEST(TruthTest, AnEventSaidAgainIsOneHit) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  std::vector<RecallHit> hits;
  for (const auto& [id, text, at] :
       {std::tuple{1, "Flight to Oslo: SK4612, leaving at 14:05 on Friday.", 1000},
        std::tuple{2, "Friday I'm on SK4612 to Oslo, 14:05 departure.", 2000}}) {
    Memory m = CurrentRecord(id, text, at);
    m.kind = MemoryKind::kEvent;
    hits.push_back(Hit(m, id == 1 ? 0.9 : 0.8));
  }
  TruthParams params;
  params.query = "Which flight am I taking to Oslo?";
  ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, 2);
}

TEST(TruthTest, ARecordSearchedForByItsWordIsNotHiddenBehindAnotherOfItsShape) {
  auto store = store::NewMemoryStore();
  Principal alice;
  alice.user_id = "alice";
  // Two notes of one shape, the same rack number: found to say one thing, shown once. The
  // one searched for by its tag is the one shown, whichever ranked first or was said last.
  auto hits_of = [&](double first_score) {
    std::vector<RecallHit> hits;
    for (const auto& [id, text, at] :
         {std::tuple{1, "Note rjtrzgwjyoqt: the dune island service moved to the quartz rack 280",
                     1000},
          std::tuple{2, "Note nlescbjzurkn: the tundra umber service moved to the willow rack 280",
                     2000}}) {
      hits.push_back(Hit(CurrentRecord(id, text, at), id == 1 ? first_score : 0.5));
    }
    return hits;
  };
  TruthParams params;
  params.query = "rjtrzgwjyoqt";
  for (double first_score : {0.9, 0.1}) {
    std::vector<RecallHit> hits = hits_of(first_score);
    ASSERT_TRUE(ApplyTruth(*store, Ctx(alice), params, &hits).ok());
    ASSERT_FALSE(hits.empty());
    EXPECT_EQ(hits[0].memory.id, 1) << first_score;
  }
}

// Asked for a kind of value, a lower hit that gives the value a better one gives is left out;
// the better one stays as it is. One that shares only a word the question says, or a word that
// is no value of the kind, stays.
TEST(TruthTest, AValueGivenAgainByALowerHitIsOneHit) {
  auto store = store::NewMemoryStore();
  Principal p;
  p.user_id = "u";
  auto recall = [&](const std::string& query, const std::vector<std::string>& texts) {
    std::vector<RecallHit> hits;
    for (size_t i = 0; i < texts.size(); ++i) {
      // The better hit said last: no later statement replaces it.
      hits.push_back(Hit(CurrentRecord(static_cast<int64_t>(i) + 1, texts[i],
                                       1000 * static_cast<int64_t>(texts.size() - i)),
                         1.0 - 0.1 * static_cast<double>(i)));
      hits.back().relevance = i == 0 ? 1.0 : 0.5;  // the lower one answers in part
    }
    TruthParams params;
    params.query = query;
    EXPECT_TRUE(ApplyTruth(*store, Ctx(p), params, &hits).ok());
    std::vector<int64_t> ids;
    for (const RecallHit& h : hits) ids.push_back(h.memory.id);
    return ids;
  };
  EXPECT_EQ(recall("what's the show's instagram handle",
                   {"station's instagram is @wkxr_late",
                    "tell listeners to DM @wkxr_late for song requests"}),
            (std::vector<int64_t>{1}));
  EXPECT_EQ(recall("whats the address of my fire station",
                   {"Station 4 is at 212 Birch Rd",
                    "our station on 212 Birch Rd got a new engine today"}),
            (std::vector<int64_t>{1}));
  // A phrase said alike: a place's name, a day in digits.
  EXPECT_EQ(recall("我家咖啡地在哪", {"我家咖啡地在潞江坝", "潞江坝那边的地 是我爷爷开的"}),
            (std::vector<int64_t>{1}));
  EXPECT_EQ(recall("我们婚期哪天", {"婚期定了 10月18号", "跟领导请了婚假 10月18号结婚"}),
            (std::vector<int64_t>{1}));
  // A name the question says is no value given again.
  EXPECT_EQ(recall("who's the coordinator at lakeview lodge",
                   {"coordinator at lakeview lodge is nia okafor",
                    "lakeview lodge raised the deposit to $500"})
                .size(),
            2u);
  // A name one gives a thing (叫, "called") that the other only mentions: asked for the name,
  // one answer; asked about the thing by its name, or with a change, two.
  EXPECT_EQ(recall("我家猫叫什么", {"我家猫叫豆包 英短蓝猫", "宠物医院登记名字 写的豆包"}),
            (std::vector<int64_t>{1}));
  EXPECT_EQ(recall("what app do we use for pretrip inspections",
                   {"pretrip checklist app we use is called zonar",
                    "zonar tablet froze during pretrip, had to reboot"}),
            (std::vector<int64_t>{1}));
  // Two short statements that share a rare word: one fact said twice; not asked what happened
  // (ShareARareWord).
  EXPECT_EQ(recall("am i allergic to any meds?",
                   {"allergic to penicillin btw, breaks me out in hives",
                    "doctor asked again, told her about the penicillin allergy"})
                .size(),
            1u);
  EXPECT_EQ(recall("what happened to the zonar tablet",
                   {"pretrip checklist app we use is called zonar",
                    "zonar tablet froze during pretrip, had to reboot"})
                .size(),
            2u);
  EXPECT_EQ(recall("which app do i keep my notes in",
                   {"my notes app is called notion",
                    "switched from notion to obsidian last month"})
                .size(),
            2u);
  // Asked which one of a kind, a name said again in another statement is one answer.
  EXPECT_EQ(recall("面料从哪家进的", {"志诚纺织那边面料一直稳 不换了", "下批货还是找志诚纺织拿布"}),
            (std::vector<int64_t>{1}));
  EXPECT_EQ(recall("what trumpet do i play",
                   {"my trumpet is a 1962 conn constellation, got it from my grandpa",
                    "the conn constellation plays so warm in the low register"}),
            (std::vector<int64_t>{1}));
  // A word both say that is no value of the kind asked (a price): two hits.
  EXPECT_EQ(recall("how much am I paying per bag of flour?",
                   {"Central Milling bags are $31.20 now",
                    "Central Milling rep is named Dana, cell 555-0142"})
                .size(),
            2u);
}

}  // namespace
}  // namespace engram::recall
