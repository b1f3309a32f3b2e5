import { Alert, Badge, Button, Group, Loader, Stack, Tabs, Text, Textarea } from '@mantine/core';
import {
  ADHOC_SUMMARY_POLL_MS,
  type AdhocCampaign,
  adhocIdLabel,
  EDITOR_TABS,
  isAdhocLocked,
  lockedTemplateAlert,
  RETURN_TO_LIST_LABEL,
} from '@psps/contracts';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';
import { pollInterval } from '@/lib/poll.ts';
import { session } from '@/lib/storage.ts';
import { unsavedEdits } from '@/lib/unsaved-edits.ts';
import { useCampaign } from '../api/campaigns.ts';
import { useSummary } from '../api/publish.ts';
import { PendingSavesProvider, usePendingSaves } from '../hooks/pending-saves.tsx';
import { useChannelEditor } from '../hooks/use-channel-editor.ts';
import { adhocScope, templateDrafts } from '../lib/template-form.ts';
import { EmailEditor } from './email-editor.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { PublishTab } from './publish-tab.tsx';
import { SmsEditor } from './sms-editor.tsx';
import { STATUS_COLORS } from './template-list.tsx';
import { TitleInput } from './title-input.tsx';
import { UnpublishedEditsBadge } from './unpublished-edits-badge.tsx';
import { VoiceEditor } from './voice-editor.tsx';

const TAB_VALUES = ['voice', 'sms', 'email', 'publish'] as const;
type TabValue = (typeof TAB_VALUES)[number];

/** 'Return to AdHoc Templates List', its words wrapping: in one line its end was cut off at 320 px. */
const RETURN_BUTTON = {
  variant: 'default',
  leftSection: <IconArrowLeft size={16} />,
  maw: '100%',
  h: 'auto',
  mih: 36,
  py: 4,
  styles: { label: { whiteSpace: 'normal' } },
} as const;

/** The template editor (doc 2 §2.2), in place of the list. Keyed by template, so a new one starts in english. */
export function TemplateEditor({ id, onClose }: { id: number; onClose: () => void }) {
  const campaign = useCampaign(id);
  if (campaign.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (campaign.error || !campaign.data) {
    return (
      <Stack>
        <Button {...RETURN_BUTTON} onClick={onClose} w="fit-content">
          {RETURN_TO_LIST_LABEL}
        </Button>
        <Alert color="red">{campaign.error?.message ?? `Template ${adhocIdLabel(id)} does not exist.`}</Alert>
        {/* Only when the server said the template is not there: an error may pass, and the editor comes back. */}
        {campaign.data === null && <LeftDrafts id={id} />}
      </Stack>
    );
  }
  return (
    <PendingSavesProvider>
      <LoadedEditor campaign={campaign.data} onClose={onClose} />
    </PendingSavesProvider>
  );
}

function LoadedEditor({ campaign, onClose }: { campaign: AdhocCampaign; onClose: () => void }) {
  // The status is watched so that a launch by the messaging engine locks an open editor.
  useCampaign(campaign.id_bint, pollInterval(ADHOC_SUMMARY_POLL_MS));
  const locked = isAdhocLocked(campaign.status_vch);
  const summary = useSummary(campaign.id_bint);
  const unpublishedEdits = (summary.data?.editedSincePublish.length ?? 0) > 0;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabValue = TAB_VALUES.includes(tabParam as TabValue) ? (tabParam as TabValue) : 'voice';
  const pending = usePendingSaves();
  // Every channel's editor state is kept here, not in its tab: at template load each one finds this user's drafts
  // of its languages (saved at once, or marked Conflict) even when its tab is never opened, and publishing, test
  // sends and Log out see them.
  const voice = useChannelEditor(campaign, 'PHON', locked);
  const sms = useChannelEditor(campaign, 'SMS', locked);
  const email = useChannelEditor(campaign, 'EML', locked);

  const setTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value ?? 'voice');
        return next;
      },
      { replace: true },
    );

  const close = async () => {
    await pending.flushAll();
    onClose();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button {...RETURN_BUTTON} onClick={() => void close()}>
          {RETURN_TO_LIST_LABEL}
        </Button>
        <Group gap="xs">
          <TimeZoneNote />
          <Text size="sm" c="dimmed">
            {adhocIdLabel(campaign.id_bint)}
          </Text>
          <Badge
            color={STATUS_COLORS[campaign.status_vch] ?? 'gray'}
            variant="light"
            data-testid="template-status"
          >
            {campaign.status_vch}
          </Badge>
          {unpublishedEdits && !locked && <UnpublishedEditsBadge testId="unpublished-edits-badge" />}
        </Group>
      </Group>

      <TitleInput campaign={campaign} locked={locked} />

      {locked && (
        <Alert color="red" icon={<IconLock />} title="Locked" data-testid="locked-alert">
          {lockedTemplateAlert(campaign.status_vch)}
        </Alert>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          {TAB_VALUES.map((value, index) => (
            <Tabs.Tab key={value} value={value} data-testid={`tab-${value}`}>
              {EDITOR_TABS[index]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="voice">
          <VoiceEditor editor={voice} campaign={campaign} locked={locked} />
        </Tabs.Panel>
        <Tabs.Panel value="sms">
          <SmsEditor editor={sms} locked={locked} />
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <EmailEditor editor={email} locked={locked} />
        </Tabs.Panel>
        <Tabs.Panel value="publish">
          <PublishTab campaign={campaign} locked={locked} />
        </Tabs.Panel>
      </Tabs>

      <OutboxPanel id={campaign.id_bint} />
    </Stack>
  );
}

/**
 * A template that is gone (deleted by a colleague while open, or never there) can keep what this user typed and had
 * not saved: it is shown to copy, never thrown away unseen, and discarded only when the operator says so (which
 * also stops its saves being retried and Log out asking about it).
 */
function LeftDrafts({ id }: { id: number }) {
  const [owner] = useState(() => session.draftOwner());
  const [drafts, setDrafts] = useState(() => templateDrafts(owner, id));
  if (drafts.length === 0) return null;
  const discard = () => {
    unsavedEdits.discardScope(adhocScope(id));
    for (const draft of drafts) localStorage.removeItem(draft.storageKey);
    setDrafts(templateDrafts(owner, id));
  };
  return (
    <Stack gap="sm" data-testid="left-drafts">
      <Text fw={600}>
        What you typed in {adhocIdLabel(id)} and had not saved is kept below. Copy what you need (into another
        template, for instance), then discard it.
      </Text>
      {drafts.map((draft) => (
        <Textarea
          key={draft.storageKey}
          label={draft.label}
          value={draft.text}
          readOnly
          autosize
          minRows={1}
          maxRows={12}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
      <Button color="red" variant="light" w="fit-content" onClick={discard}>
        Discard what I typed in {adhocIdLabel(id)}
      </Button>
    </Stack>
  );
}
