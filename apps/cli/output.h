// How the CLI prints engine values: JSON (--json) or short human-readable lines.
#ifndef ENGRAM_APPS_CLI_OUTPUT_H_
#define ENGRAM_APPS_CLI_OUTPUT_H_

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "apps/serve/json_codec.h"
#include "engram/engine.h"

namespace engram::cli {

// JSON shapes are the server's (one codec for REST, MCP and --json).
using serve::AuditJson;
using serve::HitJson;
using serve::MemoryJson;
using serve::ReviewJson;
using serve::MetricsJson;
using serve::StatsJson;

// One line per memory: "#12 v1 episodic/raw 2024-06-14T15:00:00+08:00  content".
std::string MemoryLine(const Memory& m);
std::string HitLine(const RecallHit& h);
std::string ReviewLine(const ReviewItemView& r);
std::string AuditLine(const AuditEntryView& a);
// Indented lines: per-channel ranks and scores, fusion, decay, confidence, rerank, source.
std::string ExplainLines(const RecallHit& h);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_OUTPUT_H_
