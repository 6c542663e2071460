// Internal helpers for propagating Status and Result<T>.
#ifndef ENGRAM_BASE_STATUS_MACROS_H_
#define ENGRAM_BASE_STATUS_MACROS_H_

#include "engram/result.h"
#include "engram/status.h"

#define ENGRAM_CONCAT_INNER_(a, b) a##b
#define ENGRAM_CONCAT_(a, b) ENGRAM_CONCAT_INNER_(a, b)

// Returns from the current function if `expr` (a Status) is not OK.
#define ENGRAM_RETURN_IF_ERROR(expr)          \
  do {                                        \
    ::engram::Status _engram_s = (expr);      \
    if (!_engram_s.ok()) return _engram_s;    \
  } while (0)

// `lhs` = value of `rexpr` (a Result<T>), or returns its Status.
#define ENGRAM_ASSIGN_OR_RETURN(lhs, rexpr) \
  ENGRAM_ASSIGN_OR_RETURN_IMPL_(ENGRAM_CONCAT_(_engram_r, __LINE__), lhs, rexpr)
#define ENGRAM_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, rexpr) \
  auto tmp = (rexpr);                                  \
  if (!tmp.ok()) return tmp.status();                  \
  lhs = std::move(tmp).value()

#endif  // ENGRAM_BASE_STATUS_MACROS_H_
