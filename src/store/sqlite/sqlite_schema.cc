#include "src/store/sqlite/sqlite_schema.h"

#include <vector>

#include "engram/status_macros.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

// Migration 1: the whole data model of DESIGN.md section 4.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE message (
  id            INTEGER PRIMARY KEY,
  session_id    TEXT NOT NULL DEFAULT '',
  user_id       TEXT NOT NULL,
  agent_id      TEXT NOT NULL DEFAULT '',
  team_id       TEXT NOT NULL DEFAULT '',
  visibility    TEXT NOT NULL CHECK (visibility IN ('private','team','public')),
  role          TEXT NOT NULL DEFAULT 'user',
  content       TEXT NOT NULL,
  at_ms         INTEGER NOT NULL,
  at_offset     INTEGER NOT NULL DEFAULT 0,
  source_type   TEXT NOT NULL,
  context       TEXT NOT NULL DEFAULT '{}',
  state         TEXT NOT NULL DEFAULT 'done'
                CHECK (state IN ('pending','processing','done','failed')),
  recorded_ms   INTEGER NOT NULL
);
CREATE INDEX message_user ON message(user_id, id);
CREATE INDEX message_pending ON message(state) WHERE state <> 'done';

CREATE TABLE memory (
  id             INTEGER PRIMARY KEY,
  lineage_id     INTEGER NOT NULL,
  version        INTEGER NOT NULL CHECK (version >= 1),
  supersedes     INTEGER REFERENCES memory(id),
  current        INTEGER NOT NULL CHECK (current IN (0,1)),
  scope_key      TEXT NOT NULL,
  user_id        TEXT NOT NULL,
  agent_id       TEXT NOT NULL DEFAULT '',
  team_id        TEXT NOT NULL DEFAULT '',
  visibility     TEXT NOT NULL CHECK (visibility IN ('private','team','public')),
  type           TEXT NOT NULL
                 CHECK (type IN ('working','episodic','semantic','procedural')),
  kind           TEXT NOT NULL
                 CHECK (kind IN ('fact','preference','event','task','state','summary','raw')),
  status         TEXT NOT NULL CHECK (status IN ('active','dormant','quarantined','deleted')),
  content        TEXT NOT NULL,
  subject        TEXT NOT NULL DEFAULT '',
  attribute      TEXT NOT NULL DEFAULT '',
  value          TEXT NOT NULL DEFAULT '',
  event_from_ms  INTEGER,
  event_to_ms    INTEGER,
  event_grain    TEXT,
  valid_from_ms  INTEGER NOT NULL,
  valid_to_ms    INTEGER,
  recorded_ms    INTEGER NOT NULL,
  superseded_ms  INTEGER,
  expires_ms     INTEGER,
  time_offset    INTEGER NOT NULL DEFAULT 0,
  conf_temporal  REAL NOT NULL DEFAULT 1,
  conf_entity    REAL NOT NULL DEFAULT 1,
  conf_event     REAL NOT NULL DEFAULT 1,
  conf_source    REAL NOT NULL DEFAULT 1,
  conf_consistency REAL NOT NULL DEFAULT 1,
  conf_overall   REAL NOT NULL DEFAULT 1,
  session_id     TEXT NOT NULL DEFAULT '',
  message_id     INTEGER REFERENCES message(id),
  source_type    TEXT NOT NULL DEFAULT 'chat',
  actor          TEXT NOT NULL DEFAULT '',
  source_at_ms   INTEGER NOT NULL DEFAULT 0,
  access_count   INTEGER NOT NULL DEFAULT 0,
  last_access_ms INTEGER,
  metadata       TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX memory_lineage ON memory(lineage_id, version);
CREATE UNIQUE INDEX memory_one_current_version ON memory(lineage_id) WHERE current = 1;
CREATE UNIQUE INDEX memory_one_current_fact ON memory(scope_key, subject, attribute)
  WHERE current = 1 AND attribute <> '';
CREATE INDEX memory_scope ON memory(scope_key, current, status);
CREATE INDEX memory_message ON memory(message_id);

CREATE VIRTUAL TABLE memory_fts USING fts5(
  content, content='memory', content_rowid='id', tokenize='engram');

CREATE TABLE entity (
  id           INTEGER PRIMARY KEY,
  scope_key    TEXT NOT NULL,
  user_id      TEXT NOT NULL,
  team_id      TEXT NOT NULL DEFAULT '',
  visibility   TEXT NOT NULL CHECK (visibility IN ('private','team','public')),
  type         TEXT NOT NULL,
  name         TEXT NOT NULL,
  aliases      TEXT NOT NULL DEFAULT '[]',
  attributes   TEXT NOT NULL DEFAULT '{}',
  created_ms   INTEGER NOT NULL
);
CREATE INDEX entity_name ON entity(scope_key, name);

CREATE TABLE relation (
  id             INTEGER PRIMARY KEY,
  subject_id     INTEGER NOT NULL REFERENCES entity(id),
  predicate      TEXT NOT NULL,
  object_id      INTEGER REFERENCES entity(id),
  object_literal TEXT,
  memory_id      INTEGER REFERENCES memory(id),
  valid_from_ms  INTEGER NOT NULL,
  valid_to_ms    INTEGER,
  version        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX relation_subject ON relation(subject_id, predicate);

CREATE TABLE event (
  id         INTEGER PRIMARY KEY,
  memory_id  INTEGER NOT NULL REFERENCES memory(id),
  type       TEXT NOT NULL,
  slots      TEXT NOT NULL DEFAULT '{}',
  from_ms    INTEGER,
  to_ms      INTEGER,
  grain      TEXT
);
CREATE INDEX event_memory ON event(memory_id);

CREATE TABLE audit (
  seq          INTEGER PRIMARY KEY,
  at_ms        INTEGER NOT NULL,
  actor_user   TEXT NOT NULL,
  actor_agent  TEXT NOT NULL DEFAULT '',
  action       TEXT NOT NULL,
  targets      TEXT NOT NULL DEFAULT '[]',
  request_id   TEXT NOT NULL DEFAULT '',
  detail       TEXT NOT NULL DEFAULT '{}',
  prev_hash    TEXT NOT NULL,
  hash         TEXT NOT NULL
);
CREATE INDEX audit_actor ON audit(actor_user, seq);
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
  BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
  BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;

CREATE TABLE review (
  id          INTEGER PRIMARY KEY,
  kind        TEXT NOT NULL,
  user_id     TEXT NOT NULL,
  memory_id   INTEGER REFERENCES memory(id),
  message_id  INTEGER REFERENCES message(id),
  reason      TEXT NOT NULL,
  payload     TEXT NOT NULL DEFAULT '{}',
  created_ms  INTEGER NOT NULL,
  resolved_ms INTEGER,
  resolution  TEXT
);

CREATE TABLE pii_vault (
  id          INTEGER PRIMARY KEY,
  scope_key   TEXT NOT NULL,
  user_id     TEXT NOT NULL,
  placeholder TEXT NOT NULL,
  kind        TEXT NOT NULL,
  nonce       BLOB NOT NULL,
  ciphertext  BLOB NOT NULL,
  created_ms  INTEGER NOT NULL
);
CREATE UNIQUE INDEX pii_vault_placeholder ON pii_vault(scope_key, placeholder);
)sql";

// Migration 2: working memory reads a session's latest memories.
constexpr const char* kSchemaV2 = R"sql(
CREATE INDEX memory_session ON memory(session_id, id);
)sql";

// Migration 3: vectors of memories, the change log the vector index replays, and the
// embedding cache.
constexpr const char* kSchemaV3 = R"sql(
CREATE TABLE memory_vector (
  memory_id  INTEGER PRIMARY KEY REFERENCES memory(id),
  model_id   TEXT NOT NULL,
  vector     BLOB NOT NULL
);
CREATE TABLE vector_log (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_id  INTEGER NOT NULL,
  op         TEXT NOT NULL CHECK (op IN ('upsert','remove'))
);
CREATE TABLE embedding_cache (
  model_id   TEXT NOT NULL,
  text_hash  TEXT NOT NULL,
  vector     BLOB NOT NULL,
  PRIMARY KEY (model_id, text_hash)
) WITHOUT ROWID;
CREATE INDEX embedding_cache_hash ON embedding_cache(text_hash);
)sql";

// Migration 4: API keys of the server (hashed secrets mapped to principals) and the durable
// ingestion outbox (raw remember requests acknowledged before they are processed).
constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL DEFAULT '',
  secret_hash  TEXT NOT NULL,
  user_id      TEXT NOT NULL,
  agent_id     TEXT NOT NULL DEFAULT '',
  teams        TEXT NOT NULL DEFAULT '[]',
  roles        TEXT NOT NULL DEFAULT '[]',
  created_ms   INTEGER NOT NULL,
  revoked_ms   INTEGER
);
CREATE TABLE outbox (
  id           INTEGER PRIMARY KEY,
  user_id      TEXT NOT NULL,
  request      TEXT NOT NULL,
  state        TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','done','failed')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  created_ms   INTEGER NOT NULL,
  done_ms      INTEGER,
  message_id   INTEGER,
  result       TEXT NOT NULL DEFAULT '[]',
  superseded   TEXT NOT NULL DEFAULT '[]',
  error        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_queued ON outbox(id) WHERE state = 'queued';
)sql";

// Migration 5: the recall log behind the lifecycle metrics (hit rate, repeated questions).
// It keeps a fingerprint of each question (hashes of its tokens), never its text.
constexpr const char* kSchemaV5 = R"sql(
CREATE TABLE recall_log (
  id           INTEGER PRIMARY KEY,
  at_ms        INTEGER NOT NULL,
  user_id      TEXT NOT NULL,
  agent_id     TEXT NOT NULL DEFAULT '',
  teams        TEXT NOT NULL DEFAULT '[]',
  request_id   TEXT NOT NULL UNIQUE,
  fingerprint  TEXT NOT NULL DEFAULT '',
  hits         INTEGER NOT NULL DEFAULT 0,
  used         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX recall_log_user ON recall_log(user_id, at_ms);
)sql";

// Migration 6: links between memories written by consolidation (reinforces, complements,
// summarizes). Both ends are memories of the same scope.
constexpr const char* kSchemaV6 = R"sql(
CREATE TABLE memory_link (
  from_id     INTEGER NOT NULL REFERENCES memory(id),
  to_id       INTEGER NOT NULL REFERENCES memory(id),
  kind        TEXT NOT NULL CHECK (kind IN ('reinforces','complements','summarizes')),
  created_ms  INTEGER NOT NULL,
  PRIMARY KEY (from_id, to_id, kind)
) WITHOUT ROWID;
CREATE INDEX memory_link_to ON memory_link(to_id);
)sql";

// Migration 7: the entity directory in use. Entities gain roles, an external id and their
// origin; entity_key holds every folded name an entity answers to (name, alias, role, id)
// for linking; memory_entity links a memory version to the entities it mentions.
constexpr const char* kSchemaV7 = R"sql(
ALTER TABLE entity ADD COLUMN roles TEXT NOT NULL DEFAULT '[]';
ALTER TABLE entity ADD COLUMN external_id TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN origin TEXT NOT NULL DEFAULT 'directory';
CREATE INDEX entity_external ON entity(scope_key, external_id) WHERE external_id <> '';
CREATE INDEX entity_user ON entity(user_id);
CREATE TABLE entity_key (
  entity_id  INTEGER NOT NULL REFERENCES entity(id),
  name       TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('name','alias','role','id')),
  PRIMARY KEY (entity_id, name)
) WITHOUT ROWID;
CREATE INDEX entity_key_name ON entity_key(name);
CREATE TABLE memory_entity (
  memory_id   INTEGER NOT NULL REFERENCES memory(id),
  entity_id   INTEGER NOT NULL REFERENCES entity(id),
  confidence  REAL NOT NULL,
  surface     TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (memory_id, entity_id)
) WITHOUT ROWID;
CREATE INDEX memory_entity_entity ON memory_entity(entity_id, memory_id);
)sql";

// Migration 8: reconciliation. A statement that repeats a current fact reinforces it instead
// of adding a memory: the count of such repetitions and the time of the latest one.
constexpr const char* kSchemaV8 = R"sql(
ALTER TABLE memory ADD COLUMN reinforced INTEGER NOT NULL DEFAULT 0 CHECK (reinforced >= 0);
ALTER TABLE memory ADD COLUMN last_seen_ms INTEGER;
)sql";

// Migration 9: the relations of an entity list the edges pointing to it as well (incoming).
constexpr const char* kSchemaV9 = R"sql(
CREATE INDEX relation_object ON relation(object_id) WHERE object_id IS NOT NULL;
)sql";

// Migration 10: a fact whose words are a part of its message's record is not a document of
// memory_fts (store::IsKeywordDocument); `keyword` = 0 marks such rows, so that deleting from
// the index skips them. Rows written before keep 1: they were indexed.
constexpr const char* kSchemaV10 = R"sql(
ALTER TABLE memory ADD COLUMN keyword INTEGER NOT NULL DEFAULT 1 CHECK (keyword IN (0, 1));
)sql";

// Migration 11: a record rewritten to read alone (store::IngestBatch::record_said) is a
// keyword document by its words as said; `said` holds them (NULL for every other row), and
// memory_fts rows are COALESCE(said, content).
constexpr const char* kSchemaV11 = R"sql(
ALTER TABLE memory ADD COLUMN said TEXT;
)sql";

// Migration 12: indexes for the write path's fact lookups, which scanned the scope before.
// memory_fact serves every version of a (scope, subject, attribute) (the mentions a weak
// relation has had; queries say "attribute <> ''" to use it); review_open, the open items of
// a kind (a new current fact confirms the candidates it states).
constexpr const char* kSchemaV12 = R"sql(
CREATE INDEX memory_fact ON memory(scope_key, subject, attribute) WHERE attribute <> '';
CREATE INDEX review_open ON review(kind, memory_id) WHERE resolved_ms IS NULL;
)sql";

// Migration 13: the write path looks up a current record of the same text in the scope (a
// message said again reinforces it instead of adding a memory: store::IngestBatch::
// duplicate_of), so records are indexed by their text.
constexpr const char* kSchemaV13 = R"sql(
CREATE INDEX memory_record_text ON memory(scope_key, content)
  WHERE type = 'episodic' AND current = 1;
)sql";

// Migration 14: several workers (threads or processes) share the outbox through leases, and
// one session's requests are processed in order (Store::ClaimOutbox; the same columns as
// PostgreSQL's outbox).
constexpr const char* kSchemaV14 = R"sql(
ALTER TABLE outbox ADD COLUMN session_key TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until_ms INTEGER;
CREATE INDEX outbox_session_queued ON outbox(session_key, id) WHERE state = 'queued';
)sql";

// Migration 15: builds before the outbox was sanitized kept every raw request (text,
// metadata, fact value: personal identifiers in plaintext) after it was processed. A
// processed request is not needed any more: it is dropped (secure_delete zeroes its bytes;
// OpenSqliteStore checkpoints the WAL after an upgrade). The queued ones are sealed by the
// engine when it opens the store (engine/legacy_outbox.h): sealing needs the vault key.
constexpr const char* kSchemaV15 = R"sql(
UPDATE outbox SET request = '' WHERE state <> 'queued' AND request <> '';
)sql";

// Migration 16: recall asks, for every record among its candidates, whether a fact its
// message stated has been replaced since (recall::SuccessorsFromFacts). Retired versions are
// few, so an index of them alone answers that without reading each message's current rows.
constexpr const char* kSchemaV16 = R"sql(
CREATE INDEX IF NOT EXISTS memory_message_retired ON memory(message_id) WHERE current = 0;
)sql";

// Migration 17: recall weighs a graph hit by how many memories name its entity (the graph
// channel's idf). Counting a common entity's links at every recall read its whole index range
// (10,000 entries for a person named in a tenth of 100k memories); the count is kept by
// triggers instead. Recomputed here, so that a file whose tables are newer than its version
// (rolled back by a test) migrates too.
constexpr const char* kSchemaV17 = R"sql(
CREATE TABLE IF NOT EXISTS entity_link_count (
  entity_id INTEGER PRIMARY KEY,
  links     INTEGER NOT NULL
);
DELETE FROM entity_link_count;
INSERT INTO entity_link_count (entity_id, links)
  SELECT entity_id, COUNT(*) FROM memory_entity GROUP BY entity_id;
CREATE TRIGGER IF NOT EXISTS memory_entity_count_add AFTER INSERT ON memory_entity BEGIN
  INSERT INTO entity_link_count (entity_id, links) VALUES (NEW.entity_id, 1)
    ON CONFLICT (entity_id) DO UPDATE SET links = links + 1;
END;
CREATE TRIGGER IF NOT EXISTS memory_entity_count_drop AFTER DELETE ON memory_entity BEGIN
  UPDATE entity_link_count SET links = links - 1 WHERE entity_id = OLD.entity_id;
END;
CREATE TRIGGER IF NOT EXISTS memory_entity_count_move AFTER UPDATE OF entity_id ON memory_entity
BEGIN
  UPDATE entity_link_count SET links = links - 1 WHERE entity_id = OLD.entity_id;
  INSERT INTO entity_link_count (entity_id, links) VALUES (NEW.entity_id, 1)
    ON CONFLICT (entity_id) DO UPDATE SET links = links + 1;
END;
)sql";

const std::vector<const char*>& Migrations() {
  static const std::vector<const char*>* kMigrations = new std::vector<const char*>{
      kSchemaV1, kSchemaV2, kSchemaV3, kSchemaV4, kSchemaV5, kSchemaV6,
      kSchemaV7, kSchemaV8, kSchemaV9, kSchemaV10, kSchemaV11, kSchemaV12, kSchemaV13, kSchemaV14,
      kSchemaV15, kSchemaV16, kSchemaV17};
  return *kMigrations;
}

}  // namespace

int LatestSchemaVersion() { return static_cast<int>(Migrations().size()); }

int ReadSchemaVersion(sqlite3* db, Status* status) {
  Stmt st(db, "PRAGMA user_version");
  int v = st.Step() ? static_cast<int>(st.Int(0)) : 0;
  *status = st.status();
  return v;
}

Status Migrate(sqlite3* db, const std::string& path) {
  Status s;
  int version = ReadSchemaVersion(db, &s);
  if (!s.ok()) return s.WithPrefix("open '" + path + "'");
  const int latest = LatestSchemaVersion();
  if (version > latest) {
    return Status::FailedPrecondition(
        "sqlite: '" + path + "' has schema version " + std::to_string(version) +
        ", newer than this build supports (" + std::to_string(latest) + "); upgrade engram");
  }
  bool upgraded = false;
  // Each step re-reads the version inside its write transaction, so two processes opening
  // a new file at once do not both apply the same migration.
  while (version < latest) {
    Txn txn(db);
    ENGRAM_RETURN_IF_ERROR(txn.status());
    version = ReadSchemaVersion(db, &s);
    ENGRAM_RETURN_IF_ERROR(s);
    if (version >= latest) break;
    ENGRAM_RETURN_IF_ERROR(
        Exec(db, Migrations()[version], "migrate to " + std::to_string(version + 1)));
    std::string pragma = "PRAGMA user_version = " + std::to_string(version + 1);
    ENGRAM_RETURN_IF_ERROR(Exec(db, pragma, "set schema version"));
    ENGRAM_RETURN_IF_ERROR(txn.Commit());
    ++version;
    upgraded = true;
  }
  // The pages the upgrade rewrote leave the WAL for the database file now, so that what it
  // dropped is gone from both files before the store is used.
  if (upgraded) {
    Stmt cp(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    cp.Step();
  }
  return Status::OK();
}

}  // namespace engram::store::sqlite
