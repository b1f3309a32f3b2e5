// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { OutboxSend } from '@psps/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { OutboxPanel } from './outbox-panel.tsx';

signedInWithSilentServer();

const send = (id: number, language: string, body: string): OutboxSend => ({
  id_bint: id,
  notifyBy_vch: 'SMS',
  id_bint_adhoc_campaign: 5,
  language_vch: language,
  to_vch: '+14155550123',
  from_vch: '97633',
  fromDisplayName_vch: null,
  subject_vch: null,
  preview_txt: null,
  body_txt: body,
  audioFile_vch: null,
  status_vch: 'RECORDED',
  created_dt: '2026-11-21T12:00:00.000Z',
  createdBy_vch: 'operator@example.com',
});

vi.mock('../api/sends.ts', () => ({
  useOutbox: () => ({
    data: [
      send(2, 'arabic', 'تنبيه: قد ينقطع التيار الكهربائي في منطقتك غدًا من الساعة 8 صباحًا.'),
      send(1, 'english', 'PSPS alert: power may be shut off tomorrow.'),
    ],
    isPending: false,
    isFetching: false,
    error: null,
    refetch: vi.fn(),
  }),
}));

describe('the test sends of the outbox', () => {
  it('shows an Arabic message right to left, so a cut-off one keeps its first words', () => {
    render(
      <MantineProvider>
        <OutboxPanel id={5} />
      </MantineProvider>,
    );
    expect(
      screen.getAllByTestId('outbox-content').map((cell) => [cell.getAttribute('dir'), cell.textContent]),
    ).toEqual([
      ['rtl', 'تنبيه: قد ينقطع التيار الكهربائي في منطقتك غدًا من الساعة 8 صباحًا.'],
      ['ltr', 'PSPS alert: power may be shut off tomorrow.'],
    ]);
  });
});
