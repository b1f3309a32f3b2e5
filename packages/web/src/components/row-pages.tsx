import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { grouped } from '@/lib/numbers.ts';
import { pageCount } from '@/lib/page-window.ts';
import { PageNav } from './page-nav.tsx';

/**
 * Rows a list held in the browser shows at a time (Completion Reports, Custom Reports). A season's 5,000
 * completion reports in one table took seconds to show and froze the page at each typed letter of its search; the
 * Custom Reports table of 2,000 campaigns held 62,000 elements and 270 MB (docs/history.md, "The console at a
 * utility's scale"). 100 is the AdHoc list's row count (document 2).
 */
export const TABLE_PAGE_ROWS = 100;

/**
 * One page of `rows`. The page is kept while the list reloads (a poll never moves the operator), and brought
 * back within the list when it shrinks; `first()` goes back to page 1 (a new search or filter).
 */
export function useRowPages<T>(rows: readonly T[], pageSize: number = TABLE_PAGE_ROWS) {
  const [wanted, setPage] = useState(1);
  const pages = pageCount(rows.length, pageSize);
  const page = Math.min(wanted, pages);
  const start = (page - 1) * pageSize;
  return {
    page,
    pages,
    start,
    total: rows.length,
    shown: rows.slice(start, start + pageSize),
    setPage,
    first: () => setPage(1),
  };
}

/** 'Rows 101–200 of 5,000' and the page buttons, under a table of more than one page. */
export function RowPageNav({
  label,
  paged,
}: {
  label: string;
  paged: Pick<ReturnType<typeof useRowPages>, 'page' | 'pages' | 'start' | 'total' | 'shown' | 'setPage'>;
}) {
  if (paged.pages <= 1) return null;
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="xs" c="dimmed" data-testid="row-range">
        Rows {grouped(paged.start + 1)}–{grouped(paged.start + paged.shown.length)} of {grouped(paged.total)}
      </Text>
      <PageNav
        label={label}
        page={paged.page}
        pages={paged.pages}
        maxButtons={7}
        withEdges
        size="xs"
        onChange={paged.setPage}
      />
    </Group>
  );
}
