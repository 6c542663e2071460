// Registers the public value types with the extension module (see types.cc).
//
// Thread safety: called once, at import, with the GIL held.
#ifndef ENGRAM_PYTHON_BINDINGS_TYPES_H_
#define ENGRAM_PYTHON_BINDINGS_TYPES_H_

#include <nanobind/nanobind.h>

namespace engram::python {

void BindTypes(nanobind::module_& m);

}  // namespace engram::python

#endif  // ENGRAM_PYTHON_BINDINGS_TYPES_H_
