/**
 * The Delete button of the row now at position `row` of a table's body (the last row's if fewer are left): where the
 * keyboard goes on after the row whose Delete button had the focus was deleted. Null when the table is gone or
 * holds no row.
 */
export function deleteButtonInPlace(
  table: HTMLTableElement | null | undefined,
  row: number,
): HTMLElement | null {
  if (!table?.isConnected || row < 0) return null;
  const rows = table.tBodies[0]?.rows;
  if (!rows || rows.length === 0) return null;
  return (
    rows[Math.min(row, rows.length - 1)]?.querySelector<HTMLElement>('button[aria-label^="Delete "]') ?? null
  );
}
