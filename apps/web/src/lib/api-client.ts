import type { BanInfo } from '@paws/contracts/bans';
import { STEP_UP_REQUIRED } from '@paws/contracts/step-up-constants';
import { getRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { banOfErrorBody, reportBan } from './ban-store';
import { requestStepUp } from './step-up-store';

/**
 * The one HTTP client of spec 001 §7: cookies on every call, JSON bodies (FormData for uploads),
 * 204 as undefined, errors as ApiClientError, and on a 401 one token refresh (shared by every call
 * that hits 401 while it runs) followed by one retry.
 */

export const REFRESH_TOKENS_PATH = '/auth/refresh-tokens';

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  readonly field: string | undefined;
  /** The whole error body, for the answers that carry more than a message (a resend wait's seconds). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(message: string, status: number, field?: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.field = field;
    this.details = details;
  }
}

export const isApiClientError = (error: unknown): error is ApiClientError => error instanceof ApiClientError;

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON, except FormData which is sent as multipart with the browser's own content type. */
  body?: unknown;
  /** Undefined, null and empty values are left out (spec: filters are sent only when set). */
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ServiceClient {
  url(path: string, query?: QueryParams): string;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** POST of form data (avatar, ticket attachments). */
  upload<T>(path: string, form: FormData, options?: CallOptions): Promise<T>;
}

export type ServiceName = 'identity' | 'platform' | 'notifications' | 'tickets' | 'bonuses' | 'news';

const serviceUrlKeys = {
  identity: 'identityApiUrl',
  platform: 'platformApiUrl',
  notifications: 'notificationsApiUrl',
  tickets: 'ticketsApiUrl',
  bonuses: 'bonusesApiUrl',
  news: 'newsApiUrl',
} as const satisfies Record<ServiceName, keyof RuntimeConfig>;

export type ApiBaseUrls = Pick<RuntimeConfig, (typeof serviceUrlKeys)[ServiceName]>;

export interface ApiClientOptions {
  /** Read on every call, so the client can be created before /config.json has loaded. */
  baseUrls: () => ApiBaseUrls;
  /** Defaults to the global fetch as it is at call time. */
  fetch?: typeof fetch;
  /** Called once per failed refresh when the refresh call itself answers 401. */
  onSessionExpired?: () => void;
  /** Called with the ban of every 403 that carries one (the account is banned: the banned modal shows it). */
  onBanned?: (ban: BanInfo) => void;
  /**
   * Called on a 403 STEP_UP_REQUIRED (issue 29 point 5): resolves true once the player proved presence
   * again, and the refused call is then sent once more; false (cancelled) lets the 403 through.
   */
  onStepUpRequired?: () => Promise<boolean>;
}

/** Whether an error is the server's 'prove it is you first' (a withdrawal or an account change). */
export const isStepUpRequired = (error: unknown): boolean =>
  isApiClientError(error) && error.status === 403 && error.details.code === STEP_UP_REQUIRED;

export type ApiClient = Record<ServiceName, ServiceClient> & {
  request<T>(url: string, options?: RequestOptions): Promise<T>;
  /** Refreshes the session cookies; concurrent callers share one call. Also used by the sockets on 4001. */
  refreshTokens(): Promise<void>;
  setSessionExpiredHandler(handler: (() => void) | undefined): void;
};

export function appendQuery(url: string, query?: QueryParams): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

export function buildUrl(base: string, path: string, query?: QueryParams): string {
  return appendQuery(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, query);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiClientError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : `Ошибка: ${status}`;
  const field = typeof record.field === 'string' ? record.field : undefined;
  return new ApiClientError(message, status, field, record);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  async function readResponse<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const body = parseBody(await response.text());
    if (!response.ok) {
      const ban = response.status === 403 ? banOfErrorBody(body) : null;
      if (ban) options.onBanned?.(ban);
      throw toError(response.status, body);
    }
    return body as T;
  }

  let onSessionExpired = options.onSessionExpired;
  let refreshInFlight: Promise<void> | undefined;
  /** Counts finished refreshes, so a 401 to a request sent before the last refresh just retries. */
  let refreshCount = 0;

  const refreshUrl = () => buildUrl(options.baseUrls().identityApiUrl, REFRESH_TOKENS_PATH);
  const isRefreshCall = (url: string, method: HttpMethod) =>
    method === 'POST' && url.split('?')[0] === refreshUrl();

  function send(url: string, { method = 'GET', body, signal, headers }: RequestOptions): Promise<Response> {
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...headers },
    };
    if (signal) init.signal = signal;
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
    return (options.fetch ?? globalThis.fetch)(url, init);
  }

  function refreshTokens(): Promise<void> {
    refreshInFlight ??= send(refreshUrl(), { method: 'POST' })
      .then((response) => readResponse<void>(response))
      .then(
        () => {
          refreshCount += 1;
        },
        (error: unknown) => {
          if (isApiClientError(error) && error.status === 401) onSessionExpired?.();
          throw error;
        },
      )
      .finally(() => {
        refreshInFlight = undefined;
      });
    return refreshInFlight;
  }

  /** A call refused for want of a fresh proof is sent again once the player gave one (at most once). */
  async function request<T>(url: string, requestOptions: RequestOptions = {}): Promise<T> {
    try {
      return await requestOnce<T>(url, requestOptions);
    } catch (error) {
      if (!isStepUpRequired(error) || !options.onStepUpRequired) throw error;
      if (!(await options.onStepUpRequired())) throw error;
      return requestOnce<T>(url, requestOptions);
    }
  }

  async function requestOnce<T>(url: string, requestOptions: RequestOptions = {}): Promise<T> {
    const fullUrl = appendQuery(url, requestOptions.query);
    const refreshesBefore = refreshCount;
    const response = await send(fullUrl, requestOptions);
    if (response.status !== 401 || isRefreshCall(fullUrl, requestOptions.method ?? 'GET')) {
      return readResponse<T>(response);
    }
    if (refreshesBefore === refreshCount) {
      try {
        await refreshTokens();
      } catch {
        // The caller asked for its own resource: it gets that call's 401, not the refresh failure.
        return readResponse<T>(response);
      }
    }
    return readResponse<T>(await send(fullUrl, requestOptions));
  }

  function service(name: ServiceName): ServiceClient {
    const base = () => options.baseUrls()[serviceUrlKeys[name]];
    const call =
      (method: HttpMethod) =>
      <T>(path: string, body?: unknown, callOptions?: CallOptions) =>
        request<T>(buildUrl(base(), path), { ...callOptions, method, body });
    return {
      url: (path, query) => buildUrl(base(), path, query),
      get: <T>(path: string, callOptions?: CallOptions) =>
        request<T>(buildUrl(base(), path), { ...callOptions, method: 'GET' }),
      post: call('POST'),
      put: call('PUT'),
      patch: call('PATCH'),
      delete: call('DELETE'),
      upload: <T>(path: string, form: FormData, callOptions?: CallOptions) =>
        request<T>(buildUrl(base(), path), { ...callOptions, method: 'POST', body: form }),
    };
  }

  return {
    request,
    refreshTokens,
    setSessionExpiredHandler(handler) {
      onSessionExpired = handler;
    },
    identity: service('identity'),
    platform: service('platform'),
    notifications: service('notifications'),
    tickets: service('tickets'),
    bonuses: service('bonuses'),
    news: service('news'),
  };
}

/**
 * The app's client. The session (lib/session) sets the session-expired handler (log out, then go to
 * spaceUrl) once it exists; until then an expired session simply surfaces as the request's 401. A banned
 * account's 403 also opens the banned modal; a 403 STEP_UP_REQUIRED opens the step-up modal, and the call is
 * sent again once the player confirmed it is them.
 */
export const api = createApiClient({
  baseUrls: getRuntimeConfig,
  onBanned: reportBan,
  onStepUpRequired: requestStepUp,
});
