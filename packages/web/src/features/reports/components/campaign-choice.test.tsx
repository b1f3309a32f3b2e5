// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../../lib/jsdom-stubs.ts';
import { RememberedChoice } from './campaign-choice.tsx';

type Item = { id: number; name: string };
const answered = (data: Item[]) => ({ data, isSuccess: true, isPending: false }) as UseQueryResult<Item[]>;

function choice(query: UseQueryResult<Item[]>) {
  return render(
    <MantineProvider>
      <RememberedChoice
        screen="test"
        label="Event"
        firstEntry="--- select an event ---"
        query={query}
        idOf={(item) => item.id}
        labelOf={(item) => item.name}
        testId="event-select"
        what="list of events"
        empty="No events yet. A PSPS event appears here as soon as the messaging engine reports it."
      >
        {(id) => <p>chosen {id}</p>}
      </RememberedChoice>
    </MantineProvider>,
  );
}

beforeEach(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a report screen with nothing to choose yet', () => {
  it('says so under the dropdown', () => {
    choice(answered([]));
    expect(screen.getByTestId('event-select-empty').textContent).toBe(
      'No events yet. A PSPS event appears here as soon as the messaging engine reports it.',
    );
  });

  it('says nothing of the kind once there is something to choose', () => {
    choice(answered([{ id: 7, name: 'Sierra Foothills PSPS' }]));
    expect(screen.queryByTestId('event-select-empty')).toBeNull();
  });
});
