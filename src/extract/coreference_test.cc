#include "src/extract/coreference.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace engram::extract {
namespace {

std::vector<CorefResolution> Resolve(const std::string& text,
                                     const std::vector<std::string>& newest_first,
                                     const std::string& speaker = "user",
                                     const std::vector<GenderHint>& hints = {}) {
  std::vector<CorefTurn> turns;
  for (const std::string& t : newest_first) turns.push_back({t, ""});
  return ResolveCoreference(text, speaker, turns, hints);
}

std::string Names(const CorefResolution& r) {
  std::string out;
  for (const CorefAntecedent& a : r.antecedents) out += (out.empty() ? "" : ",") + a.name;
  return out;
}

TEST(CoreferenceTest, ResolvesZhPronounToLastMentionedPerson) {
  auto r = Resolve("他昨天说要把接口改成异步", {"李工说接口文档周五前给"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].pronoun, "他");
  EXPECT_EQ(r[0].begin, 0u);
  EXPECT_EQ(r[0].end, 3u);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "李工");
  EXPECT_EQ(r[0].antecedents[0].turn, 1);
  EXPECT_DOUBLE_EQ(r[0].confidence, 0.9);  // 李工's gender is unknown: 他 fits 0.9
}

TEST(CoreferenceTest, AMaskedValueIsNoPronounNorPerson) {
  // A placeholder's id is random base32: "he", "she" or "mom" may stand between its digits.
  EXPECT_TRUE(Resolve("李工的电话换成⟦PHONE:ab3he7may2today⟧了", {"李工负责接口改造"}).empty());
  EXPECT_FALSE(HasThirdPersonPronoun("call ⟦PHONE:x2she3her4mon5jun⟧ now"));
  EXPECT_TRUE(HasThirdPersonPronoun("call ⟦PHONE:x2she3her4mon5jun⟧ when he lands"));
  // No "mom" from a masked e-mail in the turn before: "she" has no antecedent.
  auto r = Resolve("she said yes", {"mail ⟦EMAIL:mom2dad7sat5noon⟧"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].reason, "no_antecedent");
  // The pronoun's span is in the text as given.
  r = Resolve("⟦PHONE:ab3he7⟧ 是他的", {"李工负责接口改造"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].pronoun, "他");
  EXPECT_EQ(Names(r[0]), "李工");
}

TEST(CoreferenceTest, RecentTurnsWeighMost) {
  // The seed's case: 张总监 two turns back, 李工 in the last turn.
  auto r = Resolve("他昨天说要改方案", {"李工说技术方案要调整", "张总监说要改方案"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "李工");
}

TEST(CoreferenceTest, DecaysWithDistance) {
  std::vector<std::string> turns(5, "好的");
  turns.push_back("王工说周五上线");  // six turns back
  auto r = Resolve("他说要推迟", turns);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(Names(r[0]), "王工");
  EXPECT_DOUBLE_EQ(r[0].confidence, 0.45);
  EXPECT_FALSE(r[0].resolved);
  EXPECT_EQ(r[0].reason, "low_confidence");
  EXPECT_DOUBLE_EQ(RecencyWeight(1), 1.0);
  EXPECT_DOUBLE_EQ(RecencyWeight(3), 0.7);
  EXPECT_DOUBLE_EQ(RecencyWeight(7), 0.1);
}

TEST(CoreferenceTest, GenderFromTitleChoosesBetweenTwo) {
  auto she = Resolve("她说下周交付", {"张先生和李女士开了会"});
  ASSERT_EQ(she.size(), 1u);
  EXPECT_TRUE(she[0].resolved);
  EXPECT_EQ(Names(she[0]), "李女士");
  auto he = Resolve("他说下周交付", {"张先生和李女士开了会"});
  EXPECT_EQ(Names(he[0]), "张先生");
  EXPECT_TRUE(he[0].resolved);
}

TEST(CoreferenceTest, GenderHintFromDirectory) {
  // Without a hint both engineers fit 她 equally: ambiguous.
  auto plain = Resolve("她说下周交付", {"张工和李工开了会"});
  EXPECT_FALSE(plain[0].resolved);
  EXPECT_EQ(plain[0].reason, "ambiguous");
  auto hinted = Resolve("她说下周交付", {"张工和李工开了会"}, "user",
                        {{"张工", Gender::kMale}, {"李工", Gender::kFemale}});
  EXPECT_TRUE(hinted[0].resolved);
  EXPECT_EQ(Names(hinted[0]), "李工");
}

TEST(CoreferenceTest, PluralTakesThePersonsOfOneTurn) {
  auto r = Resolve("他们下周二来验收", {"张工和李工负责接口"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].plural);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "张工,李工");
  auto one = Resolve("他们下周二来验收", {"张工负责接口"});
  EXPECT_FALSE(one[0].resolved);
  EXPECT_EQ(one[0].reason, "no_antecedent");
}

TEST(CoreferenceTest, NoAntecedentStaysUnresolved) {
  auto r = Resolve("他说明天不来了", {"今天天气不错"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].resolved);
  EXPECT_EQ(r[0].reason, "no_antecedent");
  EXPECT_TRUE(r[0].antecedents.empty());
  EXPECT_TRUE(Resolve("He said he'd be late", {}).at(0).reason == "no_antecedent");
}

TEST(CoreferenceTest, FirstAndSecondPersonAreNotPronounsToResolve) {
  EXPECT_TRUE(Resolve("我昨天说要改方案", {"李工说接口要改"}).empty());
  EXPECT_TRUE(Resolve("I said you should rework it", {"I met Li this morning."}).empty());
  EXPECT_TRUE(Resolve("其他人都同意，他人的意见也听了", {"李工说接口要改"}).empty());
}

TEST(CoreferenceTest, SpeakersAreNotAntecedents) {
  // Two people talking: she is neither of them (they are I and you to each other).
  auto r = Resolve("Melanie: That's great! Did she like it?",
                   {"Caroline: I took my friend Jane to the museum."});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "Jane");
  // Only the speakers were named: nothing to resolve to.
  auto none = Resolve("Melanie: Did she like it?", {"Caroline: I went to the museum."});
  EXPECT_FALSE(none[0].resolved);
  // The current speaker named by the caller is not an antecedent of "he" either.
  auto self = Resolve("he should know", {"I told Bob."}, "Bob");
  EXPECT_FALSE(self[0].resolved);
}

TEST(CoreferenceTest, UnnamedPersonNounBlocksAnOlderName) {
  auto r = Resolve("Melanie: She sounds lovely", {"Caroline: My mom called me yesterday.",
                                                  "Caroline: I met Alice at work."});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].resolved);
  EXPECT_EQ(r[0].reason, "unnamed");
  EXPECT_EQ(Names(r[0]), "mom");
  auto zh = Resolve("她说周末回来", {"我妈妈最近很忙"});
  EXPECT_EQ(zh[0].reason, "unnamed");
}

TEST(CoreferenceTest, EnglishPronounsAndCases) {
  auto r = Resolve("He said yesterday he'd rework the plan, and I told him his draft was fine",
                   {"I met Li this morning about the API."});
  ASSERT_EQ(r.size(), 4u);
  for (const CorefResolution& x : r) {
    EXPECT_TRUE(x.resolved) << x.pronoun;
    EXPECT_EQ(Names(x), "Li") << x.pronoun;
    EXPECT_TRUE(x.english);
  }
  EXPECT_EQ(r[0].pronoun, "He");
  EXPECT_EQ(r[0].pronoun_case, PronounCase::kSubject);
  EXPECT_EQ(r[2].pronoun_case, PronounCase::kObject);
  EXPECT_EQ(r[3].pronoun_case, PronounCase::kPossessive);
  auto her = Resolve("I told her about it and her answer was no", {"I called Mary."});
  ASSERT_EQ(her.size(), 2u);
  EXPECT_EQ(her[0].pronoun_case, PronounCase::kObject);
  EXPECT_EQ(her[1].pronoun_case, PronounCase::kPossessive);
  EXPECT_EQ(Names(her[0]), "Mary");
}

TEST(CoreferenceTest, EnglishGivenNameGender) {
  auto r = Resolve("she agreed", {"I talked with John and Mary."});
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "Mary");
  auto they = Resolve("they agreed", {"I talked with John and Mary."});
  EXPECT_EQ(Names(they[0]), "John,Mary");
  EXPECT_DOUBLE_EQ(they[0].confidence, 0.8);
  EXPECT_TRUE(Resolve("this person is late", {"I talked with Bob."})[0].resolved);
}

TEST(CoreferenceTest, AntecedentInTheSameMessage) {
  auto r = Resolve("李工说他明天来", {});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(r[0].antecedents[0].turn, 0);
  EXPECT_TRUE(Resolve("张工他们下周来", {"李工和王工负责接口"}).empty());  // anchored in place
}

TEST(CoreferenceTest, NameGenderAndPronounCheck) {
  EXPECT_EQ(NameGender("李女士"), Gender::kFemale);
  EXPECT_EQ(NameGender("张先生"), Gender::kMale);
  EXPECT_EQ(NameGender("Mr Smith"), Gender::kMale);
  EXPECT_EQ(NameGender("李工"), Gender::kUnknown);
  EXPECT_TRUE(HasThirdPersonPronoun("他昨天说要改方案"));
  EXPECT_TRUE(HasThirdPersonPronoun("I told her"));
  EXPECT_FALSE(HasThirdPersonPronoun("其他人都同意"));
  EXPECT_FALSE(HasThirdPersonPronoun("the theory of the heir"));
}

TEST(CoreferenceTest, SpeakerPrefix) {
  EXPECT_EQ(SpeakerPrefix("Caroline: hi"), "Caroline");
  EXPECT_EQ(SpeakerPrefix("张工：好的"), "张工");
  EXPECT_EQ(SpeakerPrefix("Note the time: 3pm, please, if you can and so"), "");
  EXPECT_EQ(SpeakerPrefix("no colon"), "");
}

TEST(CoreferenceTest, DualTakesTheLastTwoPeopleAcrossTurns) {
  // 张工 two turns back, 李工 in the last one: 他俩 is the pair, in the order they were said.
  auto r = Resolve("他俩下周二来验收", {"李工说测试好了", "张工说接口好了"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].pronoun, "他俩");
  EXPECT_TRUE(r[0].plural);
  EXPECT_TRUE(r[0].resolved);
  EXPECT_EQ(Names(r[0]), "张工,李工");
  EXPECT_DOUBLE_EQ(r[0].confidence, 0.85 * 0.9);  // the older one is two turns back
  // 他们俩 is one pronoun (not 他们), and takes the last two of a turn naming three.
  r = Resolve("他们俩说周五交", {"好的", "张工和李工在改接口"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].pronoun, "他们俩");
  EXPECT_EQ(Names(r[0]), "张工,李工");
  EXPECT_TRUE(r[0].resolved);
}

TEST(CoreferenceTest, DualWithAThirdPersonInTheSameTurnIsAmbiguous) {
  auto r = Resolve("两人说明天给结论", {"张工、李工和王工开了会"});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].pronoun, "两人");
  EXPECT_FALSE(r[0].resolved);
  EXPECT_EQ(r[0].reason, "ambiguous");
  EXPECT_EQ(Names(r[0]), "李工,王工");
}

TEST(CoreferenceTest, DualNeedsTwoNamedPeopleOfItsGender) {
  auto one = Resolve("他俩说不来了", {"李工说接口文档周五前给"});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_FALSE(one[0].resolved);
  EXPECT_EQ(one[0].reason, "no_antecedent");
  // 她俩 skips the man; a pair led by "my parents" has no names to give.
  auto women = Resolve("她俩说预算要再砍一点", {"张先生、王女士和李女士来开会"});
  ASSERT_EQ(women.size(), 1u);
  EXPECT_EQ(Names(women[0]), "王女士,李女士");
  EXPECT_TRUE(women[0].resolved);
  auto parents = Resolve("他俩下周来看我", {"我父母退休了"});
  ASSERT_EQ(parents.size(), 1u);
  EXPECT_FALSE(parents[0].resolved);
  EXPECT_EQ(parents[0].reason, "unnamed");
}

TEST(CoreferenceTest, CountingTwoIsNoDual) {
  const std::vector<std::string> history = {"张工和李工在改接口"};
  EXPECT_TRUE(Resolve("我们两人明天去", history).empty());
  EXPECT_TRUE(Resolve("订一个两人份的套餐", history).empty());
  EXPECT_TRUE(Resolve("会议室只能坐十二人", history).empty());
  EXPECT_TRUE(Resolve("张工和李工两人都同意", history).empty());  // named in place
  EXPECT_TRUE(HasThirdPersonPronoun("他们两个说好了"));
  EXPECT_FALSE(HasThirdPersonPronoun("我们两人说好了"));
}

}  // namespace
}  // namespace engram::extract
