// People named by how they relate to the speaker (女儿, "wife", 邻居): the relations a text
// names, those that own something in it, and other words for one relation (闺女 is 女儿).
// Internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_RELATIONS_H_
#define ENGRAM_RECALL_RELATIONS_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engram::recall {

// The words for a relation, folded ("sister", "妈妈", "neighbor"); a statement's values when it
// names no one (same_statement.h).
std::span<const std::string_view> RelationWords();

// Whether `v` is one of RelationWords().
bool IsRelation(std::string_view v);

// Whether `text` says the value `v`, or another word for it when it is a relation.
bool SaysValue(std::string_view text, std::string_view v);

// The people `folded` names by how they relate to the speaker (女儿, "wife"; other words for
// one relation give one: 闺女 is 女儿; an English one also with an "s": "grandmas wifi"),
// sorted.
std::vector<std::string> RelationsIn(std::string_view folded);

// The relations RelationsIn reads that own something in `folded`: followed by "'s" or 的
// ("my wife's passport", "我爸的手机号"), or a Chinese one by 家 ("邻居家狗"), not a relation
// that is itself the value ("my emergency contact is my wife").
std::vector<std::string> PossessorRelationsIn(std::string_view folded);

// The families of roles folded `text` names people by (牙医 and 医生 are one family, 兽医
// another; 教练 and "coach" one): asked for one's way to reach or name, a statement of
// another's ("送面粉的司机电话…" for 韩医生电话, 游泳教练 for 班主任) is no answer. Sorted.
std::vector<int> RoleFamiliesIn(std::string_view folded);
inline constexpr int kTeacherRole = 3;  // 老师, "teacher"
inline constexpr int kCoachRole = 6;    // 教练, "coach"

// The premises folded `text` puts a thing in, as a bit set: home (家里, 我家, "home"), a
// workplace (单位, 公司, 办公室, "office"), a shop (店里, 档口, "shop", "pub"), a school
// (学校, 宿舍, "school", "dorm"). Asked for a value of one ("家里wifi密码"), a statement of
// another's only ("单位员工休息室wifi密码 …") is no answer.
uint32_t PremisesIn(std::string_view folded);

// Whether both texts name people of one role family (牙医 and 医生).
bool ShareARole(std::string_view folded_a, std::string_view folded_b);

// Whether both texts name people by role and no family is in both (钢琴老师, 游泳教练): two
// people.
bool NameOtherRoles(std::string_view folded_a, std::string_view folded_b);

// The subjects a teacher of folded `text` teaches (数学 of "女儿数学老师", "piano" of "piano
// teacher"): two teachers of two subjects are two people.
std::vector<std::string_view> TaughtSubjectsIn(std::string_view folded);

// Whether folded `text` opens with the speaker as its subject ("我是O型血", "i'm type o"), not
// with a thing of theirs ("我的直属上司是陈经理", "my work email is ...").
bool OpensWithSelf(std::string_view folded);

// Whether folded `text` opens with a relation in Chinese as its subject ("儿子近视200度了"); in
// English the question may call the same one otherwise ("my girl" of "my daughter wears ...").
bool OpensWithRelation(std::string_view folded);

// Whether folded `text` stresses that it is the speaker's own ("my own defense", "我自己的").
bool SaysOwnOwn(std::string_view folded);

// Whether folded `query` speaks of the caller's own: 我, "my", "our".
bool SaysFirstPerson(std::string_view folded);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RELATIONS_H_
