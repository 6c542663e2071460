// Result<T>: either a value of type T or a non-OK Status.
//
// Thread safety: a Result is a value; distinct objects may be used from distinct threads.
#ifndef ENGRAM_RESULT_H_
#define ENGRAM_RESULT_H_

#include <cstdlib>
#include <optional>
#include <utility>

#include "engram/status.h"

namespace engram {

template <typename T>
class [[nodiscard]] Result {
 public:
  // REQUIRES: !status.ok(). An OK status without a value is turned into Internal.
  Result(Status status) : status_(std::move(status)) {  // NOLINT: implicit by design
    if (status_.ok()) status_ = Status::Internal("result: OK status without a value");
  }
  Result(const T& value) : value_(value) {}        // NOLINT: implicit by design
  Result(T&& value) : value_(std::move(value)) {}  // NOLINT: implicit by design

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  // REQUIRES: ok(). Calling these on an error aborts: it is a programming error, never a
  // consequence of user input.
  T& value() & { return Checked(), *value_; }
  const T& value() const& { return Checked(), *value_; }
  T&& value() && { return Checked(), std::move(*value_); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  T value_or(T fallback) const& { return ok() ? *value_ : std::move(fallback); }

 private:
  void Checked() const {
    if (!value_.has_value()) std::abort();
  }
  std::optional<T> value_;
  Status status_;
};

}  // namespace engram

#endif  // ENGRAM_RESULT_H_
