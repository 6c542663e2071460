#!/usr/bin/env python3
"""Writes a chat history for `engram import` (docs/formats/chat_import.md) from LoCoMo's turns.

  bench/make_chat_jsonl.py LOCOMO10_JSON OUT.jsonl [--messages N]

Without --messages: the 5,882 turns of the 10 conversations once, one user per conversation
(locomo-<i>), one session per LoCoMo session, times from the session dates (+30 s per turn).
With --messages N: the turns repeated over more users (copy k of conversation i is user
u<k>-<i>, its sessions shifted by k days) until N lines; --distinct marks copy k's texts
with " #k", so that every embedding is computed (a repeated text comes from the embedding
cache). The output is synthetic data for
benchmarks: write it under /tmp, never into the repository.
"""
import argparse
import datetime
import json


def session_time(text):
    # "1:56 pm on 8 May, 2023"
    return datetime.datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(
        tzinfo=datetime.timezone.utc)


def turns(data):
    for ci, sample in enumerate(data):
        conv = sample["conversation"]
        s = 1
        while f"session_{s}" in conv:
            start = session_time(conv[f"session_{s}_date_time"])
            for ti, turn in enumerate(conv[f"session_{s}"]):
                text = turn.get("text", "")
                if isinstance(turn.get("blip_caption"), str):
                    text += f" [shares a photo: {turn['blip_caption']}]"
                yield ci, s, start + datetime.timedelta(seconds=30 * ti), turn, text
            s += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("locomo")
    ap.add_argument("out")
    ap.add_argument("--messages", type=int, default=0)
    ap.add_argument("--distinct", action="store_true",
                    help="mark each copy's texts (' #k'), so that no text repeats and no "
                         "embedding comes from the cache")
    args = ap.parse_args()
    with open(args.locomo) as f:
        data = json.load(f)
    base = list(turns(data))
    n = args.messages or len(base)
    with open(args.out, "w") as out:
        for i in range(n):
            copy, (ci, s, at, turn, text) = divmod(i, len(base))[0], base[i % len(base)]
            user = f"locomo-{ci}" if not args.messages else f"u{copy}-{ci}"
            line = {"user": user, "session": f"session_{s}",
                    "role": "user" if turn.get("speaker") == data[ci]["conversation"]["speaker_a"]
                    else "assistant",
                    "time": (at + datetime.timedelta(days=copy)).isoformat(),
                    "text": f"{turn.get('speaker', '')}: {text}"
                            + (f" #{copy}" if args.distinct and copy else ""),
                    "metadata": {"dia_id": turn.get("dia_id", "")}}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
