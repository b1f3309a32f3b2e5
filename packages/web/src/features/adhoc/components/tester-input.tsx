import { Group, TextInput } from '@mantine/core';
import {
  type AdhocCampaign,
  type NotifyBy,
  TESTER_FIELD,
  TESTER_LABEL,
  testerContact,
} from '@psps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { session } from '../../../lib/storage.ts';
import { updateTester } from '../api/campaigns.ts';
import { adhocKeys } from '../api/keys.ts';
import { readDraft, useAutosave } from '../hooks/use-autosave.ts';
import { adhocScope, testerDraftKey } from '../lib/template-form.ts';
import { SaveIndicator } from './save-indicator.tsx';

const PLACEHOLDER = { PHON: '+1 415 555 0123', SMS: '+1 415 555 0123', EML: 'tester@example.com' } as const;

/**
 * The tester contact of a channel, saved on every change (doc 2 §7). A contact a test could not be sent to is said
 * under the field once the field is left (the server refuses the send with the same words), and stays said when
 * the operator comes back to correct it (a screen reader reads it with the field) until they type.
 */
export function TesterInput({
  campaign,
  notifyBy,
  disabled,
}: {
  campaign: AdhocCampaign;
  notifyBy: NotifyBy;
  disabled: boolean;
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
  const contact = testerContact(notifyBy, value);
  const problem = !editing && value.trim() !== '' && 'problem' in contact ? contact.problem : undefined;
  const autosave = useAutosave<string>({
    value,
    baseline: campaign[field] ?? '',
    delayMs: 0,
    enabled: !disabled,
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
      disabled={disabled}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setEditing(true);
      }}
      onBlur={() => setEditing(false)}
      error={problem}
      data-testid={`tester-${notifyBy}`}
    />
  );
}
