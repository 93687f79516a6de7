import type { TwoStepStatus } from '@paws/contracts/two-step';
import { twoStepMessages } from '@paws/contracts/two-step-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

/** The server's two-step state, changed by the player's calls as the server would change it. */
function serverWith(initial: TwoStepStatus) {
  let status = initial;
  return mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    'GET /profile/user-data': userDataReply(),
    'GET /profile/sessions': { status: 200, body: { items: [] } },
    'GET /profile/two-step': () => ({ status: 200, body: status }),
    'POST /profile/two-step/enrolment': {
      status: 201,
      body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/PAWS:x', qrDataUrl: QR },
    },
    'POST /profile/two-step/confirm': (request) => {
      if ((request.body as { code: string }).code !== '123456')
        return { status: 400, body: { statusCode: 400, message: twoStepMessages.wrongCode, field: 'code' } };
      status = { enabled: true, recoveryCodesLeft: 10 };
      return { status: 201, body: { recoveryCodes: CODES } };
    },
    'POST /profile/two-step/recovery-codes': { status: 201, body: { recoveryCodes: CODES } },
    'POST /profile/two-step/disable': () => {
      status = { enabled: false, recoveryCodesLeft: 0 };
      return { status: 201, body: { success: true } };
    },
  });
}
const card = () => screen.findByRole('region', { name: 'Two-step sign-in' }, { timeout: 15_000 });

describe('two-step sign-in on /profile/account', () => {
  it('turns on with the QR code and key, refuses a wrong code in the player’s words, shows ten codes once', async () => {
    const api = serverWith({ enabled: false, recoveryCodesLeft: 0 });
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    expect(await within(region).findByText('Off')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Turn on' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up two-step sign-in' });
    expect(within(setup).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(within(setup).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(within(setup).getByLabelText('Digit 1 of 6'), '000000');
    expect(await within(setup).findByText('This code is not valid')).toBeInTheDocument();
    // A paste fills the six boxes at once.
    await user.click(within(setup).getByLabelText('Digit 1 of 6'));
    await user.paste('123456');
    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(await within(region).findByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(api.callsTo('POST', '/profile/two-step/confirm').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  }, 30_000);

  it('new recovery codes and turning off each ask for a code', async () => {
    const api = serverWith({ enabled: true, recoveryCodesLeft: 3 });
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'New recovery codes' }));
    const ask = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(ask).getByLabelText('Digit 1 of 6'), '111111');
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/profile/two-step/recovery-codes')[0]?.body).toEqual({ code: '111111' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));

    await user.click(within(region).getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await user.type(within(off).getByLabelText('Digit 1 of 6'), '222222');
    await waitFor(() => expect(within(region).getByText('Off')).toBeInTheDocument());
    expect(within(region).getByRole('status')).toHaveTextContent('Two-step sign-in is off.');
    expect(api.callsTo('POST', '/profile/two-step/disable')[0]?.body).toEqual({ code: '222222' });
  }, 30_000);
});
