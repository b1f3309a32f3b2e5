import { Badge, Button, Card, Group, Loader, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  formatDateTime,
  languageDisplayName,
  NOTIFY_BY_LABELS,
  type OutboxSend,
  textDirection,
} from '@psps/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { useOutbox } from '../api/sends.ts';

const SHOWN = 5;

function content(send: OutboxSend): string {
  if (send.audioFile_vch) return `Plays ${send.audioFile_vch}`;
  const text = send.subject_vch ?? send.body_txt ?? '';
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The test sends of this template as the outbox recorded them, so an operator sees a send happened. */
export function OutboxPanel({ id }: { id: number }) {
  const outbox = useOutbox(id);
  const [all, setAll] = useState(false);
  const rows = outbox.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" data-testid="outbox-panel">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Test sends
        </Title>
        <BusyButton
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRefresh size={12} />}
          onClick={() => outbox.refetch()}
          busy={outbox.isFetching}
        >
          Refresh
        </BusyButton>
      </Group>
      {outbox.isPending ? (
        <Loader size="xs" />
      ) : outbox.error ? (
        <Text size="sm" c="red">
          {outbox.error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No test sends yet. Use the Send buttons of a tab; each send appears here.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>Language</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Content</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(all ? rows : rows.slice(0, SHOWN)).map((send) => (
                  <Table.Tr key={send.id_bint} data-testid="outbox-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(send.created_dt)}</Table.Td>
                    <Table.Td>{NOTIFY_BY_LABELS[send.notifyBy_vch]}</Table.Td>
                    <Table.Td>{send.language_vch && languageDisplayName(send.language_vch)}</Table.Td>
                    <Table.Td>{send.to_vch}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light">
                        {send.status_vch}
                      </Badge>
                    </Table.Td>
                    <Table.Td maw={360}>
                      <Tooltip label={content(send)} multiline w={360} openDelay={300}>
                        {/* In its language's direction: cut off in a left-to-right cell, an Arabic or Farsi
                            message lost its first words to the ellipsis and showed its last ones. */}
                        <Text
                          size="sm"
                          truncate
                          dir={textDirection(send.language_vch ?? '')}
                          data-testid="outbox-content"
                        >
                          {content(send)}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > SHOWN && (
            <Button size="compact-xs" variant="subtle" mt={4} onClick={() => setAll((shown) => !shown)}>
              {all ? 'Show fewer' : `Show all ${rows.length}`}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
