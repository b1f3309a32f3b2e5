/** Number of pages needed for `total` rows, at least 1 so that an empty list still has a page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to show as buttons: at most `maxButtons` consecutive pages, the current one kept as near the
 * middle as the ends allow.
 */
export function pageWindow(page: number, pages: number, maxButtons: number): number[] {
  const count = Math.min(pages, maxButtons);
  const first = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
