#include "src/text/han_converter.h"

#include <cstdlib>
#include <exception>
#include <memory>
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
// character, although few characters begin any key. Impl::Convert() is the same algorithm
// with the same dictionaries and lookups, but it skips the lookups at characters that begin no
// key (a code-point bitmap built from the lexicons), so its output is OpenCC's byte for byte
// (checked against OpenCC in han_converter_test.cc) at a fraction of the cost. Any other
// configuration shape (another segmentation, several conversions) goes through OpenCC.
struct HanConverter::Impl {
  explicit Impl(const std::string& config_path)
      : converter(opencc::Config().NewFromFile(config_path)) {
    auto segmentation =
        std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>(converter->GetSegmentation());
    const auto conversions = converter->GetConversionChain()->GetConversions();
    if (segmentation == nullptr || conversions.size() != 1) return;
    segment_dict = segmentation->GetDict();
    convert_dict = conversions.front()->GetDict();
    starts.assign(0x110000, false);
    for (const opencc::DictPtr& dict : {segment_dict, convert_dict}) {
      const opencc::LexiconPtr lexicon = dict->GetLexicon();
      for (const auto& entry : *lexicon) {
        const std::string key = entry->Key();
        size_t pos = 0;
        if (!key.empty()) starts[base::DecodeUtf8(key, &pos)] = true;
      }
    }
  }

  // OpenCC's Conversion::Convert of one segment.
  void ConvertSegment(std::string_view seg, std::string* out) const {
    size_t i = 0;
    while (i < seg.size()) {
      size_t next = i;
      if (starts[base::DecodeUtf8(seg, &next)]) {
        auto m = convert_dict->MatchPrefix(seg.data() + i, seg.size() - i);
        if (!m.IsNull()) {
          out->append(m.Get()->GetDefault());
          i += m.Get()->KeyLength();
          continue;
        }
      }
      out->append(seg.substr(i, next - i));
      i = next;
    }
  }

  // REQUIRES: valid UTF-8 without NUL.
  std::string Convert(std::string_view s) const {
    if (segment_dict == nullptr) return converter->Convert(std::string(s));
    // Most text begins no key anywhere: nothing to convert.
    bool any_start = false;
    for (size_t i = 0; i < s.size() && !any_start;) any_start = starts[base::DecodeUtf8(s, &i)];
    if (!any_start) return std::string(s);
    std::string out;
    out.reserve(s.size());
    size_t run = 0;  // start of the pending segment of unmatched characters
    size_t i = 0;
    while (i < s.size()) {
      size_t next = i;
      if (starts[base::DecodeUtf8(s, &next)]) {
        auto m = segment_dict->MatchPrefix(s.data() + i, s.size() - i);
        if (!m.IsNull()) {
          const size_t k = m.Get()->KeyLength();
          ConvertSegment(s.substr(run, i - run), &out);
          ConvertSegment(s.substr(i, k), &out);
          i += k;
          run = i;
          continue;
        }
      }
      i = next;
    }
    ConvertSegment(s.substr(run), &out);
    return out;
  }

  opencc::ConverterPtr converter;
  opencc::DictPtr segment_dict;  // null: convert with OpenCC itself
  opencc::DictPtr convert_dict;
  std::vector<bool> starts;      // by code point: begins a key of either dictionary
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

bool HanConverter::Keeps(char32_t cp) const {
  if (impl_ == nullptr) return true;
  if (impl_->segment_dict == nullptr) return false;  // OpenCC's own algorithm: no shortcut
  return cp >= impl_->starts.size() || !impl_->starts[cp];
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
