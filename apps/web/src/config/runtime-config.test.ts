import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRuntimeConfig } from '@/testing/render-route';
import { getRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads /config.json and makes it available', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ...testRuntimeConfig, isPlatform: true, extra: 1 }));
    vi.stubGlobal('fetch', fetchMock);

    await loadRuntimeConfig();

    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(getRuntimeConfig()).toEqual({ ...testRuntimeConfig, isPlatform: true });
  });

  it('rejects a config with a missing or mistyped field', () => {
    const { newsApiUrl: _, ...missing } = testRuntimeConfig;
    expect(() => parseRuntimeConfig(missing)).toThrow('newsApiUrl');
    expect(() => parseRuntimeConfig({ ...testRuntimeConfig, isPlatform: 'yes' })).toThrow('isPlatform');
  });

  it('fails the start when /config.json does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    await expect(loadRuntimeConfig()).rejects.toThrow('503');
  });
});
