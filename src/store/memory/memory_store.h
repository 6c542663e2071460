// MemoryStore: a Store that keeps everything in process memory. For tests and as the
// reference the SQLite backend is checked against; it is lost when destroyed.
//
// Thread safety: all methods may be called concurrently (one internal mutex).
#ifndef ENGRAM_STORE_MEMORY_MEMORY_STORE_H_
#define ENGRAM_STORE_MEMORY_MEMORY_STORE_H_

#include <memory>

#include "src/store/store.h"

namespace engram::store {

std::unique_ptr<Store> NewMemoryStore();

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_MEMORY_STORE_H_
