// The engine's entity calls (Engine::ImportEntities, ListEntities, EntityRelations) and the
// linking step of the write path: the message's mentions, matched against the entity names
// the writer may see (src/extract/entity_linker.h), become the batch's entity links.
//
// Thread safety: as the store it is given.
#ifndef ENGRAM_ENGINE_ENTITIES_H_
#define ENGRAM_ENGINE_ENTITIES_H_

#include <vector>

#include "engram/entities.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::engine {

Result<ImportEntitiesResult> ImportEntities(store::Store& store, const store::OpContext& ctx,
                                            const ImportEntitiesRequest& request);
Result<ListEntitiesResult> ListEntities(store::Store& store, const store::OpContext& ctx,
                                        const ListEntitiesRequest& request);
Result<EntityRelationsResult> EntityRelations(store::Store& store, const store::OpContext& ctx,
                                              int64_t id, int limit);
Result<std::vector<EntityLinkView>> MemoryEntities(store::Store& store,
                                                   const store::OpContext& ctx, int64_t id);

// Adds the entity links of every non-quarantined memory of the batch (from the message
// text) and sets their confidence.entity to the weakest link's confidence.
Status LinkBatchEntities(store::Store& store, const store::OpContext& ctx,
                         store::IngestBatch* batch);

std::vector<EntityLinkView> LinkViews(const std::vector<store::EntityLinkOutcome>& links);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_ENTITIES_H_
