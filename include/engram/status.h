// Status: the outcome of an operation, OK or an error code with a message.
//
// Messages start with where they came from: "sqlite: open 'x.db': disk I/O error".
// NotFound is a normal outcome, not a failure of the engine. An OK status holds no
// allocation, so returning Status::OK() is free.
//
// Thread safety: a Status is a value; distinct objects may be used from distinct threads.
#ifndef ENGRAM_STATUS_H_
#define ENGRAM_STATUS_H_

#include <memory>
#include <string>
#include <string_view>

namespace engram {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,
  kNotFound,
  kAlreadyExists,
  kConflict,
  kFailedPrecondition,
  kResourceExhausted,
  kUnavailable,
  kDeadlineExceeded,
  kCorruption,
  kIOError,
  kNotSupported,
  kPermissionDenied,
  kInternal,
  kUnauthenticated,  // no or invalid credentials (an API key the server does not know)
};

// "InvalidArgument", "NotFound", ... (stable, used in JSON error bodies).
std::string_view StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() noexcept = default;
  Status(StatusCode code, std::string_view message);
  Status(const Status& other);
  Status& operator=(const Status& other);
  Status(Status&& other) noexcept = default;
  Status& operator=(Status&& other) noexcept = default;
  ~Status() = default;

  static Status OK() { return Status(); }
  static Status InvalidArgument(std::string_view msg) { return {StatusCode::kInvalidArgument, msg}; }
  static Status NotFound(std::string_view msg) { return {StatusCode::kNotFound, msg}; }
  static Status AlreadyExists(std::string_view msg) { return {StatusCode::kAlreadyExists, msg}; }
  static Status Conflict(std::string_view msg) { return {StatusCode::kConflict, msg}; }
  static Status FailedPrecondition(std::string_view msg) {
    return {StatusCode::kFailedPrecondition, msg};
  }
  static Status ResourceExhausted(std::string_view msg) {
    return {StatusCode::kResourceExhausted, msg};
  }
  static Status Unavailable(std::string_view msg) { return {StatusCode::kUnavailable, msg}; }
  static Status DeadlineExceeded(std::string_view msg) {
    return {StatusCode::kDeadlineExceeded, msg};
  }
  static Status Corruption(std::string_view msg) { return {StatusCode::kCorruption, msg}; }
  static Status IOError(std::string_view msg) { return {StatusCode::kIOError, msg}; }
  static Status NotSupported(std::string_view msg) { return {StatusCode::kNotSupported, msg}; }
  static Status PermissionDenied(std::string_view msg) {
    return {StatusCode::kPermissionDenied, msg};
  }
  static Status Internal(std::string_view msg) { return {StatusCode::kInternal, msg}; }
  static Status Unauthenticated(std::string_view msg) {
    return {StatusCode::kUnauthenticated, msg};
  }

  bool ok() const { return rep_ == nullptr; }
  StatusCode code() const { return rep_ ? rep_->code : StatusCode::kOk; }
  // Empty for OK.
  const std::string& message() const;
  // "OK" or "NotFound: <message>".
  std::string ToString() const;

  // Returns a copy whose message is "<prefix>: <message>"; OK stays OK.
  Status WithPrefix(std::string_view prefix) const;

 private:
  struct Rep {
    StatusCode code;
    std::string message;
  };
  std::unique_ptr<Rep> rep_;
};

inline bool operator==(const Status& a, StatusCode c) { return a.code() == c; }

}  // namespace engram

#endif  // ENGRAM_STATUS_H_
