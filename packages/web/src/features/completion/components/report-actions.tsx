import { ActionIcon, Group } from '@mantine/core';
import { COMPLETION_TEXTS, type CompletionReportRow } from '@psps/contracts';
import { IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { ActionLegend } from '@/components/action-legend.tsx';
import { BusyActionIcon } from '@/components/busy-action-icon.tsx';
import { Can, useHasPermission } from '@/lib/permissions.tsx';
import { type CompletionAction, useCompletionAction } from '../api/completion-reports.ts';

/**
 * Row actions (document 1 §2): refresh and resend need MB_INTERNAL_PERMISSION and reload the list when done;
 * remove is always shown but not available (DESIGN.md §5). Disabled icons stay focusable (aria-disabled) so
 * keyboard users can reach the tooltip that says why. Their tooltips (`data-tooltip`) are the table's one shared
 * tooltip (components/rows-table.tsx).
 */
export function ReportActions({
  row,
  follow,
}: {
  row: CompletionReportRow;
  /**
   * Called as an action is sent: the list follows the row from then on (the reload after the call may already
   * bring the new file). The function it answers stops that when the call fails.
   */
  follow: (row: CompletionReportRow, action: CompletionAction) => () => void;
}) {
  const refresh = useCompletionAction('refresh');
  const resend = useCompletionAction('resend');
  const busy = refresh.isPending || resend.isPending;
  // Errors are shown by the mutation; the promise only keeps the button busy until the call has settled.
  const run = (action: CompletionAction) => {
    const mutation = action === 'refresh' ? refresh : resend;
    const unfollow = follow(row, action);
    return mutation.mutateAsync(row.ID).then(
      () => {},
      () => unfollow(),
    );
  };
  const nothingToResend = row.COMPLETION_REPORT_TIME === null;
  const ignore = (event: MouseEvent) => event.preventDefault();

  return (
    <Group gap={2} wrap="nowrap">
      <Can permission="MB_INTERNAL_PERMISSION">
        <BusyActionIcon
          data-tooltip="Refresh: generate this report again and send it"
          variant="subtle"
          aria-label={`Refresh report ${row.ID}`}
          busy={refresh.isPending}
          blocked={busy && !refresh.isPending}
          onClick={() => run('refresh')}
        >
          <IconRefresh size={18} />
        </BusyActionIcon>
        <BusyActionIcon
          data-tooltip={
            nothingToResend
              ? 'Resend: nothing to send yet, the report has not been generated'
              : 'Resend: send the current file again'
          }
          variant="subtle"
          aria-label={`Resend report ${row.ID}`}
          busy={resend.isPending}
          blocked={nothingToResend || (busy && !resend.isPending)}
          onClick={() => run('resend')}
        >
          <IconSend size={18} />
        </BusyActionIcon>
      </Can>
      <ActionIcon
        data-tooltip={COMPLETION_TEXTS.removeUnavailable}
        variant="subtle"
        color="gray"
        aria-label={`Remove report ${row.ID} (not available)`}
        data-disabled
        aria-disabled
        onClick={ignore}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** The row actions above named in words, for a touch screen (components/action-legend.tsx); the same permission. */
export function ReportActionsLegend() {
  const canRestart = useHasPermission('MB_INTERNAL_PERMISSION');
  return (
    <ActionLegend
      items={[
        ...(canRestart
          ? [
              { icon: <IconRefresh size={16} />, label: 'Refresh: generate again and send' },
              { icon: <IconSend size={16} />, label: 'Resend: send the file again' },
            ]
          : []),
        { icon: <IconTrash size={16} />, label: 'Remove: not available' },
      ]}
      testId="completion-action-legend"
    />
  );
}
