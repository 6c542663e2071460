// The one place where engine Status codes become HTTP statuses and JSON error bodies.
//
//   InvalidArgument 400, Unauthenticated 401, PermissionDenied 403, NotFound 404,
//   AlreadyExists / Conflict 409, FailedPrecondition 412, ResourceExhausted 429,
//   NotSupported 501, Unavailable 503, DeadlineExceeded 504, anything else 500.
// Body: {"error": {"code": "<StatusCodeName>", "message": "..."}, "detail": "<message>"}
// ("detail" is where Mem0's and FastAPI's clients read the message).
//
// Thread safety: pure functions.
#ifndef ENGRAM_APPS_SERVE_HTTP_ERRORS_H_
#define ENGRAM_APPS_SERVE_HTTP_ERRORS_H_

#include <nlohmann/json.hpp>

#include "engram/status.h"

namespace engram::serve {

int HttpStatusFor(StatusCode code);

nlohmann::json ErrorBody(const Status& status);

// The status code an HTTP error status stands for (for errors raised by the HTTP layer
// itself: 404 no route, 405, 413 too large...).
StatusCode CodeForHttpStatus(int http_status);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_HTTP_ERRORS_H_
