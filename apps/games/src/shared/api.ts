/**
 * The studio API client. A game page opens with `?launch=<one-time code>`; the first load trades it
 * for a bearer session (POST /api/studio/session) kept in sessionStorage together with the code, so
 * a reload inside the frame (same url, code already spent) keeps playing on the stored session.
 */
import { GAME_FRAME_HOST_PARAM } from '@paws/contracts/game-frame';
import type { StudioApiGameCode, StudioSessionResponse } from '@paws/contracts/studio-api';
import { STUDIO_API_PREFIX, studioApiMessages } from '@paws/contracts/studio-constants';
import type { z } from 'zod';
import { loadSchemas, type Schemas } from './schemas.ts';

/** A response's schema, or how to pick it from the lazily loaded schemas (keeps zod off the first screen). */
export type SchemaRef<S extends z.ZodType> = S | ((schemas: Schemas) => S);

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface StoredSession extends StudioSessionResponse {
  launch: string | null;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StudioApiOptions {
  game: StudioApiGameCode | null;
  fetch?: typeof fetch;
  storage?: KeyValueStore | null;
  search?: string;
  base?: string;
}

export const sessionKey = (game: string) => `paws-studio:session:${game}`;

export class StudioApi {
  readonly game: StudioApiGameCode | null;
  session: StoredSession | null = null;
  /** Called once when the server says the session is gone (401). */
  onExpired: (() => void) | null = null;
  readonly #fetch: typeof fetch;
  readonly #storage: KeyValueStore | null;
  readonly #search: string;
  readonly #base: string;

  constructor(options: StudioApiOptions) {
    this.game = options.game;
    this.#fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.#storage = options.storage === undefined ? safeSessionStorage() : options.storage;
    this.#search = options.search ?? (typeof location === 'undefined' ? '' : location.search);
    this.#base = options.base ?? STUDIO_API_PREFIX;
  }

  get token(): string | null {
    return this.session?.sessionToken ?? null;
  }

  /**
   * Opens the session: a new launch code is traded for a token; the code the stored session came
   * from (a reload) or no code at all reuses the stored token. Null: offline (no way to play).
   */
  async start(): Promise<StoredSession | null> {
    const query = new URLSearchParams(this.#search);
    const launch = query.get('launch');
    const host = query.get(GAME_FRAME_HOST_PARAM);
    const stored = await this.#read();
    if (launch && stored?.launch !== launch) {
      try {
        const request = host ? { launch, host } : { launch };
        const body = await this.request(
          'POST',
          '/session',
          request,
          (schemas) => schemas.studioSessionResponseSchema,
          false,
        );
        this.session = { ...body, launch };
        this.#write();
        return this.session;
      } catch (error) {
        if (!stored) throw error;
      }
    }
    if (!stored) return null;
    this.session = stored;
    return stored;
  }

  /** Keep the stored copy's balance in step, for the next reload's first paint. */
  remember(patch: Partial<StudioSessionResponse>) {
    if (!this.session) return;
    this.session = { ...this.session, ...patch };
    this.#write();
  }

  clear() {
    this.session = null;
    if (this.game) this.#storage?.removeItem(sessionKey(this.game));
  }

  async request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schemaRef: SchemaRef<S>,
    auth = true,
  ): Promise<z.output<S>> {
    // Fetched alongside the request; a failed load surfaces below, where it is awaited.
    const schemas = loadSchemas();
    schemas.catch(() => undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) {
      if (!this.token) throw new ApiError(401, studioApiMessages.sessionRequired);
      headers.authorization = `Bearer ${this.token}`;
    }
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'Connection lost. Check your network and try again.');
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const err = (json ?? {}) as { message?: unknown; field?: unknown };
      const message = typeof err.message === 'string' ? err.message : `Request failed (${response.status})`;
      const apiError = new ApiError(
        response.status,
        message,
        typeof err.field === 'string' ? err.field : undefined,
      );
      if (response.status === 401 && auth) {
        this.clear();
        this.onExpired?.();
      }
      throw apiError;
    }
    const schema = typeof schemaRef === 'function' ? schemaRef(await schemas) : schemaRef;
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      console.error('Unexpected response', path, parsed.error);
      throw new ApiError(response.status, 'Unexpected answer from the game server');
    }
    return parsed.data;
  }

  async #read(): Promise<StoredSession | null> {
    if (!this.game || !this.#storage) return null;
    try {
      const raw = this.#storage.getItem(sessionKey(this.game));
      if (!raw) return null;
      const { studioSessionResponseSchema } = await loadSchemas();
      const value = JSON.parse(raw) as Partial<StoredSession>;
      // A copy stored before the host origin was part of the session posts nowhere.
      const parsed = studioSessionResponseSchema.safeParse({
        ...value,
        hostOrigin: value.hostOrigin ?? null,
      });
      if (!parsed.success || parsed.data.game !== this.game) return null;
      return { ...parsed.data, launch: typeof value.launch === 'string' ? value.launch : null };
    } catch {
      return null;
    }
  }

  #write() {
    if (!this.game || !this.#storage || !this.session) return;
    try {
      this.#storage.setItem(sessionKey(this.game), JSON.stringify(this.session));
    } catch {
      /* private mode: the session lives for this page only */
    }
  }
}

function safeSessionStorage(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The first validation message of a zod result, for a toast. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid bet';
}
