import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { retryRead } from './query-retry.ts';

describe('retryRead', () => {
  const timeout = new ApiError(
    0,
    'timeout',
    'The server did not answer in time. The page retries by itself.',
  );
  const network = new ApiError(0, 'network', 'The server cannot be reached.');

  it('asks a read that met a network error or a 5xx again twice, then gives up', () => {
    expect([0, 1, 2].map((count) => retryRead(count, network))).toEqual([true, true, false]);
    const unavailable = new ApiError(503, 'unavailable', 'The database is unavailable.');
    expect([0, 1, 2].map((count) => retryRead(count, unavailable))).toEqual([true, true, false]);
  });

  it('never asks again after a refusal (4xx)', () => {
    for (const status of [400, 401, 403, 404, 413, 429]) {
      expect(retryRead(0, new ApiError(status, 'refused', 'No.'))).toBe(false);
    }
  });

  it('never asks again a call given up because the server did not answer in time', () => {
    expect(retryRead(0, timeout)).toBe(false);
  });
});
