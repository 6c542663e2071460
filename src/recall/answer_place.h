// The kind of answer "place" (answer_kind.h): which questions ask for a place or an address,
// and which memories carry one. Internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_ANSWER_PLACE_H_
#define ENGRAM_RECALL_ANSWER_PLACE_H_

#include <string_view>

namespace engram::recall {

// Whether the folded question `q` asks for a place of a kind ("哪个酒店", "which hotel", "the
// venue"), an address (地址是啥, 哪条路; not of an e-mail), where someone lives or which room.
bool AsksForPlace(std::string_view q);

// The shop or works (店, 厂) the folded question `q` asks which one of, with 哪家 / 哪个 / 哪间
// up to two characters before it (哪家店, 哪家菌厂); empty when it asks for none. Read only
// before the noun: 店里wifi密码是什么 asks for no shop.
std::string_view WhichShopOrWorks(std::string_view q);

// Whether `raw_text` (`folded`: its folded form) carries a place for `query`: a place noun, a
// name ending as places do in Chinese, a capitalized name where places are said, a street
// address for an address; asked where someone lives, a home or a kind of place.
bool CarriesPlace(std::string_view raw_text, std::string_view folded, std::string_view query);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_ANSWER_PLACE_H_
