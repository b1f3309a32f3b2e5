/** The fields the merge needs; the full row type comes from the contract. */
type Stamped = { ID: number; UPDATE_XT: number };

/**
 * Merges the rows changed since the stored stamp into the stored completion list (document 1 §4): a changed row
 * replaces the stored row with the same ID (whatever the order of either list), new IDs are added, and a row is
 * never listed twice. Should the server answer one ID twice, the version with the higher UPDATE_XT wins.
 * The result is ordered newest report first (highest ID first), the order the screen shows.
 */
export function mergeReportsById<T extends Stamped>(stored: readonly T[], changed: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const row of stored) byId.set(row.ID, row);
  const fresh = new Map<number, T>();
  for (const row of changed) {
    const seen = fresh.get(row.ID);
    if (!seen || row.UPDATE_XT >= seen.UPDATE_XT) fresh.set(row.ID, row);
  }
  for (const [id, row] of fresh) byId.set(id, row);
  return [...byId.values()].sort((a, b) => b.ID - a.ID);
}

/** The stamp to ask from next time: the highest of the stored stamp, the server's MAX_UPDATE_XT and the rows'. */
export function nextStamp(
  storedXt: number,
  maxUpdateXt: number | null | undefined,
  rows: readonly Stamped[],
) {
  let xt = Math.max(storedXt, maxUpdateXt ?? 0);
  for (const row of rows) xt = Math.max(xt, row.UPDATE_XT);
  return xt;
}
