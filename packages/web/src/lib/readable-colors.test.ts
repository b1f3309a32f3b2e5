import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColors, readableOn } from './readable-colors.ts';

const light = readableColors(mergeMantineTheme(DEFAULT_THEME, createTheme({}))).light;

describe('readable colours (WCAG AA, 4.5:1)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour only as far as it needs to read on its background', () => {
    expect(readableOn('#495057', '#ffffff')).toBe('#495057');
    expect(readableOn('#fa5252', '#ffffff')).toBe('rgba(200, 66, 66, 1)');
    expect(contrastRatio('rgba(200, 66, 66, 1)', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("gives Mantine's yellow badge text (1.9:1 on its tint) and red text (3.3:1 on white) readable shades", () => {
    expect(light['--mantine-color-yellow-light-color']).toBe('rgba(161, 83, 0, 1)');
    expect(contrastRatio('rgba(161, 83, 0, 1)', DEFAULT_THEME.colors.yellow[2])).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-red-text']).toBe('rgba(200, 66, 66, 1)');
    expect(light['--mantine-color-error']).toBe('rgba(200, 66, 66, 1)');
    expect(light['--mantine-color-teal-light-color']).toBe('rgba(7, 114, 82, 1)');
    // Gray 9 already reads on gray 2: left as Mantine has it.
    expect(light['--mantine-color-gray-light-color']).toBe('#212529');
  });

  it("makes placeholders (Mantine's gray 5, 2.1:1) a gray that reads, lighter than dimmed text", () => {
    expect(light['--mantine-color-placeholder']).toBe('rgba(107, 114, 120, 1)');
    expect(contrastRatio('rgba(107, 114, 120, 1)', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('makes dimmed text gray 7 (8.2:1 on white) instead of gray 6 (3.3:1)', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
  });
});
