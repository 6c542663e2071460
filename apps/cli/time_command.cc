// `engram time`: anchor the time expressions of a text against a reference time.
#include "apps/cli/commands.h"

#include <iostream>
#include <memory>

#include "engram/iso8601.h"
#include "engram/clock.h"
#include "engram/temporal.h"

namespace engram::cli {
namespace {

struct TimeFlags {
  std::string text;
  std::string ref;
  std::string lang = "auto";
  std::string calendar = "zh-CN";
  bool past = false;
  bool json = false;
};

int RunTime(const TimeFlags& f) {
  Instant ref;
  if (f.ref.empty()) {
    ref = Instant{SystemClock()->NowMicros() / 1000, 0};
  } else {
    auto parsed = ParseIso8601(f.ref);
    if (!parsed.ok()) return Fail(parsed.status().WithPrefix("--ref"));
    ref = *parsed;
  }
  TimeParseOptions options;
  options.language = f.lang;
  options.calendar = f.calendar;
  options.prefer_future = !f.past;
  auto matches = ParseTime(f.text, ref, options);
  if (!matches.ok()) return Fail(matches.status());
  if (f.json) {
    std::string out = "{\"matches\":[";
    for (size_t i = 0; i < matches->size(); ++i) {
      out += (i ? "," : "") + TimeMatchToJson((*matches)[i]);
    }
    std::cout << out << "]}\n";
    return 0;
  }
  if (matches->empty()) std::cout << "no time expressions\n";
  for (const TimeMatch& m : *matches) {
    std::cout << m.text << "\t" << ToString(m.kind) << "\t";
    std::cout << "[" << (m.from ? FormatIso8601(*m.from) : "-") << ", "
              << (m.to ? FormatIso8601(*m.to) : "-") << ")\t" << ToString(m.grain)
              << "\tconf " << m.confidence;
    if (!m.unresolved_reason.empty()) std::cout << "\tunresolved: " << m.unresolved_reason;
    std::cout << "\n";
  }
  return 0;
}

}  // namespace

void AddTimeCommand(CLI::App& app, Globals* /*g*/, Action* action) {
  auto flags = std::make_shared<TimeFlags>();
  auto* cmd = app.add_subcommand("time", "Anchor the time expressions in a text");
  cmd->add_option("--ref", flags->ref, "Reference time (ISO 8601 with offset); default now");
  cmd->add_option("--lang", flags->lang, "zh | en | auto")->capture_default_str();
  cmd->add_option("--calendar", flags->calendar, "Workday calendar: zh-CN, or '' for Mon-Fri")
      ->capture_default_str();
  cmd->add_flag("--past", flags->past, "Bare weekdays/months resolve to the past, not the future");
  cmd->add_option("TEXT", flags->text, "The text")->required();
  cmd->add_flag("--json", flags->json, "Print JSON");
  cmd->callback([action, flags] { *action = [flags] { return RunTime(*flags); }; });
}

}  // namespace engram::cli
