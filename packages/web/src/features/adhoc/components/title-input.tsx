import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type AdhocCampaign, staleTitleDetails, TITLE_AUTOSAVE_DELAY_MS } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { getCampaign, updateTitle } from '../api/campaigns.ts';
import { adhocKeys } from '../api/keys.ts';
import { useRegisterFlush } from '../hooks/pending-saves.tsx';
import { readDraft, useAutosave } from '../hooks/use-autosave.ts';
import { lockedField } from '../lib/locked-field.ts';
import { adhocScope, titleDraftKey } from '../lib/template-form.ts';
import { SaveError, SaveIndicator } from './save-indicator.tsx';

/** A title refused because a colleague renamed the template first: their title. */
interface TitleConflict {
  current: string;
  message: string;
}

/** The local draft of a title and the title it was typed from (a bare string: a draft from before titles had one). */
type TitleDraft = { title: string; base: string };

const restoredConflictMessage =
  'An unsaved title from this browser was restored, but the template was renamed after it was started. Compare the two and choose which to keep.';

function conflictOf(error: unknown): TitleConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'conflict') return undefined;
  const details = staleTitleDetails.safeParse(error.details);
  return details.success ? { current: details.data.current, message: error.message } : undefined;
}

/**
 * The template title, autosaved after 1 s (doc 2 §4). An empty title is not saved. Every rename names the title it
 * was typed from, so a colleague's newer title is never overwritten unseen: it waits for the operator's choice.
 */
export function TitleInput({ campaign, locked }: { campaign: AdhocCampaign; locked: boolean }) {
  const id = campaign.id_bint;
  const client = useQueryClient();
  const [owner] = useState(() => session.draftOwner());
  const storageKey = titleDraftKey(owner, id);
  const [restored] = useState((): TitleDraft | undefined => {
    const draft = storageKey ? readDraft<TitleDraft | string>(storageKey) : undefined;
    return typeof draft === 'string' ? { title: draft, base: campaign.name_vch } : draft;
  });
  /** The title the one on screen was typed from. */
  const base = useRef(restored?.base ?? campaign.name_vch);
  const [title, setTitle] = useState(restored?.title ?? campaign.name_vch);
  const empty = title.trim() === '';
  const autosave = useAutosave<string>({
    value: title,
    baseline: campaign.name_vch,
    delayMs: TITLE_AUTOSAVE_DELAY_MS,
    enabled: !locked && !empty,
    draftKey: () => storageKey,
    draftOf: (value): TitleDraft => ({ title: value, base: base.current }),
    owner,
    scope: adhocScope(id),
    conflictOf,
    save: async (value) => {
      await updateTitle(id, value.trim(), base.current);
      base.current = value.trim();
    },
    onSaved: () => {
      client.invalidateQueries({ queryKey: adhocKeys.campaign(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaigns() });
    },
  });
  useRegisterFlush(autosave.flush);

  // A restored title typed from one that is no longer the template's waits for the choice, like a language.
  const { markConflict } = autosave;
  const checkedRestored = useRef(false);
  useEffect(() => {
    if (checkedRestored.current || locked) return;
    checkedRestored.current = true;
    if (restored && restored.base !== campaign.name_vch && restored.title.trim() !== campaign.name_vch) {
      markConflict(restored.title, {
        current: campaign.name_vch,
        message: restoredConflictMessage,
      } satisfies TitleConflict);
    }
  }, [restored, campaign.name_vch, locked, markConflict]);

  const conflict = autosave.conflicts.get('value');
  const info = conflict?.info as TitleConflict | undefined;

  // Either choice closes the conflict panel and its buttons with it: the focus goes to the title, not to the
  // top of the page.
  const field = useRef<HTMLInputElement>(null);
  const keepMine = () => {
    if (!conflict || !info) return;
    base.current = info.current;
    autosave.keepMine(conflict.mine);
    field.current?.focus();
  };
  /** Take theirs: the title the server has when pressed (it may have changed again); nothing is saved. */
  const takeTheirs = async () => {
    const current = await client
      .fetchQuery({ queryKey: adhocKeys.campaign(id), queryFn: () => getCampaign(id), staleTime: 0 })
      .catch(() => null);
    // Not reachable: the choice waits (an older title is never taken).
    if (!current) return;
    base.current = current.name_vch;
    autosave.reset(current.name_vch);
    setTitle(current.name_vch);
    field.current?.focus();
  };

  return (
    <Card withBorder radius="md" padding="sm">
      <Group align="flex-end" wrap="nowrap" gap="sm">
        <TextInput
          ref={field}
          label="Template title"
          value={title}
          // A single-line field drops pasted line breaks itself; a tab (two Excel cells pasted) becomes a space.
          onChange={(event) => setTitle(event.currentTarget.value.replace(/\t/g, ' '))}
          {...lockedField(locked)}
          error={empty ? `A template needs a title. The saved title stays "${base.current}".` : undefined}
          maxLength={255}
          style={{ flex: 1 }}
          size="md"
          styles={{ input: { fontWeight: 600 } }}
          data-testid="template-title"
        />
        <SaveIndicator
          // An empty title is never saved: the server keeps the old one, so the badge must not say Saved.
          autosave={
            empty && !locked ? { ...autosave, status: 'incomplete', reason: 'empty title' } : autosave
          }
          label="title"
          name="Template title"
        />
      </Group>
      <SaveError autosave={autosave} title="Title not saved" testId="title-save-error" mt="sm" />
      {conflict && info && (
        <Alert
          color="red"
          variant="light"
          mt="sm"
          icon={<IconAlertTriangle size={18} />}
          title="Title not saved, it was changed elsewhere"
          data-testid="title-conflict"
        >
          <Stack gap="xs">
            <Text size="sm">{info.message}</Text>
            <Text size="sm" data-testid="title-conflict-theirs">
              <b>On the server:</b> {info.current}
            </Text>
            <Text size="sm" data-testid="title-conflict-mine">
              <b>Typed here (not saved):</b> {conflict.mine}
            </Text>
            <Group gap="sm">
              <Button color="red" onClick={keepMine} data-testid="title-conflict-keep-mine">
                Keep mine (save over theirs)
              </Button>
              <Button
                variant="default"
                onClick={() => void takeTheirs()}
                data-testid="title-conflict-take-theirs"
              >
                Take theirs (discard mine)
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Card>
  );
}
