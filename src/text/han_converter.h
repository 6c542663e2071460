// HanConverter: traditional -> simplified Chinese conversion, a thin wrapper around OpenCC's
// "t2s" configuration (phrase-aware: OpenCC segments by its phrase dictionary first).
//
// Loading the dictionaries takes tens of milliseconds, so a converter is built once and shared.
// If OpenCC cannot load, the converter is still usable: ToSimplified() returns its input
// unchanged and status() says why. No OpenCC exception ever leaves this class.
//
// Thread safety: after construction every method is const and safe to call concurrently
// (OpenCC's Convert() only reads its dictionaries).
#ifndef ENGRAM_SRC_TEXT_HAN_CONVERTER_H_
#define ENGRAM_SRC_TEXT_HAN_CONVERTER_H_

#include <memory>
#include <string>
#include <string_view>

#include "engram/status.h"

namespace engram::text {

class HanConverter {
 public:
  // Loads the OpenCC JSON configuration at `config_path` (e.g. "/usr/share/opencc/t2s.json";
  // the dictionaries it names are looked up beside it). Never throws: on failure the converter
  // is the identity and status() is Unavailable("opencc: load '<path>': <reason>").
  explicit HanConverter(const std::string& config_path);
  ~HanConverter();

  HanConverter(const HanConverter&) = delete;
  HanConverter& operator=(const HanConverter&) = delete;

  // True iff the OpenCC configuration loaded.
  bool ok() const { return status_.ok(); }
  // OK, or why loading failed.
  const Status& status() const { return status_; }

  // Converts traditional Han characters in `utf8` to simplified; everything else is copied.
  // Returns `utf8` unchanged when !ok() or if OpenCC fails on this input.
  // REQUIRES: `utf8` is valid UTF-8 without NUL bytes (OpenCC stops at the first NUL; a NUL
  // or invalid input yields the input unchanged).
  std::string ToSimplified(std::string_view utf8) const;

  // True when no conversion can begin at the character `cp` followed by `next` (0: the
  // text ends after `cp`), or nothing loaded. ToSimplified() leaves a text unchanged when this
  // holds at each of its characters: a cheap test to skip the conversion of most runs.
  bool Keeps(char32_t cp, char32_t next) const;

  // The t2s config the default converter loads: "$ENGRAM_OPENCC_DIR/t2s.json" when that
  // environment variable is set and non-empty, else "t2s.json" in the OpenCC data directory
  // of the package found at build time (normally /usr/share/opencc).
  static std::string DefaultConfigPath();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;  // null when loading failed
  Status status_;
};

// The process-wide converter used by FoldForSearch() and Tokenize(), built on first use from
// HanConverter::DefaultConfigPath() (so ENGRAM_OPENCC_DIR is read once, at that moment).
//
// This function-local static is the one process-wide object of the text module, by design:
// the converter is immutable after construction, costly to load, and needed by the SQLite FTS5
// tokenizer callback, which has no way to receive injected collaborators. It is initialized
// thread-safely (C++ static initialization) and never destroyed before exit.
const HanConverter& DefaultHanConverter();

}  // namespace engram::text

#endif  // ENGRAM_SRC_TEXT_HAN_CONVERTER_H_
