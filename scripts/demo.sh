#!/usr/bin/env bash
# `make run`: an end-to-end demo through the CLI on the embedded default (one SQLite file).
# Remembers a few Chinese and English messages for two users and a team, then recalls them.
set -euo pipefail
ENGRAM=${1:-build/release/apps/cli/engram}
DB=${ENGRAM_DEMO_DB:-build/demo.db}
# A fresh store each run: its audit anchor and vault key go with it (an anchor left by an
# earlier run would report the new, shorter chain as cut).
rm -f "$DB" "$DB-wal" "$DB-shm" "$DB.vectors" "$DB.audit-head" "$DB.key"
run() { echo "\$ engram $*" | sed "s|--db $DB ||"; "$ENGRAM" "$@"; echo; }

echo "== Engram demo (database: $DB) =="
# remember_id ARGS...: runs `engram remember --json ARGS`, shows it, prints the record's id.
remember_id() {
  local out
  out=$("$ENGRAM" --db "$DB" remember --json "$@")
  echo "\$ engram remember $*" >&2
  echo "$out" | python3 -c 'import json,sys; r=json.load(sys.stdin); [print("  remembered #%d %s" % (m["id"], m["content"]), file=sys.stderr) for m in r["memories"]]; print(r["memories"][0]["id"])'
}
run --db "$DB" remember --user alice --session s1 --at 2024-06-14T15:00:00+08:00 \
  "昨天下午三点，客户张工说下周二要验收接口文档"
run --db "$DB" remember --user alice --session s1 --at 2024-06-14T15:05:00+08:00 \
  "工单T-102的截止日期改到周五，李老师负责跟进"
run --db "$DB" remember --user alice --session s2 --at 2024-06-14T15:10:00+08:00 \
  "张工的手机号是13812341234，他在AI Lab负责大模型推理优化。"
MILK=$(remember_id --user alice --session s3 \
  "I prefer oat milk in my coffee and meetings after 10am")
run --db "$DB" remember --user alice --session s3 "我爱喝拿铁，每天早上一杯"
run --db "$DB" remember --user alice --team sales --visibility team \
  "Sales team: Q3 pipeline review moved to Thursday"
run --db "$DB" remember --user bob "Bob's private note: 接口文档 draft is in my drive"

echo "== recall =="
run --db "$DB" recall --user alice "张工提了什么要求？接口文档"
run --db "$DB" recall --user alice "工单T-102"
run --db "$DB" recall --user alice "會議 接口文檔"   # traditional script finds simplified text
echo "# no shared words with the memory: found by the e5 vector channel"
run --db "$DB" recall --user alice --explain --limit 3 "喜欢咖啡"
run --db "$DB" recall --user carol --team sales "pipeline review"
echo "# bob's private note is never visible to alice, and nothing unrelated comes back:"
run --db "$DB" recall --user alice --threshold 0.35 --limit 3 "draft drive"

echo "== what is true now: a contact update, a preference change, a repeat =="
run --db "$DB" remember --user alice --session s2 "把张工的联系方式更新为13998765432"
echo "# the current number first; the old statement is outdated, not lost:"
run --db "$DB" recall --user alice --limit 3 "张工现在的手机号是多少？"
run --db "$DB" recall --user alice --limit 3 "张工以前的手机号是多少？"
echo "# a correction of the milk preference (memory #$MILK) makes a new version:"
run --db "$DB" correct --user alice "$MILK" "I prefer soy milk in my coffee and meetings after 10am"
run --db "$DB" recall --user alice --limit 2 "what milk do I like"
run --db "$DB" history --user alice "$MILK"
echo "# said again: reinforces the memory instead of adding one"
run --db "$DB" remember --user alice "我爱喝拿铁，每天早上一杯"
run --db "$DB" recall --user alice "我喜欢喝什么"
echo "# never said: no hits"
run --db "$DB" recall --user alice --threshold 0.35 "我的护照什么时候到期？"

echo "== audit, context, time =="
run --db "$DB" audit --user alice --verify
run --db "$DB" context --user alice --session s1 --budget 300 "张工提了什么要求"
run --db "$DB" time --ref 2024-06-14T15:00:00+08:00 "昨天下午三点，客户张工说下周二要验收接口文档，下个月第一个工作日交付"
run --db "$DB" stats --user alice
