// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../../lib/jsdom-stubs.ts';
import { ReportSelect } from './report-select.tsx';

type Item = { id: number; name: string };

function select(items: Item[] | undefined) {
  return (
    <MantineProvider>
      <ReportSelect
        label="Campaign"
        firstEntry="--- select a campaign ---"
        items={items}
        idOf={(item) => item.id}
        labelOf={(item) => item.name}
        value={null}
        onChange={() => {}}
        loading={items === undefined}
        testId="campaign-select"
      />
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
  });

  it('clicked before the list arrived, shows the entries as they arrive (not the first entry alone)', async () => {
    const view = render(select(undefined));
    fireEvent.click(screen.getByTestId('campaign-select'));
    expect(screen.queryByRole('option', { name: '[40001] North Bay' })).toBeNull();
    view.rerender(select([{ id: 40001, name: '[40001] North Bay' }]));
    expect(screen.getByTestId('campaign-select')).toHaveProperty('readOnly', false);
    expect(await screen.findByRole('option', { name: '[40001] North Bay' })).toBeTruthy();
  });
});
