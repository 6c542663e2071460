// Values that measure or type a person or thing, for the kinds of answer a question asks for
// (answer_kind.h): a share or a ratio, an area, a size of clothes, shoes or equipment, a blood
// type. Each reads folded text (text::FoldForSearch).
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_ANSWER_MEASURES_H_
#define ENGRAM_RECALL_ANSWER_MEASURES_H_

#include <string>
#include <string_view>

namespace engram::recall {

// "35%", "twelve percent", "百分之三十", "三成", or a ratio ("1:5000", "1比3") where
// `folded_query` asks for one (ratio, dilution, 比例, 稀释).
bool CarriesShare(std::string_view folded, std::string_view folded_query);

// A number before a unit of area: "120平", "85平米", "1,200 sq ft", "3 acres", "两亩".
bool CarriesArea(std::string_view folded);

// "42码", "size 10.5", "穿L的", "an M", "11.5", "11.5 inch", "3.5 ton" (not "20号", a day).
bool CarriesSize(std::string_view folded);

// Asked how tall, long, deep or far a thing is (folded `query`: 多高, 多长, "how tall", "how
// far"), whether folded `text` gives a number with a unit of length ("3米", "十二米高", "40 ft");
// true when `query` asks for no length. "主塔要用两千方冰" is no height.
bool GivesLengthIfAsked(std::string_view text, std::string_view query);

// A blood type: A / B / AB / O before 型 ("O型血"), "type A", "O negative", "AB+", Rh.
bool CarriesBloodType(std::string_view folded);
// The blood type `folded` names, as letters and a sign ("o-" of "O negative", "ab+" of "AB型",
// a type without a sign read as positive; "rh-" of "Rh阴性"), or "".
std::string BloodTypeIn(std::string_view folded);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_ANSWER_MEASURES_H_
