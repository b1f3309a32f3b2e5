import { hashPasswordForLogin, loginAnswer, logoutAnswer } from '@psps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { returnPath, session } from '@/lib/storage.ts';

export type LoginResult = { ok: true; fullname: string } | { ok: false };

/** How long a sign-in waits for the server (it answers in well under a second) before saying it did not answer. */
export const LOGIN_CALL_LIMIT_MS = 15_000;

export async function login(email: string, password: string): Promise<LoginResult> {
  const hash = hashPasswordForLogin(password);
  const answer = await apiCall(loginAnswer, `/api/login/${encodeURIComponent(email.trim())}/${hash}`, {
    timeoutMs: LOGIN_CALL_LIMIT_MS,
  });
  if (answer[0][0].LOGIN_VALID !== 1 || answer.length !== 4) return { ok: false };
  const [, [tokenRow], [nameRow], permissions] = answer;
  session.store(
    tokenRow.SESSION_TOKEN,
    nameRow.fullname_vch,
    permissions.map((p) => p.name_vch),
    email,
  );
  return { ok: true, fullname: nameRow.fullname_vch };
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => login(email, password),
  });
}

/**
 * Forgets everything stored in the browser at once, then ends the session on the server (best effort, not waited
 * for): a server that is down or does not answer must not leave Log out doing nothing, the operator still signed in
 * at a shared console.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    const token = session.token();
    session.clear();
    // Logged out on purpose: the next sign-in here starts at the dashboard, not at a page of an ended session.
    returnPath.forget();
    queryClient.clear();
    if (token) {
      void apiCall(logoutAnswer, '/api/v1/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => {});
    }
  };
}
