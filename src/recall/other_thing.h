// Two statements of one shape about two things: which of them a question asks about.
//
// "guest wifi password is Green5678" says of the guest network what "the office wifi password
// is Blue1234" says of the office one. Asked for the office wifi password, the later statement
// neither replaces the earlier one (staleness.h) nor answers: it is of another thing. The
// question names the thing by a word the other statement puts another word in place of (a
// qualifier, a name, a relation, a member of a series), or by a number it does not say.
// Internal to src/recall.
//
// Thread safety: pure functions (the text memo of text_memo.h serves the calling thread).
#ifndef ENGRAM_RECALL_OTHER_THING_H_
#define ENGRAM_RECALL_OTHER_THING_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace engram::recall {

// What a question names, read once.
struct AskedThing {
  std::string folded;              // the question, folded
  std::vector<std::string> words;  // its content words (ContentWords)
  std::vector<std::string> numbers;    // its numbers (StatementCues::numbers)
  std::vector<std::string> relations;  // the people it names by relation (RelationsIn)
  // Read for NamesSiblingOfAsked: its numbered things ("pool", "5"), the owners it names by
  // name or relation ("tom" of "Tom's number"), and its characters when it has Han ones.
  std::vector<std::pair<std::string, std::string>> numbered;
  std::vector<std::string> owners;
  std::vector<char32_t> han;
};

AskedThing ReadAskedThing(std::string_view question);

// Whether `other` says of another thing what `about` says of the thing asked about:
//   - a word of the question qualifies a word in `about` that, in `other`, another word
//     qualifies ("office wifi password" / "guest wifi password", "blue team meeting" / "red
//     team meeting"), or stands before the characters that, in `other`, another character
//     stands before (我妈手机号 / 我爸手机号, 蓝队周会 / 红队周会, 3路首班车 / 12路首班车);
//   - a name of the question owns the value in `about` and another name in `other` ("Sam's
//     bday" / "Kim's birthday");
//   - `about` says a number the question names and `other` says another number instead
//     ("room 204 tenant" / "room 206's tenant", asked who's the tenant in 204);
//   - `about` names a relation of the question's and `other` another one instead (儿子 / 女儿,
//     "my sister's address" / "my brother lives at"), or `other` names a relation that owns the
//     value and that neither names ("my wife's passport number" / "my passport number").
bool NamesAnotherThing(const AskedThing& asked, std::string_view about, std::string_view other);

// Whether `hit`, read against the question alone, is about another thing of the sort asked
// about: one the question numbers and the hit numbers otherwise ("silo 3" for "how big is silo
// 5?", 3号栋 for 5号栋), one another owner of the same sort owns ("Becky's mobile" for "Tom's
// number", "dad's birthday" for mum's), or, in Chinese, one whose name puts another
// character in place of one of the question's (冬笋 for 春笋, 大女儿 for 小女儿).
bool NamesSiblingOfAsked(const AskedThing& asked, std::string_view hit);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_OTHER_THING_H_
