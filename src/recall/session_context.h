// Session-context spreading: in a conversation the answer often sits in the turn after the
// one that matches the query ("How long do you hold that pose?" -> "30-60 seconds"), or in
// the turn before it. Each of the best hits lends a share of its score to its neighbouring
// turns in the same session and scope (read through the store, so scopes hold); a neighbour
// not yet among the hits joins them through the "context" channel.
//
//   hit.score += max over lending hits h of  share(side) / distance * h.score
//
// but never above the lender's score: a neighbour ranks right behind the turn that matched
// ("I moved to Berlin in May" stays first for "Which city does she live in?", its next turn
// "My favourite drink is green tea" follows it), not ahead of it.
//
// Thread safety: stateless.
#ifndef ENGRAM_RECALL_SESSION_CONTEXT_H_
#define ENGRAM_RECALL_SESSION_CONTEXT_H_

#include <vector>

#include "engram/engine.h"
#include "engram/status.h"
#include "src/store/store.h"

namespace engram::recall {

struct SpreadParams {
  int sources = 20;        // how many of the best hits lend score
  double before = 0.1;     // share lent to the previous turn
  double after = 0.2;      // share lent to the next turn
  int width = 1;           // turns reached on each side; a turn d away gets share / d
};

// Adds the lent score to `hits` (explanation.context, channel "context") and re-sorts them,
// best first. A no-op when both shares are 0.
Status SpreadToNeighbours(store::Store& store, const store::OpContext& ctx,
                          const SpreadParams& params, std::vector<RecallHit>* hits);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_SESSION_CONTEXT_H_
