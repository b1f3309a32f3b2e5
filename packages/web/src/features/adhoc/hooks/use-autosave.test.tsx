// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
