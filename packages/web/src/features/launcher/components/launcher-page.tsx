import { Alert, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  COMPLETION_TEXTS,
  CUSTOM_REPORT_ACTION_LABELS,
  CUSTOM_REPORT_KINDS,
  type CustomReportKind,
  LAUNCHER_TABLE_COLUMNS,
  type LauncherCampaign,
  REPORT_KIND_LABELS,
} from '@psps/contracts';
import { IconFileDownload, IconHeartbeat, IconLink, IconPhoneOff } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ActionLegend } from '@/components/action-legend.tsx';
import { BusyActionIcon } from '@/components/busy-action-icon.tsx';
import { RowPageNav, useRowPages } from '@/components/row-pages.tsx';
import { RowsTable } from '@/components/rows-table.tsx';
import { ShadeLegend } from '@/components/shade-legend.tsx';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';
import { TransferStatus } from '@/components/transfer-status.tsx';
import { rowTint, SplitDateTime } from '@/components/wide-table.tsx';
import { useRowAge } from '@/lib/age-clock.ts';
import { dateOrDash } from '@/lib/dates.ts';
import { rowShadeBackground } from '@/lib/row-shade.ts';
import { useLauncherCampaigns, useLaunchReport } from '../api/campaigns.ts';
import { arrivedSentences, type Followed, followLaunch } from '../utils/arrivals.ts';
import { launchedLine } from '../utils/launched-line.ts';
import { stillRunningNote } from '../utils/still-running.ts';

/** The table's name, as a screen reader's table list gives it (and its sideways-scrolling region). */
const TABLE_LABEL = 'Custom reports';

const ICONS: Record<CustomReportKind, ReactNode> = {
  medbase: <IconHeartbeat size={18} />,
  mb_unreached: <IconPhoneOff size={18} />,
  linkclick: <IconLink size={18} />,
};

/** 'MedBase Report' -> 'MedBase', for the badges beside each other. */
const shortLabel = (kind: CustomReportKind) => REPORT_KIND_LABELS[kind].replace(/ Report$/, '');

function LaunchButton({
  kind,
  row,
  onLaunch,
}: {
  kind: CustomReportKind;
  row: LauncherCampaign;
  /** Told of the press; the answer stops following the report (the launch was refused). */
  onLaunch: (row: LauncherCampaign, kind: CustomReportKind) => () => void;
}) {
  const launch = useLaunchReport(kind);
  const label = CUSTOM_REPORT_ACTION_LABELS[kind];
  // Busy (clicks ignored, focus kept) until the launch is answered and the list shows the new report; the error
  // is shown by the mutation.
  return (
    <BusyActionIcon
      data-tooltip={label}
      variant="subtle"
      size="lg"
      aria-label={`${label} for dataset ${row.dataset_id_bint}`}
      busy={launch.isPending}
      // The promise keeps the button busy from the press: a second Enter or click before the busy state has
      // re-rendered launched the report a second time.
      onClick={() => {
        const unfollow = onLaunch(row, kind);
        return launch.mutateAsync(row.dataset_id_bint).catch(unfollow);
      }}
      data-testid={`launch-${kind}`}
    >
      {ICONS[kind]}
    </BusyActionIcon>
  );
}

/** What was last sent for the campaign, one badge per report kind launched: arrived, waiting or failed. */
function SentReports({ row }: { row: LauncherCampaign }) {
  const launched = CUSTOM_REPORT_KINDS.filter((kind) => row.reports[kind] !== null);
  if (launched.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No custom report sent yet.
      </Text>
    );
  }
  const notes = launched.flatMap((kind) => {
    const report = row.reports[kind];
    const note = report && stillRunningNote(kind, report);
    return note ? [{ kind, note }] : [];
  });
  return (
    <Stack gap={4}>
      <Group gap={6} align="flex-start" data-testid="sent-reports">
        {launched.map((kind) => {
          const report = row.reports[kind];
          if (!report) return null;
          return (
            <TransferStatus
              key={kind}
              info={report}
              label={shortLabel(kind)}
              testId={`sent-${kind}`}
              details={<div>{launchedLine(kind, report)}</div>}
            />
          );
        })}
      </Group>
      {notes.map(({ kind, note }) => (
        <Text key={kind} size="xs" c="orange" maw={520} data-testid={`still-running-${kind}`}>
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * One campaign. Memoised on its data (a reload that finds it unchanged keeps the same object), its number and
 * `onLaunch`, so a reload renders only the campaigns that changed; its shade and age text follow the shared clock
 * (`useRowAge`) as each steps.
 */
const CampaignRow = memo(function CampaignRow({
  row,
  number,
  onLaunch,
}: {
  row: LauncherCampaign;
  number: number;
  onLaunch: (row: LauncherCampaign, kind: CustomReportKind) => () => void;
}) {
  // A retried report's next attempt is told as a time of today or with its date: it is read again at midnight.
  const { shade, title } = useRowAge(
    row.UPDATE_XT,
    CUSTOM_REPORT_KINDS.some((kind) => row.reports[kind]?.NEXT_ATTEMPT_TIME),
  );
  return (
    <Table.Tr
      data-testid={`launcher-row-${row.dataset_id_bint}`}
      data-shade={shade}
      title={title}
      style={rowTint(rowShadeBackground(shade))}
    >
      <Table.Td c="dimmed">{number}</Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {row.title_vch}
          </Text>
          <SentReports row={row} />
        </Stack>
      </Table.Td>
      <Table.Td>{row.dataset_id_bint}</Table.Td>
      <Table.Td>
        <SplitDateTime text={dateOrDash(row.launched_dt)} />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          {CUSTOM_REPORT_KINDS.map((kind) => (
            <LaunchButton key={kind} kind={kind} row={row} onLaunch={onLaunch} />
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * /admin/launcher (document 1 §2 'Custom Reports list'): a campaign per row with the three custom reports to
 * launch. Results go to the utility's server by file transfer; each row shows what was last sent and whether
 * it arrived.
 */
export function LauncherPage() {
  const campaigns = useLauncherCampaigns();
  const rows = campaigns.data ?? [];
  // The file of a report this operator launched is said politely when it arrives or fails; nothing else is (the
  // list reloads every minute, every 5 s while a file is on its way).
  const followed = useRef<Followed>(new Map());
  const [announced, setAnnounced] = useState('');
  const follow = useCallback(
    (row: LauncherCampaign, kind: CustomReportKind) => followLaunch(followed.current, row, kind),
    [],
  );
  useEffect(() => {
    const said = arrivedSentences(rows, followed.current);
    if (said.length > 0) setAnnounced(said.join(' '));
  }, [rows]);
  const paged = useRowPages(rows);
  const failed = rows.flatMap((row) =>
    CUSTOM_REPORT_KINDS.filter((kind) => row.reports[kind]?.TRANSFER_STATE === 'failed').map(
      (kind) => `${REPORT_KIND_LABELS[kind]} of ${row.title_vch}`,
    ),
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="xs" mb="md">
        <Title order={2} size="h3">
          Custom Reports
        </Title>
        <Group gap={6} wrap="nowrap">
          {/* Never squeezed by the note beside it (a dot on a phone). */}
          <IconFileDownload
            size={16}
            color="var(--mantine-color-dimmed)"
            aria-hidden
            style={{ flexShrink: 0 }}
            data-testid="launcher-note-icon"
          />
          <Text size="sm" c="dimmed" data-testid="launcher-note">
            {COMPLETION_TEXTS.launcherNote} A launched report is generated and transferred to the customer's
            server within a few minutes; its state shows under the campaign title.
          </Text>
        </Group>
        <TimeZoneNote />
        <ActionLegend
          items={CUSTOM_REPORT_KINDS.map((kind) => ({
            icon: ICONS[kind],
            label: CUSTOM_REPORT_ACTION_LABELS[kind],
          }))}
          testId="launcher-action-legend"
        />
      </Stack>

      {failed.length > 0 && (
        <Alert color="red" variant="light" mb="sm" data-testid="launcher-failed-alert">
          {failed.length === 1 ? 'A report file' : `${failed.length} report files`} did not arrive at the
          customer's server: {failed.join('; ')}. The error is shown under the campaign title; launching the
          report again sends a new file.
        </Alert>
      )}
      {campaigns.error && (
        <Alert color="red" variant="light" mb="sm">
          {campaigns.error.message}
        </Alert>
      )}

      <RowsTable label={TABLE_LABEL} columns={LAUNCHER_TABLE_COLUMNS} testId="launcher-table">
        {paged.shown.map((row, index) => (
          <CampaignRow
            key={row.dataset_id_bint}
            row={row}
            number={paged.start + index + 1}
            onLaunch={follow}
          />
        ))}
      </RowsTable>
      <RowPageNav label="Campaign pages" paged={paged} />

      {campaigns.isPending && (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      )}
      {campaigns.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" p="lg">
          No campaigns yet.
        </Text>
      )}
      <Group mt="sm">
        <ShadeLegend />
      </Group>
      <VisuallyHidden role="status" data-testid="launcher-announce">
        {announced}
      </VisuallyHidden>
    </Card>
  );
}
