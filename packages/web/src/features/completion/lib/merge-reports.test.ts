import { describe, expect, it } from 'vitest';
import { mergeReportsById, nextStamp } from './merge-reports.ts';

const row = (ID: number, UPDATE_XT: number, CAMPAIGN_TITLE = `Report ${ID}`) => ({
  ID,
  UPDATE_XT,
  CAMPAIGN_TITLE,
});

describe('the completion list merges changed rows into the stored list by ID', () => {
  it('replaces a changed row with its new version and keeps the others', () => {
    const stored = [row(3, 300), row(2, 200), row(1, 100)];
    const merged = mergeReportsById(stored, [row(2, 900, 'Report 2 refreshed')]);
    expect(merged).toEqual([row(3, 300), row(2, 900, 'Report 2 refreshed'), row(1, 100)]);
  });

  it('never lists an ID twice, even when the server answers it twice', () => {
    const merged = mergeReportsById(
      [row(1, 100)],
      [row(1, 500, 'old'), row(1, 700, 'new'), row(1, 600, 'mid')],
    );
    expect(merged).toEqual([row(1, 700, 'new')]);
  });

  it('adds reports it has not seen, newest report (highest ID) first', () => {
    const merged = mergeReportsById([row(5, 500), row(2, 200)], [row(7, 700), row(3, 300)]);
    expect(merged.map((r) => r.ID)).toEqual([7, 5, 3, 2]);
  });

  it('starts from an empty store (stamp 0 answers every row) and leaves the store alone when nothing changed', () => {
    expect(mergeReportsById([], [row(1, 100), row(2, 200)]).map((r) => r.ID)).toEqual([2, 1]);
    const stored = [row(2, 200), row(1, 100)];
    expect(mergeReportsById(stored, [])).toEqual(stored);
  });

  it('does not change the stored array it was given', () => {
    const stored = [row(1, 100)];
    mergeReportsById(stored, [row(1, 200)]);
    expect(stored).toEqual([row(1, 100)]);
  });
});

describe('the stored stamp only moves forward', () => {
  it('takes the highest of the stored stamp, MAX_UPDATE_XT and the rows', () => {
    expect(nextStamp(100, 400, [row(1, 300)])).toBe(400);
    expect(nextStamp(100, null, [row(1, 300)])).toBe(300);
    expect(nextStamp(900, 400, [])).toBe(900);
  });
});
