#include "src/text/normalize.h"

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

}  // namespace

std::string Normalize(std::string_view utf8) { return NormalizeImpl(utf8, false); }

std::string FoldForSearch(std::string_view utf8) {
  return DefaultHanConverter().ToSimplified(NormalizeImpl(utf8, true));
}

}  // namespace engram::text
