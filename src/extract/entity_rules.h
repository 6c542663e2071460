// The rule tables of the entity extractor (entity_rules.cc). Data only; see
// entity_extractor.h for how they are used.
//
// Thread safety: immutable after static initialization.
#ifndef ENGRAM_SRC_EXTRACT_ENTITY_RULES_H_
#define ENGRAM_SRC_EXTRACT_ENTITY_RULES_H_

#include <span>
#include <string_view>

namespace engram::extract::rules {

// A zh title after a surname, and the characters that, right after it, make the title part
// of an ordinary word instead ("张工" but not "主张工作": 作 follows 工).
struct Title {
  std::string_view text;
  std::string_view not_before;  // UTF-8 characters
  double confidence;
  bool after_given_name;        // also "王小明老师" (surname + 1-2 characters + title)
};

std::string_view SingleSurnames();               // one UTF-8 string of characters
std::span<const std::string_view> CompoundSurnames();
std::span<const Title> Titles();                 // longest first
// "主张", "上周": a surname after this character is part of an ordinary word.
std::span<const std::string_view> SurnameWordBigrams();
// Characters that may follow 老王 / 小李 (else the pair is likely an ordinary word).
std::string_view NicknameFollowers();

std::span<const std::string_view> RolePrefixes();
std::span<const std::string_view> RoleSuffixes();     // 总监, VP, 负责人, ...
std::span<const std::string_view> StandaloneRoles();  // CEO, 董事长, ...
std::span<const std::string_view> DepartmentSuffixes();

std::span<const std::string_view> OrgSuffixes();      // longest first
// Free-run unit (department) names: suffixes longest first, the characters (besides
// RunStops) a run stops at, and those that rule it out as its last character or right after
// the suffix.
std::span<const std::string_view> UnitSuffixes();
std::string_view UnitRunStops();
std::string_view NotUnitLast();
std::string_view NotUnitAfter();
std::span<const std::string_view> PlaceSuffixes();
std::span<const std::string_view> KnownPlaces();      // zh and en city names
// Characters a name run never crosses when walking back from 公司 / 项目 / 会议室.
std::string_view RunStops();

std::span<const std::string_view> TicketCues();       // 工单, ticket, ...
std::span<const std::string_view> ContractCues();     // 合同, contract, ...
std::span<const std::string_view> ContractPrefixes(); // HT, CT, ...

std::span<const std::string_view> MoneyPrefixes();    // ¥, $, RMB, ...
std::span<const std::string_view> MoneySuffixes();    // longest first: 万元, 元, 万, k, ...
std::string_view NotMoneyAfterWan();                  // 20万人 is a head count

std::span<const std::string_view> EnglishStopwords();  // capitalized but not names
std::span<const std::string_view> EnglishHonorifics(); // Mr, Dr, ...
std::span<const std::string_view> EnglishOrgSuffixes();

}  // namespace engram::extract::rules

#endif  // ENGRAM_SRC_EXTRACT_ENTITY_RULES_H_
