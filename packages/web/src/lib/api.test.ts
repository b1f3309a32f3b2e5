// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiCall } from './api.ts';
import { reachability } from './reachability.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reachability.answered();
});

const answer = z.object({ ok: z.boolean() });

describe('whether the server is reachable', () => {
  it('is not, from a call that fails before any answer; is again at the next answer, even a refusal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T22:30:15Z'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    const failed = await apiCall(answer, '/api/v1/dashboard').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe(
      'The server cannot be reached. Check your connection; the page retries by itself.',
    );
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:15Z'));

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(
        new Response(JSON.stringify({ error: 'not_found', message: 'There is no campaign 9.' }), {
          status: 404,
        }),
      ),
    );
    await expect(apiCall(answer, '/api/proc_reports_campaignTree/9')).rejects.toThrow(
      'There is no campaign 9.',
    );
    expect(reachability.since()).toBeNull();
  });

  it('a call cancelled says nothing of it; one the server did not answer in time leaves it in doubt, not unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new DOMException('stopped', 'AbortError')));
    await apiCall(answer, '/api/v1/dashboard').catch(() => {});
    expect(reachability.since()).toBeNull();
    expect(reachability.inDoubt()).toBe(false);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new DOMException('stopped', 'TimeoutError')));
    const failed = await apiCall(answer, '/api/v1/dashboard', { timeoutMs: 15_000 }).catch(
      (err: unknown) => err,
    );
    expect((failed as ApiError).message).toBe(
      'The server did not answer in time. The page retries by itself.',
    );
    expect(reachability.since()).toBeNull();
    expect(reachability.inDoubt()).toBe(true);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response(JSON.stringify({ ok: true }))));
    await apiCall(answer, '/api/v1/dashboard');
    expect(reachability.inDoubt()).toBe(false);
  });
});

describe('a call answered 401 (the session ended: idle, expired, or ended elsewhere)', () => {
  /** The page is /admin/adhoc-campaigns?template=4&tab=sms, signed in; the server answers `body` with 401. */
  async function refused(body: unknown) {
    window.history.replaceState(null, '', '/admin/adhoc-campaigns?template=4&tab=sms');
    localStorage.setItem('sessionToken', 'tok');
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 401 })),
    );
    await expect(apiCall(answer, '/api/v1/adhoc/campaign/summary/select')).rejects.toThrow(ApiError);
    vi.restoreAllMocks();
  }

  it("signs out and keeps this tab's page, with its choices, for the sign-in to lead back to", async () => {
    await refused({
      error: 'unauthorized',
      message: 'Please sign in: your session is missing, expired or was ended.',
    });
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(sessionStorage.getItem('returnPath')).toBe('/admin/adhoc-campaigns?template=4&tab=sms');
    expect(sessionStorage.getItem('sessionEndReason')).toBeNull();
  });

  it("keeps the server's sentence when the session ran out, for the login page to say why", async () => {
    await refused({
      error: 'unauthorized',
      message: 'Your session ended after 30 minutes without activity. Please sign in again.',
      details: { reason: 'idle' },
    });
    expect(sessionStorage.getItem('sessionEndReason')).toBe(
      'Your session ended after 30 minutes without activity. Please sign in again.',
    );
  });
});

describe('a refusal or an answer the console cannot read, said as a person would', () => {
  it('a refusal without the server words says what happened and what to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }))
        .mockResolvedValueOnce(new Response('', { status: 400 })),
    );
    await expect(apiCall(answer, '/api/campaign-list/')).rejects.toThrow(
      'The server answered with an error (502). If it goes on, tell your administrator.',
    );
    await expect(apiCall(answer, '/api/campaign-list/')).rejects.toThrow(
      'The server refused this (400) without saying why. Reload the page and try again.',
    );
  });

  it('an answer of another shape says the console may be out of date, and to reload', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response(JSON.stringify([1]), { status: 200 })));
    await expect(apiCall(answer, '/api/campaign-list/?x=1')).rejects.toThrow(
      'Unexpected answer from /api/campaign-list/: the console may be out of date. Reload the page.',
    );
  });

  it("an answer that is not data (a proxy's or a network's sign-in page answered 200) says so, never the JSON parser's words", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(
        new Response('<html><body><h1>Sign in to the guest network</h1></body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    await expect(apiCall(answer, '/api/campaign-list/?x=1')).rejects.toThrow(
      'The answer from /api/campaign-list/ was not data the console can read (a web page instead, perhaps from a proxy or the network). If it goes on, tell your administrator.',
    );
  });

  it('an answer cut off while it arrives says the server cannot be reached, not the browser words', async () => {
    const cut = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"ok":'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response(cut, { status: 200 })));
    const failed = await apiCall(answer, '/api/v1/dashboard').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe(
      'The server cannot be reached. Check your connection; the page retries by itself.',
    );
  });
});
