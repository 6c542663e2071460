#include "src/text/tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "src/base/utf8.h"
#include "src/text/han_converter.h"
#include "src/text/stemmer.h"
#include "src/text/unicode_fold.h"

namespace engram::text {
namespace {

using internal::CharClass;
using internal::FoldedChar;

// Scratch vectors larger than this many elements are released after use.
constexpr size_t kScratchKeep = 1 << 14;

CharClass ClassOf(const FoldedChar& c) {
  if (c.cp < 0x80 && !c.invalid) {  // internal::Classify's answer for ASCII, without a call
    const char32_t cp = c.cp;
    if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
      return CharClass::kWord;
    }
    return cp == '-' || cp == '_' ? CharClass::kJoiner : CharClass::kSeparator;
  }
  return c.invalid ? CharClass::kSeparator : internal::Classify(c.cp);
}

bool IsLetter(char32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
  return internal::IsLetter(cp);
}

bool IsNumber(char32_t cp) {
  if (cp < 0x80) return cp >= '0' && cp <= '9';
  return internal::IsNumber(cp);
}

// One character of a CJK run after Han conversion, with its source byte range.
struct RunChar {
  char32_t cp;
  size_t begin;
  size_t end;
};

// A character's UTF-8 bytes.
struct Utf8Char {
  char bytes[4];
  uint8_t size;
};

Utf8Char EncodeUtf8(char32_t cp) {
  std::string s;  // short: no allocation
  base::AppendUtf8(cp, &s);
  Utf8Char out{};
  out.size = static_cast<uint8_t>(s.size());
  std::memcpy(out.bytes, s.data(), s.size());
  return out;
}

// Converts the Han characters of `run` to simplified in place (see the header for offsets).
void ConvertRun(std::vector<RunChar>* run) {
  const HanConverter& converter = DefaultHanConverter();
  bool has_han = false;
  bool may_change = false;  // a key of the converter's dictionary may begin somewhere
  const size_t n = run->size();
  for (size_t i = 0; i < n; ++i) {
    const char32_t cp = (*run)[i].cp;
    has_han = has_han || internal::IsHanIdeograph(cp);
    may_change = may_change || !converter.Keeps(cp, i + 1 < n ? (*run)[i + 1].cp : 0);
  }
  if (!has_han || !may_change) return;
  std::string original;
  for (const RunChar& c : *run) base::AppendUtf8(c.cp, &original);
  const std::string converted = converter.ToSimplified(original);
  if (converted == original) return;
  std::vector<char32_t> cps;
  for (size_t pos = 0; pos < converted.size();) cps.push_back(base::DecodeUtf8(converted, &pos));
  if (cps.size() == run->size()) {
    for (size_t i = 0; i < cps.size(); ++i) (*run)[i].cp = cps[i];
    return;
  }
  const size_t begin = run->front().begin;
  const size_t end = run->back().end;
  run->clear();
  for (char32_t cp : cps) run->push_back({cp, begin, end});
}

void EmitCjkRun(const std::vector<RunChar>& run, TokenizeMode mode, std::vector<Token>* out) {
  thread_local std::vector<Utf8Char> utf8;  // scratch: each character encoded once
  utf8.clear();
  for (const RunChar& c : run) utf8.push_back(EncodeUtf8(c.cp));
  auto emit = [&](size_t i, size_t length, bool colocated) {
    char bytes[8];
    size_t size = 0;
    for (size_t k = i; k < i + length; ++k) {
      std::memcpy(bytes + size, utf8[k].bytes, utf8[k].size);
      size += utf8[k].size;
    }
    out->push_back(Token{std::string(bytes, size), run[i].begin, run[i + length - 1].end, colocated});
  };
  const size_t n = run.size();
  if (mode == TokenizeMode::kDocument) {
    for (size_t i = 0; i < n; ++i) {
      emit(i, 1, false);
      if (i + 1 < n) emit(i, 2, true);
    }
  } else if (n == 1) {
    emit(0, 1, false);
  } else {
    for (size_t i = 0; i + 1 < n; ++i) emit(i, 2, false);
  }
  if (utf8.capacity() > kScratchKeep) std::vector<Utf8Char>().swap(utf8);
}

// Consumes the CJK run starting at chars[i]; returns the index after it.
size_t TokenizeCjkRun(const std::vector<FoldedChar>& chars, size_t i, TokenizeMode mode,
                      std::vector<Token>* out) {
  thread_local std::vector<RunChar> run;  // scratch: Tokenize never re-enters itself
  run.clear();
  for (; i < chars.size(); ++i) {
    const CharClass cls = ClassOf(chars[i]);
    if (cls == CharClass::kCjk) {
      run.push_back({chars[i].cp, chars[i].begin, chars[i].end});
    } else if (cls != CharClass::kMark && cls != CharClass::kTransparent) {
      break;  // marks (e.g. variation selectors) and invisible characters do not split a run
    }
  }
  ConvertRun(&run);
  EmitCjkRun(run, mode, out);
  if (run.capacity() > kScratchKeep) std::vector<RunChar>().swap(run);
  return i;
}

// A word between joiners.
struct Segment {
  std::string text;
  size_t begin = 0;
  size_t end = 0;
  bool has_letter = false;
  bool has_digit = false;
};

// Consumes the word run (words joined by single '-' / '_') starting at chars[i]; returns the
// index after it.
size_t TokenizeWordRun(const std::vector<FoldedChar>& chars, size_t i, std::vector<Token>* out) {
  thread_local std::vector<Segment> segments;  // scratch: Tokenize never re-enters itself
  thread_local std::string joiners;
  segments.clear();
  segments.emplace_back();
  segments.back().begin = chars[i].begin;
  joiners.clear();
  for (; i < chars.size(); ++i) {
    const FoldedChar& c = chars[i];
    const CharClass cls = ClassOf(c);
    Segment& segment = segments.back();
    if (cls == CharClass::kWord || cls == CharClass::kMark) {
      base::AppendUtf8(c.cp, &segment.text);
      segment.end = c.end;
      segment.has_letter = segment.has_letter || IsLetter(c.cp);
      segment.has_digit = segment.has_digit || IsNumber(c.cp);
    } else if (cls == CharClass::kTransparent) {
      continue;
    } else if (cls == CharClass::kJoiner && i + 1 < chars.size() &&
               ClassOf(chars[i + 1]) == CharClass::kWord) {
      joiners.push_back(static_cast<char>(c.cp));
      segments.emplace_back();
      segments.back().begin = chars[i + 1].begin;
    } else {
      break;
    }
  }
  bool has_letter = false;
  bool has_digit = false;
  for (const Segment& s : segments) {
    has_letter = has_letter || s.has_letter;
    has_digit = has_digit || s.has_digit;
  }
  if (segments.size() > 1 && has_letter && has_digit) {
    Token token{segments[0].text, segments[0].begin, segments.back().end, false};
    for (size_t k = 1; k < segments.size(); ++k) {
      token.text.push_back(joiners[k - 1]);
      token.text += segments[k].text;
    }
    out->push_back(std::move(token));
    return i;
  }
  for (Segment& s : segments) {
    std::string text = s.has_digit ? std::move(s.text) : LightStem(s.text);
    out->push_back({std::move(text), s.begin, s.end, false});
  }
  if (segments.capacity() > kScratchKeep) std::vector<Segment>().swap(segments);
  return i;
}

}  // namespace

void Tokenize(std::string_view text, TokenizeMode mode, std::vector<Token>* out) {
  out->clear();
  thread_local std::vector<FoldedChar> chars;  // scratch: Tokenize never re-enters itself
  chars.clear();
  chars.reserve(text.size());
  internal::FoldClusters(text, /*case_fold=*/true, &chars);
  out->reserve(std::min<size_t>(
      mode == TokenizeMode::kDocument ? 2 * chars.size() : chars.size(), 4096));
  size_t i = 0;
  while (i < chars.size()) {
    switch (ClassOf(chars[i])) {
      case CharClass::kCjk:
        i = TokenizeCjkRun(chars, i, mode, out);
        break;
      case CharClass::kWord:
        i = TokenizeWordRun(chars, i, out);
        break;
      default:
        ++i;  // separators, and joiners / marks / invisibles outside a word
        break;
    }
  }
  // A huge text leaves no huge scratch behind.
  if (chars.capacity() > kScratchKeep) std::vector<FoldedChar>().swap(chars);
}

}  // namespace engram::text
