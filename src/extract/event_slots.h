// Slot filling for the event typer (internal to src/extract; see event_typer.h for the slot
// semantics). Cue tables are data in event_slots.cc.
//
// Thread safety: pure function over immutable tables.
#ifndef ENGRAM_SRC_EXTRACT_EVENT_SLOTS_H_
#define ENGRAM_SRC_EXTRACT_EVENT_SLOTS_H_

#include <span>
#include <string_view>
#include <vector>

#include "src/extract/event_typer.h"

namespace engram::extract {

// Every slot of `type`'s schema found in `folded`, in SlotName order, confidence >= 0.6.
std::vector<EventSlot> FillEventSlots(std::string_view folded, EventType type,
                                      std::span<const TimeHint> times);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_EVENT_SLOTS_H_
