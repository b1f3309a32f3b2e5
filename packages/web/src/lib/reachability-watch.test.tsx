// @vitest-environment jsdom
import {
  defaultScheduler,
  focusManager,
  notifyManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall } from './api.ts';
import { reachability } from './reachability.ts';
import { useReachability } from './reachability-watch.ts';

const report = z.object({ sent: z.number() });

/**
 * A server reached through `fetch`: `/api/report` answers {sent: 7} while it is up, `/healthz` {status: 'ok'};
 * down, every call fails before any answer; silent, every call waits (until its time limit aborts it).
 */
let server: 'up' | 'down' | 'silent';
/** Up, the server's `/api/report` all the same fails before any answer (a proxy refusing that one address). */
let reportDown: boolean;
/** How long an answer, or a failure to reach the server, takes (ms; 0: at once). */
let latency: number;
const calls: string[] = [];

function fakeFetch(path: string, init: RequestInit) {
  calls.push(path);
  const after = <T,>(outcome: () => Promise<T>) =>
    latency ? new Promise<T>((resolve) => setTimeout(() => resolve(outcome()), latency)) : outcome();
  if (server === 'down' || (reportDown && path === '/api/report')) {
    return after(() => Promise.reject(new TypeError('Failed to fetch')));
  }
  if (server === 'silent') {
    return new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  }
  const body = path === '/healthz' ? { status: 'ok' } : { sent: 7 };
  // What the console reads of an answer (a real Response's body is read on Node's own clock, not the test's).
  return after(() => Promise.resolve({ ok: true, status: 200, text: async () => JSON.stringify(body) }));
}

/** A screen polling its report once a minute, as the dashboard does, under the console's connection watch. */
function renderScreen() {
  // As the console's own client (main.tsx): no refetch when the tab comes back.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(
    () => {
      useReachability();
      useQuery({
        queryKey: ['report'],
        queryFn: () => apiCall(report, '/api/report', { timeoutMs: 15_000 }),
        refetchInterval: 60_000,
      });
    },
    { wrapper },
  );
  // Read from the data library's cache: what the screen renders from.
  const reportState = () => client.getQueryState(['report']);
  return { reportState };
}

/** Moves the clock on, then lets what the answers set off (parsing, re-rendering, refetching) settle. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let hop = 0; hop < 5; hop++) await act(() => vi.advanceTimersByTimeAsync(0));
}
const healthzCalls = () => calls.filter((path) => path === '/healthz').length;
const reportCalls = () => calls.filter((path) => path === '/api/report').length;

beforeEach(() => {
  vi.useFakeTimers();
  // The data library tells the screen in a timer of its own: here at once, so that the clock is moved only by the test.
  notifyManager.setScheduler(queueMicrotask);
  vi.setSystemTime(new Date('2026-11-22T22:30:00Z'));
  calls.length = 0;
  server = 'up';
  latency = 0;
  reportDown = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  // A call's time limit, on the test's clock.
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const limit = new AbortController();
    setTimeout(() => limit.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    return limit.signal;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
  notifyManager.setScheduler(defaultScheduler);
  reachability.answered();
});

describe('the console watching whether the server answers', () => {
  it('asks nothing more than the screen does while the server answers', async () => {
    const { reportState } = renderScreen();
    await wait(5 * 60_000);
    expect(reportState()?.data).toEqual({ sent: 7 });
    expect(reportCalls()).toBe(6);
    expect(healthzCalls()).toBe(0);
  });

  it("when the server answers again, fetches the screen's failed queries at once, not at their next poll", async () => {
    server = 'down';
    const { reportState } = renderScreen();
    await wait(0);
    expect(reportState()?.status).toBe('error');
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:00Z'));
    server = 'up';
    await wait(1_000);
    // Another call of the console is answered (here said directly): the report is fetched again with it.
    act(() => reachability.answered());
    await wait(0);
    expect(reachability.since()).toBeNull();
    expect(reportCalls()).toBe(2);
    expect(reportState()?.status).toBe('success');
    expect(reportState()?.data).toEqual({ sent: 7 });
  });

  it('after a call failed, probes /healthz every 15 s until it answers, then reloads the screen', async () => {
    server = 'down';
    const { reportState } = renderScreen();
    await wait(0);
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:00Z'));
    expect(healthzCalls()).toBe(1);
    await wait(15_000);
    expect(healthzCalls()).toBe(2);
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:00Z'));
    server = 'up';
    await wait(15_000);
    expect(healthzCalls()).toBe(3);
    expect(reachability.since()).toBeNull();
    expect(reportState()?.data).toEqual({ sent: 7 });
    expect(reportCalls()).toBe(2);
    // Answered again: no more probes.
    await wait(45_000);
    expect(healthzCalls()).toBe(3);
  });

  it('a call not answered in time: the probe asks at once, and a silent server is said unreachable 5 s later', async () => {
    const { reportState } = renderScreen();
    await wait(0);
    server = 'silent';
    await wait(60_000);
    expect(reportCalls()).toBe(2);
    expect(healthzCalls()).toBe(0);
    await wait(15_000);
    // The report's call gave up at 22:31:15; the probe went at once.
    expect(reportState()?.status).toBe('error');
    expect(healthzCalls()).toBe(1);
    expect(reachability.since()).toBeNull();
    await wait(5_000);
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:31:20Z'));
  });

  it('a call not answered in time, the probe finding the server answering: no banner, no more calls', async () => {
    const { reportState } = renderScreen();
    await wait(0);
    server = 'silent';
    await wait(70_000);
    // The call of 22:31:00 hangs; the server answers again, in 10 ms, before it is given up at 22:31:15.
    server = 'up';
    latency = 10;
    await wait(5_000 + 20);
    expect(healthzCalls()).toBe(1);
    expect(reachability.since()).toBeNull();
    expect(reachability.inDoubt()).toBe(false);
    // Slow, not lost: the report waits for its next poll (22:32:00).
    expect(reportCalls()).toBe(2);
    expect(reportState()?.status).toBe('error');
    await wait(60_000);
    expect(reportCalls()).toBe(3);
    expect(reportState()?.status).toBe('success');
    expect(healthzCalls()).toBe(1);
  });

  it('a call that fails again each time the server is back sets off one probe per 15 s, not a burst', async () => {
    reportDown = true;
    latency = 10;
    renderScreen();
    await wait(30);
    // 22:30:00: the report fails in 10 ms, the probe answers in 10 ms, the report is asked again, fails again.
    expect(healthzCalls()).toBe(1);
    expect(reportCalls()).toBe(2);
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:00.030Z'));
    // Then a probe at 22:30:15, :30 and :45, each followed by one more try of the report.
    await wait(50_000);
    expect(healthzCalls()).toBe(4);
    expect(reportCalls()).toBe(5);
  });

  it('does not probe while the tab is hidden, and probes at once when it shows again', async () => {
    server = 'down';
    renderScreen();
    await wait(0);
    expect(healthzCalls()).toBe(1);
    act(() => focusManager.setFocused(false));
    await wait(45_000);
    expect(healthzCalls()).toBe(1);
    act(() => focusManager.setFocused(true));
    await wait(0);
    expect(healthzCalls()).toBe(2);
    expect(reachability.since()).toBe(Date.parse('2026-11-22T22:30:00Z'));
  });
});
