#include "src/text/unicode_fold.h"

#include <utf8proc.h>

#include "src/base/utf8.h"

namespace engram::text::internal {
namespace {

// Decodes the code point at s[*pos]; returns false (and still advances) for an invalid byte.
bool DecodeValid(std::string_view s, size_t* pos, char32_t* cp) {
  const size_t start = *pos;
  *cp = base::DecodeUtf8(s, pos);
  return !(*cp == 0xFFFD && *pos - start == 1);
}

// NFKC (+ case fold) of one valid cluster s[begin, end), appended to *out. `buffer` is scratch.
void FoldCluster(std::string_view s, size_t begin, size_t end, utf8proc_option_t options,
                 std::vector<utf8proc_int32_t>* buffer, std::vector<FoldedChar>* out) {
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(s.data() + begin);
  const auto length = static_cast<utf8proc_ssize_t>(end - begin);
  auto capacity = static_cast<utf8proc_ssize_t>(buffer->size());
  utf8proc_ssize_t n = utf8proc_decompose(bytes, length, buffer->data(), capacity, options);
  if (n > capacity) {
    buffer->resize(static_cast<size_t>(n));
    capacity = n;
    n = utf8proc_decompose(bytes, length, buffer->data(), capacity, options);
  }
  if (n >= 0 && n <= capacity) n = utf8proc_normalize_utf32(buffer->data(), n, options);
  if (n < 0 || n > capacity) {
    // Unreachable for valid UTF-8; keep the cluster unchanged rather than lose text.
    for (size_t pos = begin; pos < end;) {
      char32_t cp = 0;
      DecodeValid(s, &pos, &cp);
      out->push_back({cp, begin, end, false});
    }
    return;
  }
  for (utf8proc_ssize_t i = 0; i < n; ++i) {
    out->push_back({static_cast<char32_t>((*buffer)[i]), begin, end, false});
  }
}

bool InRange(char32_t cp, char32_t lo, char32_t hi) { return cp >= lo && cp <= hi; }

// Whether s[pos] begins a CJK unified ideograph (U+4E00..U+9FFF, three bytes in UTF-8); if
// so, sets *cp. Decodes inline: most Chinese text is nothing else.
bool DecodeIdeograph(std::string_view s, size_t pos, char32_t* cp) {
  if (pos + 2 >= s.size()) return false;
  const auto b0 = static_cast<unsigned char>(s[pos]);
  const auto b1 = static_cast<unsigned char>(s[pos + 1]);
  const auto b2 = static_cast<unsigned char>(s[pos + 2]);
  if (b0 < 0xE4 || b0 > 0xE9 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return false;
  *cp = static_cast<char32_t>((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F));
  return *cp >= 0x4E00;  // lead bytes E4..E9 end at U+9FFF
}

bool IsKana(char32_t cp) {
  return InRange(cp, 0x3041, 0x3096) || InRange(cp, 0x309D, 0x309F) ||
         InRange(cp, 0x30A1, 0x30FA) || InRange(cp, 0x30FC, 0x30FF) ||
         InRange(cp, 0x31F0, 0x31FF) || InRange(cp, 0x1B000, 0x1B16F);
}

bool IsHangul(char32_t cp) {
  return InRange(cp, 0x1100, 0x11FF) || InRange(cp, 0x3131, 0x318E) ||
         InRange(cp, 0xA960, 0xA97F) || InRange(cp, 0xAC00, 0xD7A3) ||
         InRange(cp, 0xD7B0, 0xD7FF);
}

}  // namespace

void FoldClusters(std::string_view s, bool case_fold, std::vector<FoldedChar>* out) {
  const auto options = static_cast<utf8proc_option_t>(
      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | (case_fold ? UTF8PROC_CASEFOLD : 0));
  // Scratch for FoldCluster, kept by the thread (FoldClusters never re-enters itself).
  thread_local std::vector<utf8proc_int32_t> buffer(4 * kMaxClusterCodePoints);
  size_t pos = 0;
  while (pos < s.size()) {
    const auto byte = static_cast<unsigned char>(s[pos]);
    // Fast path: ASCII followed by ASCII is a cluster of its own and NFKC-stable.
    if (byte < 0x80 &&
        (pos + 1 == s.size() || static_cast<unsigned char>(s[pos + 1]) < 0x80)) {
      char32_t cp = byte;
      if (case_fold && byte >= 'A' && byte <= 'Z') cp = byte + ('a' - 'A');
      out->push_back({cp, pos, pos + 1, false});
      ++pos;
      continue;
    }
    char32_t cp = 0;
    // Fast path: a CJK unified ideograph followed by another, by ASCII or by nothing is a
    // cluster of its own (grapheme rule GB999), NFKC-stable and caseless.
    if (DecodeIdeograph(s, pos, &cp)) {
      const size_t after = pos + 3;
      char32_t next_cp = 0;
      if (after == s.size() || static_cast<unsigned char>(s[after]) < 0x80 ||
          DecodeIdeograph(s, after, &next_cp)) {
        out->push_back({cp, pos, after, false});
        pos = after;
        continue;
      }
    }
    size_t end = pos;
    if (!DecodeValid(s, &end, &cp)) {
      out->push_back({0xFFFD, pos, end, true});
      pos = end;
      continue;
    }
    // Extend the cluster up to the next grapheme break (or the size cap, or an invalid byte).
    utf8proc_int32_t state = 0;
    size_t count = 1;
    while (end < s.size() && count < kMaxClusterCodePoints) {
      size_t next = end;
      char32_t next_cp = 0;
      if (!DecodeValid(s, &next, &next_cp)) break;
      if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(cp),
                                           static_cast<utf8proc_int32_t>(next_cp), &state)) {
        break;
      }
      cp = next_cp;
      end = next;
      ++count;
    }
    FoldCluster(s, pos, end, options, &buffer, out);
    pos = end;
  }
}

bool IsHanIdeograph(char32_t cp) {
  return InRange(cp, 0x3400, 0x4DBF) || InRange(cp, 0x4E00, 0x9FFF) ||
         InRange(cp, 0xF900, 0xFAFF) || InRange(cp, 0x20000, 0x3FFFD) ||
         InRange(cp, 0x3005, 0x3007) || cp == 0x303B;
}

CharClass Classify(char32_t cp) {
  if (cp < 0x80) {
    if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
      return CharClass::kWord;
    }
    if (cp == '-' || cp == '_') return CharClass::kJoiner;
    return CharClass::kSeparator;
  }
  if (IsHanIdeograph(cp) || IsKana(cp) || IsHangul(cp)) return CharClass::kCjk;
  if (cp == 0x00AD || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF) {
    return CharClass::kTransparent;
  }
  if (IsLetter(cp) || IsNumber(cp)) return CharClass::kWord;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
      return CharClass::kMark;
    default:
      return CharClass::kSeparator;
  }
}

bool IsUnicodeSpace(char32_t cp) {
  return InRange(cp, 0x09, 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         InRange(cp, 0x2000, 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

bool IsLetter(char32_t cp) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
      return true;
    default:
      return false;
  }
}

bool IsNumber(char32_t cp) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
      return true;
    default:
      return false;
  }
}

}  // namespace engram::text::internal
