#include "src/text/pii/pii_masker.h"

#include <map>
#include <utility>

#include "src/text/normalize.h"

namespace engram::text::pii {
namespace {

constexpr std::string_view kOpen = "\xE2\x9F\xA6";   // U+27E6 ⟦
constexpr std::string_view kClose = "\xE2\x9F\xA7";  // U+27E7 ⟧
constexpr size_t kMaxIdLen = 32;

bool ValidId(std::string_view id) {
  if (id.empty() || id.size() > kMaxIdLen) return false;
  for (char c : id) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))) return false;
  }
  return true;
}

// Appends `s` with any ⟦ / ⟧ replaced by [ / ].
void AppendEscaped(std::string_view s, std::string* out) {
  size_t i = 0;
  while (i < s.size()) {
    const size_t p = s.find("\xE2\x9F", i);
    if (p == std::string_view::npos || p + 2 >= s.size()) {
      out->append(s.substr(i));
      return;
    }
    out->append(s.substr(i, p - i));
    const char third = s[p + 2];
    if (third == '\xA6') {
      out->push_back('[');
    } else if (third == '\xA7') {
      out->push_back(']');
    } else {
      out->append(s.substr(p, 3));
    }
    i = p + 3;
  }
}

std::string Stars(size_t n) { return std::string(n, '*'); }

std::string KeepEnds(std::string_view s, size_t head, size_t tail) {
  if (s.size() <= head + tail) {
    // Too short to show both ends: show only the last two characters.
    if (s.size() <= 2) return Stars(s.size());
    return Stars(s.size() - 2) + std::string(s.substr(s.size() - 2));
  }
  return std::string(s.substr(0, head)) + Stars(s.size() - head - tail) +
         std::string(s.substr(s.size() - tail));
}

std::string DigitsOf(std::string_view v, bool* plus) {
  std::string d;
  *plus = false;
  for (char c : v) {
    if (c >= '0' && c <= '9') d.push_back(c);
    if (c == 'X' || c == 'x') d.push_back('X');
    if (c == '+' && d.empty()) *plus = true;
  }
  return d;
}

}  // namespace

std::string MakePlaceholder(PiiKind kind, std::string_view id) {
  std::string out(kOpen);
  out.append(PiiKindName(kind));
  out.push_back(':');
  out.append(id);
  out.append(kClose);
  return out;
}

SanitizedText MaskPii(std::string_view text, const PlaceholderIdFn& id_fn) {
  SanitizedText result;
  result.findings = DetectPii(text);
  result.text.reserve(text.size() + 16 * result.findings.size());
  std::map<std::pair<PiiKind, std::string>, std::string> assigned;
  int ordinals[6] = {0, 0, 0, 0, 0, 0};
  size_t pos = 0;
  for (PiiFinding& f : result.findings) {
    auto key = std::make_pair(f.kind, f.canonical);
    auto it = assigned.find(key);
    if (it == assigned.end()) {
      const int ordinal = ++ordinals[static_cast<int>(f.kind)];
      std::string id = id_fn ? id_fn(f.kind, f.canonical, ordinal) : std::string();
      if (!ValidId(id)) id = std::to_string(ordinal);
      it = assigned.emplace(std::move(key), MakePlaceholder(f.kind, id)).first;
    }
    f.placeholder = it->second;
    AppendEscaped(text.substr(pos, f.begin - pos), &result.text);
    result.text.append(f.placeholder);
    pos = f.end;
  }
  AppendEscaped(text.substr(pos), &result.text);
  return result;
}

SanitizedText Sanitize(std::string_view raw, const PlaceholderIdFn& id_fn) {
  return MaskPii(Normalize(raw), id_fn);
}

std::vector<PlaceholderRef> FindPlaceholders(std::string_view text) {
  std::vector<PlaceholderRef> out;
  size_t i = 0;
  while ((i = text.find(kOpen, i)) != std::string_view::npos) {
    const size_t kind_begin = i + kOpen.size();
    size_t k = kind_begin;
    while (k < text.size() && ((text[k] >= 'A' && text[k] <= 'Z') || text[k] == '_')) ++k;
    std::optional<PiiKind> kind = PiiKindFromName(text.substr(kind_begin, k - kind_begin));
    if (!kind || k >= text.size() || text[k] != ':') {
      i = kind_begin;
      continue;
    }
    const size_t id_begin = k + 1;
    const size_t close = text.find(kClose, id_begin);
    if (close == std::string_view::npos || !ValidId(text.substr(id_begin, close - id_begin))) {
      i = kind_begin;
      continue;
    }
    const size_t end = close + kClose.size();
    out.push_back(PlaceholderRef{i, end, *kind, text.substr(i, end - i)});
    i = end;
  }
  return out;
}

std::string WithoutPlaceholderIds(std::string_view text) {
  std::string out;
  size_t pos = 0;
  for (const PlaceholderRef& ref : FindPlaceholders(text)) {
    out.append(text.substr(pos, ref.begin - pos));
    out.append(ref.placeholder.substr(0, ref.placeholder.find(':')));
    out.append(kClose);
    pos = ref.end;
  }
  out.append(text.substr(pos));
  return out;
}

std::string MaskValue(PiiKind kind, std::string_view value) {
  switch (kind) {
    case PiiKind::kPhone: {
      bool plus = false;
      std::string d = DigitsOf(value, &plus);
      if (plus && d.size() == 13 && d.substr(0, 2) == "86") {
        return "+86 " + KeepEnds(d.substr(2), 3, 4);
      }
      return (plus ? "+" : "") + KeepEnds(d, 3, 4);
    }
    case PiiKind::kIdCard:
    case PiiKind::kBankCard: {
      bool plus = false;
      return KeepEnds(DigitsOf(value, &plus), 4, 4);
    }
    case PiiKind::kEmail: {
      const size_t at = value.rfind('@');
      if (at == std::string_view::npos || at == 0) return Stars(value.size());
      return std::string(value.substr(0, 1)) + "***" + std::string(value.substr(at));
    }
    case PiiKind::kUrl: {
      const size_t scheme = value.find("://");
      const size_t host_begin = scheme == std::string_view::npos ? 0 : scheme + 3;
      const size_t host_end = value.find_first_of("/?#", host_begin);
      if (host_end == std::string_view::npos) return std::string(value);
      return std::string(value.substr(0, host_end)) + "/***";
    }
    case PiiKind::kIp: {
      if (value.find(':') != std::string_view::npos) {
        const size_t c = value.find(':');
        return std::string(value.substr(0, c)) + ":****";
      }
      const size_t d1 = value.find('.');
      const size_t d2 = d1 == std::string_view::npos ? d1 : value.find('.', d1 + 1);
      if (d2 == std::string_view::npos) return Stars(value.size());
      return std::string(value.substr(0, d2)) + ".*.*";
    }
  }
  return Stars(value.size());
}

std::string RenderPlaceholders(std::string_view text, RenderMode mode,
                               const PlaceholderLookupFn& lookup) {
  if (mode == RenderMode::kPlaceholder || !lookup) return std::string(text);
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  for (const PlaceholderRef& ref : FindPlaceholders(text)) {
    std::optional<std::string> value = lookup(ref);
    if (!value) continue;
    out.append(text.substr(pos, ref.begin - pos));
    out.append(mode == RenderMode::kPlaintext ? *value : MaskValue(ref.kind, *value));
    pos = ref.end;
  }
  out.append(text.substr(pos));
  return out;
}

}  // namespace engram::text::pii
