// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { reportPolling } from './report-query.ts';

beforeEach(() => localStorage.clear());

describe('report screens reload every 60 seconds (document 1 §4, §9)', () => {
  it('every report query (events, grid, trees, campaigns, summary, channel reports) reloads every 60 s, in a background tab too', () => {
    expect(reportPolling()).toEqual({ refetchInterval: 60_000, refetchIntervalInBackground: true });
  });
});
