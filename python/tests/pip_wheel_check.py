"""`make wheel`'s wheel installs and works where nothing of the build is visible (ctest
python_pip_wheel; apart from the pytest suite because it compiles the engine once more).

1. Builds the wheel with scripts/build_wheel.sh (what `make wheel` runs: pip wheel
   --no-build-isolation, then auditwheel repair) into a temp folder.
2. Checks the repaired extension: `ldd` with LD_LIBRARY_PATH emptied resolves every library
   either inside the wheel (engramdb.libs) or to one the wheel's manylinux policy allows
   (auditwheel's own policy table), and auditwheel show names that policy.
3. Creates a fresh venv (python3 -m venv), installs the wheel with --no-index --no-deps.
4. In that venv's interpreter, cwd outside the repository, PYTHONPATH / ENGRAM_E5_MODEL /
   ENGRAM_OPENCC_DIR / LD_LIBRARY_PATH unset, HF_HUB_OFFLINE=1 and, where the kernel lets us,
   in a network namespace with no network (unshare -n): engramdb.Memory() with the default e5
   embedder remembers and recalls, the e5 weights mapped are the wheel's copy, and no
   library outside the venv and the policy is loaded.

Usage: pip_wheel_check.py REPO_ROOT   (exit 0 = pass). Prints the wheel's size, the build
and install times.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

SMOKE = r"""
import os, sys
def mapped():
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if "/" in line.split()[-1]}
before = mapped()
import engramdb
pkg = os.path.dirname(engramdb.__file__)
assert pkg.startswith(sys.prefix + os.sep), (pkg, sys.prefix)
assert os.environ["ENGRAM_E5_MODEL"].startswith(pkg), os.environ["ENGRAM_E5_MODEL"]
assert os.environ["ENGRAM_OPENCC_DIR"].startswith(pkg), os.environ["ENGRAM_OPENCC_DIR"]

m = engramdb.Memory("wheel.db", user_id="alice")          # the default embedder: e5
assert m.options.embedder == "e5", m.options.embedder
for text in ["I moved to Berlin in May", "My favourite drink is green tea",
             "The quarterly report is due on Friday", "Bob fixed the printer on floor 3"]:
    m.add(text)

def by_vector(query):
    # The memory the e5 vector channel ranks first (the fused order also weighs recency).
    hits = m.search(query, limit=4, threshold=0)["results"]  # the ranking, not the floor
    best = [h for h in hits if h["channels"].get("vector", {}).get("rank") == 1]
    print(query, "->", [(h["memory"], {k: v["rank"] for k, v in h["channels"].items()})
                        for h in hits])
    assert len(best) == 1, hits
    return best[0]["memory"]

# Chinese questions about English memories share no token with them: only e5 (multilingual)
# can rank the right one first.
assert "Berlin" in by_vector("她住在哪个城市？")
# "她喜欢喝什么？" is a near tie with the quarterly report (reference engine 0.7921 / 0.7862,
# int8 on AVX2 0.7849 / 0.7854): int8 rounding moves a score by up to ~0.008, so the questions
# here are ones whose margin is larger than that on every engine (this one: 0.010 / 0.008).
assert "tea" in by_vector("她平时喝什么饮料？")
# English too. ("Which city does she live in?" put "Berlin" and "green tea" within 0.0004 of
# each other on a CPU without AVX-512 VNNI, whose int8 kernels round differently.)
assert "Berlin" in by_vector("Which city did she move to?")

# OpenCC's t2s tables from the wheel: a simplified query finds a traditional memory by keyword.
t = engramdb.Memory("t2s.db", {"embedder": "hashing"}, user_id="u")
t.add("我們的會議改到週五下午")
t.add("咖啡机坏了")
hit = t.search("会议", limit=1)["results"][0]
assert "會議" in hit["memory"] and "keyword" in hit["channels"], hit
try:
    t.add("")
except engramdb.InvalidArgumentError:
    pass
else:
    raise AssertionError("no InvalidArgumentError")
assert os.path.exists(os.path.join(pkg, "_engramdb.pyi"))

maps = mapped()
model = [p for p in maps if p.endswith("e5-small-q4.bin")]
assert model and all(p.startswith(pkg) for p in model), model
loaded = sorted(maps - before)
# Libraries the interpreter's own extension modules brought in (hashlib's libcrypto, ...) are
# the interpreter's; every other library loaded from outside the venv must be in the policy.
import subprocess
stdlib = os.path.dirname(os.__file__)
dynload = [mod.__file__ for mod in list(sys.modules.values())
           if (getattr(mod, "__file__", None) or "").endswith(".so")
           and not mod.__file__.startswith(sys.prefix + os.sep)]
interp = set()
for so in dynload:
    for line in subprocess.run(["ldd", so], capture_output=True, text=True).stdout.splitlines():
        if " => /" in line:
            interp.add(os.path.realpath(line.split(" => ")[1].split(" (")[0]))
allowed = os.environ["POLICY_LIBS"].split(",")
outside = [p for p in loaded if ".so" in os.path.basename(p)
           and not p.startswith(sys.prefix + os.sep) and not p.startswith(stdlib)]
foreign = [p for p in outside if os.path.realpath(p) not in interp
           and not any(os.path.basename(p) == a or os.path.basename(p).startswith(a + ".")
                       for a in allowed)]
assert not foreign, foreign
print("loaded from outside the venv: policy", sorted(os.path.basename(p) for p in outside
                                                   if os.path.realpath(p) not in interp),
      "+ the interpreter's", sorted(os.path.basename(p) for p in outside
                                    if os.path.realpath(p) in interp))
print("wheel smoke test: ok")
"""


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def policy_libs(deps, wheel):
    """The libraries the wheel's manylinux policy allows, from auditwheel's policy table."""
    tag = os.path.basename(wheel)[:-4].split("-")[-1]
    plats = tag.split(".")
    path = os.path.join(deps, "auditwheel", "policy", "manylinux-policy.json")
    with open(path) as f:
        policies = json.load(f)
    for p in policies:
        names = [p["name"]] + p.get("aliases", [])
        if any(f"{n}_x86_64" in plats for n in names):
            return set(p["lib_whitelist"]) | {"ld-linux-x86-64.so.2", "linux-vdso.so.1"}
    raise AssertionError(f"no manylinux policy for tag {tag}")


def system_libs(elf, env=None):
    out = subprocess.run(["ldd", elf], env=env, capture_output=True, text=True).stdout
    return {os.path.realpath(line.split(" => ")[1].split(" (")[0])
            for line in out.splitlines() if " => /" in line}


def isolated(cmd, root, allowed):
    """`cmd` without network and, in a private mount namespace, with the build machine's copies
    of the bundled libraries, its OpenCC data and the repository's .deps made unreadable (an
    empty file or folder mounted over each): what a machine without the -dev packages and the
    set-up lacks. The libraries the interpreter's own modules need stay (it needs them too)."""
    if not shutil.which("unshare"):
        print("smoke test with HF_HUB_OFFLINE=1 only (no unshare)")
        return cmd
    if subprocess.run(["unshare", "-m", "-n", "true"], capture_output=True).returncode != 0:
        if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
            print("smoke test with HF_HUB_OFFLINE=1 only (unshare not permitted)")
            return cmd
        print("smoke test without network (unshare -n); system libraries not hidden")
        return ["unshare", "-n"] + cmd
    build = os.environ.get("ENGRAM_WHEEL_BUILD_DIR", os.path.join(root, "build", "wheel"))
    (raw,) = glob.glob(os.path.join(build, "cmake", "python", "engramdb", "_engramdb*.so"))
    stdlib = os.path.dirname(os.__file__)
    interp = set()
    for so in glob.glob(os.path.join(stdlib, "lib-dynload", "*.so")):
        interp |= system_libs(so)
    hidden = sorted(p for p in system_libs(raw)  # what the extension needed before auditwheel
                    if p not in interp and not any(os.path.basename(p).startswith(a + ".")
                                                   or os.path.basename(p) == a
                                                   for a in allowed))
    dirs = [d for d in (os.path.join(root, ".deps"), "/usr/share/opencc") if os.path.isdir(d)]
    script = "set -e\n"
    script += "".join(f"mount --bind /dev/null '{p}'; test ! -s '{p}'\n" for p in hidden)
    script += "".join(f"mount -t tmpfs none '{d}'; test -z \"$(ls -A '{d}')\"\n" for d in dirs)
    script += 'exec "$@"\n'
    print("smoke test without network and with these hidden (unshare -m -n):",
          ", ".join([os.path.basename(p) for p in hidden] + dirs))
    assert hidden, "nothing to hide: the check would show nothing"
    prefix = ["unshare", "-m", "-n", "sh", "-c", script, "sh"]
    # Control: there, the extension as built (before auditwheel) cannot load.
    load = f"import ctypes; ctypes.CDLL({raw!r})"
    control = subprocess.run(prefix + [sys.executable, "-c", load], capture_output=True,
                             text=True)
    assert control.returncode != 0, "the unrepaired extension loads: nothing was hidden"
    print("control: the unrepaired extension does not load there:",
          control.stderr.strip().splitlines()[-1])
    return prefix + cmd


def main():
    root = os.path.abspath(sys.argv[1])
    deps = os.path.join(root, ".deps", "python")
    tmp = tempfile.mkdtemp(prefix="engramdb-wheel-")
    try:
        start = time.time()
        out = run(["bash", os.path.join(root, "scripts", "build_wheel.sh"),
                   os.path.join(tmp, "dist")], stdout=subprocess.PIPE,
                  env=dict(os.environ, PYTHON=sys.executable)).stdout
        wheel = out.strip().splitlines()[-1]
        built = time.time() - start
        size = os.path.getsize(wheel)
        print(f"built {os.path.basename(wheel)}: {size / 1e6:.1f} MB in {built:.0f} s")
        assert "manylinux" in os.path.basename(wheel), wheel
        aw_env = dict(os.environ, PYTHONPATH=deps)
        run([sys.executable, "-m", "auditwheel", "show", wheel], env=aw_env)

        clean = {k: v for k, v in os.environ.items()
                 if k not in ("PYTHONPATH", "ENGRAM_E5_MODEL", "ENGRAM_OPENCC_DIR",
                              "LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONHOME", "VIRTUAL_ENV")}
        clean["HF_HUB_OFFLINE"] = "1"
        clean["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        venv = os.path.join(tmp, "venv")
        run([sys.executable, "-m", "venv", venv], env=clean)
        vpy = os.path.join(venv, "bin", "python")
        start = time.time()
        run([vpy, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", wheel],
            env=clean, cwd=tmp)
        print(f"pip install into a fresh venv: {time.time() - start:.1f} s")

        # Every library the installed extension needs resolves inside the wheel or to the
        # policy's system libraries (LD_LIBRARY_PATH emptied, so only RUNPATH and ld.so.cache).
        allowed = policy_libs(deps, wheel)
        (ext,) = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "engramdb",
                                        "_engramdb*.so"))
        site = os.path.dirname(os.path.dirname(ext))
        ldd = run(["ldd", ext], env=dict(clean, LD_LIBRARY_PATH=""),
                  stdout=subprocess.PIPE).stdout
        bundled, system = [], []
        for line in ldd.splitlines():
            name, _, where = line.strip().partition(" => ")
            where = where.split(" (")[0].strip()
            assert where != "not found", line
            if where.startswith(site):
                bundled.append(name)
            else:
                system.append(name.split(" ")[0])
                assert os.path.basename(name.split(" ")[0]) in allowed, line
        print("bundled:", ", ".join(sorted(bundled)))
        print("from the system (policy):", ", ".join(sorted(system)))

        smoke = dict(clean, POLICY_LIBS=",".join(sorted(allowed)))
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        cmd = isolated([vpy, "-c", SMOKE], root, allowed)
        start = time.time()
        run(cmd, env=smoke, cwd=work)
        print(f"remember + recall with e5 from the wheel: {time.time() - start:.1f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
