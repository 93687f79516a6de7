import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { apiError, mockApi, setSessionHint } from '@/testing/mock-api';
import { testRuntimeConfig } from '@/testing/render-route';
import { getAuthStatus, hasSessionHint } from './auth-status';

beforeAll(() => setRuntimeConfig(testRuntimeConfig));
afterEach(() => {
  setSessionHint(false);
  vi.unstubAllGlobals();
});

describe('the auth probe (issue 18 §11: a visitor makes no failing request)', () => {
  it('reads the session hint among the cookies', () => {
    expect(hasSessionHint('a=1; signed_in=1; b=2')).toBe(true);
    expect(hasSessionHint('not_signed_in=1; signed_inx=1')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });

  it('without the hint: signed out, and nothing is asked', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setSessionHint(false);
    expect(await getAuthStatus()).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with the hint: the refresh call decides (201 signed in, 401 a stale hint)', async () => {
    const live = mockApi({ 'POST /auth/refresh-tokens': { status: 201, body: { success: true } } });
    expect(await getAuthStatus()).toBe(201);
    expect(live.callsTo('POST', '/auth/refresh-tokens')).toHaveLength(1);
    mockApi({ 'POST /auth/refresh-tokens': apiError(401, 'Unauthorized') });
    expect(await getAuthStatus()).toBe(401);
  });
});
