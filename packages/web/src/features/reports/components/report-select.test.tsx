// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { everyWordTyped, ReportSelect } from './report-select.tsx';

type Item = { id: number; name: string };

function select(
  items: Item[] | undefined,
  onChange: (id: number | null) => void = () => {},
  value: number | null = null,
) {
  // env 'test': no transitions, and the list is not hidden as detached from a field jsdom gives no size.
  return (
    <MantineProvider env="test">
      <button type="button">Before</button>
      <ReportSelect
        label="Campaign"
        firstEntry="--- select a campaign ---"
        items={items}
        idOf={(item) => item.id}
        labelOf={(item) => item.name}
        value={value}
        onChange={onChange}
        loading={items === undefined}
        testId="campaign-select"
      />
      <button type="button">After</button>
    </MantineProvider>
  );
}

beforeEach(() => {
  stubBrowserApis();
  // Mantine scrolls the first option into view; jsdom has no layout.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('the report dropdown while its list loads', () => {
  it('is a read-only Tab stop that says it is loading', () => {
    render(select(undefined));
    const field = screen.getByTestId('campaign-select');
    expect(field).toHaveProperty('readOnly', true);
    expect(field.getAttribute('aria-busy')).toBe('true');
    expect(field.getAttribute('placeholder')).toBe('Loading…');
    // Its description (the time zone note) is a <p>: it holds phrasing content only, no <div> or <p>.
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.tagName).toBe('P');
    expect(description?.textContent).toMatch(/^Times are in /);
    expect(description?.querySelectorAll('div, p')).toHaveLength(0);
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['a click', null],
  ])(
    '%s does not open a list before its entries are there; once they are, it opens them',
    async (_how, keys) => {
      const view = render(select(undefined));
      const user = userEvent.setup();
      const field = screen.getByTestId('campaign-select');
      if (keys === null) await user.click(field);
      else {
        field.focus();
        await user.keyboard(keys);
      }
      expect(field.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('listbox')).toBeNull();
      view.rerender(select([{ id: 40001, name: '[40001] North Bay' }]));
      expect(field).toHaveProperty('readOnly', false);
      expect(field.getAttribute('aria-expanded')).toBe('false');
      if (keys === null) await user.click(field);
      else await user.keyboard(keys);
      expect(field.getAttribute('aria-expanded')).toBe('true');
      expect(await screen.findByRole('option', { name: '[40001] North Bay' })).toBeTruthy();
    },
  );
});

describe('the report dropdown with the keyboard: its list opens when asked, not when Tab reaches it', () => {
  const campaigns = [
    { id: 40001, name: '[40001] North Bay' },
    { id: 40002, name: '[40002] South Valley' },
  ];
  const field = () => screen.getByRole('combobox', { name: /^Campaign/ });
  /** The entries of the open list (it shows after its opening transition). */
  const optionNames = async () => (await screen.findAllByRole('option')).map((option) => option.textContent);

  /** Tab from the button before it, its list still closed. */
  async function tabToDropdown() {
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(field());
    return user;
  }

  it('Tab reaches it with its list closed, and a second Tab goes on to what follows', async () => {
    render(select(campaigns));
    const user = await tabToDropdown();
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it.each([
    ['ArrowDown', '{ArrowDown}'],
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('%s opens the list with every entry', async (_key, keys) => {
    render(select(campaigns));
    const user = await tabToDropdown();
    await user.keyboard(keys);
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(await optionNames()).toEqual([
      '--- select a campaign ---',
      '[40001] North Bay',
      '[40002] South Valley',
    ]);
  });

  it('typing opens the list on the entries that match what is typed, and Enter chooses the first', async () => {
    const onChange = vi.fn();
    render(select(campaigns, onChange));
    const user = await tabToDropdown();
    await user.keyboard('South');
    expect(field()).toHaveProperty('value', 'South');
    expect(await optionNames()).toEqual(['[40002] South Valley']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(40002);
  });

  it('finds an entry by the words typed in any order and letter case: "valley 4000" finds "[40002] South Valley"', async () => {
    const onChange = vi.fn();
    render(select(campaigns, onChange));
    const user = await tabToDropdown();
    await user.keyboard('valley 4000');
    expect(await optionNames()).toEqual(['[40002] South Valley']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(40002);
  });

  it('a click opens the list; Escape closes it and leaves the focus on the field', async () => {
    render(select(campaigns));
    const user = userEvent.setup();
    await user.click(field());
    expect(await optionNames()).toEqual([
      '--- select a campaign ---',
      '[40001] North Bay',
      '[40002] South Valley',
    ]);
    await user.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(field());
  });

  it('after an entry is chosen with Enter, what is typed next searches afresh', async () => {
    // The screen's choice goes into the address and comes back as the value: the field then shows the new entry.
    function Chosen() {
      const [value, setValue] = useState<number | null>(null);
      return select(campaigns, setValue, value);
    }
    render(<Chosen />);
    const user = await tabToDropdown();
    await user.keyboard('South{Enter}');
    expect(field()).toHaveProperty('value', '[40002] South Valley');
    expect(document.activeElement).toBe(field());
    // It typed 'North' after the entry shown ('[40002] South ValleyNorth'), which matched nothing.
    await user.keyboard('North');
    expect(field()).toHaveProperty('value', 'North');
    expect(await optionNames()).toEqual(['[40001] North Bay']);
  });

  it('closed by Escape, what is typed next searches afresh', async () => {
    render(select(campaigns));
    const user = await tabToDropdown();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(field()).toHaveProperty('value', '--- select a campaign ---');
    await user.keyboard('North');
    expect(field()).toHaveProperty('value', 'North');
    expect(await optionNames()).toEqual(['[40001] North Bay']);
  });
});

describe('the report dropdown with a season of campaigns (2,000 entries)', () => {
  const season = Array.from({ length: 2000 }, (_, i) => ({
    id: 50000 + i,
    name: `[${50000 + i}] Campaign ${i}`,
  }));
  function big(value: number | null) {
    return (
      <MantineProvider env="test">
        <ReportSelect
          label="Campaign"
          firstEntry="--- select a campaign ---"
          items={season}
          idOf={(item) => item.id}
          labelOf={(item) => item.name}
          value={value}
          onChange={() => {}}
          testId="campaign-select"
        />
      </MantineProvider>
    );
  }

  it('opens with the first 100 entries rendered, not 2,001', async () => {
    render(big(null));
    await userEvent.setup().click(screen.getByTestId('campaign-select'));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(100);
    expect(options[0]?.textContent).toBe('--- select a campaign ---');
    expect(options[99]?.textContent).toBe('[50098] Campaign 98');
  });

  it('still searches every entry: typing finds the 2,000th campaign', async () => {
    render(big(null));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('campaign-select'));
    await user.keyboard('Campaign 1999');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['[51999] Campaign 1999']);
  });

  it('opens on the chosen entry even when it is the 1,500th', async () => {
    render(big(51499));
    await userEvent.setup().click(screen.getByTestId('campaign-select'));
    const chosen = await screen.findByRole('option', { name: '[51499] Campaign 1499' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(1600);
  });

  it('adds the next 100 entries as ArrowDown comes near the last one rendered', async () => {
    render(big(null));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('campaign-select'));
    expect(await screen.findAllByRole('option')).toHaveLength(100);
    for (let i = 0; i < 97; i++) await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(200);
    expect(screen.getByRole('option', { name: '[50150] Campaign 150' })).toBeTruthy();
  });
});

describe('the search of the report dropdowns', () => {
  const entries = [
    { value: 'none', label: '--- select an event ---' },
    { value: '7', label: '2026-11-20 07:00:00 [E7/N9] Sierra Foothills PSPS: All Clear' },
    { value: '8', label: '2026-11-20 06:00:00 [E8/N2] North Bay PSPS' },
    { value: '9', label: '2026-11-21 06:00:00 [E9/N4] Sierra Foothills PSPS' },
  ];

  it('keeps the entries holding every word typed, in the order of the list', () => {
    expect(everyWordTyped({ options: entries, search: 'Sierra  clear', limit: 100 })).toEqual([entries[1]]);
    expect(everyWordTyped({ options: entries, search: 'psps SIERRA', limit: 100 })).toEqual([
      entries[1],
      entries[3],
    ]);
    expect(everyWordTyped({ options: entries, search: 'sierra bay', limit: 100 })).toEqual([]);
  });

  it('keeps every entry for an empty search or spaces, up to the limit', () => {
    expect(everyWordTyped({ options: entries, search: '', limit: 100 })).toEqual(entries);
    expect(everyWordTyped({ options: entries, search: '   ', limit: 2 })).toEqual(entries.slice(0, 2));
    expect(everyWordTyped({ options: entries, search: 'psps', limit: 1 })).toEqual([entries[1]]);
  });
});
