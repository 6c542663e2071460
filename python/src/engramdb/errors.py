"""Engram's error codes as Python exceptions: the one mapping of this package.

Both edges raise through ``from_status``: the extension module (for an engine ``Status``) and
the HTTP client (for the ``{"error": {"code", "message"}}`` body of a failed request). Every
exception is an :class:`EngramError` carrying ``code`` (the engine's ``StatusCode`` name) and
``message``; each also derives from the built-in exception a Python caller would expect
(``ValueError`` for bad input, ``PermissionError``, ``TimeoutError``, ...).
"""

from __future__ import annotations


class EngramError(Exception):
    """Base of every error this package raises for an engine or server failure."""

    code = "Internal"

    def __init__(self, message: str = "", code: str | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" if self.message else self.code


class InvalidArgumentError(EngramError, ValueError):
    code = "InvalidArgument"


class NotFoundError(EngramError, LookupError, ValueError):
    """Absent, or not visible to the caller (the two are indistinguishable by design).

    Also a ``ValueError``: Mem0 raises ``ValueError`` for an unknown memory id.
    """

    code = "NotFound"


class AlreadyExistsError(EngramError):
    code = "AlreadyExists"


class ConflictError(EngramError):
    """E.g. correcting a version that is no longer current."""

    code = "Conflict"


class FailedPreconditionError(EngramError):
    code = "FailedPrecondition"


class ResourceExhaustedError(EngramError):
    """Rate limited, or a request too large."""

    code = "ResourceExhausted"


class UnavailableError(EngramError, ConnectionError):
    code = "Unavailable"


class DeadlineExceededError(EngramError, TimeoutError):
    code = "DeadlineExceeded"


class CorruptionError(EngramError):
    code = "Corruption"


class EngramIOError(EngramError, OSError):
    code = "IOError"


class NotSupportedError(EngramError, NotImplementedError):
    code = "NotSupported"


class PermissionDeniedError(EngramError, PermissionError):
    code = "PermissionDenied"


class InternalError(EngramError):
    code = "Internal"


class UnauthenticatedError(EngramError, PermissionError):
    """No API key, or one the server does not know (HTTP 401)."""

    code = "Unauthenticated"


_BY_CODE = {
    cls.code: cls
    for cls in (
        InvalidArgumentError, NotFoundError, AlreadyExistsError, ConflictError,
        FailedPreconditionError, ResourceExhaustedError, UnavailableError,
        DeadlineExceededError, CorruptionError, EngramIOError, NotSupportedError,
        PermissionDeniedError, InternalError, UnauthenticatedError,
    )
}


def from_status(code: str, message: str) -> EngramError:
    """The exception for an engine status code name (``StatusCodeName``); unknown codes give
    an :class:`EngramError` that keeps the code."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return EngramError(message, code=code)
    return cls(message)


__all__ = ["from_http", "from_status", "EngramError"] + sorted(c.__name__ for c in _BY_CODE.values())


_HTTP_CODES = {
    400: "InvalidArgument", 401: "Unauthenticated", 403: "PermissionDenied", 404: "NotFound",
    409: "Conflict", 412: "FailedPrecondition", 413: "ResourceExhausted",
    429: "ResourceExhausted", 501: "NotSupported", 503: "Unavailable", 504: "DeadlineExceeded",
}


def from_http(status: int, body: bytes) -> EngramError:
    """The exception for a failed HTTP response: the code of its {"error": {"code",
    "message"}} body, else one derived from the HTTP status."""
    import json
    try:
        error = json.loads(body)["error"]
        return from_status(str(error["code"]), str(error.get("message", "")))
    except (ValueError, KeyError, TypeError):
        text = body.decode("utf-8", "replace")[:200]
        return from_status(_HTTP_CODES.get(status, "Internal"), f"http {status}: {text}")
