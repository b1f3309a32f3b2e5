import { type CSSVariablesResolver, darken, getPrimaryShade, luminance } from '@mantine/core';

/** WCAG AA for text of normal size. */
export const AA_CONTRAST = 4.5;

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `color`, darkened in steps of 5% as far as needed to read at 4.5:1 on `background`. */
export function readableOn(color: string, background: string): string {
  let readable = color;
  for (let step = 1; contrastRatio(readable, background) < AA_CONTRAST && step < 20; step++) {
    readable = darken(color, step * 0.05);
  }
  return readable;
}

const WHITE = '#ffffff';

/**
 * Mantine's colours as the light scheme uses them, darkened where they read below 4.5:1 (WCAG AA): text in a
 * colour (`c="red"`) and white on a filled colour, on white; a light badge's or button's text on its tint (and on
 * the tint it takes under the mouse). Mantine's own shades give 1.9:1 (yellow) to 3.3:1 (red) there. Dimmed text
 * (captions, notes, the footer) is Mantine's gray 7 (its gray 6 gives 3.3:1 on white), and fields' error messages
 * are the readable red. Colours that already read are left as they are.
 */
export const readableColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  const shade = getPrimaryShade(theme, 'light');
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const filled = readableOn(shades[shade], WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
  }
  // Placeholders (Mantine's gray 5, 2.1:1): still lighter than a typed value (gray 7 and darker).
  light['--mantine-color-placeholder'] = readableOn(theme.colors.gray[6], WHITE);
  // A field's error message (Mantine's red 6, 3.3:1).
  light['--mantine-color-error'] =
    light['--mantine-color-red-text'] ?? readableOn(theme.colors.red[6], WHITE);
  return { variables: {}, light, dark: {} };
};
