// The two halves of the built-in guard rule table (DefaultGuardRules() in guard.h joins them):
// BaseGuardRules() in guard_rules.cc (phrase rules and the first feature classes) and
// ClassGuardRules() in guard_class_rules.cc (feature classes added later). The spans point to
// static storage.
//
// Thread safety: pure functions over constant data.
#ifndef ENGRAM_SRC_EXTRACT_GUARD_RULES_H_
#define ENGRAM_SRC_EXTRACT_GUARD_RULES_H_

#include <span>

#include "src/extract/guard.h"

namespace engram::extract {

std::span<const GuardRuleSpec> BaseGuardRules();
std::span<const GuardRuleSpec> ClassGuardRules();

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_GUARD_RULES_H_
