"""
Engram's public C++ API (include/engram); use engramdb.Memory for the Mem0 shape.
"""

from collections.abc import Sequence
import enum
from typing import overload


class Visibility(enum.Enum):
    PRIVATE = 0

    TEAM = 1

    PUBLIC = 2

class MemoryType(enum.Enum):
    WORKING = 0

    EPISODIC = 1

    SEMANTIC = 2

    PROCEDURAL = 3

class MemoryKind(enum.Enum):
    FACT = 0

    PREFERENCE = 1

    EVENT = 2

    TASK = 3

    STATE = 4

    SUMMARY = 5

    RAW = 6

class MemoryStatus(enum.Enum):
    ACTIVE = 0

    DORMANT = 1

    QUARANTINED = 2

    DELETED = 3

class SourceType(enum.Enum):
    CHAT = 0

    WEB_FORM = 1

    VOICE = 2

    API = 3

    IMPORT = 4

class Grain(enum.Enum):
    SECOND = 0

    MINUTE = 1

    HOUR = 2

    DAY = 3

    WEEK = 4

    MONTH = 5

    QUARTER = 6

    YEAR = 7

class TimeKind(enum.Enum):
    VALUE = 0

    INTERVAL = 1

    OPEN_INTERVAL = 2

    DURATION = 3

    RECURRENCE = 4

class Options:
    """
    Engine options (include/engram/options.h): every field, with its default. The clock is always the system clock here.
    """

    def __init__(self) -> None: ...

    @property
    def backend(self) -> str: ...

    @backend.setter
    def backend(self, arg: str, /) -> None: ...

    @property
    def db_path(self) -> str: ...

    @db_path.setter
    def db_path(self, arg: str, /) -> None: ...

    @property
    def store(self) -> str: ...

    @store.setter
    def store(self, arg: str, /) -> None: ...

    @property
    def create_if_missing(self) -> bool: ...

    @create_if_missing.setter
    def create_if_missing(self, arg: bool, /) -> None: ...

    @property
    def busy_timeout_ms(self) -> int: ...

    @busy_timeout_ms.setter
    def busy_timeout_ms(self, arg: int, /) -> None: ...

    @property
    def default_offset_minutes(self) -> int: ...

    @default_offset_minutes.setter
    def default_offset_minutes(self, arg: int, /) -> None: ...

    @property
    def max_text_bytes(self) -> int: ...

    @max_text_bytes.setter
    def max_text_bytes(self, arg: int, /) -> None: ...

    @property
    def default_recall_limit(self) -> int: ...

    @default_recall_limit.setter
    def default_recall_limit(self, arg: int, /) -> None: ...

    @property
    def min_relevance(self) -> float: ...

    @min_relevance.setter
    def min_relevance(self, arg: float, /) -> None: ...

    @property
    def max_recall_limit(self) -> int: ...

    @max_recall_limit.setter
    def max_recall_limit(self, arg: int, /) -> None: ...

    @property
    def rrf_k(self) -> float: ...

    @rrf_k.setter
    def rrf_k(self, arg: float, /) -> None: ...

    @property
    def half_life_hours_working(self) -> float: ...

    @half_life_hours_working.setter
    def half_life_hours_working(self, arg: float, /) -> None: ...

    @property
    def half_life_hours_episodic(self) -> float: ...

    @half_life_hours_episodic.setter
    def half_life_hours_episodic(self, arg: float, /) -> None: ...

    @property
    def half_life_hours_semantic(self) -> float: ...

    @half_life_hours_semantic.setter
    def half_life_hours_semantic(self, arg: float, /) -> None: ...

    @property
    def half_life_hours_procedural(self) -> float: ...

    @half_life_hours_procedural.setter
    def half_life_hours_procedural(self, arg: float, /) -> None: ...

    @property
    def decay_floor(self) -> float: ...

    @decay_floor.setter
    def decay_floor(self, arg: float, /) -> None: ...

    @property
    def weight_keyword(self) -> float: ...

    @weight_keyword.setter
    def weight_keyword(self, arg: float, /) -> None: ...

    @property
    def weight_vector(self) -> float: ...

    @weight_vector.setter
    def weight_vector(self, arg: float, /) -> None: ...

    @property
    def weight_recency(self) -> float: ...

    @weight_recency.setter
    def weight_recency(self, arg: float, /) -> None: ...

    @property
    def weight_graph(self) -> float: ...

    @weight_graph.setter
    def weight_graph(self, arg: float, /) -> None: ...

    @property
    def embedder(self) -> str: ...

    @embedder.setter
    def embedder(self, arg: str, /) -> None: ...

    @property
    def embed_context_bytes(self) -> int: ...

    @embed_context_bytes.setter
    def embed_context_bytes(self, arg: int, /) -> None: ...

    @property
    def auto_session_gap_minutes(self) -> float: ...

    @auto_session_gap_minutes.setter
    def auto_session_gap_minutes(self, arg: float, /) -> None: ...

    @property
    def e5_model_path(self) -> str: ...

    @e5_model_path.setter
    def e5_model_path(self, arg: str, /) -> None: ...

    @property
    def openai_base_url(self) -> str: ...

    @openai_base_url.setter
    def openai_base_url(self, arg: str, /) -> None: ...

    @property
    def openai_model(self) -> str: ...

    @openai_model.setter
    def openai_model(self, arg: str, /) -> None: ...

    @property
    def openai_api_key_env(self) -> str: ...

    @openai_api_key_env.setter
    def openai_api_key_env(self, arg: str, /) -> None: ...

    @property
    def vault_key_file(self) -> str: ...

    @vault_key_file.setter
    def vault_key_file(self, arg: str, /) -> None: ...

    @property
    def vector_index_path(self) -> str: ...

    @vector_index_path.setter
    def vector_index_path(self, arg: str, /) -> None: ...

    @property
    def context_share_before(self) -> float: ...

    @context_share_before.setter
    def context_share_before(self, arg: float, /) -> None: ...

    @property
    def context_share_after(self) -> float: ...

    @context_share_after.setter
    def context_share_after(self, arg: float, /) -> None: ...

    @property
    def context_width(self) -> int: ...

    @context_width.setter
    def context_width(self, arg: int, /) -> None: ...

    @property
    def ttl_hours_state(self) -> float: ...

    @ttl_hours_state.setter
    def ttl_hours_state(self, arg: float, /) -> None: ...

    @property
    def ttl_hours_preference(self) -> float: ...

    @ttl_hours_preference.setter
    def ttl_hours_preference(self, arg: float, /) -> None: ...

    @property
    def ttl_hours_task(self) -> float: ...

    @ttl_hours_task.setter
    def ttl_hours_task(self, arg: float, /) -> None: ...

    @property
    def ttl_hours_event(self) -> float: ...

    @ttl_hours_event.setter
    def ttl_hours_event(self, arg: float, /) -> None: ...

    @property
    def ttl_hours_fact(self) -> float: ...

    @ttl_hours_fact.setter
    def ttl_hours_fact(self, arg: float, /) -> None: ...

    @property
    def ttl_hours_raw(self) -> float: ...

    @ttl_hours_raw.setter
    def ttl_hours_raw(self, arg: float, /) -> None: ...

    @property
    def dormant_after_days(self) -> float: ...

    @dormant_after_days.setter
    def dormant_after_days(self, arg: float, /) -> None: ...

    @property
    def llm_base_url(self) -> str: ...

    @llm_base_url.setter
    def llm_base_url(self, arg: str, /) -> None: ...

    @property
    def llm_model(self) -> str: ...

    @llm_model.setter
    def llm_model(self, arg: str, /) -> None: ...

    @property
    def llm_api_key_env(self) -> str: ...

    @llm_api_key_env.setter
    def llm_api_key_env(self, arg: str, /) -> None: ...

    @property
    def extract_facts(self) -> bool: ...

    @extract_facts.setter
    def extract_facts(self, arg: bool, /) -> None: ...

    @property
    def source_reliability_web_form(self) -> float: ...

    @source_reliability_web_form.setter
    def source_reliability_web_form(self, arg: float, /) -> None: ...

    @property
    def source_reliability_api(self) -> float: ...

    @source_reliability_api.setter
    def source_reliability_api(self, arg: float, /) -> None: ...

    @property
    def source_reliability_chat(self) -> float: ...

    @source_reliability_chat.setter
    def source_reliability_chat(self, arg: float, /) -> None: ...

    @property
    def source_reliability_voice(self) -> float: ...

    @source_reliability_voice.setter
    def source_reliability_voice(self, arg: float, /) -> None: ...

    @property
    def source_reliability_import(self) -> float: ...

    @source_reliability_import.setter
    def source_reliability_import(self, arg: float, /) -> None: ...

    @property
    def self_contained_memories(self) -> bool: ...

    @self_contained_memories.setter
    def self_contained_memories(self, arg: bool, /) -> None: ...

    @property
    def lexical_rerank(self) -> bool: ...

    @lexical_rerank.setter
    def lexical_rerank(self, arg: bool, /) -> None: ...

    @property
    def compact_interval_seconds(self) -> int: ...

    @compact_interval_seconds.setter
    def compact_interval_seconds(self, arg: int, /) -> None: ...

    @property
    def outbox_lease_ms(self) -> int: ...

    @outbox_lease_ms.setter
    def outbox_lease_ms(self, arg: int, /) -> None: ...

class Instant:
    """A point in time (UTC milliseconds) and its UTC offset."""

    def __init__(self) -> None: ...

    @property
    def unix_ms(self) -> int: ...

    @unix_ms.setter
    def unix_ms(self, arg: int, /) -> None: ...

    @property
    def offset_minutes(self) -> int: ...

    @offset_minutes.setter
    def offset_minutes(self, arg: int, /) -> None: ...

    @staticmethod
    def parse(text: str) -> Instant:
        """Parses ISO 8601 (InvalidArgumentError otherwise)."""

    def iso(self) -> str:
        """ISO 8601 text."""

    def __repr__(self) -> str: ...

class Principal:
    """Who a call acts for."""

    @overload
    def __init__(self) -> None: ...

    @overload
    def __init__(self, user_id: str, agent_id: str = '', teams: Sequence[str] = [], roles: Sequence[str] = []) -> None: ...

    @property
    def user_id(self) -> str: ...

    @user_id.setter
    def user_id(self, arg: str, /) -> None: ...

    @property
    def agent_id(self) -> str: ...

    @agent_id.setter
    def agent_id(self, arg: str, /) -> None: ...

    @property
    def teams(self) -> list[str]: ...

    @teams.setter
    def teams(self, arg: Sequence[str], /) -> None: ...

    @property
    def roles(self) -> list[str]: ...

    @roles.setter
    def roles(self, arg: Sequence[str], /) -> None: ...

    def __repr__(self) -> str: ...

class TimeSpan:
    @property
    def to(self) -> Instant: ...

    @property
    def grain(self) -> Grain: ...

class Scope:
    @property
    def user_id(self) -> str: ...

    @property
    def agent_id(self) -> str: ...

    @property
    def team_id(self) -> str: ...

    @property
    def visibility(self) -> Visibility: ...

class Confidence:
    @property
    def temporal(self) -> float: ...

    @property
    def entity(self) -> float: ...

    @property
    def event_type(self) -> float: ...

    @property
    def source(self) -> float: ...

    @property
    def consistency(self) -> float: ...

    @property
    def overall(self) -> float: ...

class Source:
    @property
    def session_id(self) -> str: ...

    @property
    def message_id(self) -> int: ...

    @property
    def type(self) -> SourceType: ...

    @property
    def actor(self) -> str: ...

    @property
    def at(self) -> Instant: ...

class Memory:
    """One version of one memory."""

    @property
    def id(self) -> int: ...

    @property
    def lineage_id(self) -> int: ...

    @property
    def version(self) -> int: ...

    @property
    def supersedes(self) -> int: ...

    @property
    def current(self) -> bool: ...

    @property
    def scope(self) -> Scope: ...

    @property
    def type(self) -> MemoryType: ...

    @property
    def kind(self) -> MemoryKind: ...

    @property
    def status(self) -> MemoryStatus: ...

    @property
    def content(self) -> str: ...

    @property
    def subject(self) -> str: ...

    @property
    def attribute(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def event_time(self) -> TimeSpan | None: ...

    @property
    def valid_from(self) -> Instant: ...

    @property
    def valid_to(self) -> Instant | None: ...

    @property
    def recorded_at(self) -> Instant: ...

    @property
    def superseded_at(self) -> Instant | None: ...

    @property
    def expires_at(self) -> Instant | None: ...

    @property
    def confidence(self) -> Confidence: ...

    @property
    def source(self) -> Source: ...

    @property
    def access_count(self) -> int: ...

    @property
    def reinforced(self) -> int: ...

    @property
    def last_access(self) -> Instant | None: ...

    @property
    def metadata_json(self) -> str: ...

    def to_dict(self) -> dict:
        """The REST API's JSON shape of a memory."""

class ChannelScore:
    @property
    def rank(self) -> int: ...

    @property
    def score(self) -> float: ...

class HitExplanation:
    @property
    def rrf(self) -> float: ...

    @property
    def decay(self) -> float: ...

    @property
    def confidence(self) -> float: ...

    @property
    def time(self) -> float: ...

    @property
    def rerank(self) -> float: ...

    @property
    def context(self) -> float: ...

    @property
    def age_ms(self) -> int: ...

class RecallHit:
    @property
    def memory(self) -> Memory: ...

    @property
    def score(self) -> float: ...

    @property
    def relevance(self) -> float: ...

    @property
    def state(self) -> str: ...

    @property
    def superseded_by(self) -> int: ...

    @property
    def channels(self) -> dict[str, ChannelScore]: ...

    @property
    def explanation(self) -> HitExplanation: ...

    def to_dict(self) -> dict:
        """The memory's dict plus score, channels and explanation."""

class RecallResult:
    @property
    def request_id(self) -> str: ...

    @property
    def hits(self) -> list[RecallHit]: ...

    def to_dict(self) -> dict:
        """{'request_id', 'results': [hit dicts]} as POST /v1/search answers."""

class Coreference:
    @property
    def pronoun(self) -> str: ...

    @property
    def antecedents(self) -> list[str]: ...

    @property
    def entity_ids(self) -> list[int]: ...

    @property
    def confidence(self) -> float: ...

    @property
    def resolved(self) -> bool: ...

    @property
    def reason(self) -> str: ...

class EntityLink:
    @property
    def memory_id(self) -> int: ...

    @property
    def entity_id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def type(self) -> str: ...

    @property
    def surface(self) -> str: ...

    @property
    def confidence(self) -> float: ...

    @property
    def created(self) -> bool: ...

class RememberResult:
    @property
    def request_id(self) -> str: ...

    @property
    def message_id(self) -> int: ...

    @property
    def memories(self) -> list[Memory]: ...

    @property
    def superseded(self) -> list[int]: ...

    @property
    def reinforced(self) -> list[int]: ...

    @property
    def outranked(self) -> list[int]: ...

    @property
    def candidates(self) -> list[int]: ...

    @property
    def coreferences(self) -> list[Coreference]: ...

    @property
    def guard(self) -> str: ...

    @property
    def signals(self) -> list[str]: ...

    @property
    def review_items(self) -> list[int]: ...

    @property
    def event_type(self) -> str: ...

    @property
    def event_confidence(self) -> float: ...

    @property
    def event_slots(self) -> dict[str, str]: ...

    @property
    def entities(self) -> list[EntityLink]: ...

    def to_dict(self) -> dict:
        """As POST /v1/memories answers for one message."""

class ListResult:
    @property
    def memories(self) -> list[Memory]: ...

    @property
    def next_after_id(self) -> int: ...

    def to_dict(self) -> dict: ...

class ContextResult:
    @property
    def request_id(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def cited(self) -> list[int]: ...

    @property
    def estimated_tokens(self) -> int: ...

class FeedbackResult:
    @property
    def request_id(self) -> str: ...

    @property
    def corrected(self) -> Memory | None: ...

class EngineStats:
    @property
    def messages(self) -> int: ...

    @property
    def memories_current(self) -> int: ...

    @property
    def memories_versions(self) -> int: ...

    @property
    def memories_deleted(self) -> int: ...

    @property
    def audit_records(self) -> int: ...

    @property
    def schema_version(self) -> int: ...

    @property
    def backend(self) -> str: ...

    def to_dict(self) -> dict: ...

class AuditEntry:
    @property
    def seq(self) -> int: ...

    @property
    def at(self) -> Instant: ...

    @property
    def actor_user(self) -> str: ...

    @property
    def actor_agent(self) -> str: ...

    @property
    def action(self) -> str: ...

    @property
    def targets(self) -> list[int]: ...

    @property
    def request_id(self) -> str: ...

    @property
    def detail_json(self) -> str: ...

    @property
    def hash(self) -> str: ...

class AuditCheck:
    @property
    def records(self) -> int: ...

    @property
    def intact(self) -> bool: ...

    @property
    def first_bad_seq(self) -> int: ...

    @property
    def problem(self) -> str: ...

    @property
    def keyed_records(self) -> int: ...

    @property
    def anchored_seq(self) -> int: ...

class ReviewItem:
    @property
    def id(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def user_id(self) -> str: ...

    @property
    def memory_id(self) -> int: ...

    @property
    def message_id(self) -> int: ...

    @property
    def reason(self) -> str: ...

    @property
    def payload_json(self) -> str: ...

    @property
    def created_at(self) -> Instant: ...

    @property
    def resolved_at(self) -> Instant | None: ...

    @property
    def resolution(self) -> str: ...

class ApiKey:
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def principal(self) -> Principal: ...

    @property
    def created_at(self) -> Instant: ...

    @property
    def revoked_at(self) -> Instant | None: ...

class NewApiKey:
    @property
    def key(self) -> ApiKey: ...

    @property
    def secret(self) -> str: ...

class TimeMatch:
    @property
    def text(self) -> str: ...

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def kind(self) -> TimeKind: ...

    @property
    def to(self) -> Instant | None: ...

    @property
    def grain(self) -> Grain: ...

    @property
    def confidence(self) -> float: ...

    @property
    def unresolved_reason(self) -> str: ...

    @property
    def duration_ms(self) -> int: ...

    @property
    def holiday(self) -> str: ...

    def to_dict(self) -> object: ...

class Entity:
    """An entry of the entity directory (engram/entities.h)."""

    @property
    def id(self) -> int: ...

    @property
    def type(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> list[str]: ...

    @property
    def roles(self) -> list[str]: ...

    @property
    def external_id(self) -> str: ...

    @property
    def origin(self) -> str: ...

    @property
    def scope(self) -> Scope: ...

    @property
    def created_at(self) -> Instant: ...

    def to_dict(self) -> dict:
        """The REST API's JSON shape of an entity."""

class ImportEntitiesResult:
    @property
    def request_id(self) -> str: ...

    @property
    def created(self) -> int: ...

    @property
    def updated(self) -> int: ...

    @property
    def entities(self) -> list[Entity]: ...

    def to_dict(self) -> dict: ...

class ListEntitiesResult:
    @property
    def entities(self) -> list[Entity]: ...

    @property
    def next_after_id(self) -> int: ...

    def to_dict(self) -> dict:
        """{'entities', 'next_after'} as GET /v1/entities answers."""

class EntityRelation:
    @property
    def predicate(self) -> str: ...

    @property
    def direction(self) -> str: ...

    @property
    def object(self) -> Entity: ...

    @property
    def value(self) -> str: ...

    @property
    def memory_ids(self) -> list[int]: ...

class EntityRelationsResult:
    @property
    def entity(self) -> Entity: ...

    @property
    def relations(self) -> list[EntityRelation]: ...

    def to_dict(self) -> dict:
        """
        {'entity', 'relations': [{'predicate', 'direction', 'object', 'value', 'memory_ids'}]} as GET /v1/entities/{id}/relations answers.
        """

class Engine:
    """The memory engine (include/engram/engine.h)."""

    @staticmethod
    def open(options: Options) -> Engine:
        """Opens (creating or migrating) the database named in options."""

    def close(self) -> None:
        """Releases the engine; later calls raise."""

    @property
    def closed(self) -> bool: ...

    def remember(self, principal: Principal, text: str, *, visibility: str = 'private', team_id: str = '', session_id: str = '', at: str | None = None, source: str = 'chat', role: str = 'user', metadata_json: str = '{}', subject: str = '', attribute: str = '', value: str = '', infer: bool = True) -> RememberResult:
        """
        Stores a message and the memories made from it (infer=False: one raw memory, no kind or TTL read into it).
        """

    def remember_many(self, principal: Principal, texts: Sequence[str], *, session_id: str = '', ats: Sequence[str | None] = [], roles: Sequence[str] = [], metadata_json: str = '{}', infer: bool = True) -> list[RememberResult]:
        """
        Stores messages of one scope in order, as one remember each, with their passages embedded in batches. Raises the first refusal; the messages before it are stored.
        """

    def recall(self, principal: Principal, query: str, *, at: str | None = None, limit: int = 0, include_history: bool = False, session_id: str = '', types: Sequence[str] = [], kinds: Sequence[str] = [], from_session: str = '', from_agent: str = '', where: str = '', min_relevance: float | None = None) -> RecallResult:
        """
        Memories relevant to the query, best first. Filters: memory types and kinds, the session said in, the writing agent, and `where`, a Mem0-style metadata condition as JSON text. min_relevance: leave out hits whose relevance (0..1) is below it (None: Options.min_relevance).
        """

    def context(self, principal: Principal, query: str, *, session_id: str = '', at: str | None = None, budget_tokens: int = 1024) -> ContextResult:
        """A prompt-ready block of cited memories."""

    def get(self, principal: Principal, id: int) -> Memory:
        """One version by id (NotFoundError when absent or not visible)."""

    def list(self, principal: Principal, *, session_id: str = '', type: str | None = None, kind: str | None = None, include_history: bool = False, after_id: int = 0, limit: int = 50, status: str = '', agent_id: str = '', recorded_from: str | None = None, recorded_to: str | None = None, metadata_json: str = '') -> ListResult:
        """
        Visible memories in id order, one page. status: current, outdated, dormant, expired or quarantined; agent_id: written by that agent; recorded_from / recorded_to: ISO 8601, recorded in [from, to); metadata_json: a condition in Mem0's filter syntax. Rows the filters reject never shorten a page.
        """

    def history(self, principal: Principal, id: int) -> list[Memory]:
        """Every version of the memory, oldest first."""

    def correct(self, principal: Principal, id: int, text: str, *, value: str = '', at: str | None = None, metadata_json: str | None = None) -> Memory:
        """
        Writes a corrected version superseding id (metadata_json: its metadata, a JSON object; default: the corrected version's).
        """

    def forget(self, principal: Principal, id: int, *, hard: bool = False) -> None:
        """Retires the memory (hard: also erases its content)."""

    def stats(self, principal: Principal) -> EngineStats: ...

    def audit(self, principal: Principal, after_seq: int = 0, limit: int = 100) -> list[AuditEntry]: ...

    def verify_audit(self) -> AuditCheck: ...

    def feedback(self, principal: Principal, request_id: str, memory_id: int, verdict: str, *, correction: str = '') -> FeedbackResult: ...

    def review(self, principal: Principal, include_resolved: bool = False, limit: int = 50) -> list[ReviewItem]: ...

    def resolve_review(self, principal: Principal, id: int, resolution: str) -> ReviewItem: ...

    def import_entities(self, principal: Principal, entries: list) -> ImportEntitiesResult:
        """
        Creates or updates directory entries (dicts: name, type, aliases, roles, external_id, visibility, team_id) in one transaction.
        """

    def list_entities(self, principal: Principal, *, query: str = '', type: str = '', after_id: int = 0, limit: int = 50) -> ListEntitiesResult:
        """Entities the principal may see, in id order, one page."""

    def entity_relations(self, principal: Principal, id: int, *, limit: int = 50) -> EntityRelationsResult:
        """The entity and the entities mentioned together with it."""

    def embed(self, texts: Sequence[str], *, role: str = 'passage') -> list[list[float]]:
        """Vectors of the engine's embedder, one list of floats per text."""

    def embedder_model(self) -> str: ...

    def create_api_key(self, name: str, principal: Principal) -> NewApiKey: ...

    def list_api_keys(self) -> list[ApiKey]: ...

    def revoke_api_key(self, id: str) -> None: ...

    def authenticate(self, secret: str) -> Principal: ...

def parse_time(text: str, reference: str, *, language: str = 'auto', calendar: str = 'zh-CN', prefer_future: bool = True) -> list[TimeMatch]:
    """Time expressions in text, resolved against the ISO 8601 reference."""
