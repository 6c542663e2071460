// `engram entities import FILE` and `engram entities list`: the entity directory.
//
// FILE is CSV (header row naming the columns: name, type, aliases, roles, id, and optionally
// visibility, team; lists separated by ';'; fields may be double-quoted, "" inside quotes
// is one quote) or JSONL (one object per line with the same keys; aliases and roles as
// arrays). The format follows the extension (.csv, .jsonl / .ndjson) unless --format says.
// A bad row stops the import with "FILE:LINE: ..." and nothing is written.
#ifndef ENGRAM_APPS_CLI_ENTITY_COMMANDS_H_
#define ENGRAM_APPS_CLI_ENTITY_COMMANDS_H_

#include <string>
#include <vector>

#include "engram/entities.h"
#include "engram/result.h"

namespace engram::cli {

// Parses a directory file's contents. InvalidArgument "LINE: ..." for a bad row.
Result<std::vector<EntityEntry>> ParseEntityCsv(const std::string& text);
Result<std::vector<EntityEntry>> ParseEntityJsonl(const std::string& text);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_ENTITY_COMMANDS_H_
