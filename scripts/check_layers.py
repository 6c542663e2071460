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
BACKENDS = ("sqlite", "memory", "postgres")
BACKEND_USERS = ("src/engine/registry.cc", "src/store/conformance_backends.h")
# Files that include a backend although the rule says they should not, each with its reason.
BACKEND_INCLUDE_ALLOWED = {
    # A unit test of the recaller that runs it over the in-memory store as a fake; it should
    # get a store from the registry or src/testing instead.
    ("src/recall/recaller_test.cc", "src/store/memory/memory_store.h"),
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".h", ".cc", ".cpp", ".hpp")


def module_of(path):
    parts = pathlib.PurePosixPath(path).parts
    return parts[1] if len(parts) > 1 and parts[0] == "src" else None


def backend_of(path):
    parts = pathlib.PurePosixPath(path).parts
    if len(parts) > 3 and parts[:2] == ("src", "store") and parts[2] in BACKENDS:
        return parts[2]
    return None


def check_backend_include(rel, inc):
    """The leaf rule for store backends; an error message or None."""
    theirs = backend_of(inc)
    if theirs is None or backend_of(rel) == theirs:
        return None
    if (rel, inc) in BACKEND_INCLUDE_ALLOWED:
        return None
    mine = backend_of(rel)
    if mine is not None:
        return f"{rel}: backend '{mine}' includes backend '{theirs}' ('{inc}')"
    if rel in BACKEND_USERS or re.fullmatch(r"src/store/[^/]+_conformance_test\.cc", rel):
        return None
    return (f"{rel}: includes backend '{theirs}' ('{inc}'); only src/engine/registry.cc and "
            "the store's conformance tests may name a backend")


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
            leaf_error = check_backend_include(rel, inc)
            if leaf_error:
                errors.append(leaf_error)
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
