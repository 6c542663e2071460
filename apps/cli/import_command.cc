// `engram import FILE.jsonl|-`: imports a chat history (docs/formats/chat_import.md) in
// batches (Engine::RememberMany), with a progress line on stderr, a summary line, and a
// checkpoint beside the database that resumes an interrupted import without duplicates
// (apps/cli/chat_import.h).
//
// Exit codes: 0 every line stored (or skipped as already imported); 2 some lines were bad
// or refused (each reported as "FILE:LINE: reason" on stderr; the others are stored); 1 the
// engine or the store failed (the checkpoint says where to resume).
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "apps/cli/chat_import.h"
#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "engram/engine.h"

namespace engram::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct ImportFlags {
  std::string input;
  std::string user, agent, embedder, checkpoint;
  int batch = 64;
  int64_t max_lines = 0;
  bool restart = false;
  bool no_checkpoint = false;
  double progress_every = 10;
};

struct Counts {
  int64_t lines = 0;       // read in this run
  int64_t stored = 0;      // messages remembered with memories of their own
  int64_t duplicates = 0;  // said again: a current memory reinforced, no new one
  int64_t already = 0;     // imported by the interrupted run (idempotency key found)
  int64_t rejected = 0;    // bad lines and refused messages
  std::map<std::string, int64_t> reasons;
};

// Progress on stderr: a redrawn bar on a terminal, a plain line now and then otherwise.
class Progress {
 public:
  Progress(int64_t total_bytes, double every_seconds)
      : tty_(isatty(STDERR_FILENO) == 1), total_(total_bytes), every_(every_seconds),
        start_(Clock::now()), last_(start_) {}

  void Update(const Counts& c, int64_t offset, bool final = false) {
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (!final && since < (tty_ ? 0.2 : every_)) return;
    if (!tty_ && (every_ <= 0 || final)) return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? static_cast<double>(c.lines) / secs : 0;
    char line[256];
    if (total_ > 0) {
      const double frac = std::min(1.0, static_cast<double>(offset) / static_cast<double>(total_));
      const int filled = static_cast<int>(frac * 30);
      const double eta = frac > 0 ? secs * (1 - frac) / frac : 0;
      std::snprintf(line, sizeof line, "[%s%s] %5.1f%% %lld lines, %.0f msg/s, ETA %.0f s",
                    std::string(filled, '#').c_str(), std::string(30 - filled, '.').c_str(),
                    100 * frac, static_cast<long long>(c.lines), rate, eta);
    } else {
      std::snprintf(line, sizeof line, "%lld lines, %.0f msg/s",
                    static_cast<long long>(c.lines), rate);
    }
    std::cerr << (tty_ ? "\r\033[K" : "") << "engram import: " << line << (tty_ ? "" : "\n");
    drawn_ = tty_;
  }
  // Ends the redrawn line before other output.
  void Break() {
    if (drawn_) std::cerr << "\n";
    drawn_ = false;
  }

 private:
  const bool tty_;
  const int64_t total_;
  const double every_;
  const Clock::time_point start_;
  Clock::time_point last_;
  bool drawn_ = false;
};

// A line read: its number, where the next one starts, and what it holds.
struct Line {
  int64_t no = 0;
  int64_t end = 0;
  std::optional<RememberRequest> request;  // empty: bad line (already reported)
};

std::string Reason(const Status& s) {
  std::string r = std::string(StatusCodeName(s.code())) + ": " + s.message();
  return r.size() > 80 ? r.substr(0, 77) + "..." : r;
}

json SummaryJson(const ImportFlags& f, const Counts& c, double secs, bool resumed) {
  return {{"file", f.input},       {"lines", c.lines},       {"stored", c.stored},
          {"duplicates", c.duplicates}, {"already_imported", c.already},
          {"rejected", c.rejected}, {"reasons", c.reasons}, {"seconds", secs},
          {"messages_per_second", secs > 0 ? static_cast<double>(c.lines) / secs : 0},
          {"resumed", resumed}};
}

void PrintSummary(const ImportFlags& f, const Counts& c, double secs, bool resumed, bool as_json) {
  if (as_json) {
    std::cout << SummaryJson(f, c, secs, resumed).dump(2) << "\n";
    return;
  }
  std::string reasons;
  for (const auto& [reason, n] : c.reasons) {
    reasons += (reasons.empty() ? " (" : "; ") + reason + " x" + std::to_string(n);
  }
  if (!reasons.empty()) reasons += ")";
  char tail[96];
  std::snprintf(tail, sizeof tail, ", %.1f s, %.0f msg/s", secs,
                secs > 0 ? static_cast<double>(c.lines) / secs : 0);
  std::cout << "imported " << f.input << ": " << c.lines << " lines read, " << c.stored
            << " stored, " << c.duplicates << " duplicates skipped (said again), " << c.already
            << " already imported, " << c.rejected << " rejected" << reasons << tail << "\n";
}

int RunImport(const ImportFlags& f, const Globals& g) {
  if (f.batch < 1 || f.batch > 2048) return Fail(Status::InvalidArgument("--batch: 1..2048"));
  const bool as_json = g.json;
  auto options = GlobalOptions(g);
  if (!options.ok()) return Fail(options.status());
  if (!f.embedder.empty()) options->embedder = f.embedder;
  options->create_if_missing = true;
  const bool from_stdin = f.input == "-";
  std::ifstream file;
  int64_t total = 0;
  ImportDefaults defaults{f.user, f.agent, "stdin"};
  Checkpoint cp;
  std::string cp_path = f.no_checkpoint ? "" : f.checkpoint;
  if (!from_stdin) {
    file.open(f.input, std::ios::binary);
    if (!file) return Fail(Status::IOError("cannot read " + f.input));
    std::error_code ec;
    total = static_cast<int64_t>(std::filesystem::file_size(f.input, ec));
    auto fp = FileFingerprint(f.input);
    if (!fp.ok()) return Fail(fp.status());
    defaults.source_id = *fp;
    cp.fingerprint = *fp;
    cp.file = std::filesystem::absolute(f.input, ec).lexically_normal().string();
    if (cp_path.empty() && !f.no_checkpoint) cp_path = CheckpointPath(options->db_path, f.input);
  }
  bool resumed = false;
  if (!cp_path.empty() && !f.restart) {
    auto old = ReadCheckpoint(cp_path);
    if (old.ok()) {
      if (!from_stdin && old->fingerprint != cp.fingerprint) {
        return Fail(Status::FailedPrecondition(
            "checkpoint " + cp_path + " is of another file (its first 64 KiB changed); "
            "--restart imports it from the first line"));
      }
      cp.line = old->line;
      cp.offset = old->offset;
      resumed = cp.line > 0;
    } else if (old.status().code() != StatusCode::kNotFound) {
      return Fail(old.status());
    }
  }
  std::istream& in = from_stdin ? std::cin : file;
  int64_t line_no = 0, offset = 0;
  if (resumed) {
    if (from_stdin) {  // stdin cannot seek: skip the lines done
      std::string skip;
      while (line_no < cp.line && std::getline(in, skip)) {
        ++line_no;
        offset += static_cast<int64_t>(skip.size()) + (in.eof() ? 0 : 1);
      }
    } else {
      file.seekg(cp.offset);
      line_no = cp.line;
      offset = cp.offset;
    }
    std::cerr << "engram import: resuming " << f.input << " after line " << cp.line << "\n";
  }
  auto engine = Engine::Open(*options);
  if (!engine.ok()) return Fail(engine.status());
  Counts c;
  Progress progress(total, f.progress_every);
  const auto start = Clock::now();
  auto finish = [&](int code) {
    progress.Update(c, offset, /*final=*/true);
    progress.Break();
    PrintSummary(f, c, std::chrono::duration<double>(Clock::now() - start).count(), resumed,
                 as_json);
    return code;
  };
  auto reject = [&](int64_t no, const Status& s) {
    progress.Break();
    std::cerr << f.input << ":" << no << ": " << s.ToString() << "\n";
    ++c.rejected;
    ++c.reasons[Reason(s)];
  };
  bool check_keys = resumed;  // the batch after a checkpoint may be partly committed
  std::string text;
  for (bool eof = false; !eof;) {
    std::vector<Line> lines;
    std::vector<RememberRequest> requests;
    while (static_cast<int>(requests.size()) < f.batch &&
           (f.max_lines == 0 || c.lines < f.max_lines)) {
      if (!std::getline(in, text)) {
        eof = true;
        break;
      }
      ++line_no;
      ++c.lines;
      offset += static_cast<int64_t>(text.size()) + (in.eof() ? 0 : 1);
      Line l{line_no, offset, std::nullopt};
      auto r = ParseChatLine(text, line_no, defaults);
      if (r.ok()) {
        l.request = std::move(r).value();
      } else {
        reject(line_no, r.status());
      }
      lines.push_back(std::move(l));
      if (lines.back().request) requests.push_back(*lines.back().request);
    }
    if (f.max_lines > 0 && c.lines >= f.max_lines) eof = true;
    if (check_keys && !requests.empty()) {
      auto stored = StoredKeys(**engine, requests);
      if (!stored.ok()) return finish(Fail(stored.status()));
      std::vector<RememberRequest> fresh;
      for (Line& l : lines) {
        if (l.request && stored->count(ImportKey(*l.request))) {
          l.request.reset();
          ++c.already;
        }
      }
      for (const Line& l : lines) {
        if (l.request) fresh.push_back(*l.request);
      }
      requests = std::move(fresh);
      check_keys = false;
    }
    std::vector<Result<RememberResult>> made;
    if (f.batch == 1) {
      for (const RememberRequest& r : requests) made.push_back((*engine)->Remember(r));
    } else {
      made = (*engine)->RememberMany(requests, /*stop_at_first_error=*/false);
    }
    size_t next = 0;  // into made
    int64_t done_line = cp.line, done_offset = cp.offset;
    for (const Line& l : lines) {
      if (l.request) {
        if (next == made.size()) break;  // not attempted: the run stopped
        const Result<RememberResult>& r = made[next++];
        if (!r.ok() && next == made.size() && made.size() < requests.size()) {
          // The engine or the store failed: resume at this line.
          cp.line = done_line;
          cp.offset = done_offset;
          if (!cp_path.empty()) (void)WriteCheckpoint(cp_path, cp);
          progress.Break();
          std::cerr << f.input << ":" << l.no << ": " << r.status().ToString()
                    << " (stopped; run again to resume)\n";
          return finish(1);
        }
        if (!r.ok()) {
          reject(l.no, r.status());
        } else if (r->duplicate_of != 0) {
          ++c.duplicates;
        } else {
          ++c.stored;
        }
      }
      done_line = l.no;
      done_offset = l.end;
    }
    cp.line = done_line;
    cp.offset = done_offset;
    if (!cp_path.empty() && !lines.empty()) {
      if (Status s = WriteCheckpoint(cp_path, cp); !s.ok()) return finish(Fail(s));
    }
    progress.Update(c, offset);
  }
  return finish(c.rejected > 0 ? 2 : 0);
}

}  // namespace

int ImportJsonl(const Globals& g, const std::string& input, const std::string& user,
                const std::string& agent) {
  ImportFlags f;
  f.input = input;
  f.user = user;
  f.agent = agent;
  f.no_checkpoint = true;
  return RunImport(f, g);
}

void AddImportCommand(CLI::App& app, Globals* g, Action* action) {
  auto f = std::make_shared<ImportFlags>();
  auto* cmd = app.add_subcommand(
      "import", "Import a chat history (JSONL: user, session, role, time, text; see "
                "docs/formats/chat_import.md), resumable");
  cmd->add_option("FILE", f->input, "The JSONL file ('-' reads standard input)")->required();
  cmd->add_option("--user", f->user, "User of the lines without \"user\"");
  cmd->add_option("--agent", f->agent, "Agent of the lines without \"agent\"");
  cmd->add_option("--embedder", f->embedder, "e5 | hashing | none | openai (default: e5)");
  cmd->add_option("--batch", f->batch,
                  "Messages per RememberMany call (1: one remember per message)")
      ->capture_default_str();
  cmd->add_option("--checkpoint", f->checkpoint,
                  "Checkpoint file (default: beside --db, named after FILE; none for stdin)");
  cmd->add_flag("--no-checkpoint", f->no_checkpoint, "Neither read nor write a checkpoint");
  cmd->add_flag("--restart", f->restart, "Ignore the checkpoint: import from the first line");
  cmd->add_option("--max-lines", f->max_lines, "Stop after this many lines (0 = all)");
  cmd->add_option("--progress-every", f->progress_every,
                  "Seconds between progress lines when stderr is not a terminal (0 = none)")
      ->capture_default_str();
  AddJsonFlag(cmd, g);
  cmd->callback([action, f, g] {
    *action = [f, g] { return RunImport(*f, *g); };
  });
}

}  // namespace engram::cli
