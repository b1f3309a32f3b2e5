import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOGIN_PATH } from '@psps/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BusyButton } from '@/components/busy-button.tsx';
import { useLogout } from '@/features/auth/api/login.ts';
import { unsavedEdits } from '@/lib/unsaved-edits.ts';

export const UNSAVED_ON_LOGOUT_TEXT =
  'You have unsaved changes. Save them before logging out, or log out and discard them?';
export const PART_NOT_SAVED_TEXT =
  'Everything else is saved, but preview data that is not valid JSON cannot be saved. It is kept in this browser as your draft and offered again when you sign in here. Stay to correct it, or log out and keep it as a draft.';
const NOT_SAVED_TEXT =
  'Some changes could not be saved (the server could not be reached, or someone else changed the same language). They are still here: stay to resolve them, or log out and discard them.';

/**
 * Log out, without losing or leaving behind unsaved edits: with edits the server does not have yet, the operator
 * chooses first (save and log out, log out and discard, or stay). The session ends only after that, so the save
 * still runs under it; and nothing typed is left for the next user of this browser.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<'not-saved' | 'part-not-saved' | null>(null);

  const finish = async () => {
    setAsking(false);
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  const request = async () => {
    if (!unsavedEdits.any()) return finish();
    setFailed(null);
    setAsking(true);
  };

  const saveAndLogOut = async () => {
    // Asked a second time after being told what stays a draft: log out keeping it.
    if (failed === 'part-not-saved') return finish();
    setBusy(true);
    const saved = await unsavedEdits.flushAll();
    setBusy(false);
    if (!saved) setFailed('not-saved');
    else if (unsavedEdits.anyIncomplete()) setFailed('part-not-saved');
    else await finish();
  };

  const discardAndLogOut = async () => {
    unsavedEdits.discardAll();
    await finish();
  };

  const dialog = (
    <Modal
      opened={asking}
      onClose={() => setAsking(false)}
      title="Unsaved changes"
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      data-testid="logout-unsaved"
    >
      <Stack gap="md">
        <Text size="sm">{UNSAVED_ON_LOGOUT_TEXT}</Text>
        {failed && (
          <Alert color="red" variant="light" data-testid="logout-not-saved">
            {failed === 'part-not-saved' ? PART_NOT_SAVED_TEXT : NOT_SAVED_TEXT}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
            Stay
          </Button>
          <Button variant="light" color="red" onClick={() => void discardAndLogOut()} disabled={busy}>
            Log out and discard
          </Button>
          <BusyButton onClick={() => saveAndLogOut()} busy={busy} data-autofocus>
            {failed === 'part-not-saved' ? 'Log out and keep draft' : 'Save and log out'}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );

  return { request, dialog };
}
