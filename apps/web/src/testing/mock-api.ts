import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * The browser's session hint cookie (see @paws/contracts/session-hint): a table that answers the auth
 * probe stands for a browser that holds a session (a live one for 201, a stale one for 401), so the hint
 * is set; without a probe handler the browser has none and the client makes no probe.
 */
export function setSessionHint(present: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is the browser's here.
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; path=/`
    : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

/**
 * Replaces fetch with a table of 'METHOD /path' handlers (paths without the /api/<service> base) and
 * records every call. Unknown calls answer 404.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  setSessionHint('POST /auth/refresh-tokens' in handlers);
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/[a-z]+/, '');
    let body: unknown;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === 'string') body = JSON.parse(init.body);
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? await handler(call)
        : handler
      : { status: 404, body: { statusCode: 404, message: 'Not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const apiError = (status: number, message: string, field?: string): Reply => ({
  status,
  body: { statusCode: status, message, ...(field ? { field } : {}) },
});
