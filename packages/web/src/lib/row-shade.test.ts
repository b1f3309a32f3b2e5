import { rowShade } from '@psps/contracts';
import { describe, expect, it } from 'vitest';
import { describeAge, nextAgeChange, rowShadeBackground, shadeOf } from './row-shade.ts';

const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0);
/** UPDATE_XT (microseconds) of a row last updated `seconds` before NOW_MS. */
const xtAgo = (seconds: number) => NOW_MS * 1000 - seconds * 1_000_000;

describe('row shading lightens with the age of the last update (16 steps of 1,000,000 s)', () => {
  it('gives the strongest shade to a row updated just now or less than 1,000,000 s ago', () => {
    expect(shadeOf(xtAgo(0), NOW_MS)).toBe(0);
    expect(shadeOf(xtAgo(999_999), NOW_MS)).toBe(0);
  });

  it('steps one shade per 1,000,000 seconds', () => {
    expect(shadeOf(xtAgo(1_000_000), NOW_MS)).toBe(1);
    expect(shadeOf(xtAgo(2_500_000), NOW_MS)).toBe(2);
    expect(shadeOf(xtAgo(14_999_999), NOW_MS)).toBe(14);
  });

  it('caps at shade 15 from an age of 15,000,000 seconds', () => {
    expect(shadeOf(xtAgo(15_000_000), NOW_MS)).toBe(15);
    expect(shadeOf(xtAgo(400_000_000), NOW_MS)).toBe(15);
  });

  it('treats a stamp in the future as age 0 and a missing stamp as the lightest shade', () => {
    expect(shadeOf(xtAgo(-5_000), NOW_MS)).toBe(0);
    expect(shadeOf(null, NOW_MS)).toBe(15);
  });

  it("is the contract's shade, which takes UPDATE_XT and now in microseconds", () => {
    expect(rowShade(5_000_000_000_000, 5_000_000_000_000 + 999_999_000_000)).toBe(0);
    expect(rowShade(5_000_000_000_000, 5_000_000_000_000 + 3_000_000_000_000)).toBe(3);
    expect(rowShade(0, 20_000_000_000_000)).toBe(15);
  });

  it('makes each shade lighter than the one before', () => {
    const strength = (s: number) => Number(/(\d+)%/.exec(rowShadeBackground(s))?.[1]);
    expect(strength(0)).toBe(40);
    expect(strength(15)).toBe(3);
    for (let s = 1; s < 16; s++) expect(strength(s)).toBeLessThan(strength(s - 1));
  });

  it('describes the age for the row tooltip', () => {
    expect(describeAge(xtAgo(30), NOW_MS)).toBe('updated just now');
    expect(describeAge(xtAgo(3 * 3600), NOW_MS)).toBe('updated 3 hours ago');
    expect(describeAge(xtAgo(86_400), NOW_MS)).toBe('updated 1 day ago');
  });
});

describe('the next time a row’s shade or age text changes', () => {
  const label = (xt: number, at: number) => `${shadeOf(xt, at)} ${describeAge(xt, at)}`;

  it('is the next whole minute, hour, day or 1,000,000 s of the age, whichever comes first', () => {
    expect(nextAgeChange(xtAgo(30), NOW_MS)).toBe(NOW_MS + 30_000);
    expect(nextAgeChange(xtAgo(125), NOW_MS)).toBe(NOW_MS + 55_000);
    expect(nextAgeChange(xtAgo(3 * 3600 + 10), NOW_MS)).toBe(NOW_MS + 3590_000);
    // 11 days 13:46:30 old: the shade steps 10 s before the next whole day.
    expect(nextAgeChange(xtAgo(999_990), NOW_MS)).toBe(NOW_MS + 10_000);
    // Past shade 15 (173 days 14:41:40 old), only the day count moves: day 174 in 9:18:20.
    expect(nextAgeChange(xtAgo(15_000_100), NOW_MS)).toBe(NOW_MS + 33_500_000);
    expect(nextAgeChange(xtAgo(-5), NOW_MS)).toBe(NOW_MS + 65_000);
    expect(nextAgeChange(null, NOW_MS)).toBe(Number.POSITIVE_INFINITY);
  });

  it('is when the label changes, and it does not change before (stamps of any microsecond)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 2000; i++) {
      const xt = Math.round(NOW_MS * 1000 - random() * 20_000_000 * 1_000_000);
      const next = nextAgeChange(xt, NOW_MS);
      expect(next).toBeGreaterThan(NOW_MS);
      expect(label(xt, next - 1)).toBe(label(xt, NOW_MS));
      expect(label(xt, next)).not.toBe(label(xt, NOW_MS));
    }
  });
});
