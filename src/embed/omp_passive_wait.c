/* OpenMP threads wait passively unless the user says otherwise.
 *
 * libgomp reads OMP_WAIT_POLICY once, in its own constructor, before main() runs; unset, its
 * idle threads spin for a while after every parallel region, which on a machine whose cores
 * are busy with other work slows everyone down (an in-process user measured `add` ~6x
 * slower). A function in .preinit_array runs before any shared library's constructor, so it
 * can set the default in time. CMake links this object into every executable that uses
 * engram_embed (the CLI and server, tests, benchmarks); the Python package sets the same
 * default in engramdb/__init__.py before it loads its extension. An OMP_WAIT_POLICY already in
 * the environment is kept. Thread safety: runs once, before any other code of the process. */
#include <stdlib.h>

static void EngramOmpPassiveWait(int argc, char** argv, char** envp) {
  (void)argc;
  (void)argv;
  (void)envp;
  setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
}

__attribute__((section(".preinit_array"), used)) static void (*const kEngramOmpPassiveWait)(
    int, char**, char**) = EngramOmpPassiveWait;
