#include "src/extract/deobfuscate.h"

#include "src/base/utf8.h"

namespace engram::extract {
namespace {

enum class Cls { kAlnum, kOther, kSeparator, kInvisible };

bool IsAsciiAlnum(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

Cls Classify(char32_t c) {
  // Apostrophes join words ("user's" is one token), so they count as word characters.
  if (IsAsciiAlnum(c) || c == '\'' || c == 0x2019) return Cls::kAlnum;
  switch (c) {
    case 0x00AD: case 0x200B: case 0x200C: case 0x200D: case 0x2060: case 0xFEFF:
      return Cls::kInvisible;
    case ' ': case '.': case ',': case '-': case '_': case '*': case '~':
    case 0x00B7: case 0x2022: case 0x3001: case 0xFF0C: case 0x3002:
      return Cls::kSeparator;
    default:
      return Cls::kOther;  // Han, punctuation such as [ ] < > | :, other letters
  }
}

struct Cp {
  char32_t c;
  uint32_t begin;
  uint32_t end;
  Cls cls;
};

}  // namespace

DeobfuscatedText Deobfuscate(std::string_view folded) {
  std::vector<Cp> cps;
  cps.reserve(folded.size());
  size_t pos = 0;
  while (pos < folded.size()) {
    const size_t begin = pos;
    const char32_t c = base::DecodeUtf8(folded, &pos);
    const Cls cls = Classify(c);
    if (cls == Cls::kInvisible) continue;
    cps.push_back(Cp{c, static_cast<uint32_t>(begin), static_cast<uint32_t>(pos), cls});
  }
  // A token is "short" when it is one non-separator code point that is not part of a longer
  // ASCII alphanumeric run.
  auto short_token = [&](size_t i) {
    if (cps[i].cls == Cls::kOther) return true;
    const bool left = i > 0 && cps[i - 1].cls == Cls::kAlnum;
    const bool right = i + 1 < cps.size() && cps[i + 1].cls == Cls::kAlnum;
    return !left && !right;
  };
  // Leetspeak inside words that mix letters and digits ("1gn0re" -> "ignore").
  for (size_t i = 0; i < cps.size();) {
    size_t j = i;
    int letters = 0;
    int digits = 0;
    while (j < cps.size() && cps[j].cls == Cls::kAlnum) {
      letters += cps[j].c >= 'a' && cps[j].c <= 'z';
      digits += cps[j].c >= '0' && cps[j].c <= '9';
      ++j;
    }
    if (letters >= 3 && digits > 0) {
      for (size_t k = i; k < j; ++k) {
        static constexpr char kLeet[] = "oi2eas6t89";  // 0->o 1->i 3->e 4->a 5->s 7->t
        if (cps[k].c >= '0' && cps[k].c <= '9') cps[k].c = kLeet[cps[k].c - '0'];
      }
    }
    i = j == i ? i + 1 : j;
  }
  DeobfuscatedText out;
  out.text.reserve(folded.size());
  out.source.reserve(folded.size() + 1);
  for (size_t i = 0; i < cps.size(); ++i) {
    if (cps[i].cls == Cls::kSeparator) {
      size_t j = i;
      while (j < cps.size() && cps[j].cls == Cls::kSeparator) ++j;
      const bool drop = i > 0 && j < cps.size() && short_token(i - 1) && short_token(j);
      if (drop) {
        i = j - 1;
        continue;
      }
    }
    if (cps[i].c < 0x80 && cps[i].end - cps[i].begin == 1) {
      out.text.push_back(static_cast<char>(cps[i].c));  // possibly de-leeted
      out.source.push_back(cps[i].begin);
      continue;
    }
    for (uint32_t b = cps[i].begin; b < cps[i].end; ++b) {
      out.text.push_back(folded[b]);
      out.source.push_back(b);
    }
  }
  out.source.push_back(static_cast<uint32_t>(folded.size()));
  return out;
}

}  // namespace engram::extract
