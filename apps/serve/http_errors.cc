#include "apps/serve/http_errors.h"

#include <string>

namespace engram::serve {

int HttpStatusFor(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return 200;
    case StatusCode::kInvalidArgument: return 400;
    case StatusCode::kUnauthenticated: return 401;
    case StatusCode::kPermissionDenied: return 403;
    case StatusCode::kNotFound: return 404;
    case StatusCode::kAlreadyExists:
    case StatusCode::kConflict: return 409;
    case StatusCode::kFailedPrecondition: return 412;
    case StatusCode::kResourceExhausted: return 429;
    case StatusCode::kNotSupported: return 501;
    case StatusCode::kUnavailable: return 503;
    case StatusCode::kDeadlineExceeded: return 504;
    case StatusCode::kCorruption:
    case StatusCode::kIOError:
    case StatusCode::kInternal: return 500;
  }
  return 500;
}

nlohmann::json ErrorBody(const Status& status) {
  return {{"error",
           {{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}}},
          {"detail", status.message()}};  // where Mem0 and FastAPI clients look
}

StatusCode CodeForHttpStatus(int http_status) {
  switch (http_status) {
    case 400: return StatusCode::kInvalidArgument;
    case 401: return StatusCode::kUnauthenticated;
    case 403: return StatusCode::kPermissionDenied;
    case 404: return StatusCode::kNotFound;
    case 409: return StatusCode::kConflict;
    case 413: return StatusCode::kResourceExhausted;
    case 429: return StatusCode::kResourceExhausted;
    case 501: return StatusCode::kNotSupported;
    case 503: return StatusCode::kUnavailable;
    default: return http_status < 500 ? StatusCode::kInvalidArgument : StatusCode::kInternal;
  }
}

}  // namespace engram::serve
