#include "src/recall/other_thing.h"

#include <gtest/gtest.h>

#include <string_view>

namespace engram::recall {
namespace {

struct Case {
  std::string_view question, about, other;
  bool another;  // whether `other` is of another thing than `about`, asked `question`
};

void ExpectCases(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    EXPECT_EQ(NamesAnotherThing(ReadAskedThing(c.question), c.about, c.other), c.another)
        << c.question << " | " << c.about << " | " << c.other;
  }
}

TEST(OtherThingTest, AnotherWordInThePlaceOfTheQuestions) {
  ExpectCases({
      {"what's the office wifi password", "the office wifi password is Blue1234",
       "guest wifi password is Green5678", true},
      {"what are the downtown store's hours", "downtown store is open 9am to 9pm",
       "airport store hours are 6am-11pm", true},
      {"我妈手机号多少", "我妈手机号13912348765", "我爸手机号13611122233", true},
      {"蓝队周会什么时候", "蓝队周会是周二下午三点", "红队周会周四上午十点", true},
      {"A班班主任是谁", "A班的班主任是王老师", "B班班主任是刘老师", true},
      {"房租一个月多少钱", "房租每个月3500", "物业费每个月1200", true},
      {"大宝班主任叫什么", "大宝班主任是 陈雅琴 老师", "二宝的班主任是 王丽 老师", true},
      {"alarm code for downtown?", "the downtown shop's alarm code is 7719",
       "eastside location alarm code is 3382", true},
      // The same thing said again in other words.
      {"what's the after-hours on-call number", "our on-call night number is 208-555-0193",
       "on-call line for after hours: 208-555-0321", false},
      {"我现在多重?", "我现在体重82公斤。", "早上称体重,76公斤。", false},
      {"车贷每月还多少", "车贷每个月还3280", "这个月车贷扣了3150", false},
      // A number in Chinese numerals is the number in digits.
      {"42尺的包4小时多少钱", "42尺那条包4小时报价3800", "42尺四小时的价 4500 周末另算", false},
      {"42尺的包4小时多少钱", "42尺那条包4小时报价3800", "42尺包八小时 报价6000", true},
      // One rate in other words of its period (一天 / 日均).
      {"园区一天大概多少车次", "我们园区一天进出车大概450车次", "园区日均进出车680车次左右",
       false},
      // An abbreviation of the question's word, and a name in the place of a role.
      {"gate code for my apartment?", "my apartment gate code is 2291", "apt gate code is 7734 fyi",
       false},
      {"who's my supervisor on the platform", "supervisor on the platform is mike dorsey",
       "reporting to carla mendez on the platform", false},
  });
}

TEST(OtherThingTest, AnotherOwnerNumberOrRelation) {
  ExpectCases({
      {"when is sam's birthday", "sam's bday is march 14", "kim's birthday is march 22", true},
      {"who's the tenant in 204", "room 204 tenant is a guy named marcus",
       "room 206's tenant is priya", true},
      {"302住的是谁", "302房间住的是老陈", "305住的是小周", true},
      {"儿子多大了", "我儿子今年9岁", "女儿今年6岁", true},
      {"我爸手机号多少", "我爸现在手机号 15001238876", "丈母娘的手机号 13661457702", true},
      {"what's my passport number", "my passport number is K1234567",
       "my wife's passport number is K7654321", true},
      // "'s" for "is", and a relation that is the value.
      {"what's my hourly rate for ios work", "my rate's $85/hr for ios work",
       "quoted the new client $110/hr, that's my ios rate", false},
      {"who is my emergency contact", "My emergency contact is my brother Tom.",
       "My emergency contact is my wife, Elena.", false},
  });
}

struct SiblingCase {
  std::string_view question, hit;
  bool sibling;  // whether `hit` is about another thing of the sort asked about
};

TEST(OtherThingTest, SiblingOfWhatIsAsked) {
  const SiblingCase cases[] = {
      // Numbered otherwise, and not by the question's number.
      {"how big is silo 5?", "Silo 3 capacity is 2,800 tonnes", true},
      {"how many head are in barn 3?", "Barn 1 has 2,400 head on feed", true},
      {"5号栋的母猪哪天配的种", "3号栋的B超做了,怀上了十二头", true},
      {"how big is silo 5?", "moved the canola from silo 3 to silo 5", false},
      {"what time do I have to be at the start of the 400?", "new brake pads before the 400k",
       false},
      {"how much is a full day trip for 2 ppl", "full day guided trip is $400 for two", false},
      // Another owner of the same sort: a name for a name, a relation for another relation.
      {"what's Tom's number?", "Becky's mobile is 07811 203 554", true},
      {"when's mum's birthday", "dad's birthday is 9 June", true},
      {"when's my wife's birthday", "oct 3 = mo's birthday dont forget flowers", false},
      {"When is my sister's birthday?", "My sister Emma's birthday is October 3.", false},
      {"what's my mother's number", "mum's mobile is 0433 201 664", false},
      {"what's the LD's phone number", "wait no fiona's number is 07700 900421", false},
      {"who's the dog's vet", "bella's vet is dr. hsu at kitsap animal clinic", false},
      {"what's tom's number?", "Becky's mobile is 07811 203 554", false},  // tom: not a name
      // Chinese: another character in place of the question's.
      {"春笋收购价多少", "冬笋收购价一斤5块", true},
      {"小女儿在哪上班", "大女儿在吐鲁番市医院上班", true},
      {"牛筋丸批发价多少", "牛肉丸批发价一斤40", true},
      {"我降压药吃的哪个", "血压药吃的是缬沙坦,早上一粒", false},
      {"孩子班主任是哪位", "儿子班主任是杜老师 13785302164", false},
      {"船上柴油多少钱一升", "船用柴油7块86一升", false},
      {"教乱针绣那位老师怎么加", "加一下姚老师 微信号yaoxiu_1968", false},
      {"我对什么药过敏", "我青霉素过敏 别忘了", false},
      {"春笋收购价多少", "春笋收购价一斤5块", false},
      // Chinese: another word of two characters in place of the question's, before what both
      // say of it, and nothing else of the question's.
      {"高温补贴一个月多少", "夜班补贴一个月六百", true},
      {"团长生日是哪天", "搭档小翠生日是三月初八", true},
      {"放车钥匙那个柜子密码多少", "驾校钥匙柜密码 4729", false},  // 密码 links them
      {"我最近血压多少", "今早量血压132/84", false},                 // 最近: a time
      {"我现在咋去上班", "现在每天坐地铁10号线上班", false},         // 咋去: asking
      {"我的全科医生是哪位", "我的家庭医生是刘医生", false},         // of one sense
      {"我闺女生日是哪天", "女儿生日五月三号", false},               // a relation
  };
  for (const SiblingCase& c : cases) {
    EXPECT_EQ(NamesSiblingOfAsked(ReadAskedThing(c.question), c.hit), c.sibling)
        << c.question << " | " << c.hit;
  }
}

}  // namespace
}  // namespace engram::recall
