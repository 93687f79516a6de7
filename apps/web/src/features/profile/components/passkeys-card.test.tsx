import type { Passkey } from '@paws/contracts/passkeys';
import { passkeyMessages } from '@paws/contracts/passkeys-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

const device = vi.hoisted(() => ({
  supported: true,
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => device.supported,
  browserSupportsWebAuthnAutofill: async () => false,
  startRegistration: device.startRegistration,
}));

const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const OPTIONS = { challenge: 'abc', rp: { id: 'localhost', name: 'PAWS' }, user: { id: 'u' } };

beforeEach(() => {
  device.supported = true;
  device.startRegistration.mockReset();
  device.startRegistration.mockResolvedValue(ANSWER);
});

/** The server's passkeys, changed by the player's calls as the server would change them. */
function serverWith(initial: Passkey[]) {
  let items = initial;
  return mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    'GET /profile/user-data': userDataReply(),
    'GET /profile/sessions': { status: 200, body: { items: [] } },
    'GET /profile/two-step': { status: 200, body: { enabled: false, recoveryCodesLeft: 0 } },
    'GET /profile/passkeys': () => ({ status: 200, body: { items } }),
    'POST /profile/passkeys/options': { status: 201, body: { options: OPTIONS } },
    'POST /profile/passkeys': (request) => {
      const { name } = request.body as { name: string };
      if (items.length > 0)
        return {
          status: 409,
          body: { statusCode: 409, message: passkeyMessages.alreadyAdded, field: 'response' },
        };
      const added = {
        id: 'p-new',
        name,
        createdAt: '2026-11-27T10:00:00.000Z',
        lastUsedAt: null,
        blocked: false,
      };
      items = [...items, added];
      return { status: 201, body: added };
    },
    'PATCH /profile/passkeys/p1': (request) => {
      items = items.map((p) => (p.id === 'p1' ? { ...p, name: (request.body as { name: string }).name } : p));
      return { status: 200, body: { success: true } };
    },
    'DELETE /profile/passkeys/p1': () => {
      items = items.filter((p) => p.id !== 'p1');
      return { status: 204 };
    },
  });
}
const card = () => screen.findByRole('region', { name: 'Passkeys' }, { timeout: 15_000 });
const laptop: Passkey = {
  id: 'p1',
  name: 'Laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-26T18:30:00.000Z',
  blocked: false,
};

describe('passkeys on /profile/account', () => {
  it('adds a named passkey with the device’s dialog and lists it', async () => {
    const api = serverWith([]);
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    expect(await within(region).findByText('No passkeys yet.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('My passkey');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give the passkey a name of 1 to 60 characters',
    );
    expect(device.startRegistration).not.toHaveBeenCalled();
    await user.type(name, 'Work phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByText('Passkey added.')).toBeInTheDocument();
    expect(await within(region).findByText('Work phone')).toBeInTheDocument();
    expect(within(region).getByText('Not used yet')).toBeInTheDocument();
    expect(device.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('POST', '/profile/passkeys').map((call) => call.body)).toEqual([
      { name: 'Work phone', response: ANSWER },
    ]);
  }, 30_000);

  it('shows the server’s refusal in the player’s words, and a cancelled device dialog calmly', async () => {
    serverWith([laptop]);
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Add a passkey' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This passkey is already added to your account',
    );
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    device.startRegistration.mockRejectedValueOnce(cancelled);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(region).getByRole('button', { name: 'Add a passkey' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The passkey request was cancelled.');
  }, 30_000);

  it('lists last use, renames and removes a passkey', async () => {
    const api = serverWith([
      laptop,
      { ...laptop, id: 'p2', name: 'Old key', lastUsedAt: null, blocked: true },
    ]);
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    expect(await within(region).findByText('Laptop')).toBeInTheDocument();
    expect(within(region).getByText(/^Last used /)).toBeInTheDocument();
    expect(within(region).getByText('Blocked')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Rename Laptop' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const box = within(rename).getByLabelText('Name');
    await user.clear(box);
    await user.type(box, 'Home laptop');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Home laptop')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/profile/passkeys/p1')[0]?.body).toEqual({ name: 'Home laptop' });

    await user.click(within(region).getByRole('button', { name: 'Remove Home laptop' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(region).findByText('Passkey removed.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByText('Home laptop')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/profile/passkeys/p1')).toHaveLength(1);
  }, 30_000);

  it('says so when the browser cannot use passkeys, and offers no add button', async () => {
    device.supported = false;
    serverWith([]);
    await renderRoute('/profile/account');
    const region = await card();
    expect(await within(region).findByText('This browser cannot use passkeys here.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  }, 30_000);
});
