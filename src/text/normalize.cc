#include "src/text/normalize.h"

#include <algorithm>
#include <vector>

#include "src/base/utf8.h"
#include "src/text/han_converter.h"
#include "src/text/unicode_fold.h"

namespace engram::text {
namespace {

// Control characters (C0, DEL, C1) that are not whitespace, and the BOM.
bool IsRemovedControl(char32_t cp) {
  return (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xFEFF) &&
         !internal::IsUnicodeSpace(cp);
}

// Copies `utf8` without removed controls (invalid bytes are kept for FoldClusters to report).
// Done before NFKC so that the characters around a removed control compose as neighbours,
// which keeps Normalize() idempotent.
std::string_view StripControls(std::string_view utf8, std::string* storage) {
  size_t pos = 0;
  while (pos < utf8.size()) {
    const size_t start = pos;
    if (IsRemovedControl(base::DecodeUtf8(utf8, &pos))) {
      storage->assign(utf8.substr(0, start));
      while (pos < utf8.size()) {
        const size_t cp_start = pos;
        if (!IsRemovedControl(base::DecodeUtf8(utf8, &pos))) {
          storage->append(utf8.substr(cp_start, pos - cp_start));
        }
      }
      return *storage;
    }
  }
  return utf8;
}

std::string NormalizeImpl(std::string_view utf8, bool case_fold) {
  std::string storage;
  const std::string_view input = StripControls(utf8, &storage);
  std::vector<internal::FoldedChar> chars;
  chars.reserve(input.size());
  internal::FoldClusters(input, case_fold, &chars);
  std::string out;
  out.reserve(utf8.size());
  bool pending_space = false;
  for (const internal::FoldedChar& c : chars) {
    if (internal::IsUnicodeSpace(c.cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) {
      out.push_back(' ');
      pending_space = false;
    }
    base::AppendUtf8(c.cp, &out);
  }
  return out;
}

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// NormalizeImpl(utf8, true) of ASCII text, without decoding: NFKC leaves ASCII as it is, case
// folding lowers A-Z only, and no Han character is there to convert (normalize_test.cc compares
// the two).
std::string FoldAscii(std::string_view ascii) {
  std::string out;
  out.reserve(ascii.size());
  bool pending_space = false;
  for (const char c : ascii) {
    if ((c >= 0x09 && c <= 0x0D) || c == ' ') {
      pending_space = !out.empty();
      continue;
    }
    if (IsRemovedControl(static_cast<unsigned char>(c))) continue;
    if (pending_space) {
      out.push_back(' ');
      pending_space = false;
    }
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

}  // namespace

std::string Normalize(std::string_view utf8) { return NormalizeImpl(utf8, false); }

std::string FoldForSearch(std::string_view utf8) {
  if (IsAscii(utf8)) return FoldAscii(utf8);
  return DefaultHanConverter().ToSimplified(NormalizeImpl(utf8, true));
}

}  // namespace engram::text
