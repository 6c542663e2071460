#include "src/text/han_converter.h"

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string_view>
#include <vector>

#include <Config.hpp>
#include <Conversion.hpp>
#include <ConversionChain.hpp>
#include <Converter.hpp>
#include <Dict.hpp>
#include <Lexicon.hpp>
#include <MaxMatchSegmentation.hpp>

#include "src/base/utf8.h"

#ifndef ENGRAM_OPENCC_DATA_DIR
#define ENGRAM_OPENCC_DATA_DIR "/usr/share/opencc"
#endif

namespace engram::text {

// OpenCC's t2s converter segments the text by its phrase dictionary (longest match, the
// unmatched characters in between forming one segment each), then converts every segment by
// longest match in its conversion dictionaries. Both steps look a dictionary up at every
// character, although a key can begin at few of them. Impl::Convert() is the same algorithm
// with the same dictionaries and lookups, but it skips the lookups where no key of the
// dictionary can begin (KeyFilter), so its output is OpenCC's byte for byte (checked against
// OpenCC in han_converter_test.cc) at a fraction of the cost. Any other configuration shape
// (another segmentation, several conversions) goes through OpenCC.

namespace {

// Where a dictionary's keys may begin: a key of one character by its code point, a longer
// key by its first two characters, hashed into a bitmap. "No" is always right; a false
// "maybe" (about one pair in thirty) costs one dictionary lookup.
class KeyFilter {
 public:
  KeyFilter() : single_(kCodePoints, false), first_(kCodePoints, false), pairs_(kPairWords, 0) {}

  void Add(std::string_view key) {
    size_t pos = 0;
    const char32_t c = base::DecodeUtf8(key, &pos);
    if (pos >= key.size()) {
      single_[c] = true;
      return;
    }
    first_[c] = true;
    const uint32_t bit = PairBit(c, base::DecodeUtf8(key, &pos));
    pairs_[bit / 64] |= uint64_t{1} << (bit % 64);
  }

  // Whether a key may begin at the character `c` followed by `next` (0: nothing follows).
  bool MayBeginAt(char32_t c, char32_t next) const {
    if (c >= kCodePoints) return false;
    if (single_[c]) return true;
    if (!first_[c] || next == 0 || next >= kCodePoints) return false;
    const uint32_t bit = PairBit(c, next);
    return (pairs_[bit / 64] >> (bit % 64)) & 1;
  }

 private:
  static constexpr char32_t kCodePoints = 0x110000;
  static constexpr int kPairBits = 20;  // 2^20 bits: 128 KiB per dictionary
  static constexpr size_t kPairWords = (size_t{1} << kPairBits) / 64;

  static uint32_t PairBit(char32_t a, char32_t b) {
    const uint64_t h = (uint64_t{a} << 21 | b) * 0x9E3779B97F4A7C15ull;
    return static_cast<uint32_t>(h >> (64 - kPairBits));
  }

  std::vector<bool> single_;  // by code point: a key of one character
  std::vector<bool> first_;   // by code point: begins a key of two characters or more
  std::vector<uint64_t> pairs_;
};

// The characters of a text one at a time, each with the one after it (0 at the end).
class PairReader {
 public:
  explicit PairReader(std::string_view s) : s_(s) {
    if (!s_.empty()) cur_ = base::DecodeUtf8(s_, &next_at_);
    if (next_at_ < s_.size()) {
      size_t p = next_at_;
      next_ = base::DecodeUtf8(s_, &p);
      after_next_at_ = p;
    } else {
      after_next_at_ = next_at_;
    }
  }
  bool done() const { return at_ >= s_.size(); }
  size_t at() const { return at_; }              // byte offset of the current character
  size_t next_at() const { return next_at_; }    // byte offset after it
  char32_t cur() const { return cur_; }
  char32_t next() const { return next_at_ < s_.size() ? next_ : 0; }
  void Advance() {
    at_ = next_at_;
    next_at_ = after_next_at_;
    cur_ = next_;
    if (next_at_ < s_.size()) {
      size_t p = next_at_;
      next_ = base::DecodeUtf8(s_, &p);
      after_next_at_ = p;
    }
  }
  // Moves to byte offset `to` (a character boundary after the current character).
  void SkipTo(size_t to) {
    while (!done() && at_ < to) Advance();
  }

 private:
  std::string_view s_;
  size_t at_ = 0;
  size_t next_at_ = 0;
  size_t after_next_at_ = 0;
  char32_t cur_ = 0;
  char32_t next_ = 0;
};

}  // namespace

struct HanConverter::Impl {
  explicit Impl(const std::string& config_path)
      : converter(opencc::Config().NewFromFile(config_path)) {
    auto segmentation =
        std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>(converter->GetSegmentation());
    const auto conversions = converter->GetConversionChain()->GetConversions();
    if (segmentation == nullptr || conversions.size() != 1) return;
    segment_dict = segmentation->GetDict();
    convert_dict = conversions.front()->GetDict();
    // GetLexicon() may build the lexicon it returns: hold it while reading.
    const opencc::LexiconPtr segment_lexicon = segment_dict->GetLexicon();
    for (const auto& entry : *segment_lexicon) {
      if (!entry->Key().empty()) segment_keys.Add(entry->Key());
    }
    const opencc::LexiconPtr convert_lexicon = convert_dict->GetLexicon();
    for (const auto& entry : *convert_lexicon) {
      if (!entry->Key().empty()) convert_keys.Add(entry->Key());
    }
  }

  // OpenCC's Conversion::Convert of one segment.
  void ConvertSegment(std::string_view seg, std::string* out) const {
    PairReader r(seg);
    size_t copied = 0;  // seg[copied, r.at()) is waiting to be appended as it is
    while (!r.done()) {
      if (convert_keys.MayBeginAt(r.cur(), r.next())) {
        auto m = convert_dict->MatchPrefix(seg.data() + r.at(), seg.size() - r.at());
        if (!m.IsNull()) {
          out->append(seg.substr(copied, r.at() - copied));
          out->append(m.Get()->GetDefault());
          copied = r.at() + m.Get()->KeyLength();
          r.SkipTo(copied);
          continue;
        }
      }
      r.Advance();
    }
    out->append(seg.substr(copied));
  }

  // Whether no key of the conversion dictionary can match anywhere in `s`: then neither
  // segmentation nor conversion changes a byte.
  bool Unchanged(std::string_view s) const {
    for (PairReader r(s); !r.done(); r.Advance()) {
      if (convert_keys.MayBeginAt(r.cur(), r.next())) return false;
    }
    return true;
  }

  // REQUIRES: valid UTF-8 without NUL.
  std::string Convert(std::string_view s) const {
    if (segment_dict == nullptr) return converter->Convert(std::string(s));
    if (Unchanged(s)) return std::string(s);  // most text
    std::string out;
    out.reserve(s.size());
    size_t run = 0;  // start of the pending segment of unmatched characters
    PairReader r(s);
    while (!r.done()) {
      if (segment_keys.MayBeginAt(r.cur(), r.next())) {
        auto m = segment_dict->MatchPrefix(s.data() + r.at(), s.size() - r.at());
        if (!m.IsNull()) {
          const size_t i = r.at();
          const size_t k = m.Get()->KeyLength();
          ConvertSegment(s.substr(run, i - run), &out);
          ConvertSegment(s.substr(i, k), &out);
          run = i + k;
          r.SkipTo(run);
          continue;
        }
      }
      r.Advance();
    }
    ConvertSegment(s.substr(run), &out);
    return out;
  }

  opencc::ConverterPtr converter;
  opencc::DictPtr segment_dict;  // null: convert with OpenCC itself
  opencc::DictPtr convert_dict;
  KeyFilter segment_keys;        // where segment_dict's keys may begin
  KeyFilter convert_keys;        // where convert_dict's keys may begin
};

HanConverter::HanConverter(const std::string& config_path) {
  std::string reason;
  try {
    impl_ = std::make_unique<Impl>(config_path);
    return;
  } catch (const std::exception& e) {
    reason = e.what();
  } catch (...) {
    reason = "unknown error";
  }
  impl_.reset();
  status_ = Status::Unavailable("opencc: load '" + config_path + "': " + reason);
}

HanConverter::~HanConverter() = default;

std::string HanConverter::ToSimplified(std::string_view utf8) const {
  // OpenCC stops at a NUL and may read past the end of a truncated UTF-8 sequence.
  if (impl_ == nullptr || utf8.empty() || utf8.find('\0') != std::string_view::npos ||
      !base::IsValidUtf8(utf8)) {
    return std::string(utf8);
  }
  try {
    return impl_->Convert(utf8);
  } catch (...) {
    return std::string(utf8);
  }
}

bool HanConverter::Keeps(char32_t cp, char32_t next) const {
  if (impl_ == nullptr) return true;
  if (impl_->segment_dict == nullptr) return false;  // OpenCC's own algorithm: no shortcut
  return !impl_->convert_keys.MayBeginAt(cp, next);
}

std::string HanConverter::DefaultConfigPath() {
  const char* dir = std::getenv("ENGRAM_OPENCC_DIR");
  std::string base = (dir != nullptr && dir[0] != '\0') ? dir : ENGRAM_OPENCC_DATA_DIR;
  if (base.back() != '/') base += '/';
  return base + "t2s.json";
}

const HanConverter& DefaultHanConverter() {
  // Leaked on purpose: tokenizer callbacks may run during static destruction.
  static const HanConverter* const converter = new HanConverter(HanConverter::DefaultConfigPath());
  return *converter;
}

}  // namespace engram::text
