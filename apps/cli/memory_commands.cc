// `engram get`, `history`, `correct` and `forget`: one memory by its id.
#include <memory>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

// The four commands share the principal and the id; only one of them runs.
struct MemoryFlags {
  PrincipalFlags principal;
  int64_t id = 0;
  std::string text, value, at;  // correct
  bool hard = false;            // forget
};

Result<int> RunGet(const Globals& g, const MemoryFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(Memory m, engine->Get(f.principal.Get(), f.id));
  Print(g, MemoryJson(m), MemoryLine(m) + "\n");
  return 0;
}

Result<int> RunHistory(const Globals& g, const MemoryFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(std::vector<Memory> versions, engine->History(f.principal.Get(), f.id));
  json arr = json::array();
  std::string text_out;
  for (const Memory& m : versions) {
    arr.push_back(MemoryJson(m));
    text_out += MemoryLine(m) + "\n";
  }
  Print(g, {{"versions", arr}}, text_out);
  return 0;
}

Result<int> RunCorrect(const Globals& g, const MemoryFlags& f) {
  CorrectRequest req;
  req.principal = f.principal.Get();
  req.id = f.id;
  ENGRAM_ASSIGN_OR_RETURN(req.text, ReadText(f.text));
  req.value = f.value;
  ENGRAM_ASSIGN_OR_RETURN(req.at, ParseAt(f.at));
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(Memory m, engine->Correct(req));
  Print(g, MemoryJson(m), "corrected " + MemoryLine(m) + "\n");
  return 0;
}

Result<int> RunForget(const Globals& g, const MemoryFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_RETURN_IF_ERROR(engine->Forget(ForgetRequest{f.principal.Get(), f.id, f.hard}));
  Print(g, {{"forgotten", f.id}, {"hard", f.hard}},
        std::string(f.hard ? "erased" : "forgot") + " memory " + std::to_string(f.id) + "\n");
  return 0;
}

}  // namespace

void AddMemoryCommands(CLI::App& app, Globals* g, Action* action) {
  auto f = std::make_shared<MemoryFlags>();
  auto* get = app.add_subcommand("get", "Show one memory version");
  auto* history = app.add_subcommand("history", "Show every version of a memory");
  auto* correct = app.add_subcommand("correct", "Write a corrected version of a memory");
  auto* forget = app.add_subcommand("forget", "Retire a memory (soft by default)");
  for (CLI::App* c : {get, history, correct, forget}) {
    AddPrincipalFlags(c, &f->principal);
    c->add_option("ID", f->id, "Memory id")->required();
    AddJsonFlag(c, g);
  }
  correct->add_option("TEXT", f->text, "The corrected statement ('-' reads stdin)")->required();
  correct->add_option("--value", f->value, "For facts: the corrected value");
  correct->add_option("--at", f->at, "When the correction holds from (ISO 8601)");
  forget->add_flag("--hard", f->hard, "Erase the content, not only retire it");
  const std::pair<CLI::App*, Result<int> (*)(const Globals&, const MemoryFlags&)> runs[] = {
      {get, RunGet}, {history, RunHistory}, {correct, RunCorrect}, {forget, RunForget}};
  for (const auto& [cmd, run] : runs) {
    cmd->callback([g, action, f, run] { *action = [g, f, run] { return ExitCode(run(*g, *f)); }; });
  }
}

}  // namespace engram::cli
