#!/usr/bin/env bash
# `make run`, last step: `engram serve` on 127.0.0.1:8420 with ./data/engram.db, in --dev mode
# (keyless calls from loopback name their user), after printing how to call it. Ctrl-C (or
# SIGTERM) drains the server and exits.
set -euo pipefail
ENGRAM=${1:-build/release/apps/cli/engram}
DB=${ENGRAM_DB:-data/engram.db}
PORT=${ENGRAM_PORT:-8420}
mkdir -p "$(dirname "$DB")"
URL="http://127.0.0.1:$PORT"
cat <<MSG

== engram serve on $URL (database: $DB; --dev: loopback callers need no key) ==
  curl -s $URL/healthz
  curl -s -X POST '$URL/v1/memories?sync=true' -H 'Content-Type: application/json' \\
       -d '{"user":"alice","session":"s1","text":"客户张工说下周二要验收接口文档"}'
  curl -s -X POST $URL/v1/search -H 'Content-Type: application/json' \\
       -d '{"user":"alice","query":"张工的要求"}'
  curl -s '$URL/v1/memories/1?user=alice'      # also PATCH (correct), DELETE (?hard=true)
  curl -s -X POST $URL/v1/time/parse -d '{"text":"下个月第一个工作日"}'
  curl -s $URL/openapi.json                      # every route;  $URL/metrics for Prometheus
  MCP (Streamable HTTP): $URL/mcp?user=alice     MCP (stdio): $ENGRAM --db $DB mcp --user alice
  API keys (for non-dev servers): $ENGRAM --db $DB keys create --user alice --team sales
      then: curl -H "Authorization: Bearer ek_..." ...
Ctrl-C stops the server (it drains queued writes first).

MSG
exec env OMP_WAIT_POLICY=PASSIVE "$ENGRAM" --db "$DB" serve --host 127.0.0.1 --port "$PORT" --dev
