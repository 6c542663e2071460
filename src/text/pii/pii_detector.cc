#include "src/text/pii/pii_detector.h"

#include <arpa/inet.h>

#include <array>
#include <cstring>

#include "src/text/pii/id_card.h"
#include "src/text/pii/luhn.h"

namespace engram::text::pii {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsAlnum(char c) { return IsDigit(c) || IsAlpha(c); }
bool IsWord(char c) { return IsAlnum(c) || c == '_'; }
bool IsHex(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// True when position i continues a word or an identifier such as "T-102" or "v1.2".
bool Glued(std::string_view t, size_t i) {
  if (i == 0) return false;
  const char prev = t[i - 1];
  if (IsWord(prev)) return true;
  if ((prev == '-' || prev == '.' || prev == '/' || prev == '_' || prev == '@' || prev == '#') &&
      i >= 2 && IsAlnum(t[i - 2])) {
    return true;
  }
  return false;
}

bool StartsWithNoCase(std::string_view t, size_t i, std::string_view prefix) {
  if (t.size() - i < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    if (Lower(t[i + k]) != prefix[k]) return false;
  }
  return true;
}

// URL: scheme:// or www. followed by printable ASCII; trailing punctuation is not part of it.
size_t MatchUrl(std::string_view t, size_t i) {
  size_t body = 0;
  for (std::string_view p : {"https://", "http://", "ftp://", "www."}) {
    if (StartsWithNoCase(t, i, p)) {
      body = i + p.size();
      break;
    }
  }
  if (body == 0) return 0;
  size_t end = body;
  while (end < t.size()) {
    const unsigned char c = static_cast<unsigned char>(t[end]);
    if (c <= 0x20 || c >= 0x7F || c == '<' || c == '>' || c == '"' || c == '\'' || c == '`') break;
    ++end;
  }
  while (end > body && std::strchr(".,;:!?)]}", t[end - 1]) != nullptr) --end;
  if (end == body || !IsAlnum(t[body])) return 0;
  return end;
}

// E-mail: local@label.label...tld with an alphabetic TLD of 2+ letters.
size_t MatchEmail(std::string_view t, size_t i) {
  size_t at = i;
  while (at < t.size() && (IsAlnum(t[at]) || std::strchr("._%+-", t[at]) != nullptr)) ++at;
  if (at == i || at >= t.size() || t[at] != '@' || t[i] == '.') return 0;
  size_t end = at + 1;
  size_t label_start = end;
  size_t labels = 0;
  size_t last_label_begin = end;
  size_t last_label_end = end;
  while (true) {
    size_t k = label_start;
    while (k < t.size() && (IsAlnum(t[k]) || t[k] == '-')) ++k;
    if (k == label_start) break;
    ++labels;
    last_label_begin = label_start;
    last_label_end = k;
    if (k + 1 < t.size() && t[k] == '.' && IsAlnum(t[k + 1])) {
      label_start = k + 1;
      continue;
    }
    break;
  }
  if (labels < 2) return 0;
  if (last_label_end - last_label_begin < 2) return 0;
  for (size_t k = last_label_begin; k < last_label_end; ++k) {
    if (!IsAlpha(t[k])) return 0;
  }
  return last_label_end;
}

// IPv6: a run of hex digits and colons with 2+ colons that inet_pton accepts.
size_t MatchIpv6(std::string_view t, size_t i) {
  size_t end = i;
  int colons = 0;
  while (end < t.size() && (IsHex(t[end]) || t[end] == ':') && end - i < 46) {
    colons += t[end] == ':';
    ++end;
  }
  if (colons < 2 || (end < t.size() && (IsWord(t[end]) || t[end] == '.'))) return 0;
  char buf[48];
  std::memcpy(buf, t.data() + i, end - i);
  buf[end - i] = '\0';
  unsigned char out[16];
  return inet_pton(AF_INET6, buf, out) == 1 ? end : 0;
}

// A run of digit groups joined by single separators, e.g. "+86 139-1234-5678".
struct Group {
  size_t begin;
  size_t end;
  char sep_before;  // '\0' for the first group
};

constexpr size_t kMaxGroups = 12;

struct NumberRun {
  bool plus = false;
  size_t start = 0;  // position of '+' or of the first group
  std::array<Group, kMaxGroups> groups{};
  size_t count = 0;
  size_t end = 0;
};

NumberRun ScanNumberRun(std::string_view t, size_t i) {
  NumberRun run;
  run.start = i;
  size_t k = i;
  if (t[k] == '+') {
    run.plus = true;
    ++k;
  }
  char sep = '\0';
  while (k < t.size() && run.count < kMaxGroups) {
    bool paren = false;
    if (t[k] == '(' && k + 1 < t.size() && IsDigit(t[k + 1])) {
      paren = true;
      ++k;
    }
    if (k >= t.size() || !IsDigit(t[k])) break;
    const size_t b = k;
    while (k < t.size() && IsDigit(t[k])) ++k;
    if (k < t.size() && (t[k] == 'X' || t[k] == 'x') && (k + 1 == t.size() || !IsWord(t[k + 1]))) {
      ++k;
    }
    run.groups[run.count++] = Group{b, k, sep};
    run.end = k;
    if (paren) {
      if (k < t.size() && t[k] == ')') ++k;
      else break;
    }
    // One separator (or ") " / " (" around an area code) may join the next group.
    size_t s = k;
    sep = '\0';
    while (s < t.size() && s - k < 2 && (t[s] == ' ' || t[s] == '-' || t[s] == '.')) {
      if (sep == '\0') sep = t[s];
      ++s;
    }
    if (s == k && !(k > 0 && t[k - 1] == ')')) break;
    if (s < t.size() && (IsDigit(t[s]) || (t[s] == '(' && s + 1 < t.size()))) {
      k = s;
      if (sep == '\0') sep = ' ';
      continue;
    }
    break;
  }
  return run;
}

bool IsMobile(std::string_view d) {
  return d.size() == 11 && d[0] == '1' && d[1] >= '3' && d[1] <= '9';
}

bool IsLandlineDigits(std::string_view d) {
  return d.size() >= 10 && d.size() <= 12 && d[0] == '0' && d[1] != '0';
}

// Classifies groups [a, b] of `run`. Returns true and fills kind/canonical on a match.
bool Classify(std::string_view t, const NumberRun& run, size_t a, size_t b, PiiKind* kind,
              std::string* canonical) {
  const bool plus = run.plus && a == 0;
  const size_t end = run.groups[b].end;
  if (end < t.size() && (IsWord(t[end]) || t[end] == '@')) return false;
  std::string d;
  bool all_dots = true;
  bool any_dot = false;
  size_t sizes[kMaxGroups];
  for (size_t g = a; g <= b; ++g) {
    const Group& grp = run.groups[g];
    d.append(t.substr(grp.begin, grp.end - grp.begin));
    sizes[g - a] = grp.end - grp.begin;
    if (g > a) {
      all_dots = all_dots && grp.sep_before == '.';
      any_dot = any_dot || grp.sep_before == '.';
    }
  }
  const size_t n = b - a + 1;
  const bool has_x = d.back() == 'X' || d.back() == 'x';
  if (!plus && n == 4 && a == 0 && b + 1 == run.count && all_dots && !has_x) {
    bool ip = true;
    for (size_t g = 0; g < 4; ++g) ip = ip && sizes[g] <= 3;
    if (ip) {
      size_t off = 0;
      for (size_t g = 0; g < 4 && ip; ++g) {
        int v = 0;
        for (size_t k = 0; k < sizes[g]; ++k) v = v * 10 + (d[off + k] - '0');
        if (v > 255 || (sizes[g] > 1 && d[off] == '0')) ip = false;
        off += sizes[g];
      }
    }
    if (ip) {
      *kind = PiiKind::kIp;
      *canonical = std::string(t.substr(run.groups[a].begin, end - run.groups[a].begin));
      return true;
    }
  }
  if (has_x) {
    if (!plus && !any_dot && IsValidIdCard(d)) {
      d.back() = 'X';
      *kind = PiiKind::kIdCard;
      *canonical = std::move(d);
      return true;
    }
    return false;
  }
  if (plus) {
    if (d.size() >= 8 && d.size() <= 15 && d[0] != '0') {
      *kind = PiiKind::kPhone;
      *canonical = "+" + d;
      return true;
    }
    return false;
  }
  // Without '+': mobile (optionally 86 / 0086 prefixed), landline, ID card, bank card.
  std::string_view core = d;
  if (core.size() == 13 && core.substr(0, 2) == "86") core.remove_prefix(2);
  if (core.size() == 15 && core.substr(0, 4) == "0086") core.remove_prefix(4);
  bool groups_ok = true;  // "1 3 9 ..." digit by digit is not a phone number
  for (size_t g = 0; g < n; ++g) groups_ok = groups_ok && (n == 1 || sizes[g] >= 2);
  if (IsMobile(core) && n <= 4 && groups_ok) {
    *kind = PiiKind::kPhone;
    *canonical = std::string(core);
    return true;
  }
  if (any_dot) return false;
  if (d.size() == 18 && IsValidIdCard(d)) {
    *kind = PiiKind::kIdCard;
    *canonical = std::move(d);
    return true;
  }
  if (IsLandlineDigits(d)) {
    bool ok = false;
    if (n == 1) {
      // Contiguous: 010 / 02x take 8 digits, other 4-digit area codes take 7 or 8.
      ok = (d[1] == '1' || d[1] == '2') ? d.size() == 11 : (d.size() == 11 || d.size() == 12);
    } else {
      const size_t area = sizes[0];
      const size_t rest = d.size() - area;
      ok = (area == 3 || area == 4) && rest >= 7 && rest <= 8;
    }
    if (ok) {
      *kind = PiiKind::kPhone;
      *canonical = std::move(d);
      return true;
    }
  }
  // Payment networks start with 2-6 (Mastercard 2/5, Amex/JCB 3, Visa 4, UnionPay/Discover 6);
  // this keeps millisecond timestamps (1...) and most order numbers out.
  if (d.size() >= 13 && d.size() <= 19 && d[0] >= '2' && d[0] <= '6' && LuhnValid(d)) {
    bool grouping_ok = n == 1;
    if (!grouping_ok) {
      grouping_ok = true;
      for (size_t g = 0; g < n; ++g) grouping_ok = grouping_ok && sizes[g] >= 3 && sizes[g] <= 6;
    }
    if (grouping_ok) {
      *kind = PiiKind::kBankCard;
      *canonical = std::move(d);
      return true;
    }
  }
  return false;
}

void Emit(std::string_view t, PiiKind kind, size_t b, size_t e, std::string canonical,
          std::vector<PiiFinding>* out) {
  PiiFinding f;
  f.kind = kind;
  f.begin = b;
  f.end = e;
  f.value = std::string(t.substr(b, e - b));
  f.canonical = std::move(canonical);
  out->push_back(std::move(f));
}

// Emits the longest classifiable group ranges of the run, left to right. Returns run end.
size_t MatchNumberRun(std::string_view t, size_t i, std::vector<PiiFinding>* out) {
  const NumberRun run = ScanNumberRun(t, i);
  if (run.count == 0) return i + 1;
  size_t a = 0;
  while (a < run.count) {
    bool found = false;
    for (size_t b = run.count; b-- > a;) {
      PiiKind kind;
      std::string canonical;
      if (Classify(t, run, a, b, &kind, &canonical)) {
        const size_t begin = (a == 0 && run.plus) ? run.start : run.groups[a].begin;
        size_t begin_adj = begin;
        if (begin_adj > 0 && t[begin_adj - 1] == '(') --begin_adj;  // "(010) 8888 6666"
        Emit(t, kind, begin_adj, run.groups[b].end, std::move(canonical), out);
        a = b + 1;
        found = true;
        break;
      }
    }
    if (!found) ++a;
  }
  return run.end > i ? run.end : i + 1;
}

}  // namespace

std::string_view PiiKindName(PiiKind kind) {
  switch (kind) {
    case PiiKind::kPhone: return "PHONE";
    case PiiKind::kEmail: return "EMAIL";
    case PiiKind::kIdCard: return "ID_CARD";
    case PiiKind::kBankCard: return "BANK_CARD";
    case PiiKind::kUrl: return "URL";
    case PiiKind::kIp: return "IP";
  }
  return "PII";
}

std::optional<PiiKind> PiiKindFromName(std::string_view name) {
  for (PiiKind k : {PiiKind::kPhone, PiiKind::kEmail, PiiKind::kIdCard, PiiKind::kBankCard,
                    PiiKind::kUrl, PiiKind::kIp}) {
    if (PiiKindName(k) == name) return k;
  }
  return std::nullopt;
}

std::vector<PiiFinding> DetectPii(std::string_view t) {
  std::vector<PiiFinding> out;
  size_t i = 0;
  while (i < t.size()) {
    const char c = t[i];
    const bool starts_token = IsWord(c) || c == '+' || c == '(' || c == ':';
    if (!starts_token) {
      ++i;
      continue;
    }
    if (Glued(t, i) || (c == '+' && i + 1 < t.size() && !IsDigit(t[i + 1])) ||
        (c == '(' && (i + 1 >= t.size() || !IsDigit(t[i + 1])))) {
      // Skip the rest of this word: never start a match in the middle of an identifier.
      ++i;
      while (i < t.size() && IsWord(t[i])) ++i;
      continue;
    }
    if (c != '+' && c != '(' && c != ':') {
      if (size_t e = MatchUrl(t, i); e != 0) {
        Emit(t, PiiKind::kUrl, i, e, std::string(t.substr(i, e - i)), &out);
        i = e;
        continue;
      }
      if (size_t e = MatchEmail(t, i); e != 0) {
        std::string canonical(t.substr(i, e - i));
        for (char& ch : canonical) ch = Lower(ch);
        Emit(t, PiiKind::kEmail, i, e, std::move(canonical), &out);
        i = e;
        continue;
      }
    }
    if (IsHex(c) || c == ':') {
      if (size_t e = MatchIpv6(t, i); e != 0) {
        Emit(t, PiiKind::kIp, i, e, std::string(t.substr(i, e - i)), &out);
        i = e;
        continue;
      }
      if (c == ':') {
        ++i;
        continue;
      }
    }
    if (IsDigit(c) || c == '+' || c == '(') {
      i = MatchNumberRun(t, i, &out);
      // A run that ended glued to a letter leaves the rest of that word unscanned.
      while (i < t.size() && IsWord(t[i]) && i > 0 && IsWord(t[i - 1])) ++i;
      continue;
    }
    ++i;
    while (i < t.size() && IsWord(t[i])) ++i;
  }
  return out;
}

}  // namespace engram::text::pii
