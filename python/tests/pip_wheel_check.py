"""`pip wheel ./python` really builds an installable engramdb (run by ctest as
python_pip_wheel, apart from the pytest suite because it compiles the engine again).

Builds the wheel offline (--no-build-isolation; nanobind and scikit-build-core from
.deps/python), installs it into a temp folder, and uses it from a fresh interpreter that sees
only that folder. Usage: pip_wheel_check.py REPO_ROOT   (exit 0 = pass)
"""

import glob
import os
import subprocess
import sys
import tempfile
import time

SMOKE = """
import engramdb, os
assert os.path.dirname(engramdb.__file__).startswith(os.environ["TARGET"]), engramdb.__file__
m = engramdb.Memory(None, {"backend": "memory", "embedder": "hashing"})
r = m.add("the wheel works", user_id="u", metadata={"k": 1})["results"][0]
assert m.search("wheel", user_id="u")["results"][0]["id"] == r["id"]
try:
    m.add("", user_id="u")
except engramdb.InvalidArgumentError:
    pass
else:
    raise AssertionError("no InvalidArgumentError")
assert os.path.exists(os.path.join(os.path.dirname(engramdb.__file__), "_engramdb.pyi"))
print("wheel smoke test: ok")
"""


def main():
    root = os.path.abspath(sys.argv[1])
    deps = os.path.join(root, ".deps", "python")
    with tempfile.TemporaryDirectory(prefix="engramdb-wheel-") as tmp:
        env = dict(os.environ, PYTHONPATH=deps, CMAKE_BUILD_PARALLEL_LEVEL="2")
        start = time.time()
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
                        "--no-index", "-w", os.path.join(tmp, "dist"),
                        os.path.join(root, "python")], env=env, check=True)
        (wheel,) = glob.glob(os.path.join(tmp, "dist", "engramdb-*.whl"))
        print(f"built {os.path.basename(wheel)} in {time.time() - start:.0f} s")
        target = os.path.join(tmp, "site")
        subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                        "--target", target, wheel], check=True)
        clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        clean.update(PYTHONPATH=target, TARGET=target)
        subprocess.run([sys.executable, "-c", SMOKE], env=clean, check=True, cwd=tmp)


if __name__ == "__main__":
    main()
