import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { cache } from '@/lib/storage.ts';

/** A positive whole number, or null. */
function idFrom(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The event or campaign chosen on a report screen. It is in the address (`?campaign=1024`, `?event=7`): a reload,
 * Back and Forward, a link pasted into another tab, and a sign-in after the session ended all show the same
 * report; each choice is a step of the browser's history. It is also kept in the browser cache (cleared at
 * logout), so opening the screen from the menu shows the last choice again (written into the address).
 */
export function useRememberedChoice(
  screen: string,
  param: string,
  /** Whether the loaded list holds `id` (undefined while it loads): only such a choice is remembered. */
  holds: (id: number) => boolean | undefined,
): [number | null, (id: number | null) => void, string | null] {
  const key = `reports.choice.${screen}`;
  const [params, setParams] = useSearchParams();
  const named = params.has(param);
  const inAddress = idFrom(params.get(param));
  const id = named ? inAddress : idFrom(cache.get<number>(key));

  useEffect(() => {
    if (!named && id !== null) {
      // Opened from the menu: the remembered choice goes into the address, in place of this step of history.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(param, String(id));
          return next;
        },
        { replace: true },
      );
    } else if (named && id !== null && holds(id) === true && cache.get<number>(key) !== id) {
      // A link opened here becomes the screen's remembered choice, once the list shows it is a real one (a link to
      // a removed or mistyped entry must not come back each time the screen is opened from the menu).
      cache.set(key, id);
    }
  }, [named, id, key, param, setParams, holds]);

  const choose = useCallback(
    (next: number | null) => {
      cache.set(key, next);
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete(param);
        else updated.set(param, String(next));
        return updated;
      });
    },
    [key, param, setParams],
  );
  // What the address asks for, as written (a pasted link may name something no longer there, or be mistyped).
  return [id, choose, named ? params.get(param) : null];
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
