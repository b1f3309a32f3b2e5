// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { Campaign, CampaignTreeAnswer } from '@psps/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { formatCount } from '../utils/labels.ts';
import { CampaignTreeView } from './campaign-tree.tsx';

// Each card formats its four counts: the calls count the cards rendered.
vi.mock('../utils/labels.ts', async (original) => {
  const labels = await original<typeof import('../utils/labels.ts')>();
  return { ...labels, formatCount: vi.fn(labels.formatCount) };
});

const campaign = (id: number, total: number): Campaign => ({
  dataset_id_bint: id,
  title_vch: `Campaign ${id}`,
  created_dt: '2026-09-14T06:00:00',
  launched_dt: null,
  processed_dt: null,
  totalrecords_int: total,
  voicecount_int: 0,
  smscount_int: 0,
  emailcount_int: 0,
});

afterEach(cleanup);

describe('the campaign tree on a reload of an event with many campaigns', () => {
  it('renders its cards again only when the answer changed, not on every 60-second poll', () => {
    stubBrowserApis();
    const cardsRendered = () => vi.mocked(formatCount).mock.calls.length / 4;
    const view = (tree: CampaignTreeAnswer, poll: number) => (
      <MantineProvider env="test">
        <span data-testid="poll">{poll}</span>
        <CampaignTreeView tree={tree} />
      </MantineProvider>
    );
    const first: CampaignTreeAnswer = [[campaign(100, 1500)], [campaign(101, 12)], [], []];
    const { rerender } = render(view(first, 1));
    // The same answer object, as the query keeps it when a reload brings the same data.
    rerender(view(first, 2));
    rerender(view(first, 3));
    expect(screen.getByTestId('poll').textContent).toBe('3');
    expect(cardsRendered()).toBe(2);
    rerender(view([[campaign(100, 1501)], [campaign(101, 13)], [], []], 4));
    expect(cardsRendered()).toBe(4);
    expect(screen.getAllByText('1,501')).toHaveLength(1);
  });
});

describe('the campaign tree in an event of 200 campaigns', () => {
  it('writes no style sheet of its own (one each for its rows and cards made 2,000 of them in the page)', () => {
    stubBrowserApis();
    render(
      <MantineProvider env="test">
        <CampaignTreeView
          tree={[[campaign(100, 3)], [campaign(101, 1)], [campaign(102, 1)], [campaign(103, 1)]]}
        />
      </MantineProvider>,
    );
    const tree = screen.getByTestId('campaign-tree');
    expect(tree.querySelectorAll('[data-testid="tree-card"]')).toHaveLength(3);
    expect(tree.querySelectorAll('style')).toHaveLength(0);
  });
});
