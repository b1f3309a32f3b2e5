import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  SUPPRESSION_TEXTS,
  type SuppressionFullUploadPreview,
  type SuppressionType,
  type SuppressionUploadKind,
  TOASTS,
} from '@psps/contracts';
import { IconDownload, IconFilePlus, IconReplace } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';
import { deleteButtonInPlace } from '@/lib/row-focus.ts';
import { downloadActiveSuppressions, downloadKey } from '../api/download-suppressions.ts';
import { suppressionKeys } from '../api/keys.ts';
import { pendingPreview } from '../api/pending-preview.ts';
import { DeleteModal, type DeleteTarget } from './delete-modal.tsx';
import { SearchCard } from './search-card.tsx';
import { SummaryCard } from './summary-card.tsx';
import { UploadModal } from './upload-modal.tsx';

type Dialog =
  | { kind: 'upload'; upload: SuppressionUploadKind; resumed?: SuppressionFullUploadPreview }
  | { kind: 'delete'; target: DeleteTarget }
  | null;

/** The button that opened a dialog, and the table row it was in (-1: none). */
type Opener = { button: HTMLElement | null; table: HTMLTableElement | null; row: number };

/** Key of the DOWNLOAD ALL download among the per-group ones. */
const ALL = '\u0000all';

/** SUPPRESSION (document 2 §2.8): summary, uploads, downloads, search and deletes of do-not-contact values. */
export function SuppressionPage() {
  const queryClient = useQueryClient();
  const [summaryPage, setSummaryPage] = useState(1);
  // A full upload's preview that was waiting when this tab's session ended opens again, still to apply or discard.
  const [dialog, setDialog] = useState<Dialog>(() => {
    const resumed = pendingPreview.find();
    return resumed ? { kind: 'upload', upload: 'full', resumed } : null;
  });
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());

  // Document 2 §4 reloads the page after a successful change; reloading the data does the same without losing
  // the search the operator is working through.
  // Keyboard users go back to the button that opened a dialog when it closes (the dialog is unmounted, so the
  // dialog's own focus return does not run).
  // When that button went away with what was deleted, the Delete button of the row now in its place (of the same
  // table) takes the focus, so the operator goes on where they were; the page's title only when no row is left (it
  // took the focus after every delete, sending the operator back to the top of the page).
  const opener = useRef<Opener>({ button: null, table: null, row: -1 });
  const heading = useRef<HTMLHeadingElement>(null);
  const openDialog = useCallback((next: NonNullable<Dialog>) => {
    const button = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const table = button?.closest('table') ?? null;
    const row = button?.closest('tr');
    opener.current = {
      button,
      table,
      row: table && row ? Array.from(table.tBodies[0]?.rows ?? []).indexOf(row) : -1,
    };
    setDialog(next);
  }, []);
  const closeDialog = useCallback(
    (changed: boolean) => {
      setDialog(null);
      const focusBack = () => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        const { button } = opener.current;
        if (button?.isConnected) {
          if (lost) button.focus();
        } else if (lost)
          (deleteButtonInPlace(opener.current.table, opener.current.row) ?? heading.current)?.focus();
      };
      setTimeout(focusBack, 0);
      // The reloaded lists may drop the row whose button opened the dialog.
      if (changed) {
        queryClient.invalidateQueries({ queryKey: suppressionKeys.all }).then(() => setTimeout(focusBack, 0));
      }
    },
    [queryClient],
  );

  const download = useCallback(async (groupName?: string, type?: SuppressionType) => {
    const key = groupName === undefined ? ALL : downloadKey(groupName, type);
    setDownloading((s) => new Set(s).add(key));
    notifications.show({ message: TOASTS.downloadInProgress });
    try {
      await downloadActiveSuppressions(groupName, type);
    } catch (err) {
      notifications.show({ color: 'red', title: 'The download failed', message: (err as Error).message });
    } finally {
      setDownloading((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  }, []);

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {SUPPRESSION_TEXTS.pageTitle}
          </Title>
          <TimeZoneNote />
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFilePlus size={18} />}
            onClick={() => openDialog({ kind: 'upload', upload: 'incremental' })}
          >
            {SUPPRESSION_TEXTS.incrementalUploadButton}
          </Button>
          <Button
            variant="light"
            leftSection={<IconReplace size={18} />}
            onClick={() => openDialog({ kind: 'upload', upload: 'full' })}
          >
            {SUPPRESSION_TEXTS.fullUploadButton}
          </Button>
          <BusyButton
            variant="default"
            leftSection={<IconDownload size={18} />}
            busy={downloading.has(ALL)}
            onClick={() => download()}
          >
            {SUPPRESSION_TEXTS.downloadAllButton}
          </BusyButton>
        </Group>
      </Group>

      <SummaryCard
        page={summaryPage}
        onPageChange={setSummaryPage}
        onDelete={(row) => openDialog({ kind: 'delete', target: { kind: 'group', row, page: summaryPage } })}
        onDownload={(group, type) => download(group, type)}
        downloading={downloading}
      />

      <SearchCard onDelete={(row) => openDialog({ kind: 'delete', target: { kind: 'row', row } })} />

      {dialog?.kind === 'upload' && (
        <UploadModal kind={dialog.upload} resumed={dialog.resumed} onClose={closeDialog} />
      )}
      {dialog?.kind === 'delete' && <DeleteModal target={dialog.target} onClose={closeDialog} />}
    </Stack>
  );
}
