// engramdb: a TypeScript client for `engram serve`, with no runtime dependency beyond the
// global fetch (Node >= 18, browsers, Deno, Bun).
//
// The memory methods speak the server's Mem0-compatible routes and return Mem0's shapes
// (a memory's `id` is stable across its versions); the extras speak Engram's own routes.
// Every route used is listed in ROUTES (checked against apps/serve/openapi.json by the tests).

export type Role = "user" | "assistant" | "system" | (string & {});

export interface Message {
  role: Role;
  content: string;
  at?: string; // ISO 8601: when it was said
}

/** Who a call is about. With an API key the key fixes the user; on a --dev server name it. */
export interface Scope {
  user_id?: string;
  agent_id?: string;
  run_id?: string; // the session
}

/** Mem0's filter syntax: entity ids, AND lists, and a metadata condition. */
export interface Filters {
  user_id?: string;
  agent_id?: string;
  run_id?: string;
  metadata?: Record<string, unknown>;
  types?: Array<"working" | "episodic" | "semantic" | "procedural">;
  kinds?: Array<"fact" | "preference" | "event" | "task" | "state" | "summary" | "raw">;
  AND?: Filters[];
}

export interface MemoryItem {
  id: string; // stable across versions (the lineage id)
  memory: string;
  user_id?: string;
  agent_id?: string;
  run_id?: string;
  metadata: Record<string, unknown> | null;
  categories: string[];
  created_at: string;
  updated_at: string;
  expiration_date: string | null;
  version: number;
  version_id: string; // this version's id: quote it in feedback()
  current: boolean;
  status: string;
  type: string;
  kind: string;
}

export interface SearchHit extends MemoryItem {
  score: number; // relevance in [0, 1]; `threshold` is compared with it
  state: "current" | "outdated" | "expired";
  superseded_by: string | null;
}

export interface AddEvent extends MemoryItem {
  event: "ADD" | "UPDATE" | "DELETE" | "NONE";
  previous_memory?: string;
}

export interface HistoryEntry {
  id: string;
  memory_id: string;
  old_memory: string | null;
  new_memory: string | null;
  event: "ADD" | "UPDATE" | "DELETE";
  created_at: string;
  updated_at: string;
  is_deleted: boolean;
  user_id: string;
  version: number;
}

export interface AddOptions extends Scope {
  metadata?: Record<string, unknown>;
  infer?: boolean; // false: store the text as one raw memory
  timestamp?: number; // Unix seconds: when it was said
  expiration_date?: string; // YYYY-MM-DD
}

export interface SearchOptions extends Scope {
  filters?: Filters;
  top_k?: number;
  threshold?: number; // in [0, 1]
  at?: string; // ISO 8601 reference time of the question
  include_history?: boolean;
}

export interface GetAllOptions extends Scope {
  filters?: Filters;
  page?: number;
  page_size?: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ContextResult {
  request_id: string;
  text: string; // one cited line per memory: [MEM#id]
  cited: number[];
  estimated_tokens: number;
}

export interface ReviewItem {
  id: number;
  kind: string;
  user: string;
  memory_id: number | null;
  message_id: number | null;
  reason: string;
  payload: Record<string, unknown>;
  created_at: string;
  resolved_at: string | null;
  resolution: string | null;
}

export interface TimeMatch {
  text: string;
  from: string;
  to: string;
  grain: string;
  [key: string]: unknown;
}

export interface ClientOptions {
  /** Base URL of `engram serve`, e.g. http://127.0.0.1:8420 */
  host?: string;
  /** An API key from `engram keys create` (omit on a --dev server). */
  apiKey?: string;
  /** The user every call acts for unless a call names one (--dev servers). */
  userId?: string;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
}

/** Every route the client calls: [method, OpenAPI path template]. */
export const ROUTES = {
  add: ["POST", "/v3/memories/add/"],
  search: ["POST", "/v3/memories/search/"],
  getAll: ["POST", "/v3/memories/"],
  get: ["GET", "/v1/memories/{id}/"],
  update: ["PUT", "/v1/memories/{id}/"],
  delete: ["DELETE", "/v1/memories/{id}/"],
  deleteAll: ["DELETE", "/v1/memories/"],
  history: ["GET", "/v1/memories/{id}/history/"],
  context: ["POST", "/v1/context"],
  feedback: ["POST", "/v1/feedback"],
  review: ["GET", "/v1/review"],
  resolveReview: ["POST", "/v1/review/{id}/resolve"],
  entities: ["GET", "/v1/entities"],
  entityRelations: ["GET", "/v1/entities/{id}/relations"],
  parseTime: ["POST", "/v1/time/parse"],
} as const satisfies Record<string, readonly [string, string]>;

type RouteName = keyof typeof ROUTES;

/** An error answer of the server: HTTP status, Engram's status code name and message. */
export class EngramError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = "EngramError";
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export class MemoryClient {
  private readonly host: string;
  private readonly apiKey?: string;
  private readonly userId?: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.host = (options.host ?? "http://127.0.0.1:8420").replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    this.userId = options.userId;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  /** Remembers messages; one result per memory made, with Mem0's event. */
  async add(messages: string | Message | Message[], options: AddOptions = {}) {
    const list = typeof messages === "string" ? [{ role: "user", content: messages }] : messages;
    return this.call<{ results: AddEvent[] }>("add", {}, undefined, {
      messages: Array.isArray(list) ? list : [list],
      ...this.scope(options),
      ...options,
    });
  }

  /** Memories relevant to the query, best first. */
  async search(query: string, options: SearchOptions = {}) {
    return this.call<{ results: SearchHit[]; request_id: string }>("search", {}, undefined, {
      query,
      ...this.scope(options),
      ...options,
    });
  }

  /** Current memories matching the filters, a page at a time (in id order). */
  async getAll(options: GetAllOptions = {}) {
    const { page, page_size, filters, ...scope } = options;
    const merged: Filters = { ...this.scope(scope), ...scope, ...filters };
    return this.call<Page<MemoryItem>>("getAll", {}, { page, page_size }, { filters: merged });
  }

  /** The memory's current version. */
  async get(id: string, scope: Scope = {}) {
    return this.call<MemoryItem>("get", { id }, this.scope(scope));
  }

  /** Writes a new version (same id): new text, new metadata, or both. */
  async update(
    id: string,
    change: { text?: string; metadata?: Record<string, unknown>; timestamp?: number },
    scope: Scope = {},
  ) {
    return this.call<MemoryItem & { message: string }>("update", { id }, this.scope(scope), change);
  }

  /** Forgets the memory (every version); `hard` also erases its content. */
  async delete(id: string, options: Scope & { hard?: boolean } = {}) {
    const { hard, ...scope } = options;
    return this.call<{ message: string }>("delete", { id }, { ...this.scope(scope), hard });
  }

  /** Forgets every current memory of the user (in that agent and run, when named). */
  async deleteAll(scope: Scope = {}) {
    return this.call<{ message: string; deleted: number }>("deleteAll", {}, {
      ...this.scope(scope),
      ...scope,
    });
  }

  /** Every version: ADD, UPDATE..., then DELETE when forgotten. */
  async history(id: string, scope: Scope = {}) {
    return this.call<HistoryEntry[]>("history", { id }, this.scope(scope));
  }

  // --- Engram's extras ---

  /** A prompt-ready block of cited memories within a token budget. */
  async context(
    query: string,
    options: Scope & { session?: string; at?: string; budget_tokens?: number } = {},
  ) {
    return this.call<ContextResult>("context", {}, undefined, {
      query,
      ...this.scope(options),
      ...options,
    });
  }

  /** Whether a recalled memory was used, wrong or outdated; a correction writes a version. */
  async feedback(
    feedback: {
      request_id: string;
      memory_id: string | number; // a hit's version_id
      verdict: "used" | "wrong" | "outdated";
      correction?: string;
      forget?: boolean;
    },
    scope: Scope = {},
  ) {
    const body = { ...feedback, memory_id: Number(feedback.memory_id) };
    return this.call<{ request_id: string; corrected: Record<string, unknown> | null }>(
      "feedback", {}, undefined, { ...body, ...this.scope(scope) });
  }

  /** The review queue (open items unless `all`). */
  async review(options: Scope & { all?: boolean; limit?: number } = {}) {
    const { all, limit, ...scope } = options;
    return this.call<{ items: ReviewItem[] }>("review", {}, {
      ...this.scope(scope),
      all: all === undefined ? undefined : all ? 1 : 0,
      limit,
    });
  }

  async resolveReview(id: number, resolution: "approve" | "reject", scope: Scope = {}) {
    return this.call<ReviewItem>("resolveReview", { id: String(id) }, undefined, {
      resolution,
      ...this.scope(scope),
    });
  }

  /** Directory entities the user may see (q: a name or alias prefix). */
  async entities(
    options: Scope & { q?: string; type?: string; after?: number; limit?: number } = {},
  ) {
    const { q, type, after, limit, ...scope } = options;
    return this.call<{ entities: Array<Record<string, unknown>>; next_after: number | null }>(
      "entities", {}, { ...this.scope(scope), q, type, after, limit });
  }

  async entityRelations(id: number, options: Scope & { limit?: number } = {}) {
    const { limit, ...scope } = options;
    return this.call<Record<string, unknown>>("entityRelations", { id: String(id) }, {
      ...this.scope(scope),
      limit,
    });
  }

  /** Time expressions in a text ("下周二", "next Friday") resolved against `ref`. */
  async parseTime(
    text: string,
    options: { ref?: string; language?: "zh" | "en" | "auto"; calendar?: string;
               prefer_future?: boolean } = {},
  ) {
    return this.call<{ matches: TimeMatch[] }>("parseTime", {}, undefined, { text, ...options });
  }

  // The user a call names: its own, else the client's.
  private scope(scope: Scope): Query {
    return scope.user_id || !this.userId ? {} : { user_id: this.userId };
  }

  private async call<T>(
    name: RouteName,
    params: Record<string, string>,
    query?: Query,
    body?: unknown,
  ): Promise<T> {
    const [method, template] = ROUTES[name];
    let path: string = template;
    for (const [k, v] of Object.entries(params)) {
      path = path.replace(`{${k}}`, encodeURIComponent(v));
    }
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
    }
    const url = this.host + path + (search.size ? `?${search}` : "");
    const headers: Record<string, string> = { Accept: "application/json" };
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await this.fetchImpl(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new EngramError(res.status, err?.code ?? "Unknown", err?.message ?? text);
    }
    return json as T;
  }
}

export default MemoryClient;
