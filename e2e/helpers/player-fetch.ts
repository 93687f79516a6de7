import type { Page } from 'playwright-core';

/** A call from the player's page, with its cookies and origin, as the app makes them: GET, or POST with a body. */
export function playerFetch(page: Page, url: string, body?: unknown) {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { url, body },
  );
}
