#include "python/bindings/status.h"

#include <nanobind/stl/string.h>

#include <stdexcept>
#include <string>

namespace nb = nanobind;

namespace engram::python {

void ThrowStatus(const Status& status) {
  const std::string code(StatusCodeName(status.code()));
  nb::object error;
  try {
    error = nb::module_::import_("engramdb.errors").attr("from_status")(code, status.message());
  } catch (const nb::python_error&) {
    // The package is not importable (the extension was loaded on its own): raise plainly.
    PyErr_Clear();
    throw std::runtime_error(code + ": " + status.message());
  }
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw nb::python_error();
}

}  // namespace engram::python
