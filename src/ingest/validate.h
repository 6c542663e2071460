// Checks on what callers hand the engine, shared by the write and read paths.
// Pure functions, thread-safe. Each returns OK or InvalidArgument naming the field.
#ifndef ENGRAM_INGEST_VALIDATE_H_
#define ENGRAM_INGEST_VALIDATE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "engram/status.h"
#include "engram/types.h"

namespace engram::ingest {

// Identifiers (user, agent, team, session, role): 1..128 bytes of valid UTF-8 without control
// characters. `required` = false also accepts an empty string.
Status ValidateId(std::string_view field, std::string_view value, bool required);

// A principal: a valid user id, valid optional agent id, valid team and role names.
Status ValidatePrincipal(const Principal& p);

// Text: valid UTF-8, at most max_bytes, not empty or blank once normalized.
Status ValidateText(std::string_view field, std::string_view text, size_t max_bytes);

// Normalized form of user text (text::Normalize), so the engine need not include src/text.
std::string NormalizeText(std::string_view text);

// A JSON object (as text), at most 16 KiB, nested at most kMaxJsonDepth deep.
Status ValidateMetadata(std::string_view json);

// The words a metadata object carries, for the guard: its keys and its string and number
// values, one per line. "" for "{}" or text that is not a JSON object.
std::string MetadataText(std::string_view json);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_VALIDATE_H_
