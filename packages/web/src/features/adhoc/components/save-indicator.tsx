import { Alert, type AlertProps, Badge, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconLoader2 } from '@tabler/icons-react';
import type { Autosave } from '../hooks/use-autosave.ts';

const LOOK = {
  saved: { color: 'teal', label: 'Saved', Icon: IconCheck },
  pending: { color: 'gray', label: 'Unsaved changes', Icon: IconClock },
  saving: { color: 'blue', label: 'Saving…', Icon: IconLoader2 },
  failed: { color: 'red', label: 'Save failed, retrying', Icon: IconAlertTriangle },
  // Elsewhere: by a colleague, or by this operator in another tab or browser (the message below says which).
  conflict: { color: 'red', label: 'NOT SAVED', reason: 'changed elsewhere', Icon: IconAlertTriangle },
  incomplete: { color: 'orange', label: 'NOT SAVED', Icon: IconAlertTriangle },
} as const;

const NOTHING_STORED = { color: 'gray', label: 'Nothing saved yet', Icon: IconClock } as const;

/** The states a screen reader is told of as they come: the text typed is not on the server. */
const ANNOUNCED = new Set<string>(['failed', 'conflict', 'incomplete']);

/** Saved / saving / failed / not saved, so an operator always knows whether the server has their text. */
export function SaveIndicator({
  autosave,
  label,
  name,
  of,
  nothingStored = false,
}: {
  autosave: Pick<Autosave<unknown>, 'status' | 'error' | 'flush'> & { reason?: string | null };
  label?: string;
  /** What is saved, as a screen reader is told of a failure ('SMS · English: Save failed, retrying'). */
  name?: string;
  /**
   * What the status is about when it is not what is on screen ('Farsi'): the status covers the channel's every
   * language, and Farsi's data kept back must not read as a fault of the language shown.
   */
  of?: string;
  /** Nothing is stored on the server yet (a language not written): 'Saved' would claim a text that is not there. */
  nothingStored?: boolean;
}) {
  const look = nothingStored && autosave.status === 'saved' ? NOTHING_STORED : LOOK[autosave.status];
  const reason = 'reason' in look ? look.reason : autosave.status === 'incomplete' ? autosave.reason : null;
  const held = autosave.status === 'conflict' || autosave.status === 'incomplete';
  const title = held && of ? `${look.label} (${of})` : look.label;
  const text = reason ? `${title}: ${reason}` : title;
  const badge = (
    <Badge
      color={look.color}
      variant="light"
      leftSection={<look.Icon size={12} />}
      data-testid={label ? `save-status-${label}` : 'save-status'}
      data-status={autosave.status}
    >
      {text}
    </Badge>
  );
  return (
    <Group gap={6} wrap="nowrap">
      {/* Said politely when a save fails or is held back, not at every 'Saving…' / 'Saved' while typing. */}
      <VisuallyHidden role="status" data-testid={label ? `save-announce-${label}` : 'save-announce'}>
        {ANNOUNCED.has(autosave.status) ? (name ? `${name}: ${text}` : text) : ''}
      </VisuallyHidden>
      {autosave.error ? (
        <Tooltip label={`${autosave.error.message} Your edits are kept in this browser.`} multiline w={260}>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {autosave.status === 'failed' && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void autosave.flush()}>
          Retry now
        </Button>
      )}
    </Group>
  );
}

/**
 * Why the last save failed, in words under the field or heading, not only in the badge's tooltip (which a touch
 * screen and the keyboard never open): a refusal (a field too long, the template deleted or launched by someone
 * else) is not cured by the retries. Kept while a retry runs (the last failure stands until a save succeeds), so it
 * does not flicker.
 */
export function SaveError({
  autosave,
  title,
  testId,
  ...spacing
}: {
  autosave: Pick<Autosave<unknown>, 'status' | 'error'>;
  title: string;
  testId: string;
} & Pick<AlertProps, 'mt' | 'mb'>) {
  if ((autosave.status !== 'failed' && autosave.status !== 'saving') || !autosave.error) return null;
  return (
    <Alert color="red" title={title} data-testid={testId} {...spacing}>
      {autosave.error.message} Your edits are kept in this browser and saving is tried again.
    </Alert>
  );
}
