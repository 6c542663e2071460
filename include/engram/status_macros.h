// Propagating Status and Result<T> errors without writing the `if (!s.ok()) return s;` by hand.
//
//   Status Save(Store& store, const Memory& m) {
//     ENGRAM_RETURN_IF_ERROR(store.Begin());                // returns the Status if not OK
//     ENGRAM_ASSIGN_OR_RETURN(int64_t id, store.Insert(m)); // declares id, or returns
//     return store.Commit(id);
//   }
//
// Both return from the enclosing function, whose return type must be constructible from a
// Status (Status or any Result<T>). ENGRAM_ASSIGN_OR_RETURN expands to several statements:
// use it where a declaration may stand, not as the body of an unbraced `if`.
//
// Thread safety: macros only; they evaluate their argument once, in the calling thread.
#ifndef ENGRAM_STATUS_MACROS_H_
#define ENGRAM_STATUS_MACROS_H_

#include <utility>

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

// `lhs` = value of `rexpr` (a Result<T>), or returns its Status. `lhs` may declare a variable
// (`auto x`, `std::string x`) or name an existing one.
#define ENGRAM_ASSIGN_OR_RETURN(lhs, rexpr) \
  ENGRAM_ASSIGN_OR_RETURN_IMPL_(ENGRAM_CONCAT_(_engram_r, __LINE__), lhs, rexpr)
#define ENGRAM_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, rexpr) \
  auto tmp = (rexpr);                                  \
  if (!tmp.ok()) return tmp.status();                  \
  lhs = std::move(tmp).value()

#endif  // ENGRAM_STATUS_MACROS_H_
