import { describe, expect, it } from 'vitest';
import { knownChoice } from './remembered-choice.ts';

const idOf = (c: { id: number }) => c.id;

describe('remembered dropdown choice', () => {
  it('keeps the remembered campaign while the list is loading, so its report shows at once', () => {
    expect(knownChoice(7, undefined, idOf)).toBe(7);
  });
  it('keeps it when the list holds it', () => {
    expect(knownChoice(7, [{ id: 3 }, { id: 7 }], idOf)).toBe(7);
  });
  it('forgets a campaign that is no longer in the list: the report areas stay empty', () => {
    expect(knownChoice(7, [{ id: 3 }], idOf)).toBeNull();
  });
  it('stays empty before any choice', () => {
    expect(knownChoice(null, [{ id: 3 }], idOf)).toBeNull();
  });
});
