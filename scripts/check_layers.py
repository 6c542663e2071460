#!/usr/bin/env python3
"""Fails when an #include points up (or sideways) in the module graph of DESIGN.md section 8.

  include/engram/*.h   may include only include/engram headers and the standard library.
  apps/, python/       may include only include/engram (and their own folder's files).
  src/<module>/        may include src/<lower module> and its own folder; never a module on
                       its own level or above. Tests (*_test.cc) may also use src/testing.
Run from anywhere: python3 scripts/check_layers.py [REPO_ROOT]
"""
import pathlib
import re
import sys

RANK = {
    "base": 0,
    "text": 1,
    "store": 2, "index": 2,
    "extract": 3, "temporal": 3, "embed": 3, "llm": 3,
    "ingest": 4, "recall": 4, "govern": 4,
    "engine": 5,
    "testing": 6,
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".h", ".cc", ".cpp", ".hpp")


def module_of(path):
    parts = pathlib.PurePosixPath(path).parts
    return parts[1] if len(parts) > 1 and parts[0] == "src" else None


def check(root):
    errors = []
    for f in sorted(root.rglob("*")):
        if f.suffix not in SOURCES or not f.is_file():
            continue
        rel = f.relative_to(root).as_posix()
        if rel.startswith(("build/", ".deps/")):
            continue
        is_test = rel.endswith(("_test.cc", "_fuzz.cc")) or "/fuzz/" in rel
        for inc in INCLUDE.findall(f.read_text(errors="replace")):
            if rel.startswith("include/engram/"):
                if not inc.startswith("engram/"):
                    errors.append(f"{rel}: public header includes non-public '{inc}'")
            elif rel.startswith(("apps/", "python/")):
                if inc.startswith("src/") and not (is_test and inc.startswith("src/testing/")):
                    errors.append(f"{rel}: apps and bindings use include/engram only, not '{inc}'")
            elif rel.startswith("src/"):
                mine, theirs = module_of(rel), module_of(inc)
                if theirs is None or theirs == mine:
                    continue
                if is_test and theirs == "testing":
                    continue
                if mine not in RANK or theirs not in RANK:
                    errors.append(f"{rel}: module '{mine}' or '{theirs}' has no layer; add it")
                elif RANK[theirs] >= RANK[mine]:
                    errors.append(f"{rel}: '{mine}' (layer {RANK[mine]}) includes '{inc}' "
                                  f"(layer {RANK[theirs]}): includes must point down")
    return errors


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    errors = check(root.resolve())
    for e in errors:
        print(e)
    print(f"layering: {len(errors)} violation(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
