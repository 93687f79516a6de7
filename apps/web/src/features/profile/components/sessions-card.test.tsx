import type { MySession } from '@paws/contracts/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

// The first render loads the page's lazy routes, which takes long on a loaded machine.
afterEach(() => vi.unstubAllGlobals());

const session = (over: Partial<MySession>): MySession => ({
  sessionId: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome 131',
  system: 'Windows 10',
  ip: '203.0.113.7',
  signedInAt: '2026-03-01T10:15:00.000Z',
  lastActiveAt: '2026-03-02T08:00:00.000Z',
  current: true,
  ...over,
});
const here = session({});
const phone = session({
  sessionId: '22222222-2222-4222-8222-222222222222',
  browser: 'Safari 17',
  system: 'iOS 17.5',
  ip: '198.51.100.4',
  current: false,
});
const tablet = session({
  sessionId: '33333333-3333-4333-8333-333333333333',
  browser: null,
  system: null,
  ip: null,
  current: false,
});

/** The server's list, changed by the player's sign-outs as the server would change it. */
function serverWith(initial: MySession[]) {
  let items = initial;
  return mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    'GET /profile/user-data': userDataReply(),
    'GET /profile/sessions': () => ({ status: 200, body: { items } }),
    [`DELETE /profile/sessions/${phone.sessionId}`]: () => {
      items = items.filter((s) => s.sessionId !== phone.sessionId);
      return { status: 204 };
    },
    'POST /profile/sessions/sign-out-others': () => {
      const ended = items.filter((s) => !s.current).length;
      items = items.filter((s) => s.current);
      return { status: 201, body: { ended } };
    },
  });
}
const card = () => screen.findByRole('region', { name: 'Sessions and devices' }, { timeout: 15_000 });

describe('sessions and devices on /profile/account', () => {
  it('lists each session in words with its address and activity, this device marked and not signed out', async () => {
    serverWith([here, phone, tablet]);
    await renderRoute('/profile/account');
    const region = await card();
    const rows = await within(region).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome 131 on Windows 10');
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[0]).toHaveTextContent('Address: 203.0.113.7');
    expect(rows[0]).toHaveTextContent(/Signed in .+ · last active .+/);
    expect(rows[1]).toHaveTextContent('Safari 17 on iOS 17.5');
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
    expect(rows[2]).toHaveTextContent('Unknown browser on unknown system');
    expect(rows[2]).toHaveTextContent('Address: unknown');
  }, 20_000);

  it('signs out one other device, then shows what is left', async () => {
    const api = serverWith([here, phone]);
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('DELETE', `/profile/sessions/${phone.sessionId}`)).toHaveLength(1);
    expect(within(region).queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  }, 20_000);

  it('signs out all other devices at once', async () => {
    const api = serverWith([here, phone, tablet]);
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('POST', '/profile/sessions/sign-out-others')).toHaveLength(1);
    expect(within(region).getByText('This device')).toBeInTheDocument();
  }, 20_000);
});
