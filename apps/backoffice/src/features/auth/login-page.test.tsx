import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../testing/render';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

const me = { userId: 'u1', email: 'admin@staff.test', roles: ['admin'], permissions: ['staff.manage'] };

describe('staff sign-in', () => {
  it('enrols the authenticator, then shows the recovery codes once', async () => {
    const calls = mockApi(({ url }) => {
      if (url.pathname.endsWith('/auth/session')) return { body: { me: null } };
      if (url.pathname.endsWith('/auth/login')) {
        return {
          status: 201,
          body: {
            challengeId: 'c1',
            step: 'enrol',
            enrolment: {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUri: 'otpauth://totp/x',
              qrDataUrl: 'data:image/png;base64,AA==',
            },
          },
        };
      }
      return { status: 201, body: { me, recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] } };
    });
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@staff.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('AAAAA-BBBBB');
    expect(calls.find((c) => c.url.pathname.endsWith('/auth/verify'))?.body).toEqual({
      challengeId: 'c1',
      code: '123456',
    });
  });

  it("shows the server's message under the password", async () => {
    mockApi(({ url }) =>
      url.pathname.endsWith('/auth/session')
        ? { status: 200, body: { me: null } }
        : { status: 401, body: { statusCode: 401, message: 'Invalid email or password', field: 'password' } },
    );
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'x@staff.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });
});
