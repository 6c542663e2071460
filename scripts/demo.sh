#!/usr/bin/env bash
# `make run`: an end-to-end demo through the CLI on the embedded default (one SQLite file).
# Remembers a few Chinese and English messages for two users and a team, then recalls them.
set -euo pipefail
ENGRAM=${1:-build/release/apps/cli/engram}
DB=${ENGRAM_DEMO_DB:-build/demo.db}
rm -f "$DB" "$DB-wal" "$DB-shm" "$DB.vectors"
run() { echo "\$ engram $*" | sed "s|--db $DB ||"; "$ENGRAM" "$@"; echo; }

echo "== Engram demo (database: $DB) =="
run --db "$DB" remember --user alice --session s1 --at 2024-06-14T15:00:00+08:00 \
  "昨天下午三点，客户张工说下周二要验收接口文档"
run --db "$DB" remember --user alice --session s1 --at 2024-06-14T15:05:00+08:00 \
  "工单T-102的截止日期改到周五，李老师负责跟进"
run --db "$DB" remember --user alice --session s2 \
  "Alice prefers oat milk and meetings after 10am"
run --db "$DB" remember --user alice --session s2 "我爱喝拿铁，每天早上一杯"
run --db "$DB" remember --user alice --team sales --visibility team \
  "Sales team: Q3 pipeline review moved to Thursday"
run --db "$DB" remember --user bob "Bob's private note: 接口文档 draft is in my drive"

echo "== recall =="
run --db "$DB" recall --user alice "张工提了什么要求？接口文档"
run --db "$DB" recall --user alice "工单T-102"
run --db "$DB" recall --user alice "會議 接口文檔"   # traditional script finds simplified text
run --db "$DB" recall --user alice "what milk does Alice like"
echo "# no shared words with the memory: found by the e5 vector channel"
run --db "$DB" recall --user alice --explain --limit 3 "喜欢咖啡"
run --db "$DB" recall --user carol --team sales "pipeline review"
echo "# bob's private note is never visible to alice:"
run --db "$DB" recall --user alice --json --limit 3 "draft drive"

echo "== correct, history, audit =="
run --db "$DB" correct --user alice 3 "Alice prefers soy milk and meetings after 10am"
run --db "$DB" history --user alice 7
run --db "$DB" audit --user alice --verify
run --db "$DB" context --user alice --session s1 --budget 300 "张工提了什么要求"
run --db "$DB" time --ref 2024-06-14T15:00:00+08:00 "昨天下午三点，客户张工说下周二要验收接口文档，下个月第一个工作日交付"
run --db "$DB" stats --user alice
