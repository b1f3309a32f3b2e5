import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ADHOC_LANGUAGES,
  type AdhocCampaign,
  channelLanguageLabel,
  editedSinceLaunchText,
  editedSincePublishText,
  formatDateTime,
  languageDisplayName,
  languagesFor,
  NOTIFY_BY,
  NOTIFY_BY_LABELS,
  PUBLISH_GAP_REASONS,
  type PublishSnapshot,
  publishButtonLabel,
  publishedText,
  TOASTS,
  templateVariableProblems,
  UNPUBLISHED_EDITS_BADGE,
  UNPUBLISHED_TEXT,
} from '@psps/contracts';
import { IconAlertTriangle, IconCheck, IconRocket } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { ApiError, pressFailure } from '@/lib/api.ts';
import { usePublish, usePublishHistory, useSummary } from '../api/publish.ts';
import { useTemplates } from '../api/templates.ts';
import { usePendingSaves } from '../hooks/pending-saves.tsx';
import { fieldLabel } from '../lib/conflict-fields.ts';
import { useDialogs } from './adhoc-dialogs.tsx';
import { VARIABLE_WARNINGS_TITLE, VariableWarningList } from './variable-warnings.tsx';

const PUBLISH_NOT_SAVED_TEXT =
  'Some edits are not saved yet (a save failed, or someone else changed the same language: see the Voice, SMS and e-Mail tabs), so the template was not published.';

/** The publish tab (doc 2 §2.7): languages configured per channel, Publish / Re-Publish, and the history. */
export function PublishTab({ campaign, locked }: { campaign: AdhocCampaign; locked: boolean }) {
  const summary = useSummary(campaign.id_bint);
  const publish = usePublish(campaign.id_bint);
  const pending = usePendingSaves();
  const publishDt = summary.data?.publish_dt ?? null;
  const edits = (summary.data?.editedSincePublish ?? []).map((edit) =>
    channelLanguageLabel(edit.notifyBy_vch, edit.language_vch),
  );

  const variableWarnings = usePublishVariableWarnings(campaign.id_bint);
  const dialogs = useDialogs();

  /**
   * Whether the server would refuse to publish, read again after the saves just made (they may have filled a gap).
   * Not known (the read failed) counts as no: the operator is asked about the variables as before.
   */
  const publishWouldBeRefused = async () => {
    const fresh = await summary.refetch();
    return !fresh.isError && (fresh.data?.gaps.length ?? 0) > 0;
  };

  const [notSaved, setNotSaved] = useState(false);
  // Closing a 'Not published' alert takes its close button away: the focus goes back to Publish / Re-Publish.
  const publishButton = useRef<HTMLButtonElement>(null);
  const doPublish = async () => {
    const saved = await pending.flushAll();
    setNotSaved(!saved);
    if (!saved) return;
    // Warned, not refused: the operator confirms that the listed variables are meant (the focus starts on Cancel).
    // Unless publishing would be refused anyway (a channel's language missing): then the refusal, which names what
    // is missing, is said at once; asking first led the operator to accept a risk for nothing.
    if (
      variableWarnings.length > 0 &&
      !(await publishWouldBeRefused()) &&
      !(await dialogs.confirm(publishWithWarningsText(variableWarnings.length), {
        title: VARIABLE_WARNINGS_TITLE,
        confirmLabel: `${publishButtonLabel(publishDt)} anyway`,
        cautious: true,
      }))
    ) {
      return;
    }
    try {
      await publish.mutateAsync();
      notifications.show({ message: TOASTS.publishComplete });
    } catch (error) {
      // A refusal is shown on the tab; only what was not expected goes to the browser's console.
      if (!(error instanceof ApiError && error.status < 500)) console.error('publish failed', error);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Text maw={720} data-testid="publish-text">
            {/* The specification's text, launched or not: the locked alert and the disabled button say the rest. */}
            {publishDt ? publishedText(formatDateTime(publishDt)) : UNPUBLISHED_TEXT}
          </Text>
          <BusyButton
            leftSection={<IconRocket size={16} />}
            ref={publishButton}
            onClick={() => doPublish()}
            busy={publish.isPending}
            disabled={locked || !summary.data}
            data-testid="publish-button"
          >
            {publishButtonLabel(publishDt)}
          </BusyButton>
        </Group>
        {publishDt && edits.length > 0 && (
          <Alert
            color={locked ? 'gray' : 'orange'}
            mt="md"
            icon={<IconAlertTriangle />}
            title={UNPUBLISHED_EDITS_BADGE}
            data-testid="unpublished-edits"
          >
            {locked
              ? editedSinceLaunchText(formatDateTime(publishDt), edits)
              : editedSincePublishText(formatDateTime(publishDt), edits)}
          </Alert>
        )}
        <Box mt={variableWarnings.length > 0 ? 'md' : 0}>
          <VariableWarningList
            lines={variableWarnings}
            intro="These stay in the messages exactly as written. Publishing asks first; correct them unless they are meant."
            testId="publish-variable-warnings"
            counted
          />
        </Box>
        {notSaved && (
          <NotPublishedAlert
            onClose={() => {
              setNotSaved(false);
              publishButton.current?.focus();
            }}
          >
            {PUBLISH_NOT_SAVED_TEXT}
          </NotPublishedAlert>
        )}
        {publish.error && (
          <NotPublishedAlert
            onClose={() => {
              publish.reset();
              publishButton.current?.focus();
            }}
          >
            {pressFailure(publish.error)}
          </NotPublishedAlert>
        )}
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          Languages configured per channel
        </Title>
        {summary.isPending ? (
          <Loader size="sm" />
        ) : summary.error ? (
          <Alert color="red">{summary.error.message}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder withColumnBorders striped data-testid="publish-matrix" maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Language</Table.Th>
                  {NOTIFY_BY.map((channel) => (
                    <Table.Th key={channel} ta="center">
                      {NOTIFY_BY_LABELS[channel]} ({summary.data?.[channel].length ?? 0})
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ADHOC_LANGUAGES.map((language) => {
                  return (
                    <Table.Tr key={language.name}>
                      <Table.Td>{language.displayName}</Table.Td>
                      {NOTIFY_BY.map((channel) => {
                        const listed = languagesFor(channel).some((item) => item.name === language.name);
                        const configured = summary.data?.[channel].includes(language.name);
                        // Exactly what publishing would refuse (the server's rule, publishGaps).
                        const gap = summary.data?.gaps.find(
                          (item) => item.notifyBy_vch === channel && item.language_vch === language.name,
                        );
                        return (
                          <Table.Td
                            key={channel}
                            ta="center"
                            data-testid={`matrix-${channel}-${language.name}`}
                            data-configured={configured ? 'yes' : 'no'}
                            data-gap={gap?.reason}
                          >
                            {!listed ? (
                              <CellMark
                                shown="n/a"
                                said="not applicable: written Chinese is shared, see Chinese (Mandarin)"
                                title="Written Chinese is shared: see Chinese (Mandarin)"
                              />
                            ) : configured ? (
                              <IconCheck
                                size={16}
                                color="var(--mantine-color-teal-7)"
                                aria-label="configured"
                              />
                            ) : gap ? (
                              <Text size="xs" c="red" fw={600}>
                                {gap.reason === 'missing' ? 'missing' : PUBLISH_GAP_REASONS[gap.reason]}
                              </Text>
                            ) : (
                              <CellMark
                                shown="–"
                                said="not configured, not needed to publish"
                                title="Not configured; not needed to publish"
                              />
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <PublishHistory id={campaign.id_bint} edited={edits.length > 0} />
    </Stack>
  );
}

/**
 * A dimmed mark of the publish table ('–', 'n/a'), said in words: a screen reader reads '–' as 'dash' and 'n/a' as
 * 'n slash a', which tell nothing.
 */
/** Why a publish did not happen; closing it gives the focus back to the Publish button (onClose does). */
function NotPublishedAlert({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Alert color="red" mt="md" title="Not published" withCloseButton onClose={onClose}>
      {children}
    </Alert>
  );
}

function CellMark({ shown, said, title }: { shown: string; said: string; title: string }) {
  return (
    <Text size="xs" c="dimmed" title={title}>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{said}</VisuallyHidden>
    </Text>
  );
}

/**
 * Before publishing: every saved language's variables that would reach customers as written, by channel, language
 * and field, once each.
 */
function usePublishVariableWarnings(id: number): string[] {
  const voice = useTemplates(id, 'PHON');
  const sms = useTemplates(id, 'SMS');
  const email = useTemplates(id, 'EML');
  const lines = [voice, sms, email].flatMap((query) =>
    (query.data ?? []).flatMap((record) =>
      templateVariableProblems(
        { body: record.templatePGE_txt, subject: record.subject_vch, preview: record.preview_txt },
        record.notifyBy_vch,
      ).map(
        (problem) =>
          `${channelLanguageLabel(record.notifyBy_vch, record.language_vch)}, ${fieldLabel(record.notifyBy_vch, problem.field)}: ${problem.message}`,
      ),
    ),
  );
  return [...new Set(lines)];
}

const publishWithWarningsText = (count: number) =>
  `${count === 1 ? 'One variable' : `${count} variables`} listed on this tab will reach customers exactly as written. Publish anyway?`;

function snapshotSummary(snapshot: PublishSnapshot): string {
  return NOTIFY_BY.map((channel) => {
    const languages = snapshot.records.filter((record) => record.notifyBy_vch === channel);
    // Languages named as the table above names them ('Chinese (Mandarin)', not 'chinese-mandarin').
    const names = languages.map((record) => languageDisplayName(record.language_vch));
    return `${NOTIFY_BY_LABELS[channel]}: ${names.length ? names.join(', ') : 'none'}`;
  }).join(' · ');
}

/** `edited`: the stored template differs from the newest snapshot, which is then not what is stored. */
function PublishHistory({ id, edited }: { id: number; edited: boolean }) {
  const history = usePublishHistory(id);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        Publish history
      </Title>
      {history.isPending ? (
        <Loader size="sm" />
      ) : history.error ? (
        <Alert color="red">{history.error.message}</Alert>
      ) : history.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Not published yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="publish-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((snapshot, index) => (
                <Table.Tr key={snapshot.id_bint}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(snapshot.publish_dt)}{' '}
                    {index === 0 &&
                      (edited ? (
                        <Badge size="xs" variant="light" color="orange" data-testid="history-latest">
                          last published, edited since
                        </Badge>
                      ) : (
                        <Badge size="xs" variant="light" color="teal" data-testid="history-latest">
                          current
                        </Badge>
                      ))}
                  </Table.Td>
                  <Table.Td>{snapshot.publishedBy_vch}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {snapshot.name_vch} ({snapshot.records.length} templates)
                    </Text>
                    <Text size="xs" c="dimmed">
                      {snapshotSummary(snapshot)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
