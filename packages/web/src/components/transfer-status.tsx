import { Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { formatDateTime, TRANSFER_STATE_LABELS, type TransferState } from '@psps/contracts';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TOOLTIP_EVENTS } from '../lib/tooltip.ts';

export const TRANSFER_STATE_COLORS: Record<TransferState, string> = {
  waiting: 'yellow',
  transferring: 'blue',
  transferred: 'green',
  failed: 'red',
};

const ICONS: Record<TransferState, ReactNode> = {
  waiting: <IconClockHour4 size={12} />,
  transferring: <Loader size={10} color="blue" />,
  transferred: <IconCircleCheck size={12} />,
  failed: <IconAlertTriangle size={12} />,
};

export type TransferInfo = {
  TRANSFER_STATE: TransferState;
  LAST_ERROR: string | null;
  ATTEMPTS: number;
  FILE_NAME: string | null;
  FILE_TRANSFER_TIME: string | null;
};

/** One sentence on where the file is: what an operator needs to know whether it arrived. */
export function transferSentence(info: TransferInfo): string {
  const file = info.FILE_NAME ? ` ${info.FILE_NAME}` : '';
  switch (info.TRANSFER_STATE) {
    case 'transferred':
      return `File${file} arrived ${formatDateTime(info.FILE_TRANSFER_TIME)}.`;
    case 'transferring':
      return `File${file} is being transferred now (attempt ${Math.max(info.ATTEMPTS, 1)}).`;
    case 'waiting':
      return info.LAST_ERROR
        ? `Attempt ${info.ATTEMPTS} failed; another attempt is scheduled.`
        : `Waiting to be generated or sent${file ? `: ${file.trim()}` : ''}.`;
    case 'failed':
      return `The file did not arrive${info.ATTEMPTS ? ` after ${info.ATTEMPTS} attempt${info.ATTEMPTS === 1 ? '' : 's'}` : ''}.`;
  }
}

/**
 * The transfer state badge: waiting, transferring, transferred, or failed with the error text beneath it, so a
 * file that did not arrive stands out. A waiting file whose last attempt failed shows that error too (a retry is
 * scheduled). `label` prefixes the badge (the report kind on the Custom Reports list).
 */
export function TransferStatus({
  info,
  label,
  withError = true,
  details,
  testId,
}: {
  info: TransferInfo;
  label?: string;
  withError?: boolean;
  /** More lines for the tooltip (e.g. when the report was launched). */
  details?: ReactNode;
  testId?: string;
}) {
  const state = info.TRANSFER_STATE;
  const error = info.LAST_ERROR && (state === 'failed' || state === 'waiting') ? info.LAST_ERROR : null;
  return (
    <Stack gap={2} data-testid={testId} data-state={state}>
      <Tooltip
        events={TOOLTIP_EVENTS}
        multiline
        w={320}
        withArrow
        label={
          <>
            {details}
            <div>{transferSentence(info)}</div>
            {error && <div>Error: {error}</div>}
          </>
        }
      >
        <Badge
          color={TRANSFER_STATE_COLORS[state]}
          variant={state === 'failed' ? 'filled' : 'light'}
          leftSection={ICONS[state]}
          size="sm"
          radius="sm"
          tabIndex={0}
          style={{ cursor: 'help', textTransform: 'none' }}
        >
          {label ? `${label}: ` : ''}
          {TRANSFER_STATE_LABELS[state]}
          {state === 'waiting' && error ? ' (retrying)' : ''}
        </Badge>
      </Tooltip>
      {withError && error && (
        <Text
          size="xs"
          c={state === 'failed' ? 'red.8' : 'orange.9'}
          lineClamp={3}
          title={error}
          style={{ overflowWrap: 'anywhere' }}
        >
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A compact row of badges, e.g. one per report kind. */
export function TransferStatusGroup({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} align="flex-start">
      {children}
    </Group>
  );
}
