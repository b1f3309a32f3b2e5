import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { HOME_PATH, LOGIN_PATH, type Screen } from '@psps/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation } from 'react-router';
import { leavingForLogin, sessionEnded } from '@/lib/api.ts';
import { useHasPermission } from '@/lib/permissions.tsx';
import { type LoginFrom, session } from '@/lib/storage.ts';

/**
 * Every screen redirects to the login page when no session token is stored (or it is the text 'null'), also when
 * another tab removes it while this one is open: the screen is taken away at once (no half signed-in shell while
 * the page loads) and the login page says the session has ended, as when a call of this tab is refused. The address
 * asked for (a link to a template, a report with its choice) is where the sign-in leads.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [endedElsewhere, setEndedElsewhere] = useState(false);
  useEffect(
    () =>
      session.onSignedOutElsewhere(() => {
        // At once, before the other tab's next removals (the permissions) re-route the screens underneath.
        flushSync(() => setEndedElsewhere(true));
        sessionEnded();
      }),
    [],
  );
  if (endedElsewhere || leavingForLogin()) return null;
  if (session.token()) return children;
  const from: LoginFrom = { from: location.pathname + location.search };
  return <Navigate to={LOGIN_PATH} replace state={from} />;
}

/**
 * The words in place of a screen whose permission is not held (document 1 §6: routes without it are blocked),
 * reached from a typed or pasted address, a bookmark, or a permission withdrawn while the screen was open.
 */
export function notPermittedText(screen: Screen): string {
  return `${screen.label} needs the ${screen.permission} permission, which your account does not have. Ask an administrator of this console to grant it; the menu lists the screens you can use.`;
}

/**
 * A route whose permission is not held is blocked: the screen is not drawn (none of its calls are made) and says
 * why in its place, the address kept, with a link to the dashboard.
 */
export function RequirePermission({ screen, children }: { screen: Screen; children: ReactNode }) {
  if (useHasPermission(screen.permission)) return children;
  return (
    <Stack gap="md" maw={720} data-testid="not-permitted">
      <Title order={2} size="h3">
        {screen.label} is not available to you
      </Title>
      <Alert color="yellow" variant="light">
        {notPermittedText(screen)}
      </Alert>
      <Anchor component={Link} to={HOME_PATH}>
        Go to the Dashboard
      </Anchor>
    </Stack>
  );
}
