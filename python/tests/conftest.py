"""Fixtures: a Memory on a real SQLite file in a temp dir, and a real `engram serve` on a
loopback port with a temp database and an API key (the binary from $ENGRAM_BIN)."""

import os
import pathlib
import shutil
import sys

import pytest

import engramdb

# One launcher for every test that starts a server: apps/serve/e2e/engram_server.py.
_SOURCE_DIR = pathlib.Path(os.environ.get("ENGRAM_SOURCE_DIR") or
                           pathlib.Path(__file__).resolve().parents[2])
sys.path.insert(0, str(_SOURCE_DIR / "apps" / "serve" / "e2e"))
from engram_server import EngramServer  # noqa: E402

FAST = {"embedder": "hashing"}  # deterministic and quick; e5 is tested in C++


@pytest.fixture
def memory(tmp_path):
    m = engramdb.Memory(tmp_path / "engram.db", FAST)
    yield m
    m.close()


def engram_bin():
    path = os.environ.get("ENGRAM_BIN") or shutil.which("engram")
    if not path:
        pytest.skip("ENGRAM_BIN is not set (ctest sets it to the built engram)")
    return path


def stop_server(s):
    """Drains the server (SIGTERM) and removes its temp dir."""
    s.stop()
    shutil.rmtree(s.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    s = EngramServer(engram_bin(), "--embedder", "hashing", "--rate-limit", "0")
    s.alice_key = s.create_key("alice")
    s.bob_key = s.create_key("bob")
    s.start()
    yield s
    stop_server(s)


@pytest.fixture(scope="session")
def dev_server():
    s = EngramServer(engram_bin(), "--embedder", "hashing", "--rate-limit", "0", "--dev").start()
    yield s
    stop_server(s)
