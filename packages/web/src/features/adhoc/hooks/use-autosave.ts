import { useCallback, useEffect, useReducer, useRef } from 'react';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed';

/** How long to wait before retrying a failed save: growing, then every 30 s until it succeeds. */
export const AUTOSAVE_RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000] as const;

export interface AutosaveOptions<T> {
  /** The current value of the edited thing. The first value seen for a key is its saved baseline. */
  value: T;
  save: (value: T) => Promise<unknown>;
  /** Quiet period: each edit restarts it, the save runs when it ends. */
  delayMs: number;
  /** Which record a value belongs to (e.g. the language); saves of different keys never replace each other. */
  keyOf?: (value: T) => string;
  equals?: (a: T, b: T) => boolean;
  /** What the server has, when the first value is not it (a restored draft); else the first value is. */
  baseline?: T;
  /** While false (not loaded yet, or locked), changes of the value are not saved. */
  enabled?: boolean;
  /** localStorage key of the unsaved draft of a key, kept until the server has it. */
  draftKey?: (key: string) => string;
  retryDelaysMs?: readonly number[];
  onSaved?: (value: T, result: unknown) => void;
}

export interface Autosave<T> {
  status: SaveStatus;
  /** The last save failure while edits are unsaved. */
  error: Error | null;
  /** Saves every unsaved edit now; resolves true when nothing is left unsaved. */
  flush: () => Promise<boolean>;
  /** Takes `value` as saved (a freshly loaded record): nothing is saved until it changes. */
  reset: (value: T) => void;
  hasUnsaved: boolean;
  lastSavedAt: Date | null;
}

const jsonEquals = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const singleKey = () => 'value';

/** Reads the unsaved draft a previous page (or a failed save) left in this browser. */
export function readDraft<T>(storageKey: string): T | undefined {
  try {
    const raw = localStorage.getItem(storageKey);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

function writeDraft(storageKey: string, value: unknown) {
  try {
    localStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the server save is still attempted and retried
  }
}

/**
 * Autosave with a quiet period (doc 2 §4). An operator's text is never silently lost: a failed save stays
 * unsaved, is shown as failed, and is retried until it succeeds; unsaved edits are mirrored to a local draft
 * (restored after a reload or a lost session) and leaving the page while any remain asks first. Saves run
 * one at a time, in order, and each key (language) keeps its own unsaved value, so switching language right
 * after an edit still saves the edit of the language left.
 */
export function useAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const { value, delayMs, enabled = true } = options;
  const opts = useRef(options);
  opts.current = options;

  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const state = useRef({
    baselines: new Map<string, T>(),
    unsaved: new Map<string, T>(),
    running: null as Promise<boolean> | null,
    rerun: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    attempt: 0,
    error: null as Error | null,
    lastSavedAt: null as Date | null,
    mounted: true,
  });

  const keyOf = useCallback((v: T) => (opts.current.keyOf ?? singleKey)(v), []);
  const equals = useCallback((a: T, b: T) => (opts.current.equals ?? jsonEquals)(a, b), []);
  const draft = useCallback((key: string) => opts.current.draftKey?.(key), []);
  const refresh = useCallback(() => {
    if (state.current.mounted) rerender();
  }, []);

  const clearTimer = useCallback(() => {
    clearTimeout(state.current.timer);
    state.current.timer = undefined;
  }, []);

  const run = useCallback((): Promise<boolean> => {
    const s = state.current;
    if (s.running) {
      s.rerun = true;
      return s.running;
    }
    clearTimer();
    s.running = (async () => {
      for (const key of [...s.unsaved.keys()]) {
        const pending = s.unsaved.get(key);
        if (pending === undefined) continue;
        try {
          const result = await opts.current.save(pending);
          s.baselines.set(key, pending);
          if (s.unsaved.get(key) === pending) {
            s.unsaved.delete(key);
            const storageKey = draft(key);
            if (storageKey) localStorage.removeItem(storageKey);
          }
          s.attempt = 0;
          s.error = null;
          s.lastSavedAt = new Date();
          opts.current.onSaved?.(pending, result);
        } catch (error) {
          s.error = error instanceof Error ? error : new Error(String(error));
          const delays = opts.current.retryDelaysMs ?? AUTOSAVE_RETRY_DELAYS_MS;
          const wait = delays[Math.min(s.attempt, delays.length - 1)] ?? 30_000;
          s.attempt += 1;
          s.rerun = false;
          s.timer = setTimeout(() => void run(), wait);
          return false;
        }
      }
      return s.unsaved.size === 0;
    })().finally(() => {
      s.running = null;
      if (s.rerun) {
        s.rerun = false;
        void run();
      }
      refresh();
    });
    refresh();
    return s.running;
  }, [clearTimer, draft, refresh]);

  // Each change of the value: unsaved if it differs from what was saved, and the quiet period restarts.
  useEffect(() => {
    if (!enabled) return;
    const s = state.current;
    const key = keyOf(value);
    let baseline = s.baselines.get(key);
    if (baseline === undefined) {
      baseline = opts.current.baseline ?? value;
      s.baselines.set(key, baseline);
    }
    const storageKey = draft(key);
    if (equals(value, baseline)) {
      if (s.unsaved.delete(key)) {
        if (storageKey) localStorage.removeItem(storageKey);
        if (s.unsaved.size === 0) clearTimer();
        refresh();
      }
      return;
    }
    const previous = s.unsaved.get(key);
    if (previous !== undefined && equals(previous, value)) return;
    s.unsaved.set(key, value);
    if (storageKey) writeDraft(storageKey, value);
    clearTimer();
    s.timer = setTimeout(() => void run(), delayMs);
    refresh();
  }, [value, enabled, delayMs, keyOf, equals, draft, clearTimer, run, refresh]);

  const reset = useCallback(
    (loaded: T) => {
      const s = state.current;
      const key = keyOf(loaded);
      s.baselines.set(key, loaded);
      if (s.unsaved.delete(key)) {
        const storageKey = draft(key);
        if (storageKey) localStorage.removeItem(storageKey);
      }
      if (s.unsaved.size === 0) clearTimer();
      refresh();
    },
    [keyOf, draft, clearTimer, refresh],
  );

  const flush = useCallback(() => {
    if (state.current.unsaved.size === 0 && !state.current.running) return Promise.resolve(true);
    return run();
  }, [run]);

  // Leaving the page with unsaved edits asks first; leaving the screen saves them at once.
  useEffect(() => {
    const s = state.current;
    s.mounted = true;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (s.unsaved.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      s.mounted = false;
      if (s.unsaved.size > 0) void run();
    };
  }, [run]);

  const s = state.current;
  const status: SaveStatus =
    s.unsaved.size === 0 ? 'saved' : s.running ? 'saving' : s.error ? 'failed' : 'pending';
  return {
    status,
    error: s.unsaved.size > 0 ? s.error : null,
    flush,
    reset,
    hasUnsaved: s.unsaved.size > 0,
    lastSavedAt: s.lastSavedAt,
  };
}
