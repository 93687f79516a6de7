import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiBaseUrls, ApiClientError, createApiClient } from './api-client';

const baseUrls: ApiBaseUrls = {
  identityApiUrl: '/api/identity',
  platformApiUrl: '/api/platform',
  notificationsApiUrl: '/api/notifications',
  ticketsApiUrl: '/api/tickets',
  bonusesApiUrl: '/api/bonuses',
  newsApiUrl: '/api/news',
};

const REFRESH_URL = '/api/identity/auth/refresh-tokens';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
  const callsTo = (url: string) => urls().filter((called) => called === url).length;
  return { fetchMock, urls, callsTo };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('api client', () => {
  let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;
  let api: ReturnType<typeof createApiClient>;

  beforeEach(() => {
    onSessionExpired = vi.fn<() => void>();
    api = createApiClient({ baseUrls: () => baseUrls, onSessionExpired });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends cookies and a JSON body with a JSON content type to the service base URL', async () => {
    const { fetchMock } = stubFetch(() => json(200, { ok: true }));

    await expect(api.identity.post('/auth/login', { email: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/identity/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
  });

  it('sends cookies on a GET and leaves out unset query values', async () => {
    const { fetchMock } = stubFetch(() => json(200, { posts: [], total: 0 }));

    await api.news.get('/posts', {
      query: { category: '', search: 'win', limit: 5, page: 1, dateFrom: undefined },
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/news/posts?search=win&limit=5&page=1');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('uploads FormData as is, without setting a JSON content type', async () => {
    const { fetchMock } = stubFetch(() => json(200, {}));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await api.identity.upload('/profile/avatar', form);

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('gives undefined for a 204 response', async () => {
    stubFetch(() => new Response(null, { status: 204 }));

    await expect(api.notifications.delete('/notifications/7')).resolves.toBeUndefined();
  });

  it('throws the message and field from the error body, with the status attached', async () => {
    stubFetch(() => json(400, { statusCode: 400, message: 'Please enter a valid email', field: 'email' }));

    const error = await api.identity.post('/auth/login', { email: 'nope' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ message: 'Please enter a valid email', status: 400, field: 'email' });
  });

  it("falls back to 'Ошибка: {status}' when the body has no message", async () => {
    stubFetch(() => new Response('Internal failure', { status: 500 }));

    const error = await api.platform.get('/profile/user-data').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ message: 'Ошибка: 500', status: 500, field: undefined });
  });

  it('on a 401 refreshes the tokens once and retries the request once', async () => {
    let userDataCalls = 0;
    const { urls } = stubFetch((url) => {
      if (url === REFRESH_URL) return new Response(null, { status: 201 });
      userDataCalls += 1;
      return userDataCalls === 1
        ? json(401, { statusCode: 401, message: 'Unauthorized' })
        : json(200, { user: 1 });
    });

    await expect(api.platform.get('/profile/user-data')).resolves.toEqual({ user: 1 });

    expect(urls()).toEqual([
      '/api/platform/profile/user-data',
      REFRESH_URL,
      '/api/platform/profile/user-data',
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not refresh or retry the refresh call itself', async () => {
    const { urls } = stubFetch(() => json(401, { statusCode: 401, message: 'Session expired' }));

    await expect(api.identity.post('/auth/refresh-tokens')).rejects.toMatchObject({ status: 401 });

    expect(urls()).toEqual([REFRESH_URL]);
  });

  it('throws a second 401 after the refresh instead of looping', async () => {
    let ticketCalls = 0;
    // A client that kept retrying would get through on the fifth try, so looping cannot pass this test.
    const { urls } = stubFetch((url) => {
      if (url === REFRESH_URL) return new Response(null, { status: 201 });
      ticketCalls += 1;
      return ticketCalls < 5 ? json(401, { statusCode: 401, message: 'Forbidden zone' }) : json(200, []);
    });

    await expect(api.tickets.get('/tickets/user')).rejects.toMatchObject({
      status: 401,
      message: 'Forbidden zone',
    });

    expect(urls()).toEqual(['/api/tickets/tickets/user', REFRESH_URL, '/api/tickets/tickets/user']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const refresh = deferred<Response>();
    const seen = new Map<string, number>();
    const { callsTo } = stubFetch((url) => {
      if (url === REFRESH_URL) return refresh.promise;
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      return count === 1 ? json(401, { statusCode: 401, message: 'Unauthorized' }) : json(200, { url });
    });

    const first = api.platform.get('/profile/user-data');
    const second = api.notifications.get('/notifications');
    const third = api.bonuses.get('/profile/bonuses');
    // Hold the refresh until every request has had its 401.
    await vi.waitFor(() => expect(seen.size).toBe(3));
    await vi.waitFor(() => expect(callsTo(REFRESH_URL)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    refresh.resolve(new Response(null, { status: 201 }));

    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { url: '/api/platform/profile/user-data' },
      { url: '/api/notifications/notifications' },
      { url: '/api/bonuses/profile/bonuses' },
    ]);
    expect(callsTo(REFRESH_URL)).toBe(1);
  });

  it('retries without another refresh when a 401 answers a request sent before the last refresh', async () => {
    const lateAnswer = deferred<Response>();
    const seen = new Map<string, number>();
    const { callsTo } = stubFetch((url) => {
      if (url === REFRESH_URL) return new Response(null, { status: 201 });
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      if (url === '/api/tickets/tickets/user' && count === 1) return lateAnswer.promise;
      return count === 1 ? json(401, { statusCode: 401, message: 'Unauthorized' }) : json(200, { url });
    });

    const slow = api.tickets.get('/tickets/user');
    await expect(api.platform.get('/profile/user-data')).resolves.toEqual({
      url: '/api/platform/profile/user-data',
    });
    lateAnswer.resolve(json(401, { statusCode: 401, message: 'Unauthorized' }));

    await expect(slow).resolves.toEqual({ url: '/api/tickets/tickets/user' });
    expect(callsTo(REFRESH_URL)).toBe(1);
  });

  it('calls onSessionExpired once when the refresh answers 401, and throws the original 401', async () => {
    const { urls } = stubFetch((url) =>
      url === REFRESH_URL
        ? json(401, { statusCode: 401, message: 'Refresh token expired' })
        : json(401, { statusCode: 401, message: 'Unauthorized' }),
    );

    const results = await Promise.allSettled([
      api.platform.get('/profile/user-data'),
      api.tickets.get('/tickets/user'),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { status: 401, message: 'Unauthorized' } });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(urls().filter((url) => url === REFRESH_URL)).toHaveLength(1);
  });

  it('does not call onSessionExpired when the refresh fails for another reason', async () => {
    stubFetch((url) =>
      url === REFRESH_URL ? json(500, {}) : json(401, { statusCode: 401, message: 'Unauthorized' }),
    );

    await expect(api.platform.get('/profile/user-data')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('api client: step-up (issue 29 point 5)', () => {
  const stepUpRequired = () =>
    json(403, { statusCode: 403, message: 'Confirm it is you to continue', code: 'STEP_UP_REQUIRED' });
  const WITHDRAW = '/api/platform/users/withdraw';

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a proof on 403 STEP_UP_REQUIRED and sends the refused call once more', async () => {
    let calls = 0;
    const { callsTo } = stubFetch(() => {
      calls += 1;
      return calls === 1 ? stepUpRequired() : json(201, { ok: true });
    });
    const onStepUpRequired = vi.fn(async () => true);
    const api = createApiClient({ baseUrls: () => baseUrls, onStepUpRequired });
    await expect(api.platform.post('/users/withdraw', { amount: 5 })).resolves.toEqual({ ok: true });
    expect(onStepUpRequired).toHaveBeenCalledTimes(1);
    expect(callsTo(WITHDRAW)).toBe(2);
  });

  it('cancelled: the 403 reaches the caller and nothing is sent again', async () => {
    const { callsTo } = stubFetch(() => stepUpRequired());
    const api = createApiClient({ baseUrls: () => baseUrls, onStepUpRequired: async () => false });
    const error = await api.platform.post('/users/withdraw', { amount: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).details.code).toBe('STEP_UP_REQUIRED');
    expect(callsTo(WITHDRAW)).toBe(1);
  });

  it('retries once only: a second refusal after the proof is the caller’s', async () => {
    const { callsTo } = stubFetch(() => stepUpRequired());
    const onStepUpRequired = vi.fn(async () => true);
    const api = createApiClient({ baseUrls: () => baseUrls, onStepUpRequired });
    await expect(api.platform.post('/users/withdraw', { amount: 5 })).rejects.toMatchObject({ status: 403 });
    expect(onStepUpRequired).toHaveBeenCalledTimes(1);
    expect(callsTo(WITHDRAW)).toBe(2);
  });

  it('another 403 (a ban, a refusal) is not a step-up', async () => {
    stubFetch(() => json(403, { statusCode: 403, message: 'Forbidden' }));
    const onStepUpRequired = vi.fn(async () => true);
    const api = createApiClient({ baseUrls: () => baseUrls, onStepUpRequired });
    await expect(api.platform.post('/users/withdraw', {})).rejects.toMatchObject({ status: 403 });
    expect(onStepUpRequired).not.toHaveBeenCalled();
  });
});
