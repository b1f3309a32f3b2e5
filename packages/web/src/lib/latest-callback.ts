import { useCallback, useRef } from 'react';

/**
 * A function that stays the same for the component's life and always calls the latest `fn`: for a prop of a child
 * drawn again only when its props change (React.memo), where `fn` is made anew at each drawing of the parent.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
