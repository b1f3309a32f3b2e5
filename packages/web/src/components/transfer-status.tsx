import { Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import {
  type CustomReportState,
  formatDateTime,
  TRANSFER_STATE_LABELS,
  type TransferState,
} from '@psps/contracts';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { TOOLTIP_EVENTS } from '@/lib/tooltip.ts';

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

/**
 * A badge label is never cut to 'Transfer…' in a narrow column: it wraps between words instead (Mantine's badge
 * is one line with an ellipsis), so the column is at least as wide as the label's longest word.
 */
const WHOLE_LABEL = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start' },
} as const;

/** What the badge and its sentences read: a completion row and a custom report's state both have these. */
export type TransferInfo = Pick<
  CustomReportState,
  | 'TRANSFER_STATE'
  | 'LAST_ERROR'
  | 'ATTEMPTS'
  | 'FILE_NAME'
  | 'FILE_TRANSFER_TIME'
  | 'PREVIOUS_TRANSFER_TIME'
  | 'PREVIOUS_FILE_NAME'
  | 'NEXT_ATTEMPT_TIME'
  | 'ATTEMPT_LIMIT'
>;

/** `HH:mm:ss` for a time on today's date, else `YYYY-MM-DD HH:mm:ss` (a retry may fall after midnight). */
function clockTime(value: string, now: number): string {
  const at = formatDateTime(value);
  return at.slice(0, 10) === formatDateTime(new Date(now)).slice(0, 10) ? at.slice(11) : at;
}

/** 'attempt 3 of 9', or 'attempt 3' while the limit is not known. */
const attemptOf = (n: number, limit: number | null) => `attempt ${n}${limit ? ` of ${limit}` : ''}`;

/**
 * One sentence on where the file is: what an operator needs to know whether it arrived, and while it is retried,
 * how far along it is and when the next attempt runs.
 */
export function transferSentence(info: TransferInfo, now = Date.now()): string {
  const file = info.FILE_NAME ? ` ${info.FILE_NAME}` : '';
  switch (info.TRANSFER_STATE) {
    case 'transferred':
      return `File${file} arrived ${formatDateTime(info.FILE_TRANSFER_TIME)}.`;
    case 'transferring':
      return `File${file} is being transferred now (${attemptOf(Math.max(info.ATTEMPTS, 1), info.ATTEMPT_LIMIT)}).`;
    case 'waiting': {
      if (!info.LAST_ERROR) return `Waiting to be generated or sent${file ? `: ${file.trim()}` : ''}.`;
      // A list kept in the browser, or not checked for a minute, can show a retry whose time has passed: it is
      // said as due, not as still to come.
      const at = info.NEXT_ATTEMPT_TIME;
      const next = !at
        ? 'another attempt is scheduled.'
        : Date.parse(at) < now
          ? `next attempt was due at ${clockTime(at, now)}; its outcome shows at the next check.`
          : `next attempt at ${clockTime(at, now)}.`;
      // No transfer attempt yet: it was making the file that failed.
      if (info.ATTEMPTS === 0) return `Making the file failed; ${next}`;
      const attempt = attemptOf(info.ATTEMPTS, info.ATTEMPT_LIMIT);
      return `${attempt.charAt(0).toUpperCase()}${attempt.slice(1)} failed; ${next}`;
    }
    case 'failed':
      return `The file did not arrive${info.ATTEMPTS ? ` after ${info.ATTEMPTS} attempt${info.ATTEMPTS === 1 ? '' : 's'}` : ''}.`;
  }
}

/**
 * The delivery the utility already has while this file has not arrived (after a refresh, resend or new launch),
 * or null: proof of the earlier delivery must not vanish while a new file is made.
 */
export function previousDeliverySentence(info: TransferInfo): string | null {
  if (info.TRANSFER_STATE === 'transferred' || !info.PREVIOUS_TRANSFER_TIME) return null;
  const file = info.PREVIOUS_FILE_NAME ? ` ${info.PREVIOUS_FILE_NAME}` : '';
  return `Previous file${file} arrived ${formatDateTime(info.PREVIOUS_TRANSFER_TIME)}.`;
}

/**
 * A sentence whose file names may wrap after each '_' (`PGE_completion_500_…csv` is wider than a tooltip or a
 * table cell), and nowhere else inside a name; copying the text gives it unchanged.
 */
function Wrappable({ text }: { text: string }) {
  return (
    <>
      {text.split('_').map((part, i, parts) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** The previous delivery as a line of its own (a completion row's File Transfer Time), or nothing. */
export function PreviousDelivery({ info, testId }: { info: TransferInfo; testId?: string }) {
  const previous = previousDeliverySentence(info);
  if (!previous) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      <Wrappable text={previous} />
    </Text>
  );
}

/**
 * The transfer state badge: waiting, transferring, transferred, or failed with the error text beneath it, so a
 * file that did not arrive stands out. A waiting file whose last attempt failed shows which attempt it was, when
 * the next runs, and the error. The tooltip also names the earlier delivery while this file has not arrived.
 * `label` prefixes the badge (the report kind on the Custom Reports list).
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
  const sentence = transferSentence(info);
  const previous = previousDeliverySentence(info);
  // A tap shows the tooltip until the next tap (here or elsewhere) or Escape: a touch screen has no hover, and
  // the file's name, when it arrived and when it was launched are said nowhere else.
  const [tapped, setTapped] = useState(false);
  return (
    <Stack gap={2} data-testid={testId} data-state={state}>
      <Tooltip
        events={TOOLTIP_EVENTS}
        opened={tapped || undefined}
        multiline
        w={320}
        withArrow
        label={
          <>
            {details}
            <div>
              <Wrappable text={sentence} />
            </div>
            {error && <div style={{ overflowWrap: 'anywhere' }}>Error: {error}</div>}
            {previous && (
              <div>
                <Wrappable text={previous} />
              </div>
            )}
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
          onClick={(event) => {
            if ((event.nativeEvent as PointerEvent).pointerType !== 'mouse') setTapped((shown) => !shown);
          }}
          onBlur={() => setTapped(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTapped(false);
          }}
          style={{ cursor: 'help', textTransform: 'none' }}
          styles={WHOLE_LABEL}
        >
          {label ? `${label}: ` : ''}
          {TRANSFER_STATE_LABELS[state]}
          {state === 'waiting' && error ? ' (retrying)' : ''}
        </Badge>
      </Tooltip>
      {withError && error && state === 'waiting' && (
        <Text size="xs" c="orange.9" fw={600} data-testid={testId && `${testId}-progress`}>
          {sentence}
        </Text>
      )}
      {withError && error && (
        <Text
          size="xs"
          c={state === 'failed' ? 'red.9' : 'orange.9'}
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
