import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title, Transition } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  INVALID_LOGIN,
  LOGIN_CARD_DELAY_MS,
  LOGIN_FIELD_MISSING,
  productTitle,
  TOASTS,
} from '@psps/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { usePublicConfig } from '../../../lib/config.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { session } from '../../../lib/storage.ts';
import { useLogin } from '../api/login.ts';

/** Said when the server cannot be reached: nothing retries a sign-in, the operator presses Login again. */
const LOGIN_UNREACHABLE = 'The server cannot be reached. Check your connection, then press Login again.';
/** Said when the server took the sign-in but gave no answer within `LOGIN_CALL_LIMIT_MS`. */
const LOGIN_NO_ANSWER = 'The server did not answer in time. Press Login again.';

/**
 * /auth/login-page: the Login card appears after 700 ms (document 1 §2). Login can always be pressed (Tab reaches
 * it, Enter submits): an empty field is named and focused instead. A refused sign-in selects the password, so it
 * can be typed again at once. Signing in from another tab of this browser takes this one to the dashboard too.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const [visible, setVisible] = useState(false);
  // The address of the last sign-in here stays (the session ended, the operator is the same): only the password is
  // typed again, and the focus starts there.
  const [offeredEmail] = useState(session.lastEmail);
  const [email, setEmail] = useState(offeredEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState({ email: false, password: false });
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin();
  usePageTitle('Login');

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOGIN_CARD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // Signed in from another tab of this browser: this one follows to the dashboard, as when it is opened signed in.
  useEffect(() => session.onSignedInElsewhere(() => navigate('/dashboard', { replace: true })), [navigate]);

  if (session.token()) return <Navigate to="/dashboard" replace />;

  /** Says why, and selects the password to be typed again (the busy button had dropped the focus to the page). */
  const refused = (message: string) => {
    setError(message);
    passwordInput.current?.focus();
    passwordInput.current?.select();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loginMutation.isPending) return;
    setError(null);
    const empty = { email: email.trim() === '', password: password === '' };
    setMissing(empty);
    if (empty.email || empty.password) {
      (empty.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    try {
      const result = await loginMutation.mutateAsync({ email, password });
      if (!result.ok) {
        refused(INVALID_LOGIN);
        return;
      }
      notifications.show({ message: TOASTS.welcome });
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // The calls' own wording for an unreachable server says the page retries by itself; a sign-in is not retried.
      if (err instanceof ApiError && err.code === 'network') refused(LOGIN_UNREACHABLE);
      else if (err instanceof ApiError && err.code === 'timeout') refused(LOGIN_NO_ANSWER);
      else refused(err instanceof ApiError ? err.message : 'The sign-in failed. Please try again.');
    }
  };

  return (
    <Transition mounted={visible} transition="fade-up" duration={250}>
      {(styles) => (
        <Card style={styles} shadow="md" radius="md" padding="xl" w={380} maw="92vw" withBorder>
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h3">
                Login
              </Title>
              {config.utilityAbbreviation && (
                <div style={{ color: 'var(--mantine-color-dimmed)', marginTop: -10 }}>
                  {productTitle(config.utilityAbbreviation)}
                </div>
              )}
              {params.get('expired') && !error && (
                <Alert color="yellow" variant="light" role="status">
                  Your session has ended. Please sign in again.
                </Alert>
              )}
              {error && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  title={error === INVALID_LOGIN ? undefined : 'Sign-in failed'}
                >
                  {error}
                </Alert>
              )}
              <TextInput
                label="Email address"
                type="email"
                autoComplete="username"
                required
                autoFocus={offeredEmail === ''}
                ref={emailInput}
                value={email}
                error={missing.email ? LOGIN_FIELD_MISSING.email : undefined}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  setMissing((m) => ({ ...m, email: false }));
                }}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                autoFocus={offeredEmail !== ''}
                ref={passwordInput}
                value={password}
                error={missing.password ? LOGIN_FIELD_MISSING.password : undefined}
                // Mantine marks an erring password field for the eye only (data-invalid): said to a screen reader
                // too, as the e-mail field is.
                aria-invalid={missing.password || undefined}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setMissing((m) => ({ ...m, password: false }));
                }}
              />
              <Button type="submit" loading={loginMutation.isPending}>
                Login
              </Button>
            </Stack>
          </form>
        </Card>
      )}
    </Transition>
  );
}
