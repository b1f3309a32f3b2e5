import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADHOC_LIST_COLUMNS,
  ADHOC_LIST_MAX_ROWS,
  ADHOC_PAGE_TITLE,
  type AdhocCampaign,
  adhocIdLabel,
  confirmDeleteText,
  formatDateTime,
  NEW_TEMPLATE_LABEL,
  NEW_TEMPLATE_NAME,
} from '@psps/contracts';
import { IconEdit, IconPlus, IconSearch, IconSettings, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';
import { SplitDateTime, WideTable } from '@/components/wide-table.tsx';
import { pressFailure } from '@/lib/api.ts';
import { focusPageHeading } from '@/lib/page-focus.ts';
import { deleteButtonInPlace } from '@/lib/row-focus.ts';
import { useCampaigns, useCreateCampaign, useDeleteCampaign } from '../api/campaigns.ts';
import { useDialogs } from './adhoc-dialogs.tsx';
import { UnpublishedEditsBadge } from './unpublished-edits-badge.tsx';

/** The table's name, as a screen reader's table list gives it (and its sideways-scrolling region). */
const TABLE_LABEL = 'AdHoc templates';

export const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', PUBLISHED: 'teal', LAUNCHED: 'red' };

/** A row's template as its buttons are named for a screen reader: 'Delete ADHOC-5 Wind event Oct 21'. */
const rowName = (row: AdhocCampaign) => `${adhocIdLabel(row.id_bint)} ${row.name_vch}`;

/** The ad hoc templates list (doc 2 §2.1): newest first, the first 100 rows. */

export function TemplateList({ onOpen }: { onOpen: (id: number, tab?: string) => void }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const campaigns = useCampaigns(debouncedSearch);
  const create = useCreateCampaign();
  const remove = useDeleteCampaign();
  const dialogs = useDialogs();

  // A double click must make one template: the button shows as busy only after a render, so the second click
  // of a double click is ignored here.
  const creating = useRef(false);
  const createTemplate = async () => {
    if (creating.current) return;
    creating.current = true;
    try {
      const created = await create.mutateAsync(NEW_TEMPLATE_NAME);
      onOpen(created.id_bint);
    } catch {
      // shown under the button (create.error)
    } finally {
      creating.current = false;
    }
  };

  // A deleted template's row goes away with the Delete button that had the focus, which fell to the page. Once the
  // list no longer holds it, the focus goes to the Delete button of the row now in its place (the last row's when it
  // was the last), or to the list's heading when no row is left.
  const card = useRef<HTMLDivElement>(null);
  const [deleted, setDeleted] = useState<{ id: number; index: number } | null>(null);
  // A delete the server refused or never answered is said above the list, naming the template (the row stays).
  const [notDeleted, setNotDeleted] = useState<string | null>(null);
  useEffect(() => {
    const rows = campaigns.data;
    if (!deleted || !rows || rows.some((row) => row.id_bint === deleted.id)) return;
    setDeleted(null);
    const active = document.activeElement;
    // Still lost, or still in the closing confirmation: the operator has not gone on elsewhere.
    if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
    const button = deleteButtonInPlace(card.current?.querySelector('table'), deleted.index);
    if (button) button.focus();
    else focusPageHeading(card.current);
  }, [deleted, campaigns.data]);

  const deleteTemplate = async (row: AdhocCampaign) => {
    if (!(await dialogs.confirmDelete(confirmDeleteText(row.id_bint, row.name_vch)))) {
      return;
    }
    const index = campaigns.data?.findIndex((r) => r.id_bint === row.id_bint) ?? -1;
    setNotDeleted(null);
    try {
      await remove.mutateAsync(row.id_bint);
      setDeleted({ id: row.id_bint, index: Math.max(index, 0) });
    } catch (error) {
      setNotDeleted(`${rowName(row)} was not deleted: ${pressFailure(error)}`);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" ref={card}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          {ADHOC_PAGE_TITLE}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => void createTemplate()}
          loading={create.isPending}
          disabled={create.isPending}
          data-testid="new-template"
        >
          {NEW_TEMPLATE_LABEL}
        </Button>
      </Group>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <TextInput
          w="100%"
          maw={420}
          aria-label="Find a template"
          placeholder="Find a template by title or ADHOC-id"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <TimeZoneNote />
      </Group>
      {create.error && (
        <Alert color="red" mb="md">
          {pressFailure(create.error)}
        </Alert>
      )}
      {notDeleted && (
        <Alert
          color="red"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotDeleted(null)}
        >
          {notDeleted}
        </Alert>
      )}
      {campaigns.error && (
        <Alert color="red" mb="md">
          {campaigns.error.message}
        </Alert>
      )}
      <WideTable label={TABLE_LABEL} stickyEnd>
        <Table
          aria-label={TABLE_LABEL}
          striped
          highlightOnHover
          verticalSpacing="xs"
          data-testid="adhoc-list"
        >
          <Table.Thead>
            <Table.Tr>
              {ADHOC_LIST_COLUMNS.map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.data?.map((row) => (
              <Table.Tr key={row.id_bint} data-testid={`adhoc-row-${row.id_bint}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{adhocIdLabel(row.id_bint)}</Table.Td>
                <Table.Td>
                  <Text
                    component="button"
                    type="button"
                    onClick={() => onOpen(row.id_bint)}
                    fw={600}
                    c="orange.8"
                    style={{
                      background: 'none',
                      border: 0,
                      padding: 0,
                      cursor: 'pointer',
                      textAlign: 'left',
                    }}
                  >
                    {row.name_vch}
                  </Text>
                </Table.Td>
                <Table.Td>{row.languageCount_bint}</Table.Td>
                <Table.Td style={{ minWidth: 110 }}>
                  <Group gap={4}>
                    <Badge color={STATUS_COLORS[row.status_vch] ?? 'gray'} variant="light" miw="max-content">
                      {row.status_vch}
                    </Badge>
                    {row.unpublishedEdits_bint > 0 && (
                      <UnpublishedEditsBadge testId={`unpublished-edits-${row.id_bint}`} wraps />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <SplitDateTime text={formatDateTime(row.itemUpdate_dt)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${rowName(row)}`}
                        onClick={() => onOpen(row.id_bint)}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${rowName(row)}`}
                        onClick={() => void deleteTemplate(row)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Manage (publish)">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Manage ${rowName(row)}`}
                        onClick={() => onOpen(row.id_bint, 'publish')}
                      >
                        <IconSettings size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      {campaigns.isPending && (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      )}
      {/* Always there, so that a screen reader says it when a search typed in the field finds nothing: the
          operator's focus stays in the field, and the table's emptiness was said to no one. */}
      <div role="status">
        {campaigns.data?.length === 0 && (
          <Text c="dimmed" ta="center" p="lg">
            {debouncedSearch
              ? `No template matches "${debouncedSearch}".`
              : `No templates yet. Select ${NEW_TEMPLATE_LABEL} to write one.`}
          </Text>
        )}
      </div>
      {campaigns.data?.length === ADHOC_LIST_MAX_ROWS && (
        <Text c="dimmed" size="xs" mt="xs">
          Showing the first {ADHOC_LIST_MAX_ROWS} templates. Find an older one by its title or ADHOC-id.
        </Text>
      )}
    </Card>
  );
}
