// ENGRAM_SERVE_TRY(var, expr): evaluates a Result<T> expression; returns its Status from the
// enclosing function on error, else declares `var` holding the value.
#ifndef ENGRAM_APPS_SERVE_TRY_H_
#define ENGRAM_APPS_SERVE_TRY_H_

#include <utility>

#define ENGRAM_SERVE_TRY(var, expr)                  \
  auto var##_result_ = (expr);                       \
  if (!var##_result_.ok()) return var##_result_.status(); \
  auto var = std::move(var##_result_).value()

#endif  // ENGRAM_APPS_SERVE_TRY_H_
