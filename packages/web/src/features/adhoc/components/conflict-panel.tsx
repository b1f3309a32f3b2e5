import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, languageDisplayName, NOTIFY_BY_LABELS, textDirection } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePublicConfig } from '@/lib/config.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { type ConflictField, conflictFields } from '../lib/conflict-fields.ts';
import { emailDocument } from '../lib/email-document.ts';
import { blankForm, formFromRecord } from '../lib/template-form.ts';

function FieldValue({ field, value, language }: { field: ConflictField; value: string; language: string }) {
  if (field.kind === 'html') {
    return (
      <iframe
        title={field.label}
        sandbox=""
        srcDoc={emailDocument(value === '(empty)' ? '' : value, language)}
        style={{ width: '100%', height: 160, border: 0, display: 'block', background: '#fff' }}
      />
    );
  }
  return (
    <Text
      size="sm"
      dir={field.kind === 'text' ? textDirection(language) : undefined}
      ff={field.key === 'data' ? 'monospace' : undefined}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {value}
    </Text>
  );
}

/**
 * A save refused because someone else saved this language after the text here was started from it: every field
 * that differs (and only those) side by side, and the operator's choice. Nothing is saved for this language until
 * they choose; Keep mine says which of the colleague's values it replaces.
 */
export function ConflictPanel({
  editor,
  onSettled,
}: {
  editor: ChannelEditorState;
  /** After Keep mine or Take theirs (the panel goes, and the pressed button with it). */
  onSettled: () => void;
}) {
  const { emailFromAddress } = usePublicConfig();
  const { conflict, notifyBy, language } = editor;
  if (!conflict) return null;
  const theirs = conflict.current
    ? formFromRecord(conflict.current)
    : blankForm(language, notifyBy, emailFromAddress);
  const differing = conflictFields(notifyBy, conflict.mine, theirs);
  const name = `${NOTIFY_BY_LABELS[notifyBy]} ${languageDisplayName(language)}`;
  const savedBy = conflict.current
    ? `Saved ${formatDateTime(conflict.current.updated_dt)}${conflict.current.updatedBy_vch ? ` by ${conflict.current.updatedBy_vch}` : ''}`
    : 'Deleted: the server has no text for this language now';
  const overwrites = conflict.current
    ? differing.length > 0
      ? `Keep mine replaces on the server: ${differing.map((field) => field.label).join(', ')}.`
      : 'Keep mine saves the same values as the server has.'
    : 'Keep mine saves this language again.';

  const column = (side: 'theirs' | 'mine') =>
    differing.map((field) => (
      <Stack gap={0} key={field.key} mb={4} data-testid={`conflict-${side}-${field.key}`}>
        <Text size="xs" fw={600}>
          {field.label}
        </Text>
        <FieldValue field={field} value={field[side]} language={language} />
      </Stack>
    ));

  return (
    <Alert
      color="red"
      variant="light"
      mb="sm"
      icon={<IconAlertTriangle size={18} />}
      title={`${name}: not saved, it was changed elsewhere`}
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
            {conflict.current && column('theirs')}
          </Paper>
          <Paper withBorder p="xs" radius="sm" data-testid="conflict-mine">
            <Text size="xs" fw={700} tt="uppercase">
              Typed here (not saved)
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              Kept in this browser until you choose
            </Text>
            {column('mine')}
          </Paper>
        </SimpleGrid>
        <Text size="sm" fw={500} data-testid="conflict-overwrites">
          {overwrites}
        </Text>
        <Group gap="sm">
          <Button
            color="red"
            onClick={() => {
              editor.keepMine();
              onSettled();
            }}
            data-testid="conflict-keep-mine"
          >
            Keep mine (save over theirs)
          </Button>
          <Button
            variant="default"
            onClick={async () => {
              // Not when the server could not be reached: the panel stays, and the focus on its button.
              if (await editor.takeTheirs()) onSettled();
            }}
            data-testid="conflict-take-theirs"
          >
            Take theirs (discard mine)
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
