import { config } from './config';

/** A refused call: the server's `{ statusCode, message, field? }`. */
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

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `/api/staff<path>?<query>`, leaving out empty values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${config().staffApiUrl}${path}${search ? `?${search}` : ''}`;
}

let onUnauthorized: () => void = () => {};
/** What to do when the session is gone (the session provider sends the user back to the sign-in page). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(apiUrl(path, query), {
    method,
    credentials: 'same-origin',
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (data ?? {}) as { message?: string; field?: string };
    if (response.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    throw new ApiError(response.status, error.message ?? `Request failed (${response.status})`, error.field);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The message to show for a failed call, and the field it belongs to. */
export function errorOf(error: unknown): { message: string; field?: string } {
  if (error instanceof ApiError) return { message: error.message, field: error.field };
  return { message: error instanceof Error ? error.message : 'Something went wrong' };
}
