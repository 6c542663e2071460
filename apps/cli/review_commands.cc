// `engram feedback` and `engram review`: verdicts on recalled memories and the review queue.
#include <memory>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct FeedbackFlags {
  PrincipalFlags principal;
  std::string request, verdict, correction;
  int64_t memory = 0;
  bool forget = false;
};

Result<int> RunFeedback(const Globals& g, const FeedbackFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(FeedbackResult out,
                          engine->Feedback({f.principal.Get(), f.request, f.memory, f.verdict,
                                            f.correction, f.forget}));
  json j = {{"request_id", out.request_id},
            {"corrected", out.corrected ? MemoryJson(*out.corrected) : json(nullptr)}};
  Print(g, j,
        "recorded " + f.verdict + " for memory " + std::to_string(f.memory) + "\n" +
            (out.corrected ? "corrected " + MemoryLine(*out.corrected) + "\n" : ""));
  return 0;
}

struct ReviewFlags {
  PrincipalFlags principal;
  bool all = false;
  int limit = 100;
  int64_t id = 0;
  std::string resolution;
};

Result<int> RunReview(const Globals& g, const ReviewFlags& f) {
  if ((f.id != 0) != !f.resolution.empty()) {
    return Status::InvalidArgument("--resolve ID needs --approve or --reject");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  if (f.id != 0) {
    ENGRAM_ASSIGN_OR_RETURN(ReviewItemView item,
                            engine->ResolveReview(f.principal.Get(), f.id, f.resolution));
    Print(g, ReviewJson(item), ReviewLine(item) + "\n");
    return 0;
  }
  ENGRAM_ASSIGN_OR_RETURN(std::vector<ReviewItemView> items,
                          engine->Review(f.principal.Get(), f.all, f.limit));
  json arr = json::array();
  std::string text_out;
  for (const ReviewItemView& r : items) {
    arr.push_back(ReviewJson(r));
    text_out += ReviewLine(r) + "\n";
  }
  Print(g, {{"items", arr}}, text_out.empty() ? "review queue is empty\n" : text_out);
  return 0;
}

}  // namespace

void AddReviewCommands(CLI::App& app, Globals* g, Action* action) {
  auto f = std::make_shared<FeedbackFlags>();
  auto* feedback = app.add_subcommand("feedback", "Say whether a recalled memory was right");
  AddPrincipalFlags(feedback, &f->principal);
  feedback->add_option("REQUEST_ID", f->request, "The recall's request_id")->required();
  feedback->add_option("--memory", f->memory, "The memory id")->required();
  feedback->add_option("--verdict", f->verdict, "used | wrong | outdated")->required();
  feedback->add_option("--correction", f->correction, "With wrong/outdated: the corrected text");
  feedback->add_flag("--forget", f->forget, "With wrong/outdated: forget the memory instead");
  AddJsonFlag(feedback, g);
  feedback->callback([g, action, f] {
    *action = [g, f] { return ExitCode(RunFeedback(*g, *f)); };
  });

  auto v = std::make_shared<ReviewFlags>();
  auto* review = app.add_subcommand("review", "List or resolve the review queue");
  AddPrincipalFlags(review, &v->principal);
  review->add_flag("--all", v->all, "Also list resolved items");
  review->add_option("--limit", v->limit, "Most items to list")->capture_default_str();
  review->add_option("--resolve", v->id, "Resolve this item (with --approve or --reject)");
  auto* approve = review->add_flag_callback("--approve", [v] { v->resolution = "approve"; },
                                            "Release the quarantined memory into recall");
  review->add_flag_callback("--reject", [v] { v->resolution = "reject"; },
                            "Keep it quarantined")->excludes(approve);
  AddJsonFlag(review, g);
  review->callback([g, action, v] { *action = [g, v] { return ExitCode(RunReview(*g, *v)); }; });
}

}  // namespace engram::cli
