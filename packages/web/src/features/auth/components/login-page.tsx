import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title, Transition } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  INVALID_LOGIN,
  LOGIN_CARD_DELAY_MS,
  LOGIN_FIELD_MISSING,
  productTitle,
  SCREENS,
  TOASTS,
} from '@psps/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api.ts';
import { usePublicConfig } from '@/lib/config.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { returnPath, session } from '@/lib/storage.ts';
import { useLogin } from '../api/login.ts';

/** Said when the server cannot be reached: nothing retries a sign-in, the operator presses Login again. */
const LOGIN_UNREACHABLE = 'The server cannot be reached. Check your connection, then press Login again.';
/** Said when the server took the sign-in but gave no answer within `LOGIN_CALL_LIMIT_MS`. */
const LOGIN_NO_ANSWER = 'The server did not answer in time. Press Login again.';

/**
 * Said after 'Your session has ended': where signing in leads and, from the template editor, that its edits not yet
 * saved are safe (they are the typist's local drafts, saved or offered at their next sign-in).
 */
export function returnSentence(path: string): string {
  const editor =
    path.startsWith('/admin/adhoc-campaigns?') && new URLSearchParams(path.split('?')[1]).has('template');
  return `Signing in brings you back to ${screenLabel(path)}.${editor ? ' Edits not yet saved are kept in this browser.' : ''}`;
}

/** The menu label of the screen a console path shows ('AdHoc Campaigns' for /admin/adhoc-campaigns?template=4). */
function screenLabel(path: string): string {
  const pathname = path.split('?')[0];
  return SCREENS.find((s) => s.path === pathname)?.label ?? 'that page';
}

/**
 * /auth/login-page: the Login card appears after 700 ms (document 1 §2). Login can always be pressed (Tab reaches
 * it, Enter submits): an empty field is named and focused instead. A refused sign-in selects the password, so it
 * can be typed again at once. Signing in from another tab of this browser takes this one to the dashboard too.
 * A sign-in leads back to the page asked for while signed out, or to the page this tab was on when its session
 * ended (its template and tab, its report's choice), and the card says which; otherwise to the dashboard.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [back] = useState(() => returnPath.peek(location.state));
  // Why the session ended, when the server said it ran out (idle, or its hours); else the general sentence.
  const [ended] = useState(() => returnPath.reason() ?? 'Your session has ended. Please sign in again.');
  // Opened signed in: the dashboard (document 1 §2). Signed in here or in another tab since: where it leads back to.
  const [signedInAtOpen] = useState(() => session.token() !== null);
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
  const enter = () => {
    returnPath.forget();
    navigate(back ?? '/dashboard', { replace: true });
  };
  // Signed in from another tab of this browser: this one follows, to its own page or to the dashboard.
  const enterRef = useRef(enter);
  enterRef.current = enter;
  useEffect(() => session.onSignedInElsewhere(() => enterRef.current()), []);

  if (session.token())
    return <Navigate to={signedInAtOpen ? '/dashboard' : (back ?? '/dashboard')} replace />;

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
      enter();
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
                  {ended}
                  {back && ` ${returnSentence(back)}`}
                </Alert>
              )}
              {!params.get('expired') && back && !error && (
                <Alert color="blue" variant="light" role="status">
                  Sign in to open {screenLabel(back)}.
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
