"""Starts `engram serve` on a free loopback port for end-to-end tests (a helper module, also
used by python/tests/conftest.py)."""
import os
import re
import subprocess
import tempfile
import threading
import time


class EngramServer:
    """`engram serve` in a temporary directory; `url` once started; stop() drains it."""

    started = []  # every process started, for a test's last-resort cleanup

    def __init__(self, engram, *args, db=None):
        self.engram = engram
        self.dir = tempfile.mkdtemp(prefix="engram-e2e-")
        self.db = db or os.path.join(self.dir, "engram.db")
        self.args = list(args)
        self.proc = None
        self.url = None
        self.log = []  # the server's stderr lines

    def cli(self, *args):
        out = subprocess.run([self.engram, "--db", self.db, *args], check=True,
                             capture_output=True, text=True)
        return out.stdout.strip()

    def create_key(self, user, *extra):
        return self.cli("keys", "create", "--user", user, *extra)

    def start(self):
        env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
        self.proc = subprocess.Popen(
            [self.engram, "--db", self.db, "serve", "--port", "0", *self.args],
            stderr=subprocess.PIPE, text=True, env=env)
        EngramServer.started.append(self.proc)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                raise RuntimeError("engram serve exited: %s" % self.proc.wait())
            self.log.append(line)
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                self.url = m.group(1)
                # Keep draining stderr so the server never blocks on a full pipe.
                threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()
                return self
        raise RuntimeError("engram serve did not start")

    def _drain(self, proc):
        for line in proc.stderr:
            self.log.append(line)

    def stop(self, sig=15):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                return self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                return self.proc.wait()
        return None


def run_main(main):
    """Runs a test's main(); every server it started is killed afterwards, passed or not, so
    a failed check leaves no server behind."""
    try:
        main()
    finally:
        for proc in EngramServer.started:
            if proc.poll() is None:
                proc.kill()
