// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { templateVariableProblems } from '@psps/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { VariableList } from './variable-list.tsx';
import { VariableWarnings } from './variable-warnings.tsx';

signedInWithSilentServer();

function show(disabled: boolean) {
  const onInsert = vi.fn();
  render(
    <MantineProvider>
      <button type="button">Before</button>
      <VariableList notifyBy="SMS" onInsert={onInsert} disabled={disabled} />
    </MantineProvider>,
  );
  return { onInsert };
}

describe('the variable list by keyboard', () => {
  it('inserts the variable Enter is pressed on', async () => {
    const { onInsert } = show(false);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('^customerName^');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onInsert).toHaveBeenCalledWith('^messages_id_bint^');
    expect(
      screen.getByText('Click one (or use the arrow keys and Enter) to insert it at the cursor.'),
    ).toBeTruthy();
  });

  it('read-only (a launched template), it stays one Tab stop to read with the arrow keys, and inserts nothing', async () => {
    const { onInsert } = show(true);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    const first = screen.getByRole('button', { name: '^customerName^' });
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('^locale^');
    await user.keyboard('{Enter} ');
    expect(onInsert).not.toHaveBeenCalled();
    // One Tab stop: the next Tab leaves the list.
    await user.tab();
    expect(document.activeElement).toBe(document.body);
    // Nothing can be inserted: no invitation to.
    expect(screen.queryByText(/to insert it at the cursor/)).toBeNull();
  });
});

describe('variable warnings', () => {
  it('are a polite status (said at the next pause), not an alert breaking into the typing', () => {
    render(
      <MantineProvider>
        <VariableWarnings
          notifyBy="SMS"
          problems={templateVariableProblems({ body: 'Power off ^customerName' }, 'SMS')}
        />
      </MantineProvider>,
    );
    const box = screen.getByTestId('variable-warnings-SMS');
    expect(box.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.textContent).toContain('Variables that will not be filled');
    expect(box.textContent).toContain('^customerName is not closed: write ^customerName^.');
  });
});
