// Internal to the fact extractor (fact_extractor.cc): its cue tables, compiled once. The
// lists themselves are data in fact_tables.cc; the rules' own cues come from DefaultFactRules()
// (fact_rules.cc).
//
// Thread safety: the tables are immutable after T() first builds them (thread-safe static).
#ifndef ENGRAM_SRC_EXTRACT_FACT_TABLES_H_
#define ENGRAM_SRC_EXTRACT_FACT_TABLES_H_

#include <vector>

#include "src/extract/cue_set.h"
#include "src/extract/fact_extractor.h"
#include "src/extract/phrase_matcher.h"

namespace engram::extract::fact_internal {

// One fact rule with its cue lists compiled.
struct Rule {
  const FactRuleSpec* spec;
  const AttributeSpec* attribute;
  CueSet cue, connector, closing, not_before;
};

struct Tables {
  Tables();
  std::vector<Rule> rules;  // DefaultFactRules() in order
  // Subject, value and clause cues; fact_tables.cc says what each list holds.
  CueSet subject_front, subject_back, speech, first_person, system, negations, between, value_stops,
      value_front, particles, titles, times_of_day, items, state_lead, copulas, state_tail,
      bad_values, placeholder_open, status_lead, coordinators, clause_verbs, trailing_times,
      trailing_preps, hypotheticals, relation_nouns, bad_subjects, system_clause, currencies,
      amount_units, of, state_until, and_then, subject_times, third_person;
  std::vector<PhraseMatcher> corrections;  // explicit corrections ("更正一下", "actually")
  PhraseMatcher confirmations;             // a speaker vouching for a statement
};

const Tables& T();

}  // namespace engram::extract::fact_internal

#endif  // ENGRAM_SRC_EXTRACT_FACT_TABLES_H_
