import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { findLanguage, formatDateTime, NOTIFY_BY_LABELS } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { formFromRecord, type TemplateForm } from '../lib/template-form.ts';

const FIELDS: ReadonlyArray<{ key: keyof TemplateForm; label: string }> = [
  { key: 'subject', label: 'Subject' },
  { key: 'preview', label: 'Preview' },
  { key: 'fromDisplayName', label: 'From Display Name' },
  { key: 'body', label: 'Body' },
  { key: 'data', label: 'Data' },
];

const shown = (value: TemplateForm[keyof TemplateForm]) =>
  value === null || value === '' ? '(empty)' : String(value);

/**
 * A save refused because someone else saved this language after the text here was started from it: both texts
 * side by side, and the operator's choice. Nothing is saved for this language until they choose.
 */
export function ConflictPanel({ editor }: { editor: ChannelEditorState }) {
  const { conflict, notifyBy } = editor;
  if (!conflict) return null;
  const theirs = conflict.current ? formFromRecord(conflict.current) : null;
  const differing = FIELDS.filter(
    ({ key }) =>
      (notifyBy === 'EML' || (key !== 'subject' && key !== 'preview' && key !== 'fromDisplayName')) &&
      (theirs ? theirs[key] !== conflict.mine[key] : key === 'body'),
  );
  const name = `${NOTIFY_BY_LABELS[notifyBy]} ${findLanguage(editor.language)?.displayName ?? editor.language}`;
  const savedBy = conflict.current
    ? `Saved ${formatDateTime(conflict.current.updated_dt)}${conflict.current.updatedBy_vch ? ` by ${conflict.current.updatedBy_vch}` : ''}`
    : 'Deleted: the server has no text for this language now';

  return (
    <Alert
      color="red"
      variant="light"
      mb="sm"
      icon={<IconAlertTriangle size={18} />}
      title={`${name}: not saved, someone else changed it`}
      data-testid="save-conflict"
    >
      <Stack gap="sm">
        <Text size="sm">{conflict.message}</Text>
        <SimpleGrid cols={2} spacing="sm">
          <Paper withBorder p="xs" radius="sm" data-testid="conflict-theirs">
            <Text size="xs" fw={700} tt="uppercase">
              On the server
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              {savedBy}
            </Text>
            {theirs &&
              differing.map(({ key, label }) => (
                <Stack gap={0} key={key} mb={4}>
                  <Text size="xs" fw={600}>
                    {label}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {shown(theirs[key])}
                  </Text>
                </Stack>
              ))}
          </Paper>
          <Paper withBorder p="xs" radius="sm" data-testid="conflict-mine">
            <Text size="xs" fw={700} tt="uppercase">
              Typed here (not saved)
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              Kept in this browser until you choose
            </Text>
            {differing.map(({ key, label }) => (
              <Stack gap={0} key={key} mb={4}>
                <Text size="xs" fw={600}>
                  {label}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {shown(conflict.mine[key])}
                </Text>
              </Stack>
            ))}
          </Paper>
        </SimpleGrid>
        <Group gap="sm">
          <Button color="red" onClick={editor.keepMine} data-testid="conflict-keep-mine">
            Keep mine (save over theirs)
          </Button>
          <Button
            variant="default"
            onClick={() => void editor.takeTheirs()}
            data-testid="conflict-take-theirs"
          >
            Take theirs (discard mine)
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
