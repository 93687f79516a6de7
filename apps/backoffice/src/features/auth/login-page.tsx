import type { StaffLoginResponse, StaffVerifyResponse } from '@paws/contracts/staff-auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Field, Input } from '../../components/ui';
import { api, errorOf } from '../../lib/api';
import { meQuery, useMe } from '../../lib/session';

type Problem = { message: string; field?: string } | null;

/** Staff sign-in: e-mail and password, then the authenticator code (enrolling it the first time). */
export function LoginPage() {
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [challenge, setChallenge] = useState<StaffLoginResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [signedIn, setSignedIn] = useState<StaffVerifyResponse | null>(null);

  if (me.data && !recoveryCodes) return <Navigate to={from} replace />;

  const finish = () => {
    if (signedIn) client.setQueryData(meQuery.queryKey, signedIn.me);
    navigate(from, { replace: true });
  };

  return (
    <main className="login">
      <div className="login-card">
        <p className="brand">PAWS back office</p>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={finish} />
        ) : challenge ? (
          <CodeStep
            challenge={challenge}
            onBack={() => setChallenge(null)}
            onDone={(result) => {
              if (result.recoveryCodes) {
                setSignedIn(result);
                setRecoveryCodes(result.recoveryCodes);
              } else {
                client.setQueryData(meQuery.queryKey, result.me);
                navigate(from, { replace: true });
              }
            }}
          />
        ) : (
          <PasswordStep onDone={setChallenge} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({ onDone }: { onDone: (challenge: StaffLoginResponse) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onDone(await api.post<StaffLoginResponse>('/auth/login', { email, password }));
    } catch (error) {
      setProblem(errorOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <h1>Staff sign-in</h1>
      <Field label="E-mail" error={problem?.field === 'email' ? problem.message : undefined}>
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Password" error={problem?.field !== 'email' ? problem?.message : undefined}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" busy={busy}>
        Continue
      </Button>
    </form>
  );
}

function CodeStep({
  challenge,
  onBack,
  onDone,
}: {
  challenge: StaffLoginResponse;
  onBack: () => void;
  onDone: (result: StaffVerifyResponse) => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const enrolment = challenge.enrolment;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onDone(
        await api.post<StaffVerifyResponse>('/auth/verify', { challengeId: challenge.challengeId, code }),
      );
    } catch (error) {
      setProblem(errorOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {enrolment ? (
        <>
          <h1>Set up your second factor</h1>
          <p>
            Staff accounts need an authenticator app. Scan this code with it (or type the key), then enter the
            6-digit code it shows.
          </p>
          <img
            className="qr"
            src={enrolment.qrDataUrl}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
          <p className="secret">
            Authenticator key: <code>{enrolment.secret}</code>
          </p>
        </>
      ) : (
        <>
          <h1>Enter your code</h1>
          <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        </>
      )}
      <Field label="Code" error={problem?.message}>
        {(props) => (
          <Input
            {...props}
            inputMode="text"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <div className="row">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" busy={busy}>
          {enrolment ? 'Turn on and sign in' : 'Sign in'}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div>
      <h1>Save your recovery codes</h1>
      <p>
        Each code signs you in once if you lose your authenticator. They are shown only now: keep them
        somewhere safe.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>I have saved my codes</Button>
    </div>
  );
}
