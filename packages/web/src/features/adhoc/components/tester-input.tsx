import { Group, TextInput } from '@mantine/core';
import {
  type AdhocCampaign,
  type NotifyBy,
  TESTER_FIELD,
  TESTER_LABEL,
  testerContact,
} from '@psps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { session } from '@/lib/storage.ts';
import { updateTester } from '../api/campaigns.ts';
import { adhocKeys } from '../api/keys.ts';
import { readDraft, useAutosave } from '../hooks/use-autosave.ts';
import { lockedField } from '../lib/locked-field.ts';
import { adhocScope, testerDraftKey } from '../lib/template-form.ts';
import { SaveIndicator } from './save-indicator.tsx';

const PLACEHOLDER = { PHON: '+1 415 555 0123', SMS: '+1 415 555 0123', EML: 'tester@example.com' } as const;

/**
 * Why a launched template's test cannot be sent on a channel: its tester contact, read-only since the launch, cannot
 * be entered or corrected ('Enter a tester e-mail address first.' under a field that takes no typing).
 */
function launchedProblem(notifyBy: NotifyBy, value: string, problem: string): string {
  const what = `t${TESTER_LABEL[notifyBy].slice(1)}`;
  return value.trim() === ''
    ? `No ${what} was saved before this template was launched, and a launched template cannot be changed: no test can be sent on this channel.`
    : `${problem} A launched template cannot be changed: no test can be sent on this channel.`;
}

/** What the send buttons ask of the tester field before a test send. */
export interface TesterHandle {
  /**
   * Whether a test can be sent to the contact in the field. When it cannot (empty, or not a number or address),
   * the reason is said under the field at once and the field takes the focus, until the operator types.
   */
  check: () => boolean;
}

/**
 * The tester contact of a channel, saved on every change (doc 2 §7). A contact a test could not be sent to is said
 * under the field once the field is left (the server refuses the send with the same words), and stays said when
 * the operator comes back to correct it (a screen reader reads it with the field) until they type. A send pressed
 * with no usable contact says so the same way (`TesterHandle.check`), even for an empty field.
 */
export function TesterInput({
  campaign,
  notifyBy,
  locked,
  ref,
}: {
  campaign: AdhocCampaign;
  notifyBy: NotifyBy;
  /** A launched template's: read-only, and nothing is saved. */
  locked: boolean;
  ref?: Ref<TesterHandle>;
}) {
  const field = TESTER_FIELD[notifyBy];
  const client = useQueryClient();
  // Whose contact this is: like every draft, a tester contact typed but not saved belongs to the user who typed it,
  // is never offered to (or saved under the session of) another user of the browser.
  const [owner] = useState(() => session.draftOwner());
  const storageKey = testerDraftKey(owner, campaign.id_bint, field);
  // A contact typed but not yet saved (offline, signed out) comes back from the local draft.
  const [value, setValue] = useState(
    () => (storageKey ? readDraft<string>(storageKey) : undefined) ?? campaign[field] ?? '',
  );
  const [editing, setEditing] = useState(false);
  /** A send was pressed with this contact unusable: its problem is said even when the field is empty. */
  const [demanded, setDemanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const contact = testerContact(notifyBy, value);
  const problem =
    'problem' in contact && (demanded || (!editing && value.trim() !== ''))
      ? locked
        ? launchedProblem(notifyBy, value, contact.problem)
        : contact.problem
      : undefined;
  useImperativeHandle(
    ref,
    () => ({
      check: () => {
        if (!('problem' in contact)) return true;
        setEditing(false);
        setDemanded(true);
        input.current?.focus();
        return false;
      },
    }),
    [contact],
  );
  const autosave = useAutosave<string>({
    value,
    baseline: campaign[field] ?? '',
    delayMs: 0,
    enabled: !locked,
    draftKey: () => storageKey,
    owner,
    scope: adhocScope(campaign.id_bint),
    save: (contact) => updateTester({ id_bint_adhoc_campaign: campaign.id_bint, [field]: contact }),
    onSaved: () => client.invalidateQueries({ queryKey: adhocKeys.campaign(campaign.id_bint) }),
  });
  return (
    <TextInput
      label={
        <Group gap={6} justify="space-between" wrap="nowrap">
          <span>{TESTER_LABEL[notifyBy]}</span>
          {autosave.status !== 'saved' && <SaveIndicator autosave={autosave} name={TESTER_LABEL[notifyBy]} />}
        </Group>
      }
      labelProps={{ style: { width: '100%' } }}
      placeholder={PLACEHOLDER[notifyBy]}
      type={notifyBy === 'EML' ? 'email' : 'tel'}
      value={value}
      {...lockedField(locked)}
      ref={input}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setEditing(true);
        setDemanded(false);
      }}
      onBlur={() => setEditing(false)}
      error={problem}
      data-testid={`tester-${notifyBy}`}
    />
  );
}
