#!/usr/bin/env bash
# Ingest throughput of `engram import` (issue 23): LoCoMo's 5,882 turns one remember at a time
# (--batch 1) and batched (RememberMany, --batch 64), then a synthetic history of MESSAGES
# messages (LoCoMo turns repeated over users, each copy's texts marked so that none repeats
# and every embedding is computed: bench/make_chat_jsonl.py --distinct), with wall time and
# peak RSS from /usr/bin/time -v. Data and databases go to a temporary folder under /tmp.
#   bench/import_bench.sh [BUILD_DIR] [EMBEDDER...]   env: LOCOMO MESSAGES STEPS
#   STEPS: any of "locomo-one locomo-batched big" (default all three)
set -euo pipefail
BUILD=${1:-build/release}
shift || true
EMBEDDERS=${*:-e5 hashing}
LOCOMO=${LOCOMO:-/work/shared/data/locomo/locomo10.json}
MESSAGES=${MESSAGES:-100000}
STEPS=${STEPS:-locomo-one locomo-batched big}
ENGRAM=$BUILD/apps/cli/engram
DIR=$(mktemp -d /tmp/engram-import-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
HERE=$(dirname "$0")
python3 "$HERE/make_chat_jsonl.py" "$LOCOMO" "$DIR/locomo.jsonl"
python3 "$HERE/make_chat_jsonl.py" "$LOCOMO" "$DIR/big.jsonl" --messages "$MESSAGES" --distinct

run() {  # name embedder file batch
  local db="$DIR/$1-$2.db"
  rm -f "$db"*
  echo "== $1, embedder $2, --batch $4; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -v "$ENGRAM" --db "$db" import "$3" --embedder "$2" --batch "$4" \
    --progress-every 30 2>"$DIR/time.txt" || true
  grep -E "^$3|engram import|Elapsed|Maximum resident" "$DIR/time.txt" | sed 's/^\s*/   /'
  echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

for e in $EMBEDDERS; do
  for step in $STEPS; do
    case $step in
      locomo-one) run locomo "$e" "$DIR/locomo.jsonl" 1 ;;
      locomo-batched) run locomo "$e" "$DIR/locomo.jsonl" 64 ;;
      big) run "big$MESSAGES" "$e" "$DIR/big.jsonl" 64 ;;
    esac
  done
done
