// engramdb._engramdb.Engine: the engine behind a shared pointer. Every engine call copies its
// arguments into a request while holding the GIL, then runs with the GIL released, so other
// Python threads keep running (and may call the same engine: Engine is thread-safe). close()
// drops this object's reference; a call still running keeps the engine alive until it returns.
//
// Thread safety: as engram::Engine; methods are called with the GIL held.
#ifndef ENGRAM_PYTHON_BINDINGS_ENGINE_H_
#define ENGRAM_PYTHON_BINDINGS_ENGINE_H_

#include <nanobind/nanobind.h>

namespace engram::python {

void BindEngine(nanobind::module_& m);

}  // namespace engram::python

#endif  // ENGRAM_PYTHON_BINDINGS_ENGINE_H_
