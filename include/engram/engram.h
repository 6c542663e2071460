// Umbrella header: everything an embedding application needs.
#ifndef ENGRAM_ENGRAM_H_
#define ENGRAM_ENGRAM_H_

#include "engram/clock.h"
#include "engram/engine.h"
#include "engram/migrate.h"
#include "engram/options.h"
#include "engram/result.h"
#include "engram/status.h"
#include "engram/types.h"

#endif  // ENGRAM_ENGRAM_H_
