// EntityExtractor: finds typed entity mentions in normalized text (DESIGN.md §2, stage 5).
//
//   FindEntityMentions("张工说财务总监下周要看T-102的合同HT-2024-007，预算20万")
//     -> 张工 person (title 工), 财务总监 role, T-102 ticket, HT-2024-007 contract, 20万 money
//
// Rules only, deterministic, one left-to-right pass per rule family over the text:
//   person      zh surname + title (张工, 李老师, 王博后, 林总, 陈博士), surname + given name +
//               a two-character title (王小明老师), 老/小 + surname (老王, 小李), English
//               capitalized names (Alice, Bob Chen), honorifics (Dr. Smith);
//   role        role nouns (财务总监, 研发VP, 产品经理, CTO);
//   department  known prefixes + 部/部门/中心/组/团队 (财务部, 研发中心), and a short free run
//               of 2-4 characters + 部/组/小组/团队/事业部 (在算法组, 加入增长团队);
//   org         a run before 公司/集团/银行/大学/实验室/研究院/... (华为公司, AI实验室), English
//               "... Inc/Ltd/Corp/Lab/Labs", also after an acronym ("AI Lab"); an org suffix
//               alone ("Lab") is never a person;
//   place       known cities, a run before 市/省/会议室/机场/大厦;
//   project     "X项目" / "项目X", "Project Apollo";
//   ticket      ids such as T-102, BUG-77, 工单#123;  contract: ids after 合同 or HT-/CT-;
//   money       20万, 3.5亿, 5000元, ¥5,000, $3k, RMB 200.
// Overlapping candidates: the longer span wins, then the higher confidence.
// Each mention has a `key` (the name to link by: the surface without 工单/合同 prefixes or
// honorifics) and a confidence in (0, 1] (how sure the rule is that this is an entity).
//
// Thread safety: pure functions over immutable rule tables. FindEntityMentions keeps a small
// per-thread memo of its last results (one remember scans the same texts several times).
#ifndef ENGRAM_SRC_EXTRACT_ENTITY_EXTRACTOR_H_
#define ENGRAM_SRC_EXTRACT_ENTITY_EXTRACTOR_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engram::extract {

enum class EntityType {
  kPerson,
  kOrg,
  kDepartment,
  kPlace,
  kProject,
  kTicket,
  kContract,
  kMoney,
  kRole,
  kOther,
};

// "person", "org", "department", "place", "project", "ticket", "contract", "money", "role",
// "other".
std::string_view EntityTypeName(EntityType type);
std::optional<EntityType> ParseEntityType(std::string_view name);

struct EntityMention {
  size_t begin = 0;      // byte offsets into the text, [begin, end)
  size_t end = 0;
  std::string text;      // the surface form
  std::string key;       // the name to link by
  EntityType type = EntityType::kOther;
  double confidence = 0;
  std::string title;     // for zh person mentions: the title ("工", "老师"); else ""
};

// Mentions in text order, non-overlapping. REQUIRES: `text` is valid UTF-8, ideally
// text::Normalize'd (full-width digits and symbols already half-width).
std::vector<EntityMention> FindEntityMentions(std::string_view text);

// Whether mentions of this type become entities of the directory when unknown (money does
// not: an amount is a value, not a thing to link).
bool IsLinkable(EntityType type);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_ENTITY_EXTRACTOR_H_
