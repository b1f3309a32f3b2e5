import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import {
  groupDeletedText,
  SUPPRESSION_TEXTS,
  type SuppressionRow,
  type SuppressionSummaryRow,
} from '@psps/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BusyButton } from '@/components/busy-button.tsx';
import { ApiError, pressFailure } from '@/lib/api.ts';
import { grouped } from '@/lib/numbers.ts';
import { deleteSuppressionGroup, deleteSuppressionRow } from '../api/delete-suppressions.ts';
import { useSuppressionSummary } from '../api/get-summary.ts';
import { focusOnMount } from './focus.ts';

export type DeleteTarget =
  | { kind: 'row'; row: SuppressionRow }
  /** `page`: the summary page the row was shown on, read again for its current count. */
  | { kind: 'group'; row: SuppressionSummaryRow; page: number };

/**
 * A group and type's count as the dialog shows it: the summary's page is read again as the dialog opens (the list
 * may have been loaded long before, and another operator may have uploaded or deleted since), so that the Delete
 * button names the number it deletes. `count` null: the row is no longer on that page, its count unknown.
 */
function useCurrentCount(target: DeleteTarget) {
  const summary = useSuppressionSummary(target.kind === 'group' ? target.page : 1, target.kind === 'group');
  if (target.kind !== 'group') return { checking: false, count: null, shown: null, failed: null };
  const shown = target.row.valid_count;
  const checked = summary.isFetchedAfterMount && !summary.isFetching;
  if (!checked) return { checking: true, count: shown, shown, failed: null };
  if (summary.isError) return { checking: false, count: shown, shown, failed: summary.error.message };
  const row = summary.data?.data.find(
    (r) => r.group_vch === target.row.group_vch && r.supress_type === target.row.supress_type,
  );
  return { checking: false, count: row?.valid_count ?? null, shown, failed: null };
}

const values = (n: number) => `${grouped(n)} ${n === 1 ? 'value' : 'values'}`;

type Props = {
  target: DeleteTarget;
  /** `changed`: something was deleted, so the lists must reload. */
  onClose: (changed: boolean) => void;
};

/**
 * Delete one value or a whole group and type (document 2 §4): confirm → deleting → deleted or failed. It cannot be
 * dismissed while the delete runs. When there was nothing left to delete (404), it offers no retry and closing it
 * reloads the lists.
 */
export function DeleteModal({ target, onClose }: Props) {
  const del = useMutation({
    mutationFn: () =>
      target.kind === 'row'
        ? deleteSuppressionRow(target.row.row_id_bint, target.row.group_vch)
        : deleteSuppressionGroup(target.row.group_vch, target.row.supress_type),
  });
  const busy = del.isPending;
  // A double click must delete once: the second click comes before the pending state has re-rendered, and a second
  // DELETE would find nothing left (404) and replace the first one's success with 'couldn't be deleted'.
  const run = () =>
    del.mutateAsync().catch(() => {
      // Shown by the mutation's error state.
    });
  // Nothing left to delete (another operator was first): trying again cannot help, and the lists are out of date.
  const gone = del.error instanceof ApiError && del.error.status === 404;
  const close = () => {
    if (!busy) onClose(del.isSuccess || gone);
  };
  const group = target.row.group_vch;
  const type = target.row.supress_type;
  const current = useCurrentCount(target);

  return (
    <Modal
      opened
      onClose={close}
      title={
        <Text fw={700}>
          {target.kind === 'row' ? 'Delete a suppression value' : 'Delete a group and type'}
        </Text>
      }
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      centered
      size="md"
    >
      {del.isIdle && (
        <Stack gap="md">
          <Text size="sm">
            {target.kind === 'row'
              ? 'This value stops being suppressed now. Its history is kept.'
              : `Every active ${type} value of this group stops being suppressed now, and any set to start later never will. Their history is kept.`}
          </Text>
          <Table withTableBorder variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>Group</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{group}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Td>{type}</Table.Td>
              </Table.Tr>
              {target.kind === 'row' ? (
                <Table.Tr>
                  <Table.Th>Value</Table.Th>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {target.row.value_vch}
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr>
                  <Table.Th>Valid Count</Table.Th>
                  <Table.Td data-testid="delete-count">
                    {current.count === null ? 'not known' : grouped(current.count)}
                    {current.checking && ' (checking the current count…)'}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {target.kind === 'group' &&
            !current.checking &&
            (current.failed !== null || current.count !== current.shown) && (
              <Text size="sm" c="orange.9" role="status" data-testid="delete-count-changed">
                {current.failed !== null
                  ? `The current count could not be read (${current.failed}); ${values(target.row.valid_count)} when the list was loaded.`
                  : current.count === null
                    ? `The list showed ${values(target.row.valid_count)} when it was loaded; this group and type is no longer on that page of the summary, so its current count is not known. Every active ${type} value of the group is deleted.`
                    : `The list showed ${values(target.row.valid_count)} when it was loaded; another change since makes it ${values(current.count)}.`}
              </Text>
            )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <BusyButton color="red" loading={current.checking} onClick={run}>
              {target.kind === 'row'
                ? 'Delete value'
                : current.count === null
                  ? `Delete every ${type} value`
                  : `Delete ${values(current.count)}`}
            </BusyButton>
          </Group>
        </Stack>
      )}

      {busy && (
        <Group gap="sm" py="lg" justify="center" role="status">
          <Loader size="sm" />
          <Text fw={600}>{SUPPRESSION_TEXTS.deleting}</Text>
        </Group>
      )}

      {del.isSuccess && (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck />} role="status">
            <Text fw={600} size="sm">
              {target.kind === 'row' ? SUPPRESSION_TEXTS.rowDeleted : groupDeletedText(group)}
            </Text>
            {target.kind === 'group' && (
              <Text size="sm" c="dimmed">
                {grouped(del.data.deleted)} {type} {del.data.deleted === 1 ? 'value' : 'values'} ended.
              </Text>
            )}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} ref={focusOnMount}>
              Close
            </Button>
          </Group>
        </Stack>
      )}

      {del.isError && (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            <Text fw={600} size="sm">
              {target.kind === 'row'
                ? SUPPRESSION_TEXTS.rowDeleteFailed
                : SUPPRESSION_TEXTS.groupDeleteFailed}
            </Text>
            <Text size="sm">{pressFailure(del.error)}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} ref={focusOnMount}>
              Close
            </Button>
            {!gone && (
              <BusyButton color="red" onClick={run}>
                Try again
              </BusyButton>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
