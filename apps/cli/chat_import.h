// Importing a chat history (docs/formats/chat_import.md): JSONL lines to RememberRequests,
// and the checkpoint that makes an interrupted import resumable without duplicates.
//
// Resuming: every imported message keeps an idempotency key in its metadata ("import_id":
// the line's "id", else "<file fingerprint>:<line number>"). The checkpoint file records the
// last line whose batch was committed (and where the next line starts); it is written after
// each batch, atomically (temporary file, rename). A process killed inside a batch has
// committed some lines after the checkpoint: on resume, the lines of the next batch whose key
// is already stored are skipped (a key is looked up in its user's session), so no message is
// remembered twice.
//
// Thread safety: free functions; a Checkpoint is a plain value.
#ifndef ENGRAM_APPS_CLI_CHAT_IMPORT_H_
#define ENGRAM_APPS_CLI_CHAT_IMPORT_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "engram/engine.h"
#include "engram/result.h"

namespace engram::cli {

struct ImportDefaults {
  std::string user;   // for lines without "user"
  std::string agent;  // for lines without "agent"
  std::string source_id;  // the file's fingerprint: the key prefix of lines without "id"
};

// One line of the file as a request (its metadata gains "import_id"), or InvalidArgument
// naming the field. `line_no` is 1-based. An empty or blank line is InvalidArgument too.
Result<RememberRequest> ParseChatLine(const std::string& line, int64_t line_no,
                                      const ImportDefaults& defaults);

// The request's idempotency key (metadata "import_id"). REQUIRES: from ParseChatLine.
std::string ImportKey(const RememberRequest& r);

struct Checkpoint {
  std::string file;         // the input's absolute path
  std::string fingerprint;  // of its first 64 KiB: a different file is not resumed
  int64_t line = 0;         // lines done (committed or reported)
  int64_t offset = 0;       // byte offset of line + 1
};

// A 16-hex fingerprint of the first 64 KiB of `path`. IOError when unreadable.
Result<std::string> FileFingerprint(const std::string& path);

// The checkpoint file for importing `input` into `db`: beside the database,
// "<db>.import-<16 hex of the input's absolute path>.json".
std::string CheckpointPath(const std::string& db, const std::string& input);

// NotFound when there is none; Corruption when unreadable.
Result<Checkpoint> ReadCheckpoint(const std::string& path);
// Atomic: a temporary file renamed over the old one.
Status WriteCheckpoint(const std::string& path, const Checkpoint& c);

// The keys among `keys` that memories of `requests`' users and sessions already carry
// (metadata "import_id"), read with Engine::List. Used for the lines right after a
// checkpoint.
Result<std::set<std::string>> StoredKeys(Engine& engine,
                                         const std::vector<RememberRequest>& requests);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_CHAT_IMPORT_H_
