#include "src/extract/lifecycle_cues.h"

#include <vector>

#include "src/extract/phrase_matcher.h"

namespace engram::extract {
namespace {

struct Rule {
  std::string_view pattern;
  size_t max_gap;
};

// A short time frame followed, within a few words, by a passing condition.
constexpr Rule kTemporaryState[] = {
    {"这几天 | 这两天 | 这周 | 本周 | 今天 | 明天 | 暂时 | 临时 | 最近几天 | 这阵子 & "
     "出差 | 休假 | 请假 | 生病 | 感冒 | 发烧 | 不在 | 在外地 | 很忙 | 没空 | 外出 | 居家 | 隔离 | "
     "值班 | 住院 | 没法 | 不方便",
     18},
    {"正在 | 目前在 | 现在在 & 出差 | 休假 | 请假 | 住院 | 外地", 12},
    {"this week | today | tonight | for now | temporarily | at the moment | right now | "
     "this weekend | for a few days | until friday | until monday & "
     "traveling | travelling | sick | off | away | busy | out of office | on leave | "
     "on vacation | on holiday | in hospital | unavailable | working from home",
     24},
    {"i'm away | i am away | i'm out of office | i am out of office | i'm on leave | "
     "i am on leave | i'm sick | i am sick | i'm traveling | i am traveling",
     0},
};

constexpr Rule kContextReload[] = {
    {"我之前说过 | 我之前说了 | 我上次说过 | 我上次说了 | 我已经说过 | 我早就说过 | 我说过了 | "
     "之前跟你说过 | 之前告诉过你 | 上次告诉过你 | 我不是说过 | 不是跟你说过 | 又要我说一遍 | "
     "再说一遍 | 我都说了",
     0},
    {"as i said | as i mentioned | as i told you | like i said | like i told you | "
     "i already told you | i told you before | i mentioned before | i mentioned earlier | "
     "i've told you | i have told you | remember i said | again, i",
     0},
};

template <size_t N>
std::vector<PhraseMatcher> Build(const Rule (&rules)[N]) {
  std::vector<PhraseMatcher> out;
  for (const Rule& r : rules) out.emplace_back(r.pattern, r.max_gap);
  return out;
}

bool Any(const std::vector<PhraseMatcher>& matchers, std::string_view folded) {
  IndexedText text(folded);
  for (const PhraseMatcher& m : matchers) {
    if (m.Match(text)) return true;
  }
  return false;
}

}  // namespace

bool IsTemporaryState(std::string_view folded) {
  static const std::vector<PhraseMatcher> matchers = Build(kTemporaryState);
  return Any(matchers, folded);
}

bool IsContextReload(std::string_view folded) {
  static const std::vector<PhraseMatcher> matchers = Build(kContextReload);
  return Any(matchers, folded);
}

}  // namespace engram::extract
