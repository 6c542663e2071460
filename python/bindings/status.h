// The one place where an engine Status becomes a Python exception: ThrowStatus asks
// engramdb.errors.from_status (the same table the HTTP client uses) for the exception of the
// code, then raises it. Call only while holding the GIL.
//
// Thread safety: callers must hold the GIL.
#ifndef ENGRAM_PYTHON_BINDINGS_STATUS_H_
#define ENGRAM_PYTHON_BINDINGS_STATUS_H_

#include <nanobind/nanobind.h>

#include <utility>

#include "engram/result.h"
#include "engram/status.h"

namespace engram::python {

// Raises the Python exception for `status`. REQUIRES: !status.ok(); the GIL is held.
[[noreturn]] void ThrowStatus(const Status& status);

inline void ThrowIfError(const Status& status) {
  if (!status.ok()) ThrowStatus(status);
}

// The value of `result`, or the Python exception for its status.
template <typename T>
T Unwrap(Result<T>&& result) {
  if (!result.ok()) ThrowStatus(result.status());
  return std::move(result).value();
}

// Runs `f` with the GIL released (an engine call); returns its result once the GIL is held
// again, so the caller may convert it to Python objects.
template <typename F>
auto WithoutGil(F&& f) {
  nanobind::gil_scoped_release release;
  return std::forward<F>(f)();
}

}  // namespace engram::python

#endif  // ENGRAM_PYTHON_BINDINGS_STATUS_H_
