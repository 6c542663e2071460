// The name a statement gives something by saying what it is called ("我家猫叫豆包", "the app
// we use is called zonar", "软件叫牧云"): what later statements that only mention it in passing
// ("宠物医院登记名字 写的豆包", "zonar tablet froze during pretrip") answer alike when a
// question asks for that name. Internal to src/recall.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_GIVEN_NAME_H_
#define ENGRAM_RECALL_GIVEN_NAME_H_

#include <string>
#include <string_view>

namespace engram::recall {

// The name folded `text` gives after a naming cue (叫, 名叫, 叫做, 名字是, "called", "named",
// "name is", "name's"): Han characters up to a break (two to four of them), or one to three
// Latin words up to a comma or stop. "" when it gives none, or more than one.
std::string GivenName(std::string_view folded);

// Whether folded `text` says `name`: as a whole Latin word run, or as Han characters.
bool SaysName(std::string_view folded, std::string_view name);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_GIVEN_NAME_H_
