import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('document title of a screen', () => {
  it("is the screen's name, then the top bar's title", () => {
    expect(pageTitle('Dashboard', 'PG&E')).toBe('Dashboard · PG&E PSPS Reports');
    expect(pageTitle('Login', 'PG&E')).toBe('Login · PG&E PSPS Reports');
  });

  it("is the top bar's title alone for a screen without a name", () => {
    expect(pageTitle('', 'PG&E')).toBe('PG&E PSPS Reports');
  });

  it('has no leading space while the utility abbreviation is not known yet', () => {
    expect(pageTitle('Voice', '')).toBe('Voice · PSPS Reports');
  });
});
