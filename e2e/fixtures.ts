import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEMO = {
  operator: { email: 'operator@example.com', password: 'operator-demo', name: 'Olivia Operator' },
  viewer: { email: 'viewer@example.com', password: 'viewer-demo', name: 'Victor Viewer' },
  suppress: { email: 'suppress@example.com', password: 'suppress-demo', name: 'Sam Suppression' },
} as const;
export type DemoUser = keyof typeof DEMO;

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function loginViaForm(page: Page, who: DemoUser) {
  await page.goto('/auth/login-page');
  await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO[who].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * Signs in through the API and stores the session as the console does (faster than the form). The session is
 * written from /healthz, a tiny page of the same origin: loading the console itself only to write its storage
 * cost most of a second a test; the caller goes on to the screen it tests.
 */
export async function signIn(page: Page, who: DemoUser, opts: { pollMs?: number } = {}) {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(DEMO[who].password).digest('hex');
  const res = await page.request.get(`/api/login/${DEMO[who].email}/${hash}`);
  const body = await res.json();
  if (body[0][0].LOGIN_VALID !== 1) throw new Error(`demo sign-in failed for ${who}`);
  await page.goto('/healthz');
  await page.evaluate(
    ({ token, name, email, perms, pollMs }) => {
      localStorage.setItem('sessionToken', token);
      localStorage.setItem('userName', name);
      localStorage.setItem('userEmail', email);
      localStorage.setItem('permissions', JSON.stringify(perms));
      if (pollMs) localStorage.setItem('debug:pollMs', String(pollMs));
    },
    {
      token: body[1][0].SESSION_TOKEN as string,
      name: body[2][0].fullname_vch as string,
      email: DEMO[who].email,
      perms: (body[3] as { name_vch: string }[]).map((p) => p.name_vch),
      pollMs: opts.pollMs,
    },
  );
  return body[1][0].SESSION_TOKEN as string;
}

let ingestKey: string | undefined;
/**
 * An API key with the INGEST permission, made with the users CLI against the test server's database,
 * for tests that play the messaging engine (`Authorization: Bearer <key>` on /api/v1/ingest/...).
 */
export function ingestApiKey(): string {
  ingestKey ??= execFileSync(
    'npx',
    ['tsx', 'packages/server/src/cli/users.ts', 'api-key-create', `e2e-${Date.now()}`],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
      encoding: 'utf8',
    },
  ).trim();
  return ingestKey;
}

/**
 * Saves a screenshot under e2e/screenshots/ (git-ignored) to look at after the run, when E2E_SCREENSHOTS=1 (a
 * full-page screenshot takes about half a second; nothing checks them, so a plain run skips them).
 */
export async function snap(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(ROOT, 'e2e', 'screenshots', `${name}.png`), fullPage: true });
}

/** Plays the messaging engine: sends records of one kind through the ingest API. */
export async function ingest(request: APIRequestContext, kind: string, records: unknown[]) {
  const res = await request.post(`/api/v1/ingest/${kind}`, {
    headers: { authorization: `Bearer ${ingestApiKey()}` },
    data: records,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Opens a report dropdown and picks the entry whose label matches. */
export async function choose(page: Page, testId: string, label: RegExp) {
  // Right after a navigation the list may still be loading: the field is then read-only ('Loading…').
  await expect(page.getByTestId(testId)).toBeEditable();
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label }).click();
}

export const test = base;
export { expect };
