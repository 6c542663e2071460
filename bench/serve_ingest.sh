#!/usr/bin/env bash
# Sustained ingest of `engram serve` under mixed load (issue 23): RATE req/s for SECONDS, a
# SHARE of them async remembers of contextual turns (one session), the rest recalls; reports
# the driver's JSON (ingest.processed_during_load / processed_per_s: contextual turns/s the
# workers sustained; accepted minus processed at the end of the load is the outbox backlog).
#   bench/serve_ingest.sh [BUILD_DIR] [EMBEDDER]   env: RATE DURATION SHARE DRAIN
set -euo pipefail
BUILD=${1:-build/release}
EMBEDDER=${2:-e5}
RATE=${RATE:-100}; SECONDS_=${DURATION:-60}; SHARE=${SHARE:-0.5}; DRAIN=${DRAIN:-120}
ENGRAM=$BUILD/apps/cli/engram
DIR=$(mktemp -d /tmp/engram-ingest-XXXXXX)
DB=$DIR/engram.db
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
KEY=$("$ENGRAM" --db "$DB" keys create --user loadtest 2>/dev/null)
"$ENGRAM" --db "$DB" serve --port "$PORT" --embedder "$EMBEDDER" --rate-limit 0 \
  2>"$DIR/serve.log" &
SERVER=$!
trap 'kill -TERM $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
echo "== embedder $EMBEDDER, $RATE req/s for ${SECONDS_}s, remember share $SHARE; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BUILD/bench/serve_load" --port "$PORT" --key "$KEY" --mode mixed --rate "$RATE" \
  --seconds "$SECONDS_" --remember-share "$SHARE" --threads 16 --drain-seconds "$DRAIN"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
