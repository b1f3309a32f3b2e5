import { MantineProvider } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { Freshness, LoadProblem } from './report-query.tsx';

const text = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// A local time without a zone, so the expected text does not depend on the machine's time zone.
const fetchedAt = new Date('2026-11-21T21:48:30').getTime();

const query = (fields: Partial<UseQueryResult<unknown>>) =>
  ({
    dataUpdatedAt: 0,
    isFetching: false,
    isError: false,
    data: undefined,
    error: null,
    ...fields,
  }) as UseQueryResult<unknown>;

describe('report freshness and load problems (document 1 §5: dates as YYYY-MM-DD HH:mm:ss)', () => {
  it('says when the report on screen was loaded, with its date', () => {
    expect(text(<Freshness query={query({ dataUpdatedAt: fetchedAt, data: [] })} />)).toBe(
      'Loaded 2026-11-21 21:48:30',
    );
  });

  it('dates the report kept on screen after a reload failed', () => {
    const out = text(
      <LoadProblem
        what="summary"
        query={query({
          dataUpdatedAt: fetchedAt,
          data: [],
          isError: true,
          error: new ApiError(503, 'unavailable', 'The database is not answering.'),
        })}
      />,
    );
    expect(out).toBe(
      'The summary could not be reloaded The database is not answering. Showing the data of 2026-11-21 21:48:30. The page retries by itself.',
    );
  });
});
