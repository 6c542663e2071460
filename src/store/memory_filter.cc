#include "src/store/memory_filter.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engram/json_limits.h"
#include "engram/status_macros.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::store {

using json = nlohmann::json;

enum class Op { kEq, kNe, kIn, kNin, kGt, kGte, kLt, kLte, kContains, kIContains, kExists };

// One test on one key, or a logical combination of sub-filters.
struct MemoryFilter::Node {
  enum class Kind { kAll, kAny, kNone, kTest } kind = Kind::kAll;
  std::vector<Node> children;  // kAll / kAny / kNone
  std::string key;             // kTest
  Op op = Op::kEq;
  json arg;
  std::string folded_arg;      // kIContains
};

namespace {

using Node = MemoryFilter::Node;

std::optional<Op> ParseOp(const std::string& s) {
  static const std::pair<const char*, Op> kOps[] = {
      {"eq", Op::kEq},   {"ne", Op::kNe},   {"in", Op::kIn},
      {"nin", Op::kNin}, {"gt", Op::kGt},   {"gte", Op::kGte},
      {"lt", Op::kLt},   {"lte", Op::kLte}, {"contains", Op::kContains},
      {"icontains", Op::kIContains}};
  for (const auto& [name, op] : kOps) {
    if (s == name) return op;
  }
  return std::nullopt;
}

// `depth` counts logical levels; evaluation recurses once per level, so it is bounded here
// as well as by the JSON depth scan.
Result<Node> CompileObject(const json& j, const std::string& where, int depth);

Result<Node> CompileTest(const std::string& key, Op op, const json& arg,
                         const std::string& where) {
  Node n;
  n.kind = Node::Kind::kTest;
  n.key = key;
  n.op = op;
  n.arg = arg;
  switch (op) {
    case Op::kIn:
    case Op::kNin:
      if (!arg.is_array()) return Status::InvalidArgument(where + ": must be a list");
      break;
    case Op::kGt:
    case Op::kGte:
    case Op::kLt:
    case Op::kLte:
      if (!arg.is_number() && !arg.is_string()) {
        return Status::InvalidArgument(where + ": must be a number or a string");
      }
      break;
    case Op::kContains:
    case Op::kIContains:
      if (!arg.is_string()) return Status::InvalidArgument(where + ": must be a string");
      if (op == Op::kIContains) n.folded_arg = text::FoldForSearch(arg.get<std::string>());
      break;
    default:
      break;
  }
  return n;
}

Result<Node> CompileKey(const std::string& key, const json& cond, const std::string& where,
                        int depth) {
  if (key == "AND" || key == "OR" || key == "NOT") {
    if (!cond.is_array()) {
      return Status::InvalidArgument(where + ": must be a list of filter objects");
    }
    Node n;
    n.kind = key == "AND" ? Node::Kind::kAll : key == "OR" ? Node::Kind::kAny : Node::Kind::kNone;
    for (size_t i = 0; i < cond.size(); ++i) {
      ENGRAM_ASSIGN_OR_RETURN(
          auto child, CompileObject(cond[i], where + "[" + std::to_string(i) + "]", depth + 1));
      n.children.push_back(std::move(child));
    }
    return n;
  }
  if (key.empty()) return Status::InvalidArgument(where + ": empty key");
  if (cond.is_string() && cond.get<std::string>() == "*") {
    return CompileTest(key, Op::kExists, cond, where);
  }
  if (!cond.is_object()) return CompileTest(key, Op::kEq, cond, where);
  if (cond.empty()) return Status::InvalidArgument(where + ": no operator");
  Node all;
  for (const auto& [name, arg] : cond.items()) {
    std::optional<Op> op = ParseOp(name);
    if (!op) return Status::InvalidArgument(where + ": unknown operator '" + name + "'");
    ENGRAM_ASSIGN_OR_RETURN(auto test, CompileTest(key, *op, arg, where + "." + name));
    all.children.push_back(std::move(test));
  }
  if (all.children.size() == 1) return std::move(all.children[0]);
  return all;
}

Result<Node> CompileObject(const json& j, const std::string& where, int depth) {
  if (depth > kMaxJsonDepth) return Status::InvalidArgument(where + ": nested too deep");
  if (!j.is_object()) return Status::InvalidArgument(where + ": must be a JSON object");
  Node all;
  for (const auto& [key, cond] : j.items()) {
    ENGRAM_ASSIGN_OR_RETURN(auto child, CompileKey(key, cond, where + "." + key, depth));
    all.children.push_back(std::move(child));
  }
  return all;
}

bool Ordered(const json& v, const json& arg, Op op) {
  int cmp;
  if (v.is_number() && arg.is_number()) {
    double a = v.get<double>(), b = arg.get<double>();
    cmp = a < b ? -1 : a > b ? 1 : 0;
  } else if (v.is_string() && arg.is_string()) {
    cmp = v.get_ref<const std::string&>().compare(arg.get_ref<const std::string&>());
  } else {
    return false;
  }
  switch (op) {
    case Op::kGt: return cmp > 0;
    case Op::kGte: return cmp >= 0;
    case Op::kLt: return cmp < 0;
    default: return cmp <= 0;
  }
}

bool Contains(const json& list, const json& v) {
  return std::any_of(list.begin(), list.end(), [&](const json& e) { return e == v; });
}

bool Eval(const Node& n, const json& meta) {
  switch (n.kind) {
    case Node::Kind::kAll:
      return std::all_of(n.children.begin(), n.children.end(),
                         [&](const Node& c) { return Eval(c, meta); });
    case Node::Kind::kAny:
      return std::any_of(n.children.begin(), n.children.end(),
                         [&](const Node& c) { return Eval(c, meta); });
    case Node::Kind::kNone:
      return std::none_of(n.children.begin(), n.children.end(),
                          [&](const Node& c) { return Eval(c, meta); });
    case Node::Kind::kTest:
      break;
  }
  auto it = meta.find(n.key);
  const bool present = it != meta.end();
  switch (n.op) {
    case Op::kExists: return present;
    case Op::kEq: return present && *it == n.arg;
    case Op::kNe: return !present || *it != n.arg;
    case Op::kIn: return present && Contains(n.arg, *it);
    case Op::kNin: return !present || !Contains(n.arg, *it);
    case Op::kContains:
      return present && it->is_string() &&
             it->get_ref<const std::string&>().find(n.arg.get_ref<const std::string&>()) !=
                 std::string::npos;
    case Op::kIContains:
      return present && it->is_string() &&
             text::FoldForSearch(it->get_ref<const std::string&>()).find(n.folded_arg) !=
                 std::string::npos;
    default:
      return present && Ordered(*it, n.arg, n.op);
  }
}

}  // namespace

Result<MemoryFilter> MemoryFilter::Compile(const RecallFilter& filter) {
  MemoryFilter f;
  f.types_ = filter.types;
  f.kinds_ = filter.kinds;
  f.session_id_ = filter.session_id;
  f.agent_id_ = filter.agent_id;
  if (!filter.metadata_json.empty()) {
    // Scanned before parsing, so neither the parser nor the compiler below recurses deeply.
    ENGRAM_RETURN_IF_ERROR(CheckJsonDepth(filter.metadata_json, "filter.metadata"));
    json j = json::parse(filter.metadata_json, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      return Status::InvalidArgument("filter.metadata: not valid JSON");
    }
    ENGRAM_ASSIGN_OR_RETURN(auto root, CompileObject(j, "filter.metadata", 0));
    if (!root.children.empty()) {
      f.metadata_ = std::make_shared<const Node>(std::move(root));
    }
  }
  f.empty_ = f.types_.empty() && f.kinds_.empty() && f.session_id_.empty() &&
             f.agent_id_.empty() && f.metadata_ == nullptr;
  return f;
}

bool MemoryFilter::Matches(const Memory& m) const {
  return MatchesFields(m.type, m.kind, m.source.session_id, m.scope.agent_id, m.metadata_json);
}

bool MemoryFilter::MatchesFields(MemoryType type, MemoryKind kind, std::string_view session_id,
                                 std::string_view agent_id,
                                 std::string_view metadata_json) const {
  if (empty_) return true;
  if (!types_.empty() && std::find(types_.begin(), types_.end(), type) == types_.end()) {
    return false;
  }
  if (!kinds_.empty() && std::find(kinds_.begin(), kinds_.end(), kind) == kinds_.end()) {
    return false;
  }
  if (!session_id_.empty() && session_id != session_id_) return false;
  if (!agent_id_.empty() && agent_id != agent_id_) return false;
  if (metadata_ == nullptr) return true;
  static const json kEmpty = json::object();
  if (metadata_json.empty() || metadata_json == "{}") return Eval(*metadata_, kEmpty);
  // A sealed value (or key) is a placeholder whose id is equal for equal values in a scope:
  // a filter sees it without the id ("⟦PHONE⟧"), so that no contains / gt probe can read the
  // id and compare it with the ids of values the caller wrote.
  std::string stripped;
  if (metadata_json.find("⟦") != std::string::npos) {
    stripped = text::pii::WithoutPlaceholderIds(metadata_json);
    metadata_json = stripped;
  }
  if (!CheckJsonDepth(metadata_json, "metadata").ok()) return Eval(*metadata_, kEmpty);
  json meta = json::parse(metadata_json, nullptr, /*allow_exceptions=*/false);
  return Eval(*metadata_, meta.is_object() ? meta : kEmpty);
}

}  // namespace engram::store
