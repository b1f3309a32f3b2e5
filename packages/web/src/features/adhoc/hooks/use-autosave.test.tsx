// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachability } from '@/lib/reachability.ts';
import { unsavedEdits } from '@/lib/unsaved-edits.ts';
import { type AutosaveOptions, readDraft, useAutosave } from './use-autosave.ts';

type Draft = { language: string; body: string };
type Props = Partial<AutosaveOptions<Draft>> & { value: Draft };

function setup(initial: Draft, save: (value: Draft) => Promise<unknown>, extra: Partial<Props> = {}) {
  return renderHook((props: Props) => useAutosave<Draft>({ delayMs: 1000, save, ...extra, ...props }), {
    initialProps: { value: initial } as Props,
  });
}

const english = (body: string): Draft => ({ language: 'english', body });
const spanish = (body: string): Draft => ({ language: 'spanish', body });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('does not save the value it was loaded with', async () => {
    const save = vi.fn(async () => undefined);
    const { result } = setup(english('Hello'), save);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.status).toBe('saved');
  });

  it('saves once after a quiet period that each edit restarts', async () => {
    const save = vi.fn(async () => undefined);
    const { result, rerender } = setup(english(''), save);
    rerender({ value: english('H') });
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(900));
    rerender({ value: english('Hi') });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(english('Hi'));
    expect(result.current.status).toBe('saved');
  });

  it('waits 3 seconds when the e-mail delay is given', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender } = setup(english(''), save, { delayMs: 3000 });
    rerender({ value: english('<p>Hi</p>'), delayMs: 3000 });
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('skips the first save after a language loads (reset) and saves later edits', async () => {
    const save = vi.fn(async () => undefined);
    const { result, rerender } = setup(english('saved text'), save);
    act(() => result.current.reset(spanish('<p>Hola</p>')));
    rerender({ value: spanish('<p>Hola</p>') });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).not.toHaveBeenCalled();
    rerender({ value: spanish('<p>Hola!</p>') });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledWith(spanish('<p>Hola!</p>'));
  });

  it('shows a failed save, keeps the edit and retries it until it is saved', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new Error('The server cannot be reached.');
    });
    const { result, rerender } = setup(english(''), save, { retryDelaysMs: [2000, 5000] });
    rerender({ value: english('Evacuate now') });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('failed');
    expect(result.current.error?.message).toBe('The server cannot be reached.');
    expect(result.current.hasUnsaved).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('failed');
    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith(english('Evacuate now'));
    expect(result.current.status).toBe('saved');
    expect(result.current.error).toBeNull();
  });

  it.each([
    {
      when: 'the connection is back (the browser online again)',
      back: () => window.dispatchEvent(new Event('online')),
    },
    {
      when: 'the server answers again (a restart: the browser stayed online)',
      back: () => reachability.answered(),
    },
  ])(
    'retries a save that failed while the server could not be reached as soon as $when, not after its 30-second wait',
    async ({ back }) => {
      let fail = true;
      const save = vi.fn(async () => {
        if (fail) {
          reachability.failed();
          throw new Error('The server cannot be reached.');
        }
        reachability.answered();
      });
      const { result, rerender } = setup(english(''), save);
      rerender({ value: english('Power is back on.') });
      // The quiet period, then the first save and its retries after 2, 5 and 10 s: all fail; the next waits 30 s.
      await act(() => vi.advanceTimersByTimeAsync(1000 + 2000 + 5000 + 10_000));
      expect(save).toHaveBeenCalledTimes(4);
      expect(result.current.status).toBe('failed');

      fail = false;
      await act(async () => {
        back();
      });
      expect(save).toHaveBeenCalledTimes(5);
      expect(save).toHaveBeenLastCalledWith(english('Power is back on.'));
      expect(result.current.status).toBe('saved');
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(save).toHaveBeenCalledTimes(5);
    },
  );

  it('sends nothing when the connection comes back with every edit saved', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender } = setup(english(''), save);
    rerender({ value: english('Saved already') });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps unsaved edits in a local draft until the server has them', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new Error('offline');
    });
    const draftKey = (key: string) => `draft:${key}`;
    const { rerender } = setup(english(''), save, { keyOf: (v) => v.language, draftKey });
    rerender({ value: english('Do not lose me'), keyOf: (v) => v.language, draftKey });
    expect(readDraft<Draft>('draft:english')).toEqual(english('Do not lose me'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(readDraft<Draft>('draft:english')).toEqual(english('Do not lose me'));
    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(readDraft('draft:english')).toBeUndefined();
  });

  it('saves the edit of the language left when the operator switches language at once', async () => {
    const save = vi.fn(async () => undefined);
    const keyOf = (v: Draft) => v.language;
    const { result, rerender } = setup(english(''), save, { keyOf });
    rerender({ value: english('Power off at 8 AM'), keyOf });
    await act(async () => {
      await result.current.flush();
    });
    act(() => result.current.reset(spanish('')));
    rerender({ value: spanish(''), keyOf });
    expect(save).toHaveBeenCalledWith(english('Power off at 8 AM'));
    expect(result.current.status).toBe('saved');
  });

  it('does not save an edit that was undone before the quiet period ended', async () => {
    const save = vi.fn(async () => undefined);
    const { result, rerender } = setup(english('A'), save);
    rerender({ value: english('AB') });
    rerender({ value: english('A') });
    expect(result.current.status).toBe('saved');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).not.toHaveBeenCalled();
  });

  it('saves edits made while a save is in flight after that save, in order', async () => {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    const save = vi.fn(
      (value: Draft) =>
        new Promise<void>((resolve) => {
          calls.push(value.body);
          release = resolve;
        }),
    );
    const { result, rerender } = setup(english(''), save);
    rerender({ value: english('one') });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('saving');
    rerender({ value: english('one two') });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toEqual(['one']);
    await act(async () => release());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls).toEqual(['one', 'one two']);
    await act(async () => release());
    expect(result.current.status).toBe('saved');
  });

  it('does not save while disabled (a launched template)', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender } = setup(english('A'), save);
    rerender({ value: english('B'), enabled: false });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).not.toHaveBeenCalled();
  });

  it('warns before the page is left with unsaved edits', () => {
    const save = vi.fn(async () => undefined);
    const { rerender } = setup(english('A'), save);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    rerender({ value: english('AB') });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
  it('stops saving a language someone else saved first, keeps the text typed here and its draft, and saves it when the operator keeps it', async () => {
    const conflict = new Error('changed by bruno');
    let refuse = true;
    const save = vi.fn(async () => {
      if (refuse) throw conflict;
    });
    const extra = {
      keyOf: (v: Draft) => v.language,
      draftKey: (key: string) => `draft:${key}`,
      conflictOf: (error: unknown) => (error === conflict ? { theirs: 'Hola B' } : undefined),
    };
    const { result, rerender } = setup(spanish('Hola'), save, extra);
    rerender({ value: spanish('Hola A'), ...extra });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('conflict');
    expect(result.current.conflicts.get('spanish')).toEqual({
      mine: spanish('Hola A'),
      info: { theirs: 'Hola B' },
    });
    expect(result.current.unsavedKeys).toEqual(new Set(['spanish']));
    // Typing on is kept, never saved, and never retried while the operator has not chosen.
    rerender({ value: spanish('Hola A!'), ...extra });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(readDraft<Draft>('draft:spanish')).toEqual(spanish('Hola A!'));
    const leave = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(true);
    // Publishing and test sends wait for the choice.
    await act(async () => {
      expect(await result.current.flush()).toBe(false);
    });
    refuse = false;
    act(() => result.current.keepMine(spanish('Hola A!')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenLastCalledWith(spanish('Hola A!'));
    expect(result.current.status).toBe('saved');
    expect(readDraft('draft:spanish')).toBeUndefined();
  });

  it("takes the colleague's text when the operator discards theirs (reset)", async () => {
    const conflict = new Error('changed');
    const save = vi.fn(async () => {
      throw conflict;
    });
    const extra = {
      keyOf: (v: Draft) => v.language,
      draftKey: (key: string) => `draft:${key}`,
      conflictOf: (error: unknown) => (error === conflict ? {} : undefined),
    };
    const { result, rerender } = setup(spanish('Hola'), save, extra);
    rerender({ value: spanish('Hola A'), ...extra });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => result.current.reset(spanish('Hola B')));
    rerender({ value: spanish('Hola B'), ...extra });
    expect(result.current.status).toBe('saved');
    expect(result.current.hasUnsaved).toBe(false);
    expect(readDraft('draft:spanish')).toBeUndefined();
  });

  it('says NOT SAVED with the reason while part of the value cannot be saved, keeps the draft and the leave-page prompt', async () => {
    const save = vi.fn(async () => undefined);
    const extra = {
      keyOf: (v: Draft) => v.language,
      draftKey: (key: string) => `draft:${key}`,
      unsavedReason: (v: Draft) => (v.body.includes('{') ? 'preview data is not valid JSON' : null),
    };
    const { result, rerender } = setup(english('ok'), save, extra);
    rerender({ value: english('ok {'), ...extra });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('incomplete');
    expect(result.current.reason).toBe('preview data is not valid JSON');
    expect(result.current.statusKey).toBe('english');
    expect(readDraft<Draft>('draft:english')).toEqual(english('ok {'));
    const leave = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(save).toHaveBeenCalledTimes(1);
    rerender({ value: english('ok fixed'), ...extra });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('saved');
    expect(readDraft('draft:english')).toBeUndefined();
  });

  it('saves a restored draft of a language not on screen (adopt) and lists it as unsaved until then', async () => {
    let release: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const keyOf = (v: Draft) => v.language;
    const { result } = setup(english('A'), save, { keyOf });
    act(() => result.current.setBaseline(spanish('Hola')));
    act(() => result.current.adopt(spanish('Hola restored')));
    expect(result.current.unsavedKeys).toEqual(new Set(['spanish']));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledWith(spanish('Hola restored'));
    await act(async () => release());
    expect(result.current.unsavedKeys).toEqual(new Set());
  });

  it('tells the sign-out what is unsaved, saves it on request, or discards it with its draft', async () => {
    const save = vi.fn(async () => undefined);
    const extra = { keyOf: (v: Draft) => v.language, draftKey: (key: string) => `draft:${key}` };
    const { rerender, unmount } = setup(english(''), save, extra);
    expect(unsavedEdits.any()).toBe(false);
    rerender({ value: english('Thai text'), ...extra });
    expect(unsavedEdits.any()).toBe(true);
    await act(async () => {
      expect(await unsavedEdits.flushAll()).toBe(true);
    });
    expect(save).toHaveBeenCalledWith(english('Thai text'));
    expect(unsavedEdits.any()).toBe(false);
    rerender({ value: english('Thai text 2'), ...extra });
    expect(readDraft<Draft>('draft:english')).toEqual(english('Thai text 2'));
    act(() => unsavedEdits.discardAll());
    expect(unsavedEdits.any()).toBe(false);
    expect(readDraft('draft:english')).toBeUndefined();
    unmount();
    expect(save).toHaveBeenCalledTimes(1);
  });

  describe('edits belong to the user who typed them', () => {
    const signInAs = (email: string) => {
      localStorage.setItem('sessionToken', `token-of-${email}`);
      localStorage.setItem('userName', email);
      localStorage.setItem('userEmail', email);
    };
    const signOut = () => {
      localStorage.removeItem('sessionToken');
      localStorage.removeItem('userEmail');
    };
    const extra = (owner: string) => ({
      keyOf: (v: Draft) => v.language,
      draftKey: (key: string) => `draft:${owner}:${key}`,
      owner,
      retryDelaysMs: [2000],
    });

    it('never sends a failed save (nor its retries) once another user has signed in, and keeps it as the typist draft', async () => {
      signInAs('olivia@example.com');
      let online = false;
      const save = vi.fn(async () => {
        if (!online) throw new Error('The server cannot be reached.');
      });
      const { result, rerender } = setup(english(''), save, extra('olivia@example.com'));
      rerender({ value: english('Olivia text'), ...extra('olivia@example.com') });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(save).toHaveBeenCalledTimes(1);
      expect(result.current.status).toBe('failed');

      // Another tab signs out, and Victor signs in; then the network comes back.
      signOut();
      signInAs('victor@example.com');
      online = true;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      await act(async () => {
        expect(await result.current.flush()).toBe(false);
      });
      expect(save).toHaveBeenCalledTimes(1);
      expect(result.current.status).toBe('failed');
      expect(readDraft<Draft>('draft:olivia@example.com:english')).toEqual(english('Olivia text'));

      // Olivia signs in again: her text is hers to save.
      signInAs('olivia@example.com');
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(save).toHaveBeenCalledTimes(2);
      expect(result.current.status).toBe('saved');
      expect(readDraft('draft:olivia@example.com:english')).toBeUndefined();
    });

    it("signing out sees, saves and discards only the signed-in user's edits", async () => {
      signInAs('olivia@example.com');
      const save = vi.fn(async () => {
        throw new Error('The server cannot be reached.');
      });
      const { rerender } = setup(english(''), save, extra('olivia@example.com'));
      rerender({ value: english('Olivia text'), ...extra('olivia@example.com') });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(unsavedEdits.any()).toBe(true);

      signInAs('victor@example.com');
      expect(unsavedEdits.any()).toBe(false);
      await act(async () => {
        expect(await unsavedEdits.flushAll()).toBe(true);
      });
      act(() => unsavedEdits.discardAll());
      expect(readDraft<Draft>('draft:olivia@example.com:english')).toEqual(english('Olivia text'));
      signInAs('olivia@example.com');
      expect(unsavedEdits.any()).toBe(true);
      act(() => unsavedEdits.discardAll());
    });

    it('tells the sign-out when part of the edits could not be saved (kept as a draft)', async () => {
      signInAs('olivia@example.com');
      const save = vi.fn(async () => undefined);
      const options = {
        ...extra('olivia@example.com'),
        unsavedReason: (v: Draft) => (v.body.includes('{') ? 'preview data is not valid JSON' : null),
      };
      const { rerender } = setup(english(''), save, options);
      rerender({ value: english('{ not json'), ...options });
      await act(async () => {
        expect(await unsavedEdits.flushAll()).toBe(true);
      });
      expect(unsavedEdits.anyIncomplete()).toBe(true);
      act(() => unsavedEdits.discardAll());
      expect(unsavedEdits.anyIncomplete()).toBe(false);
    });
  });
});
