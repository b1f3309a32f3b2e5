import { hashPasswordForLogin, loginAnswer, logoutAnswer } from '@psps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { session } from '../../../lib/storage.ts';

export type LoginResult = { ok: true; fullname: string } | { ok: false };

export async function login(email: string, password: string): Promise<LoginResult> {
  const hash = hashPasswordForLogin(password);
  const answer = await apiCall(loginAnswer, `/api/login/${encodeURIComponent(email.trim())}/${hash}`);
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

/** Ends the session on the server (best effort), then forgets everything stored in the browser. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    if (session.token()) await apiCall(logoutAnswer, '/api/v1/logout', { method: 'POST' }).catch(() => {});
    session.clear();
    queryClient.clear();
  };
}
