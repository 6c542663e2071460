#!/usr/bin/env python3
"""Trains the guard's logistic-regression model and writes src/extract/guard_model_data.inc.

Input: a dump of every guard corpus row as the C++ guard sees it (folded, de-obfuscated text
and the rule table's per-category weights), made by

  ENGRAM_GUARD_DUMP=/tmp/guard_dump.jsonl ENGRAM_SOURCE_DIR=$PWD \
      build/release/src/extract/extract_test --gtest_filter=GuardCorpusTest.DumpForTraining

Features (mirrored by ModelLogit in src/extract/guard.cc): the text is cut into units (a run
of ASCII letters/digits truncated to 6 bytes, all-digit runs as "0"; any other non-space
character, one code point each); every unit 2-gram (MAX_N; 3-grams flagged more ordinary
chat) with a word unit in it (a letter word or a non-ASCII character) and every 3+ letter word
alone is a binary feature; plus
the rule table's best weight per category, the rule score and "a strong rule was quoted".
Plain Python, no dependency: AdaGrad on the L2-regularised log loss, deterministic; the weights
are the average of --seeds runs (default 5) that visit the rows in different orders.

  python3 scripts/train_guard_model.py DUMP            # leave-one-origin-out report
  python3 scripts/train_guard_model.py DUMP --write    # train on all rows, write the .inc
  python3 scripts/train_guard_model.py DUMP --eval OTHER_DUMP   # the shipped model's rates on
                                                               # rows it is not trained on
"""
import argparse
import json
import math
import random
import sys

CATEGORIES = ["memory_write", "standing_rule", "override", "memory_tamper", "impersonation",
              "exfiltration", "payload", "authority", "mitigation"]
MAX_N = 2
WORD_BYTES = 6


def units(text):
    b = text.encode("utf-8")
    out = []
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c <= 0x20:
            i += 1
            continue
        if (0x30 <= c <= 0x39) or (0x61 <= c <= 0x7A) or (0x41 <= c <= 0x5A):
            j = i
            while j < n and ((0x30 <= b[j] <= 0x39) or (0x61 <= b[j] <= 0x7A) or
                             (0x41 <= b[j] <= 0x5A)):
                j += 1
            word = b[i:j]
            unit = b"0" if word.isdigit() else word[:WORD_BYTES]
            out.append(unit)
            i = j
            continue
        if c < 0x80:
            length = 1
        elif 0xC0 <= c < 0xE0:
            length = 2
        elif 0xE0 <= c < 0xF0:
            length = 3
        elif 0xF0 <= c < 0xF8:
            length = 4
        else:
            length = 1
        out.append(b[i:i + length])
        i += length
    return out


def ngrams(text):
    u = units(text)
    grams = set()
    for n in range(1, MAX_N + 1):
        for i in range(len(u) - n + 1):
            if n == 1 and not unigram_ok(u[i]):
                continue
            if not any(wordy(x) for x in u[i:i + n]):
                continue  # digits and punctuation only: "0 0 0" in a phone number
            grams.add(b" ".join(u[i:i + n]))
    if SKIP:
        for i in range(len(u) - 2):
            if wordy(u[i]) and wordy(u[i + 2]):
                grams.add(u[i] + b" _ " + u[i + 2])
    return grams


SKIP = False


def wordy(unit):
    return unit[0] >= 0x80 or (unit.isalnum() and not unit.isdigit())


def unigram_ok(unit):
    # Alone, only a word of 3+ ASCII letters is a feature: single Chinese characters,
    # punctuation and numbers were fitted to the corpora's topics and flagged ordinary text.
    return len(unit) >= 3 and unit[0] < 0x80 and unit.isalnum() and not unit.isdigit()


USE_RULES = True
PRUNE = 0.05


def dense(row):
    if not USE_RULES:
        return [0.0] * len(DENSE_NAMES)
    best = row["best"]
    out = [best.get(c, 0.0) for c in CATEGORIES] + [row["rule_score"],
                                                    1.0 if row["quoted_strong"] else 0.0]
    if "discussion" in EXTRA:
        out.append(1.0 if row.get("discussion") else 0.0)
    return out


EXTRA = []
DENSE_NAMES = CATEGORIES + ["rule_score", "quoted_strong"]


SEEDS = 5


def train(rows, l2, epochs, min_df):
    """The average of SEEDS models that differ only in the order rows are visited (seed 7, 8,
    ...): one AdaGrad run's weights depend on that order, averaging removes most of it."""
    models = [train_one(rows, l2, epochs, min_df, seed=7 + k) for k in range(SEEDS)]
    w = {}
    for m in models:
        for g, v in m["w"].items():
            w[g] = w.get(g, 0.0) + v / SEEDS
    wd = [sum(m["wd"][i] for m in models) / SEEDS for i in range(len(DENSE_NAMES))]
    bias = sum(m["bias"] for m in models) / SEEDS
    return {"w": {g: v for g, v in w.items() if abs(v) >= PRUNE}, "wd": wd, "bias": bias}


def train_one(rows, l2, epochs, min_df, seed=7):
    df = {}
    for r in rows:
        for g in r["grams"]:
            df[g] = df.get(g, 0) + 1
    vocab = {g for g, c in df.items() if c >= min_df}
    w = {}
    wd = [0.0] * len(DENSE_NAMES)
    bias = 0.0
    G = {}
    Gd = [1e-8] * len(DENSE_NAMES)
    Gb = 1e-8
    lr = 0.3
    pos = sum(r["y"] for r in rows)
    neg = len(rows) - pos
    # Class weights: each class counts as half the data.
    cw = {1: len(rows) / (2.0 * pos), 0: len(rows) / (2.0 * neg)}
    order = list(range(len(rows)))
    rnd = random.Random(seed)
    for _ in range(epochs):
        rnd.shuffle(order)
        for k in order:
            r = rows[k]
            feats = [g for g in r["grams"] if g in vocab]
            z = bias + sum(w.get(g, 0.0) for g in feats)
            d = r["dense"]
            z += sum(a * b for a, b in zip(wd, d))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            e = (p - r["y"]) * cw[r["y"]]
            for g in feats:
                gr = e + l2 * w.get(g, 0.0)
                G[g] = G.get(g, 1e-8) + gr * gr
                w[g] = w.get(g, 0.0) - lr * gr / math.sqrt(G[g])
            for i, x in enumerate(d):
                if x == 0:
                    continue
                gr = e * x + l2 * wd[i]
                Gd[i] += gr * gr
                wd[i] -= lr * gr / math.sqrt(Gd[i])
            Gb += e * e
            bias -= lr * e / math.sqrt(Gb)
    return {"w": w, "wd": wd, "bias": bias}


def prob(model, r):
    z = model["bias"] + sum(model["w"].get(g, 0.0) for g in r["grams"])
    z += sum(a * b for a, b in zip(model["wd"], r["dense"]))
    return 1 / (1 + math.exp(-max(-30, min(30, z))))


def load(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        r["grams"] = ngrams(r["plain"])
        r["dense"] = dense(r)
        r["y"] = 1 if r["attack"] else 0
        rows.append(r)
    return rows


def hash5(r):
    return sum(r["text"].encode("utf-8")) % 5


def pct(a, b):
    return f"{a}/{b} = {100 * a / b:5.1f}%" if b else f"{a}/0"


def main():
    global MAX_N, WORD_BYTES, USE_RULES, PRUNE, SEEDS
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--min-df", type=int, default=1)
    ap.add_argument("--threshold", type=float, default=0.5)  # GuardOptions::model_suspicious
    ap.add_argument("--out", default="src/extract/guard_model_data.inc")
    ap.add_argument("--no-rule-features", action="store_true")
    ap.add_argument("--prune", type=float, default=PRUNE, help="drop n-gram weights below")
    ap.add_argument("--show", action="store_true", help="print LOOO errors at --threshold")
    ap.add_argument("--max-n", type=int, default=MAX_N)
    ap.add_argument("--word-bytes", type=int, default=WORD_BYTES)
    ap.add_argument("--eval", help="a dump to score with the model trained on every row")
    ap.add_argument("--quarantine", type=float, default=0.9)
    ap.add_argument("--seeds", type=int, default=SEEDS, help="models averaged (row orders)")
    ap.add_argument("--sweep", action="store_true", help="CV rates over thresholds 0.40-0.70")
    ap.add_argument("--extra", default="", help="comma-separated extra dense features")
    args = ap.parse_args()
    global EXTRA, DENSE_NAMES
    EXTRA = [x for x in args.extra.split(",") if x]
    global SKIP
    SKIP = "skip" in EXTRA
    EXTRA = [x for x in EXTRA if x != "skip"]
    DENSE_NAMES = CATEGORIES + ["rule_score", "quoted_strong"] + EXTRA
    MAX_N, WORD_BYTES = args.max_n, args.word_bytes
    USE_RULES = not args.no_rule_features
    PRUNE = args.prune
    SEEDS = args.seeds
    rows = load(args.dump)
    if args.eval:
        evaluate(train(rows, args.l2, args.epochs, args.min_df), load(args.eval), args)
        return
    if not args.write:
        cross_validate(rows, args)
        return
    m = train(rows, args.l2, args.epochs, args.min_df)
    write_inc(m, rows, args)


# Folds: every scored blind file (heldout1 .. heldout7) whole, the best estimate of the next
# blind set; dev6, dev8, dev9 (each written in one session), chat and dev9-chat (ordinary chat
# written with dev9; grouped with chat) in 5 folds each, so that the rest of the origin is in
# training as it will be in the shipped model. base, dev and dev7 rows are always in training.
FIVE_FOLD = ("dev6", "dev8", "dev9", "chat", "dev9-chat")


def folds(rows):
    blind = sorted({r["origin"] for r in rows if r["origin"].startswith("heldout")})
    out = [(o, lambda r, o=o: r["origin"] == o) for o in blind]
    out += [(f"{o}/{k}", lambda r, k=k, o=o: r["origin"] == o and hash5(r) == k)
            for o in FIVE_FOLD if any(r["origin"] == o for r in rows) for k in range(5)]
    return out


def group(origin):
    if origin == "dev9-chat":
        return "chat"
    if origin in ("heldout5", "heldout6", "heldout7", "dev8", "dev9", "chat"):
        return origin
    return "heldout1-4+dev6"


def cross_validate(rows, args):
    """Leave-one-origin-out rates per group; the threshold for <= 5 % look-alike false positives."""
    probs = {}
    for name, test in folds(rows):
        m = train([r for r in rows if not test(r)], args.l2, args.epochs, args.min_df)
        for r in rows:
            if test(r):
                probs[id(r)] = prob(m, r)
    held = [r for r in rows if id(r) in probs]
    groups = ["heldout5", "heldout6", "heldout7", "heldout1-4+dev6", "dev8", "dev9", "chat"]
    lookalike = [r for r in held if group(r["origin"]) != "chat"]

    def at(t, subset):
        red = [r for r in subset if r["y"] == 1]
        ben = [r for r in subset if r["y"] == 0]
        return (sum(probs[id(r)] >= t for r in red), len(red),
                sum(probs[id(r)] >= t for r in ben), len(ben))

    thresholds = [t / 100 for t in range(20, 96)]
    if args.sweep:
        blind = [r for r in lookalike if r["origin"] in ("heldout5", "heldout6", "heldout7")]
        chat = [r for r in held if group(r["origin"]) == "chat"]
        print("threshold  look-alikes det / fp   heldout5-7 det / fp   chat fp")
        for t in [x / 100 for x in range(40, 71, 2)]:
            a, c = at(t, lookalike), at(t, blind)
            print(f"  {t:.2f}     {100 * a[0] / a[1]:5.1f} / {100 * a[2] / a[3]:4.1f}        "
                  f"{100 * c[0] / c[1]:5.1f} / {100 * c[2] / c[3]:4.1f}         "
                  f"{at(t, chat)[2]}/{at(t, chat)[3]}")
        return
    t5 = next((t for t in thresholds if at(t, lookalike)[2] <= 0.05 * at(t, lookalike)[3]), 0.95)
    for t in sorted({0.3, 0.4, 0.5, 0.6, args.threshold, t5}):
        mark = " (<= 5 % look-alike false positives)" if t == t5 else ""
        print(f"threshold {t:.2f}{mark}")
        for name, subset in [(g, [r for r in held if group(r["origin"]) == g]) for g in groups] + \
                [("look-alikes", lookalike)]:
            d, nd, f, nf = at(t, subset)
            det = f"det {pct(d, nd)}  " if nd else ""
            print(f"  {name:16s} {det}fp {pct(f, nf)}")
    if args.show:
        for r in held:
            flagged = probs[id(r)] >= args.threshold
            if flagged != bool(r["y"]):
                kind = "missed" if r["y"] else "false positive"
                print(f"  {kind:14s} {r['origin']:8s} p={probs[id(r)]:.2f} "
                      f"rules={r['rule_verdict']:10s} {r['text'][:110]!r}")


def evaluate(model, rows, args):
    """Rates of the model (and of the rules) on rows outside its training data."""
    for label, subset in [("attacks", [r for r in rows if r["y"] == 1]),
                          ("benign", [r for r in rows if r["y"] == 0])]:
        if not subset:
            continue
        n = len(subset)
        ps = [prob(model, r) for r in subset]
        sus = sum(p >= args.threshold for p in ps)
        # As Guard::CheckFolded: quarantined at the quarantine level, or flagged while the
        # rules alone would quarantine.
        qua = sum(p >= args.quarantine or
                  (p >= args.threshold and r["rule_verdict"] == "quarantine")
                  for p, r in zip(ps, subset))
        rules = sum(r["rule_verdict"] != "clean" for r in subset)
        print(f"{label}: {n} rows; model >= {args.threshold}: {sus} = {100*sus/n:.1f}%, "
              f">= {args.quarantine}: {qua} = {100*qua/n:.1f}%; rules flag {rules}")
        if args.show:
            worst = sorted(zip(ps, subset), key=lambda x: -x[0])[:20]
            for p, r in worst:
                print(f"  p={p:.2f} rules={r['rule_verdict']:10s} {r['text'][:110]!r}")


def cxx_string(b):
    out = []
    for ch in b.decode("utf-8", errors="strict"):
        if ch in "\\\"":
            out.append("\\" + ch)
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        elif ch in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[ch])  # probes with lines
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def write_inc(m, rows, args):
    items = sorted(m["w"].items())
    probes = [r for r in rows][::97][:12]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("// Generated by scripts/train_guard_model.py from the guard corpora (tests/corpora/"
                "guard_*.jsonl,\n// every row); do not edit. Included by guard.cc only.\n")
        f.write(f"// l2 {args.l2}, epochs {args.epochs}, min_df {args.min_df}, seeds {SEEDS}; "
                f"{len(rows)} rows, {len(items)} n-gram weights.\n")
        f.write(f"constexpr double kModelBias = {m['bias']:.6f};\n")
        f.write("// Per GuardCategory up to kMitigation, then the rule score, then quoted_strong.\n")
        f.write("constexpr double kModelDense[] = {" +
                ", ".join(f"{x:.6f}" for x in m["wd"]) + "};\n")
        f.write("constexpr ModelWeight kModelWeights[] = {\n")
        for g, v in items:
            f.write(f"    {{{cxx_string(g)}, {v:.6f}}},\n")
        f.write("};\n")
        f.write("// Probabilities the script computed; GuardModelTest checks the C++ agrees.\n")
        f.write("constexpr ModelProbe kModelProbes[] = {\n")
        for r in probes:
            f.write(f"    {{{cxx_string(r['text'].encode('utf-8'))}, {prob(m, r):.6f}}},\n")
        f.write("};\n")
    print(f"wrote {args.out}: {len(items)} weights", file=sys.stderr)


if __name__ == "__main__":
    main()
