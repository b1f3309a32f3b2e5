import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window.ts';

describe('suppression paging', () => {
  it('counts pages of 50 results, with one page even when there is nothing', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(120, 50)).toBe(3);
  });

  it('shows every page when there are no more than the buttons allow', () => {
    expect(pageWindow(1, 3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows up to 10 page buttons around the current page', () => {
    expect(pageWindow(1, 40, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 40, 10)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(pageWindow(40, 40, 10)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });

  it('shows up to 5 page buttons for the summary', () => {
    expect(pageWindow(1, 9, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9, 5)).toEqual([5, 6, 7, 8, 9]);
  });
});
