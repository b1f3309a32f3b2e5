import { useCallback, useEffect, useReducer, useRef } from 'react';
import { reachability } from '@/lib/reachability.ts';
import { session } from '@/lib/storage.ts';
import { type UnsavedEditor, unsavedEdits } from '@/lib/unsaved-edits.ts';

/**
 * saved: the server has every edit. pending / saving / failed: an edit is on its way (failed: retried).
 * conflict: someone else saved a language after this text was based on it; it waits for the operator's choice.
 * incomplete: saved except a part that cannot be saved as it is (`reason` says which); kept in the draft.
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict' | 'incomplete';

export const OTHER_USER_SAVE_ERROR =
  'Not saved: you are no longer signed in as the user who typed this. It is kept in this browser for them.';

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
  /** localStorage key of the unsaved draft of a key, kept until the server has it; undefined: no draft. */
  draftKey?: (key: string) => string | undefined;
  /** What the draft of a value holds (e.g. the value and the version it was based on); default the value. */
  draftOf?: (value: T) => unknown;
  /**
   * When a failed save means "someone else saved first" (never retried): what to keep about it (e.g. the
   * server's text); undefined for any other failure.
   */
  conflictOf?: (error: unknown) => unknown;
  /** Why a value cannot be saved whole (the rest is saved); null when it can. */
  unsavedReason?: (value: T) => string | null;
  retryDelaysMs?: readonly number[];
  /**
   * Who typed the edits (`session.draftOwner()` when the editor opened). A save runs only while that user is the
   * one signed in: after a sign-out, or another user's sign-in in another tab, the edits stay unsent, as the
   * typist's draft, and are retried in case the typist signs in again. Undefined: not checked.
   */
  owner?: string;
  /** What the edits belong to (UnsavedEditor's scope), e.g. `adhocScope(templateId)`. */
  scope?: string;
  onSaved?: (value: T, result: unknown) => void;
}

export interface AutosaveConflict<T> {
  /** The text typed here, still unsaved (and kept in the draft). */
  mine: T;
  /** What conflictOf kept about the refused save. */
  info: unknown;
}

export interface Autosave<T> {
  status: SaveStatus;
  /** The last save failure while edits are unsaved. */
  error: Error | null;
  /** Why an incomplete value is not saved whole. */
  reason: string | null;
  /**
   * The key a 'conflict' or 'incomplete' status is about (null otherwise): the status covers every key, so it may
   * be another key than the one on screen, which the indicator must then name.
   */
  statusKey: string | null;
  /**
   * Saves every unsaved edit now; resolves true when the server has all that can be saved (false while a save
   * fails or waits on a conflict).
   */
  flush: () => Promise<boolean>;
  /** Takes `value` as saved (a freshly loaded record, or the colleague's text taken): drops its unsaved edits. */
  reset: (value: T) => void;
  /** Takes `value` as what the server has, keeping the key's unsaved edits, conflict or incomplete value. */
  setBaseline: (value: T) => void;
  /** The unsaved value of a key (unsaved, in conflict, or incomplete), if any. */
  pendingValue: (key: string) => T | undefined;
  /** Saves `value` (a restored draft whose base is still current) without it being on screen. */
  adopt: (value: T) => void;
  /** Puts a value in conflict without trying to save it (a restored draft based on an older version). */
  markConflict: (value: T, info: unknown) => void;
  /** Keeps mine: saves `value` over the colleague's text, deliberately (the caller updated the base first). */
  keepMine: (value: T) => void;
  conflicts: ReadonlyMap<string, AutosaveConflict<T>>;
  /** Keys with an edit the server does not have (pending, failed, in conflict or incomplete). */
  unsavedKeys: ReadonlySet<string>;
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
 * unsaved, is shown as failed, and is retried until it succeeds; a save refused because someone else saved
 * first stops that key and waits for the operator's choice; unsaved edits are mirrored to a local draft
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
    conflicts: new Map<string, AutosaveConflict<T>>(),
    incomplete: new Map<string, { value: T; reason: string }>(),
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
  const keepDraft = useCallback(
    (key: string, v: T) => {
      const storageKey = draft(key);
      if (storageKey) writeDraft(storageKey, (opts.current.draftOf ?? ((x: T) => x))(v));
    },
    [draft],
  );
  const dropDraft = useCallback(
    (key: string) => {
      const storageKey = draft(key);
      if (storageKey) localStorage.removeItem(storageKey);
    },
    [draft],
  );
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
          const { owner } = opts.current;
          // One user's text is never saved under another user's session.
          if (owner !== undefined && session.draftOwner() !== owner) throw new Error(OTHER_USER_SAVE_ERROR);
          const result = await opts.current.save(pending);
          s.baselines.set(key, pending);
          const newer = s.unsaved.get(key);
          if (newer === pending) {
            s.unsaved.delete(key);
            const reason = opts.current.unsavedReason?.(pending) ?? null;
            if (reason) {
              s.incomplete.set(key, { value: pending, reason });
              keepDraft(key, pending);
            } else dropDraft(key);
          } else if (newer !== undefined) {
            // Typed during the save: the draft now says what the newer text is based on.
            keepDraft(key, newer);
          }
          s.attempt = 0;
          s.error = null;
          s.lastSavedAt = new Date();
          opts.current.onSaved?.(pending, result);
        } catch (error) {
          const info = opts.current.conflictOf?.(error);
          if (info !== undefined) {
            // Someone else saved first: never retried, never overwritten; the draft stays.
            s.conflicts.set(key, { mine: s.unsaved.get(key) ?? pending, info });
            s.unsaved.delete(key);
            continue;
          }
          s.error = error instanceof Error ? error : new Error(String(error));
          const delays = opts.current.retryDelaysMs ?? AUTOSAVE_RETRY_DELAYS_MS;
          const wait = delays[Math.min(s.attempt, delays.length - 1)] ?? 30_000;
          s.attempt += 1;
          s.rerun = false;
          s.timer = setTimeout(() => void run(), wait);
          return false;
        }
      }
      // An incomplete value counts as saved here: all that can be saved is (its draft keeps the rest).
      return s.unsaved.size === 0 && s.conflicts.size === 0;
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
  }, [clearTimer, keepDraft, dropDraft, refresh]);

  // A save that failed while the connection was down is tried as soon as it is back, not at the end of its wait
  // (up to 30 s, during which the editor said 'Save failed, retrying' with the server reachable again): when the
  // browser is online again, and when the server answers again after a restart, which the browser does not see.
  useEffect(() => {
    const onOnline = () => {
      const s = state.current;
      // Only a save waiting for its retry (none while one is on its way: its own answer marks the server reachable).
      if (s.error === null || s.running || s.timer === undefined || s.unsaved.size === 0) return;
      s.attempt = 0;
      void run();
    };
    const onReachability = () => {
      if (!reachability.inDoubt()) onOnline();
    };
    window.addEventListener('online', onOnline);
    const stopWatching = reachability.subscribe(onReachability);
    return () => {
      window.removeEventListener('online', onOnline);
      stopWatching();
    };
  }, [run]);

  // Each change of the value: unsaved if it differs from what was saved, and the quiet period restarts.
  useEffect(() => {
    if (!enabled) return;
    const s = state.current;
    const key = keyOf(value);
    const conflict = s.conflicts.get(key);
    if (conflict) {
      // Edits go on while the operator decides; they are kept, not saved.
      if (!equals(conflict.mine, value)) {
        conflict.mine = value;
        keepDraft(key, value);
        refresh();
      }
      return;
    }
    let baseline = s.baselines.get(key);
    if (baseline === undefined) {
      baseline = opts.current.baseline ?? value;
      s.baselines.set(key, baseline);
    }
    if (equals(value, baseline)) {
      if (s.incomplete.has(key)) return;
      if (s.unsaved.delete(key)) {
        dropDraft(key);
        if (s.unsaved.size === 0) clearTimer();
        refresh();
      }
      return;
    }
    const previous = s.unsaved.get(key);
    if (previous !== undefined && equals(previous, value)) return;
    s.incomplete.delete(key);
    s.unsaved.set(key, value);
    keepDraft(key, value);
    clearTimer();
    s.timer = setTimeout(() => void run(), delayMs);
    refresh();
  }, [value, enabled, delayMs, keyOf, equals, keepDraft, dropDraft, clearTimer, run, refresh]);

  const reset = useCallback(
    (loaded: T) => {
      const s = state.current;
      const key = keyOf(loaded);
      s.baselines.set(key, loaded);
      const had = s.unsaved.delete(key);
      const hadConflict = s.conflicts.delete(key);
      const hadIncomplete = s.incomplete.delete(key);
      if (had || hadConflict || hadIncomplete) dropDraft(key);
      if (s.unsaved.size === 0) clearTimer();
      refresh();
    },
    [keyOf, dropDraft, clearTimer, refresh],
  );

  const setBaseline = useCallback(
    (loaded: T) => {
      state.current.baselines.set(keyOf(loaded), loaded);
    },
    [keyOf],
  );

  const pendingValue = useCallback((key: string) => {
    const s = state.current;
    return s.conflicts.get(key)?.mine ?? s.unsaved.get(key) ?? s.incomplete.get(key)?.value;
  }, []);

  const adopt = useCallback(
    (restored: T) => {
      const s = state.current;
      const key = keyOf(restored);
      if (s.conflicts.has(key) || s.unsaved.has(key)) return;
      s.unsaved.set(key, restored);
      clearTimer();
      s.timer = setTimeout(() => void run(), 0);
      refresh();
    },
    [keyOf, clearTimer, run, refresh],
  );

  const markConflict = useCallback(
    (mine: T, info: unknown) => {
      const s = state.current;
      const key = keyOf(mine);
      s.unsaved.delete(key);
      s.incomplete.delete(key);
      s.conflicts.set(key, { mine, info });
      keepDraft(key, mine);
      refresh();
    },
    [keyOf, keepDraft, refresh],
  );

  const keepMine = useCallback(
    (mine: T) => {
      const s = state.current;
      const key = keyOf(mine);
      s.conflicts.delete(key);
      s.unsaved.set(key, mine);
      keepDraft(key, mine);
      void run();
    },
    [keyOf, keepDraft, run],
  );

  const flush = useCallback(() => {
    const s = state.current;
    if (s.unsaved.size === 0 && !s.running) {
      return Promise.resolve(s.conflicts.size === 0);
    }
    return run();
  }, [run]);

  // Signing out and leaving the page ask first while edits are unsaved (lib/unsaved-edits.ts); leaving the screen
  // (or hiding its tab) saves them at once. The editor stays registered while it has unsaved edits.
  const registration = useRef<UnsavedEditor | null>(null);
  useEffect(() => {
    const s = state.current;
    s.mounted = true;
    const unsavedCount = () => s.unsaved.size + s.conflicts.size + s.incomplete.size;
    registration.current ??= {
      owner: opts.current.owner,
      scope: opts.current.scope,
      hasUnsaved: () => unsavedCount() > 0,
      hasIncomplete: () => s.incomplete.size > 0,
      flush: () => flush(),
      discard: () => {
        for (const key of new Set([...s.unsaved.keys(), ...s.conflicts.keys(), ...s.incomplete.keys()])) {
          dropDraft(key);
        }
        s.unsaved.clear();
        s.conflicts.clear();
        s.incomplete.clear();
        clearTimer();
        refresh();
      },
    };
    const entry = registration.current;
    const unregister = unsavedEdits.register(entry);
    refresh();
    return () => {
      s.mounted = false;
      if (unsavedCount() === 0) unregister();
      if (s.unsaved.size > 0) void run();
    };
  }, [run, flush, dropDraft, clearTimer, refresh]);

  const s = state.current;
  const [firstIncompleteKey, firstIncomplete] = s.incomplete.entries().next().value ?? [];
  const status: SaveStatus =
    s.conflicts.size > 0
      ? 'conflict'
      : s.unsaved.size > 0
        ? s.running
          ? 'saving'
          : s.error
            ? 'failed'
            : 'pending'
        : firstIncomplete
          ? 'incomplete'
          : 'saved';
  return {
    status,
    error: s.unsaved.size > 0 ? s.error : null,
    reason: s.unsaved.size === 0 && firstIncomplete ? firstIncomplete.reason : null,
    statusKey:
      status === 'conflict'
        ? (s.conflicts.keys().next().value ?? null)
        : status === 'incomplete'
          ? (firstIncompleteKey ?? null)
          : null,
    flush,
    reset,
    setBaseline,
    pendingValue,
    adopt,
    markConflict,
    keepMine,
    conflicts: s.conflicts,
    unsavedKeys: new Set([...s.unsaved.keys(), ...s.conflicts.keys(), ...s.incomplete.keys()]),
    hasUnsaved: s.unsaved.size + s.conflicts.size + s.incomplete.size > 0,
    lastSavedAt: s.lastSavedAt,
  };
}
