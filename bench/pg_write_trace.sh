#!/usr/bin/env bash
# Where a remember's write transaction spends its time on PostgreSQL (issue 22): starts a
# throwaway PostgreSQL 16 (scripts/pg_test_server.py), one `engram serve` with the hashing
# embedder, warms it up with 20 remembers, turns on statement logging
# (log_min_duration_statement = 0, server-wide, for this throwaway server only) and sends N
# sync remembers one after another. Then prints, from the server's log, the statements of
# the transactions that took the writer lock and inserted a message (the remembers): how
# many, their server time, the lock's hold (from the lock's statement to COMMIT, by the
# log's millisecond stamps) and one transaction's timeline; statements logged with the same
# stamp and no wait between them mostly travelled in one round trip. Not in ctest.
#   bench/pg_write_trace.sh [BUILD_DIR]   env: N (default 40)
set -euo pipefail
BUILD=${1:-build/release}
N=${N:-40}
HERE=$(cd "$(dirname "$0")" && pwd)
ENGRAM=$BUILD/apps/cli/engram
DIR=$(mktemp -d /tmp/engram-pgtrace-XXXXXX)
SP=
cleanup() {
  [ -n "$SP" ] && { kill -TERM "$SP" 2>/dev/null || true; wait "$SP" 2>/dev/null || true; }
  python3 "$HERE/../scripts/pg_test_server.py" stop "$DIR/pg" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
python3 "$HERE/../scripts/pg_test_server.py" start "$DIR/pg" --version 16 >&2
state() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" \
  "$DIR/pg/state.json" "$1"; }
PGBIN=$(state bin); PGWORK=$(state work); PGPORT=$(state port)
STORE="postgres://postgres@127.0.0.1:$PGPORT/engram_test?schema=trace"
export ENGRAM_VAULT_KEY
ENGRAM_VAULT_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
KEY=$("$ENGRAM" --store "$STORE" keys create --user trace 2>/dev/null)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
OMP_WAIT_POLICY=PASSIVE "$ENGRAM" --store "$STORE" serve --port "$PORT" --embedder hashing \
  --rate-limit 0 --workers 2 2>"$DIR/serve.log" &
SP=$!
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
remember() {
  curl -s -o /dev/null -w "%{time_total}\n" -H "Authorization: Bearer $KEY" \
    -H 'Content-Type: application/json' \
    -d "{\"text\":\"张工 $1 meeting budget 上海 合同 review pipeline #$RANDOM\",\"session\":\"s\"}" \
    "http://127.0.0.1:$PORT/v1/memories?sync=true"
}
for i in $(seq 20); do remember "warm$i" >/dev/null; done
psql() { "$PGBIN/psql" -X -q -h 127.0.0.1 -p "$PGPORT" -U postgres engram_test "$@" >/dev/null; }
psql -c "ALTER SYSTEM SET log_min_duration_statement = 0" \
  -c "ALTER SYSTEM SET log_line_prefix = '%m [%p] '" -c "SELECT pg_reload_conf()"
sleep 0.5
echo "== $N sync remembers, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$N"); do remember "k$i"; done >"$DIR/curl_times"
psql -c "ALTER SYSTEM RESET log_min_duration_statement" -c "SELECT pg_reload_conf()"
python3 - "$PGWORK/server.log" "$DIR/curl_times" <<'PY'
import collections, re, statistics, sys
from datetime import datetime
pat = re.compile(r'^(\S+ \S+) UTC \[(\d+)\] LOG:  duration: ([\d.]+) ms  execute [^:]*: (.*)$')
per = collections.defaultdict(list)
for line in open(sys.argv[1], errors='replace'):
    m = pat.match(line.rstrip('\n'))
    if m:
        ts = datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S.%f').timestamp() * 1000
        per[m.group(2)].append((ts, float(m.group(3)), re.sub(r'\s+', ' ', m.group(4))))
txns = []
for events in per.values():
    cur = None
    for ev in events:
        if ev[2].startswith('BEGIN'):
            cur = [ev]
        elif cur is not None:
            cur.append(ev)
            if ev[2].startswith(('COMMIT', 'ROLLBACK')):
                sql = [s for _, _, s in cur]
                if any('write_lock SET n = n + 1' in s for s in sql) and \
                   any(s.startswith('INSERT INTO message') for s in sql):
                    txns.append(cur)
                cur = None
if not txns:
    sys.exit("no remember transaction in the log")
lock = lambda t: next(i for i, e in enumerate(t) if 'write_lock SET n' in e[2])
holds = [t[-1][0] - t[lock(t)][0] for t in txns]
server = [sum(d for _, d, _ in t[lock(t):]) for t in txns]
curl = [float(x) * 1000 for x in open(sys.argv[2])]
print("remember transactions: %d; statements each (BEGIN..COMMIT): %s" %
      (len(txns), dict(collections.Counter(len(t) for t in txns))))
print("writer lock held: p50 %.1f ms, mean %.1f ms; server time under it: p50 %.2f ms" %
      (statistics.median(holds), statistics.mean(holds), statistics.median(server)))
print("sync remember over HTTP: p50 %.1f ms" % statistics.median(curl))
agg = collections.defaultdict(list)
for t in txns:
    for _, d, s in t:
        agg[s[:96]].append(d)
print("%-96s %5s %8s" % ("statement", "/txn", "ms"))
for s, v in sorted(agg.items(), key=lambda kv: -sum(kv[1])):
    print("%-96s %5.2f %8.3f" % (s, len(v) / len(txns), statistics.mean(v)))
t = txns[len(txns) // 2]
print("one transaction (ms after its BEGIN was logged, server ms, statement):")
for ts, d, s in t:
    print("  %6.1f %6.3f %s" % (ts - t[0][0], d, s[:90]))
PY
