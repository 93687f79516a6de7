import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink, Field, Input } from '../../components/ui';
import { api, errorOf } from '../../lib/api';

/** The invitation link: the new staff member chooses a password, then signs in (and enrols their authenticator). */
export function InvitePage() {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await api.post('/auth/invite/accept', { token: params.get('token') ?? '', password });
      setDone(true);
    } catch (error) {
      setProblem(errorOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <div className="login-card">
        <p className="brand">PAWS back office</p>
        {done ? (
          <>
            <h1>Your account is ready</h1>
            <p>Sign in with your e-mail and this password; you will then set up your authenticator app.</p>
            <ButtonLink variant="primary" to="/login">
              Sign in
            </ButtonLink>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <h1>Join the staff</h1>
            <p>
              Choose a password: at least 8 characters with an upper-case letter, a lower-case letter, a digit
              and a symbol.
            </p>
            {problem?.field === 'token' ? (
              <p className="field-error" role="alert">
                {problem.message}
              </p>
            ) : null}
            <Field label="Password" error={problem?.field !== 'token' ? problem?.message : undefined}>
              {(props) => (
                <Input
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" busy={busy}>
              Set my password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
