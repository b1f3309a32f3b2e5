import { useCallback, useState } from 'react';
import { cache } from '../../../lib/storage.ts';

/**
 * The last event or campaign chosen on a report screen, kept in the browser cache (cleared at logout) so that a
 * reload, or coming back to the screen during the event, shows the same report again.
 */
export function useRememberedChoice(screen: string): [number | null, (id: number | null) => void] {
  const key = `reports.choice.${screen}`;
  const [id, setId] = useState<number | null>(() => {
    const stored = cache.get<number>(key);
    return typeof stored === 'number' && Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  });
  const choose = useCallback(
    (next: number | null) => {
      setId(next);
      cache.set(key, next);
    },
    [key],
  );
  return [id, choose];
}

/**
 * The remembered id while the list loads (the report shows at once), or null once the list is known and no
 * longer holds it (a campaign removed since), so the screen falls back to its empty state.
 */
export function knownChoice<T>(
  id: number | null,
  items: readonly T[] | undefined,
  idOf: (item: T) => number,
): number | null {
  return id !== null && items !== undefined && !items.some((item) => idOf(item) === id) ? null : id;
}
