#!/usr/bin/env python3
"""Tests scripts/check_layers.py on a small fake tree: each rule reports what it must and
nothing else. Run: python3 scripts/check_layers_test.py"""
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import check_layers  # noqa: E402


def tree(files):
    root = pathlib.Path(tempfile.mkdtemp(prefix="layers-"))
    for path, include in files.items():
        p = root / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f'#include "{include}"\n')
    return root


class BackendLeafTest(unittest.TestCase):
    def test_flags_backends_named_outside_the_allowed_places(self):
        errors = check_layers.check(tree({
            "src/store/postgres/a.cc": "src/store/sqlite/sqlite_store.h",
            "src/store/memory/b.cc": "src/store/postgres/pg_conn.h",
            "src/ingest/c.cc": "src/store/postgres/pg_conn.h",
            "src/store/keyword_index.cc": "src/store/sqlite/sqlite_util.h",
            "src/engine/d_test.cc": "src/store/memory/memory_store.h",
        }))
        flagged = sorted(e.split(":")[0] for e in errors)
        self.assertEqual(flagged, ["src/engine/d_test.cc", "src/ingest/c.cc",
                                   "src/store/keyword_index.cc", "src/store/memory/b.cc",
                                   "src/store/postgres/a.cc"])

    def test_allows_own_folder_registry_conformance_suites_and_the_allow_list(self):
        files = {
            "src/store/postgres/a.cc": "src/store/postgres/pg_conn.h",
            "src/engine/registry.cc": "src/store/postgres/pg_conn.h",
            "src/store/store_conformance_test.cc": "src/store/postgres/pg_conn.h",
            "src/store/conformance_backends.h": "src/store/sqlite/sqlite_store.h",
            "src/store/store.h": "src/store/access.h",
        }
        for rel, inc in check_layers.BACKEND_INCLUDE_ALLOWED:
            files[rel] = inc
        self.assertEqual(check_layers.check(tree(files)), [])


class LayerTest(unittest.TestCase):
    def test_an_upward_include_is_flagged(self):
        errors = check_layers.check(tree({"src/store/x.cc": "src/engine/engine_impl.h"}))
        self.assertEqual(len(errors), 1)
        self.assertIn("includes must point down", errors[0])


if __name__ == "__main__":
    unittest.main()
