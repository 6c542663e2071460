// engramdb._engramdb: the extension module. Binds only include/engram (the public API).
#include <nanobind/nanobind.h>

#include "python/bindings/engine.h"
#include "python/bindings/entities.h"
#include "python/bindings/types.h"

NB_MODULE(_engramdb, m) {
  m.doc() = "Engram's public C++ API (include/engram); use engramdb.Memory for the Mem0 shape.";
  engram::python::BindTypes(m);
  engram::python::BindEntityTypes(m);
  engram::python::BindEngine(m);
}
