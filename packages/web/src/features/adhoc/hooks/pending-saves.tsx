import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';

type Flush = () => Promise<boolean>;
interface PendingSaves {
  register: (flush: Flush) => () => void;
  /** Saves every editor's unsaved edits now; true when all reached the server. */
  flushAll: () => Promise<boolean>;
}

const PendingSavesContext = createContext<PendingSaves>({
  register: () => () => undefined,
  flushAll: async () => true,
});

/** Lets publish and test sends wait for the edits of every tab of the template to be saved first. */
export function PendingSavesProvider({ children }: { children: ReactNode }) {
  const flushes = useRef(new Set<Flush>());
  const value = useMemo<PendingSaves>(
    () => ({
      register: (flush) => {
        flushes.current.add(flush);
        return () => flushes.current.delete(flush);
      },
      flushAll: async () => (await Promise.all([...flushes.current].map((flush) => flush()))).every(Boolean),
    }),
    [],
  );
  return <PendingSavesContext.Provider value={value}>{children}</PendingSavesContext.Provider>;
}

export function usePendingSaves(): PendingSaves {
  return useContext(PendingSavesContext);
}

/**
 * Registers an editor's flush for as long as the template editor is open. Not undone with the editor's effects:
 * a hidden tab (React's Activity undoes its effects) may still hold a failed save or a conflict that publishing
 * and test sends must wait for.
 */
export function useRegisterFlush(flush: Flush) {
  const { register } = usePendingSaves();
  const latest = useRef(flush);
  latest.current = flush;
  const registered = useRef<Flush | null>(null);
  useEffect(() => {
    registered.current ??= () => latest.current();
    register(registered.current);
  }, [register]);
}
