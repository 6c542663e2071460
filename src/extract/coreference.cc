#include "src/extract/coreference.h"

#include <algorithm>
#include <cctype>

#include "src/extract/coreference_rules.h"
#include "src/extract/entity_extractor.h"
#include "src/text/pii/pii_masker.h"

namespace engram::extract {
namespace {

using std::string_view;

bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

std::string Lower(string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool AsciiWordAt(string_view text, size_t b, size_t e) {
  return (b == 0 || !IsAlpha(text[b - 1])) && (e >= text.size() || !IsAlpha(text[e]));
}

// The UTF-8 character ending right before `b` / starting at `e`, or "".
string_view CharBefore(string_view text, size_t b) {
  if (b == 0) return {};
  size_t k = b - 1;
  while (k > 0 && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80) --k;
  return text.substr(k, b - k);
}
string_view CharAt(string_view text, size_t e) {
  if (e >= text.size()) return {};
  size_t k = e + 1;
  while (k < text.size() && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80) ++k;
  return text.substr(e, k - e);
}

// `text` with the inside of each masked value blanked ("⟦PHONE:ab3he7…⟧" -> "⟦###…###⟧"), byte
// offsets kept: a placeholder's random id is no pronoun ("he") and no person noun ("mom").
std::string BlankPlaceholders(string_view text) {
  constexpr size_t kBracket = string_view("⟦").size();  // and "⟧": kept
  std::string out(text);
  for (const text::pii::PlaceholderRef& p : text::pii::FindPlaceholders(text)) {
    std::fill(out.begin() + static_cast<std::ptrdiff_t>(p.begin + kBracket),
              out.begin() + static_cast<std::ptrdiff_t>(p.end - kBracket), '#');
  }
  return out;
}

struct Candidate {
  std::string name;
  std::string type;  // person | role | noun
  Gender gender = Gender::kUnknown;
  bool plural = false;
  size_t begin = 0;
  int turn = 0;
};

bool SameOrShortFor(const std::string& name, const std::string& participant) {
  if (name.empty() || participant.empty()) return false;
  std::string a = Lower(name), b = Lower(participant);
  if (a == b) return true;
  return a.size() >= 3 && b.size() > a.size() && b.compare(0, a.size(), a) == 0;
}

Gender MentionGender(const EntityMention& m, std::span<const GenderHint> hints) {
  for (const GenderHint& h : hints) {
    if (h.gender != Gender::kUnknown && Lower(h.name) == Lower(m.key)) return h.gender;
  }
  if (!m.title.empty()) return coref_rules::TitleGender(m.title);
  const string_view surface = m.text;
  for (string_view h : {"Mrs", "Ms", "Miss", "Mr"}) {
    if (surface.substr(0, h.size()) == h && AsciiWordAt(surface, 0, h.size())) {
      return coref_rules::TitleGender(h);
    }
  }
  string_view key = m.key;
  return coref_rules::GivenNameGender(key.substr(0, key.find(' ')));
}

// Person candidates of one turn's text (turn 0: only those before `limit`).
void TurnCandidates(string_view text, int turn, size_t limit, std::span<const GenderHint> hints,
                    std::vector<Candidate>* out) {
  const std::vector<EntityMention> mentions = FindEntityMentions(text);
  auto inside_mention = [&](size_t b, size_t e) {
    for (const EntityMention& m : mentions) {
      if (b < m.end && m.begin < e) return true;
    }
    return false;
  };
  auto mention_follows = [&](size_t e) {  // an appositive: "my colleague Li", "同事张工"
    if (e < text.size() && text[e] == ' ') ++e;
    for (const EntityMention& m : mentions) {
      if (m.begin == e && m.type == EntityType::kPerson) return true;
    }
    return false;
  };
  for (const EntityMention& m : mentions) {
    if (m.begin >= limit) break;
    if (m.type != EntityType::kPerson && m.type != EntityType::kRole) continue;
    if (m.begin == 0 && m.end < text.size() && text[m.end] == ':') continue;  // the speaker
    out->push_back({m.key, m.type == EntityType::kPerson ? "person" : "role",
                    MentionGender(m, hints), false, m.begin, turn});
  }
  for (const coref_rules::PersonNoun& n : coref_rules::ChinesePersonNouns()) {
    for (size_t at = text.find(n.text); at != string_view::npos && at < limit;
         at = text.find(n.text, at + n.text.size())) {
      const size_t e = at + n.text.size();
      if (inside_mention(at, e) || mention_follows(e)) continue;
      out->push_back({std::string(n.text), "noun", n.gender, n.plural, at, turn});
    }
  }
  const std::string lower = Lower(text.substr(0, std::min(limit, text.size())));
  for (const coref_rules::PersonNoun& n : coref_rules::EnglishPersonNouns()) {
    for (size_t at = lower.find(n.text); at != std::string::npos;
         at = lower.find(n.text, at + n.text.size())) {
      const size_t e = at + n.text.size();
      if (!AsciiWordAt(lower, at, e) || inside_mention(at, e) || mention_follows(e)) continue;
      out->push_back({std::string(n.text), "noun", n.gender, n.plural, at, turn});
    }
  }
}

// 两人 / 二人 that count or qualify rather than refer: "我们两人", "两人份", "十二人".
bool BareDualInWord(string_view text, size_t b, size_t e) {
  if (text.compare(b, 3, "两") != 0 && text.compare(b, 3, "二") != 0) return false;
  const string_view before = text.substr(0, b), after = text.substr(e);
  for (string_view w : coref_rules::DualNotAfter()) {
    if (before.size() >= w.size() && before.substr(before.size() - w.size()) == w) return true;
  }
  for (string_view w : coref_rules::DualNotBefore()) {
    if (after.substr(0, w.size()) == w) return true;
  }
  return false;
}

struct Pronoun {
  size_t begin, end;
  const coref_rules::PronounRule* rule;
  bool english;
  PronounCase pronoun_case;
};

PronounCase HerCase(string_view text, size_t e) {
  size_t k = e;
  while (k < text.size() && text[k] == ' ') ++k;
  if (k >= text.size() || !IsAlpha(text[k])) return PronounCase::kObject;  // "her." "her,"
  size_t w = k;
  while (w < text.size() && IsAlpha(text[w])) ++w;
  const std::string next = Lower(text.substr(k, w - k));
  for (string_view f : coref_rules::ObjectFollowers()) {
    if (f == next) return PronounCase::kObject;
  }
  return PronounCase::kPossessive;
}

std::vector<Pronoun> FindPronouns(string_view text,
                                  const std::vector<EntityMention>& mentions) {
  std::vector<Pronoun> out;
  auto after_person = [&](size_t b) {  // "张工他们", "李工他": anchored in place
    for (const EntityMention& m : mentions) {
      if (m.end == b && m.type == EntityType::kPerson) return true;
    }
    return false;
  };
  for (size_t at = 0; at < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (c >= 0x80) {
      const coref_rules::PronounRule* hit = nullptr;
      for (const coref_rules::PronounRule& r : coref_rules::ChinesePronouns()) {
        if (text.compare(at, r.text.size(), r.text) == 0) {
          hit = &r;
          break;
        }
      }
      if (hit == nullptr) {
        at += CharAt(text, at).size();
        continue;
      }
      const size_t e = at + hit->text.size();
      const string_view before = CharBefore(text, at);
      const string_view after = CharAt(text, e);
      // 他人 ("others") before 的, punctuation or the end; "他人在北京" is "he is in ...".
      const string_view after2 = after.empty() ? after : CharAt(text, e + after.size());
      const bool others = hit->text == "他" && after == "人" &&
                          (after2.empty() || after2 == "的" || after2.size() == 1 ||
                           after2 == "，" || after2 == "。");
      const bool word_part =
          others || (hit->dual && BareDualInWord(text, at, e)) ||
          (!before.empty() && coref_rules::ChineseNotPronounBefore().find(before) !=
                                  string_view::npos) ||
          (!hit->plural && !after.empty() && hit->text == "他" &&
           coref_rules::ChineseNotPronounAfter().find(after) != string_view::npos);
      if (!word_part && !after_person(at)) {
        out.push_back({at, e, hit, false, hit->pronoun_case});
      }
      at = e;
      continue;
    }
    if (!IsAlpha(text[at])) {
      ++at;
      continue;
    }
    size_t e = at;
    while (e < text.size() && IsAlpha(text[e])) ++e;
    const std::string word = Lower(text.substr(at, e - at));
    if ((word == "this" || word == "that") && text.compare(e, 7, " person") == 0 &&
        AsciiWordAt(text, at, e + 7)) {
      static constexpr coref_rules::PronounRule kPerson{"this person", Gender::kUnknown, false,
                                                        PronounCase::kSubject};
      out.push_back({at, e + 7, &kPerson, true, PronounCase::kSubject});
      at = e + 7;
      continue;
    }
    for (const coref_rules::PronounRule& r : coref_rules::EnglishPronouns()) {
      if (r.text != word) continue;
      PronounCase pc = r.pronoun_case;
      if (word == "her") pc = HerCase(text, e);
      out.push_back({at, e, &r, true, pc});
      break;
    }
    at = e;
  }
  return out;
}

double GenderFit(Gender pronoun, Gender candidate, bool english) {
  if (pronoun == Gender::kUnknown) return 1.0;
  if (candidate == Gender::kUnknown) {
    if (english) return 0.85;
    return pronoun == Gender::kMale ? 0.9 : 0.75;  // 他 is also the generic pronoun
  }
  return pronoun == candidate ? 1.0 : 0.0;
}

void ResolveSingular(const Pronoun& p, const std::vector<Candidate>& cands,
                     CorefResolution* r) {
  struct Scored {
    const Candidate* c;
    double score;
  };
  std::vector<Scored> best;  // best score per name
  for (const Candidate& c : cands) {
    if (c.plural || (c.turn == 0 && c.begin >= p.begin)) continue;
    double s = RecencyWeight(c.turn) * GenderFit(p.rule->gender, c.gender, p.english) *
               (c.type == "role" ? 0.9 : 1.0);
    if (s <= 0) continue;
    auto same = std::find_if(best.begin(), best.end(),
                             [&](const Scored& x) { return x.c->name == c.name; });
    if (same == best.end()) {
      best.push_back({&c, s});
    } else if (s > same->score) {
      *same = {&c, s};
    }
  }
  if (best.empty()) {
    r->reason = "no_antecedent";
    return;
  }
  std::stable_sort(best.begin(), best.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  const bool close = best.size() > 1 && best[1].score >= 0.9 * best[0].score;
  r->confidence = best[0].score * (close ? 0.6 : 1.0);
  r->antecedents.push_back({best[0].c->name, best[0].c->type, best[0].c->turn});
  if (best[0].c->type == "noun") {
    r->reason = "unnamed";
  } else if (r->confidence < kCorefMinConfidence) {
    r->reason = close ? "ambiguous" : "low_confidence";
  } else {
    r->resolved = true;
  }
}

// 他俩, 两人: the last two people named before the pronoun (nearest first: the message, then
// each earlier turn from its end), given in the order they were said. A third person in the
// turn of the older one makes the pair ambiguous.
void ResolveDual(const Pronoun& p, const std::vector<Candidate>& cands, CorefResolution* r) {
  std::vector<const Candidate*> order;
  for (const Candidate& c : cands) {
    if (c.turn == 0 && c.begin >= p.begin) continue;
    if (c.type != "noun" && GenderFit(p.rule->gender, c.gender, false) <= 0) continue;
    order.push_back(&c);
  }
  std::stable_sort(order.begin(), order.end(), [](const Candidate* a, const Candidate* b) {
    return a->turn != b->turn ? a->turn < b->turn : a->begin > b->begin;
  });
  std::vector<const Candidate*> two;
  bool ambiguous = false;
  for (const Candidate* c : order) {
    auto same = [&](const Candidate* x) { return x->name == c->name; };
    if (std::any_of(two.begin(), two.end(), same)) continue;
    if (two.size() == 2) {  // a third person, said in the same turn as the older one
      ambiguous = c->turn == two[1]->turn && c->type != "noun";
      break;
    }
    if (c->type == "noun") {  // "我爸妈…他俩", "孩子们": no names to give
      r->reason = "unnamed";
      return;
    }
    two.push_back(c);
  }
  if (two.size() < 2) {
    r->reason = "no_antecedent";
    return;
  }
  for (auto it = two.rbegin(); it != two.rend(); ++it) {  // in the order they were said
    r->antecedents.push_back({(*it)->name, (*it)->type, (*it)->turn});
  }
  r->confidence = RecencyWeight(two[1]->turn) * 0.9 * (ambiguous ? 0.6 : 1.0);
  r->resolved = r->confidence >= kCorefMinConfidence;
  if (!r->resolved) r->reason = ambiguous ? "ambiguous" : "low_confidence";
}

void ResolvePlural(const Pronoun& p, const std::vector<Candidate>& cands, int turns,
                   CorefResolution* r) {
  for (int turn = 0; turn <= turns; ++turn) {
    std::vector<const Candidate*> named;
    bool group_noun = false;
    for (const Candidate& c : cands) {
      if (c.turn != turn || (turn == 0 && c.begin >= p.begin)) continue;
      if (c.type == "noun") {
        group_noun = group_noun || c.plural;
        continue;
      }
      if (GenderFit(p.rule->gender, c.gender, p.english) <= 0) continue;
      if (std::none_of(named.begin(), named.end(),
                       [&](const Candidate* x) { return x->name == c.name; })) {
        named.push_back(&c);
      }
    }
    if (group_noun) {
      r->reason = "unnamed";
      return;
    }
    if (named.size() < 2) continue;
    for (const Candidate* c : named) r->antecedents.push_back({c->name, c->type, c->turn});
    r->confidence = RecencyWeight(turn) * (p.english ? 0.8 : 0.9);
    r->resolved = r->confidence >= kCorefMinConfidence;
    if (!r->resolved) r->reason = "low_confidence";
    return;
  }
  r->reason = "no_antecedent";
}

}  // namespace

bool HasThirdPersonPronoun(std::string_view raw_text) {
  const std::string text = BlankPlaceholders(raw_text);
  return !FindPronouns(text, FindEntityMentions(text)).empty();
}

Gender NameGender(std::string_view name) {
  for (const EntityMention& m : FindEntityMentions(name)) {
    if (m.type == EntityType::kPerson) return MentionGender(m, {});
  }
  return Gender::kUnknown;
}

double RecencyWeight(int turn) {
  if (turn <= 1) return 1.0;
  if (turn == 2) return 0.85;
  if (turn == 3) return 0.7;
  if (turn <= 6) return 0.5;
  return 0.1;
}

std::string SpeakerPrefix(std::string_view text) {
  size_t colon = text.find(':');
  const size_t wide = text.find("\xEF\xBC\x9A");  // "："
  if (wide != string_view::npos && wide < colon) colon = wide;
  if (colon == string_view::npos || colon == 0 || colon > 40) return "";
  string_view name = text.substr(0, colon);
  int words = 1;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == ',' || c == '.' || c == '!' || c == '?') return "";
    if (c != ' ') continue;
    ++words;
    // Every word of a name starts with a capital (or is not ASCII): "Note the time:" is not.
    if (i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]))) return "";
  }
  if (std::islower(static_cast<unsigned char>(name[0]))) return "";
  if (words > 4 || name.back() == ' ') return "";
  return std::string(name);
}

std::vector<CorefResolution> ResolveCoreference(std::string_view raw_text,
                                                std::string_view speaker,
                                                std::span<const CorefTurn> history,
                                                std::span<const GenderHint> hints) {
  std::vector<CorefResolution> out;
  const std::string blanked = BlankPlaceholders(raw_text);
  const string_view text = blanked;
  const std::vector<EntityMention> mentions = FindEntityMentions(text);
  const std::vector<Pronoun> pronouns = FindPronouns(text, mentions);
  if (pronouns.empty()) return out;
  std::vector<std::string> participants;
  for (std::string s : {std::string(speaker), SpeakerPrefix(text)}) {
    if (!s.empty()) participants.push_back(std::move(s));
  }
  const size_t turns = std::min(history.size(), kCorefMaxTurns);
  std::vector<Candidate> cands;
  TurnCandidates(text, 0, text.size(), hints, &cands);
  for (size_t i = 0; i < turns; ++i) {
    const CorefTurn& t = history[i];
    for (std::string s : {t.speaker, SpeakerPrefix(t.text)}) {
      if (!s.empty()) participants.push_back(std::move(s));
    }
    const std::string turn_text = BlankPlaceholders(t.text);
    TurnCandidates(turn_text, static_cast<int>(i) + 1, turn_text.size(), hints, &cands);
  }
  std::erase_if(cands, [&](const Candidate& c) {
    return std::any_of(participants.begin(), participants.end(),
                       [&](const std::string& p) { return SameOrShortFor(c.name, p); });
  });
  for (const Pronoun& p : pronouns) {
    CorefResolution r;
    r.begin = p.begin;
    r.end = p.end;
    r.pronoun = std::string(text.substr(p.begin, p.end - p.begin));
    r.plural = p.rule->plural;
    r.english = p.english;
    r.pronoun_case = p.pronoun_case;
    if (p.rule->dual) {
      ResolveDual(p, cands, &r);
    } else if (r.plural) {
      ResolvePlural(p, cands, static_cast<int>(turns), &r);
    } else {
      ResolveSingular(p, cands, &r);
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace engram::extract
