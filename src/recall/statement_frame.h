// The frame of a statement of one value: "my wifi password is" of "My WiFi password is
// BlueHeron#88", "我的体重是" of "我的体重是71公斤". Two short statements of one speaker with the
// same frame and different values say that the thing the frame names changed: the later one
// holds (DESIGN.md §6, truth at recall). A frame names the thing: at least kFrameWords content
// words before the copula ("my favorite band is", "the kitchen remodel is"), or kFrameChars
// CJK characters that are not grammar ("体重", "家地址"). "I am", "Priya is", "The weather is"
// and "我是" name too little to be one thing with one value.
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_STATEMENT_FRAME_H_
#define ENGRAM_RECALL_STATEMENT_FRAME_H_

#include <string>
#include <string_view>

namespace engram::recall {

inline constexpr int kFrameWords = 2;
inline constexpr int kFrameChars = 2;

// The frame of `folded` (text::FoldForSearch of one statement): its first clause up to and
// including the first copula ("is", "are", "是", "为"), when that names enough (above) and a
// value follows; "" otherwise (no copula in the first clause, a negated or additive copula:
// "is not", "is also", "不是", "也是", "还是"). A first clause in English that ends in a colon
// is a label and the frame by itself, colon kept, when it names enough and has no digit
// ("production office: suite 500" frames "production office:"; not "sept 21: okafor"). With
// no copula, a first clause of a label and a code frames the label when the label names
// enough, has no digit and ends with a word for a code ("家里wifi密码 lj88886666" frames
// "家里wifi密码", "back gate code 4521#" "back gate code"; the code has a digit and four
// characters or more).
std::string StatementFrame(std::string_view folded);

// Whether `frame` is a label (ends with its colon): a heading may name one thing in other words
// ("boat for this leg:" and "our research vessel is"), so two frames that differ tell two things
// apart only when neither is a label.
bool IsLabel(std::string_view frame);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_STATEMENT_FRAME_H_
