# The two commands: `make run` (demo, then `engram serve` on 127.0.0.1:8420) and `make test`.
# Both set up what is missing first.
.PHONY: setup build run test test-asan bench wheel clean

PRESET ?= release
JOBS ?= 2
ENGRAM := build/release/apps/cli/engram

setup:
	@bash scripts/setup.sh

build/%/build.ninja: | setup
	cmake --preset $*

build: setup build/release/build.ninja
	cmake --build --preset release -j $(JOBS) --target engram

run: build
	@bash scripts/demo.sh $(ENGRAM)
	@bash scripts/serve.sh $(ENGRAM)

test: setup build/release/build.ninja
	cmake --build --preset release -j $(JOBS)
	OMP_WAIT_POLICY=PASSIVE ctest --preset release

test-asan: setup build/asan/build.ninja
	cmake --build --preset asan -j $(JOBS)
	OMP_WAIT_POLICY=PASSIVE ctest --preset asan

# dist/engramdb-*.whl: the engine, its non-system libraries and the e5 weights, for
# `pip install` on a machine without build tools (scripts/build_wheel.sh, python/README.md).
wheel: setup
	JOBS=$(JOBS) bash scripts/build_wheel.sh dist

bench: build
	build/release/bench/engram_bench --sizes 10000,100000

clean:
	rm -rf build
