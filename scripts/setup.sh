#!/usr/bin/env bash
# Installs what Engram needs to build and test on Debian bookworm. Idempotent: a package that
# is already installed is not touched, so a second run costs a few dpkg look-ups.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  build-essential cmake ninja-build ccache mold pkg-config git python3 python3-venv python3-dev
  libsqlite3-dev sqlite3 libpq-dev libutf8proc-dev libopencc-dev libopencc-data libsodium-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcpp-httplib-dev libhnswlib-dev libopenblas-dev libdnnl-dev
  clang-14 libclang-rt-14-dev
  chromium chromium-driver
)

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Pinned Python packages go into a project-local folder, never into the system.
PY_DEPS_DIR=.deps/python
PY_REQUIREMENTS=scripts/requirements.txt
if [ -s "$PY_REQUIREMENTS" ]; then
  stamp="$PY_DEPS_DIR/.installed-$(sha256sum "$PY_REQUIREMENTS" | cut -c1-16)"
  if [ ! -f "$stamp" ]; then
    echo "setup: installing pinned Python packages into $PY_DEPS_DIR"
    if ! python3 -m pip --version >/dev/null 2>&1; then
      ${SUDO:-} apt-get install -y -qq --no-install-recommends python3-pip
    fi
    rm -rf "$PY_DEPS_DIR" && mkdir -p "$PY_DEPS_DIR"
    python3 -m pip install --quiet --no-deps --target "$PY_DEPS_DIR" -r "$PY_REQUIREMENTS"
    touch "$stamp"
  fi
fi

# The TypeScript client's build tool (clients/typescript: TypeScript, its only dependency, a
# devDependency pinned in package-lock.json). Skipped without npm; its test then is not run.
TS_DIR=clients/typescript
if command -v npm >/dev/null 2>&1 && [ -f "$TS_DIR/package-lock.json" ]; then
  stamp="$TS_DIR/node_modules/.installed-$(sha256sum "$TS_DIR/package-lock.json" | cut -c1-16)"
  if [ ! -f "$stamp" ]; then
    echo "setup: installing $TS_DIR's pinned npm packages"
    (cd "$TS_DIR" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
fi
