"""The shipped type stubs (engramdb/_engramdb.pyi) match the extension: nanobind's stubgen,
run on the built module, reproduces them. Regenerate after changing the bindings:
  PYTHONPATH=build/release/python:.deps/python python3 -m nanobind.stubgen -q \
      -m engramdb._engramdb -o python/src/engramdb/_engramdb.pyi
"""

import os
import subprocess
import sys

import pytest

SHIPPED = os.path.join(os.path.dirname(__file__), "..", "src", "engramdb", "_engramdb.pyi")


def test_stubs_are_current(tmp_path):
    pytest.importorskip("nanobind")
    out = tmp_path / "_engramdb.pyi"
    subprocess.run([sys.executable, "-m", "nanobind.stubgen", "-q", "-m", "engramdb._engramdb",
                    "-o", str(out)], check=True)
    with open(SHIPPED) as f:
        assert out.read_text() == f.read(), "regenerate python/src/engramdb/_engramdb.pyi"


def test_package_is_typed():
    import engramdb
    folder = os.path.dirname(engramdb.__file__)
    assert os.path.exists(os.path.join(folder, "py.typed"))
    assert os.path.exists(os.path.join(folder, "_engramdb.pyi"))
