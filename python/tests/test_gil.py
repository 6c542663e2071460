"""Engine calls release the GIL: while one thread waits inside an engine call, other Python
threads run. The proof does not depend on timing: a Remember blocks on SQLite's write lock,
which only the main thread, in Python, can release. If the call held the GIL, the main thread
could never run to release it, and the Remember would fail with a busy error after the
engine's busy timeout. (The parallel speed-up is measured in bench/python_overhead.py.)"""

import sqlite3
import threading
import time

import engramdb


def test_python_runs_while_an_engine_call_waits(tmp_path):
    path = str(tmp_path / "gil.db")
    m = engramdb.Memory(path, {"embedder": "hashing", "busy_timeout_ms": 20000})
    m.add("warm up", user_id="alice")
    blocker = sqlite3.connect(path, isolation_level=None, timeout=0)
    blocker.execute("BEGIN IMMEDIATE")  # holds the database's write lock

    entered, result = threading.Event(), {}

    def writer():
        entered.set()
        try:
            result["out"] = m.add("written while the lock was held", user_id="alice")
        except Exception as e:  # noqa: BLE001 - reported below
            result["error"] = e

    t = threading.Thread(target=writer)
    t.start()
    entered.wait()
    spins = 0
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:  # pure Python work while the writer is blocked
        spins += 1
    assert t.is_alive(), "the engine call should still be waiting for the write lock"
    blocker.execute("COMMIT")  # only possible because the waiting call released the GIL
    t.join(30)
    blocker.close()
    assert not t.is_alive() and "error" not in result, result.get("error")
    assert result["out"]["results"][0]["memory"] == "written while the lock was held"
    assert spins > 1000
    m.close()
