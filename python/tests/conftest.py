"""Fixtures: a Memory on a real SQLite file in a temp dir, and a real `engram serve` on a
loopback port with a temp database and an API key (the binary from $ENGRAM_BIN)."""

import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

import pytest

import engramdb

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


class Server:
    """`engram serve` in a temp dir; url once started; stop() drains it."""

    def __init__(self, *args):
        self.dir = tempfile.mkdtemp(prefix="engramdb-test-")
        self.db = os.path.join(self.dir, "engram.db")
        self.bin = engram_bin()
        self.args = list(args)
        self.proc = None
        self.url = None
        self.log = []

    def cli(self, *args):
        out = subprocess.run([self.bin, "--db", self.db, *args], check=True,
                             capture_output=True, text=True)
        return out.stdout.strip()

    def create_key(self, user, *extra):
        return self.cli("keys", "create", "--user", user, *extra)

    def start(self):
        env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
        self.proc = subprocess.Popen(
            [self.bin, "--db", self.db, "serve", "--port", "0", *self.args],
            stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                raise RuntimeError(f"engram serve exited: {self.proc.wait()}")
            self.log.append(line)
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                self.url = m.group(1)
                # Keep draining stderr so the server never blocks on a full pipe.
                threading.Thread(target=self._drain, daemon=True).start()
                return self
        raise RuntimeError("engram serve did not start")

    def _drain(self):
        for line in self.proc.stderr:
            self.log.append(line)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    s = Server("--embedder", "hashing", "--rate-limit", "0")
    s.alice_key = s.create_key("alice")
    s.bob_key = s.create_key("bob")
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def dev_server():
    s = Server("--embedder", "hashing", "--rate-limit", "0", "--dev")
    s.start()
    yield s
    s.stop()
