// People named by how they relate to the speaker (女儿, "wife", 邻居): the relations a text
// names, those that own something in it, and other words for one relation (闺女 is 女儿).
// Internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_RELATIONS_H_
#define ENGRAM_RECALL_RELATIONS_H_

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

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RELATIONS_H_
