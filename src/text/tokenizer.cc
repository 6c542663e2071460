#include "src/text/tokenizer.h"

#include <algorithm>

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
  return c.invalid ? CharClass::kSeparator : internal::Classify(c.cp);
}

// One character of a CJK run after Han conversion, with its source byte range.
struct RunChar {
  char32_t cp;
  size_t begin;
  size_t end;
};

// Converts the Han characters of `run` to simplified in place (see the header for offsets).
void ConvertRun(std::vector<RunChar>* run) {
  const HanConverter& converter = DefaultHanConverter();
  bool has_han = false;
  bool may_change = false;  // some character begins a key of the converter's dictionaries
  for (const RunChar& c : *run) {
    has_han = has_han || internal::IsHanIdeograph(c.cp);
    may_change = may_change || !converter.Keeps(c.cp);
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
  auto emit = [&](size_t i, size_t length, bool colocated) {
    Token token{std::string(), run[i].begin, run[i + length - 1].end, colocated};
    for (size_t k = i; k < i + length; ++k) base::AppendUtf8(run[k].cp, &token.text);
    out->push_back(std::move(token));
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
  std::vector<Segment> segments(1);
  segments.back().begin = chars[i].begin;
  std::string joiners;
  for (; i < chars.size(); ++i) {
    const FoldedChar& c = chars[i];
    const CharClass cls = ClassOf(c);
    Segment& segment = segments.back();
    if (cls == CharClass::kWord || cls == CharClass::kMark) {
      base::AppendUtf8(c.cp, &segment.text);
      segment.end = c.end;
      segment.has_letter = segment.has_letter || internal::IsLetter(c.cp);
      segment.has_digit = segment.has_digit || internal::IsNumber(c.cp);
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
