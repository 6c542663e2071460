#include "src/text/han_converter.h"

#include <cstdlib>
#include <exception>

#include <SimpleConverter.hpp>

#include "src/base/utf8.h"

#ifndef ENGRAM_OPENCC_DATA_DIR
#define ENGRAM_OPENCC_DATA_DIR "/usr/share/opencc"
#endif

namespace engram::text {

struct HanConverter::Impl {
  explicit Impl(const std::string& config_path) : converter(config_path) {}
  opencc::SimpleConverter converter;
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
    return impl_->converter.Convert(utf8.data(), utf8.size());
  } catch (...) {
    return std::string(utf8);
  }
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
