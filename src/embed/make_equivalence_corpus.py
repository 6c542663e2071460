#!/usr/bin/env python3
"""Writes 1,000 mixed Chinese/English texts, one per line, for `embed_bench --corpus`.

450 LoCoMo turns (English), 450 MADial-Bench zh memories and dialogue utterances, and 100
longer texts of 3-12 joined turns (some beyond one 512-token window). Deterministic (seed 7).
The data sets stay in /work/shared/data (or DATA); only the derived list is written.

  python3 src/embed/make_equivalence_corpus.py [DATA] > /tmp/equiv_1000.txt
"""
import json
import random
import sys


def main() -> None:
    data = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data"
    rng = random.Random(7)
    en = []
    for conv in json.load(open(f"{data}/locomo/locomo10.json", encoding="utf-8")):
        for key, turns in conv["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                en += [t["text"] for t in turns]
    zh = []
    for line in open(f"{data}/madial-bench/zh/MADial-Bench-zh-memory.jsonl", encoding="utf-8"):
        zh += [v["event"] for v in json.loads(line).values()]
    for line in open(f"{data}/madial-bench/zh/MADial-Bench-zh-dialogue.jsonl", encoding="utf-8"):
        for u in json.loads(line)["dialogue"]:
            u = u.strip()
            if len(u) > 8:
                zh.append(u.split(":", 1)[-1].strip('"'))
    en, zh = rng.sample(en, 450), rng.sample(zh, 450)
    longs = [" ".join(rng.sample(en if i % 2 == 0 else zh, rng.randint(3, 12)))
             for i in range(100)]
    texts = [t.replace("\n", " ") for t in en + zh + longs]
    rng.shuffle(texts)
    sys.stdout.write("\n".join(texts) + "\n")


if __name__ == "__main__":
    main()
