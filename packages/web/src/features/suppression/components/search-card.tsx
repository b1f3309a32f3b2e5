import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  Highlight,
  Loader,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatSuppressionDate,
  SUPPRESSION_RESULT_COLUMNS,
  SUPPRESSION_RESULTS_PAGE_BUTTONS,
  SUPPRESSION_RESULTS_PAGE_SIZE,
  SUPPRESSION_SEARCH_MAX_LENGTH,
  SUPPRESSION_SEARCH_PREFIX_MIN,
  SUPPRESSION_TEXTS,
  type SuppressionRow,
  type SuppressionRowsAnswer,
} from '@psps/contracts';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav.tsx';
import { SplitDateTime, WideTable } from '@/components/wide-table.tsx';
import { grouped } from '@/lib/numbers.ts';
import { pageCount } from '@/lib/page-window.ts';
import { useSuppressionList } from '../api/list-suppressions.ts';
import { useSuppressionSearch } from '../api/search-suppressions.ts';

const [GROUP, TYPE, VALUE, START, END, CREATED, ACTION] = SUPPRESSION_RESULT_COLUMNS;

const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';

const date = (iso: string | null) => (iso === null ? '' : formatSuppressionDate(new Date(iso)));

type Props = { onDelete: (row: SuppressionRow) => void };

/**
 * Search Active Suppressions By Group or Value or Type (document 2 §2.8, §4): a non-empty text enters search mode;
 * closing the feedback clears the results and returns to normal mode, where the results table lists every active
 * value (getPaginatedCampaigns?page={n}), paged alike.
 */
export function SearchCard({ onDelete }: Props) {
  // The search and its page live in the address (?search=…&page=…; the list's page as ?page=…), so a reload, Back
  // and Forward bring the results back where they were. A new search or closing it is a history entry; turning
  // pages replaces it.
  const [params, setParams] = useSearchParams();
  const searched = params.get(SEARCH_PARAM)?.trim() || null;
  const page = Math.max(1, Math.trunc(Number(params.get(PAGE_PARAM))) || 1);
  const [text, setText] = useState(searched ?? '');
  const input = useRef<HTMLInputElement>(null);
  // The search this box last asked for: when the address catches up with it (a router transition, later under load),
  // the box keeps what was typed since instead of being set back to it.
  const asked = useRef(searched);
  const setSearch = (value: string | null, nextPage: number, replace = false) => {
    asked.current = value;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(SEARCH_PARAM);
        else next.set(SEARCH_PARAM, value);
        if (nextPage > 1) next.set(PAGE_PARAM, String(nextPage));
        else next.delete(PAGE_PARAM);
        return next;
      },
      { replace },
    );
  };
  const setPage = (nextPage: number) => setSearch(searched, nextPage, true);

  // Back or Forward to another search shows its text in the box.
  useEffect(() => {
    if (searched === asked.current) return;
    asked.current = searched;
    setText(searched ?? '');
  }, [searched]);
  const search = useSuppressionSearch(searched, page);
  const listed = useSuppressionList(page, searched === null);
  // The rows the table shows: the search's in search mode, every active value's in normal mode.
  const shown = searched === null ? listed : search;

  const total = shown.data?.rows ?? 0;
  const pages = pageCount(total, SUPPRESSION_RESULTS_PAGE_SIZE);
  const settled = shown.data !== undefined && !shown.isPlaceholderData;
  // The page whose rows are shown: while another loads, the range under the table stays that of the rows above it.
  const shownPage = useRef(page);
  if (settled) shownPage.current = page;

  // Paging past the end (the last values of a page were deleted) falls back to page 1.
  useEffect(() => {
    if (settled && page > pages) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PAGE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  }, [settled, page, pages, setParams]);

  const searching = searched !== null && search.isFetching && !search.isPlaceholderData;

  const submit = () => {
    const value = text.trim();
    if (value === '') return; // document 2 §5: an empty search does nothing
    // Searching the same text again asks the server again: values may have changed since.
    if (value === searched && page === 1) search.refetch();
    else setSearch(value, 1);
  };

  const close = () => {
    setSearch(null, 1);
    setText('');
    input.current?.focus();
  };

  // While another page of the same search loads, the page shown stays (dimmed, with its loader) and so do the page
  // buttons: unmounting them dropped the keyboard focus of the page button just pressed to the page.
  const found = searched !== null && search.data !== undefined && total > 0;
  const matched = `${grouped(total)} active ${total === 1 ? 'value matches' : 'values match'} “${searched}”`;
  // What the status says: kept while another page loads, so turning a page does not say the count again.
  const said = useRef('');
  if (searched === null) said.current = '';
  else if (settled) said.current = total > 0 ? matched : SUPPRESSION_TEXTS.searchNothingFound;
  const nothing = searched !== null && settled && total === 0 && page === 1;
  const rowsPage = (label: string, pagesLabel: string) => (
    <RowsPage
      label={label}
      pagesLabel={pagesLabel}
      answer={shown.data!}
      page={page}
      rowsPage={shownPage.current}
      pages={pages}
      highlight={searched ?? ''}
      dim={shown.isPlaceholderData}
      onDelete={onDelete}
      onPage={setPage}
    />
  );

  return (
    <Card withBorder padding="md" radius="md" data-testid="suppression-search">
      <Title order={3} size="h4" mb="sm" id="suppression-search-title">
        {SUPPRESSION_TEXTS.searchTitle}
      </Title>
      <form
        aria-labelledby="suppression-search-title"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            ref={input}
            flex={1}
            aria-label="Group, value or type"
            placeholder="A value or its first characters, a whole group name, or a type"
            value={text}
            maxLength={SUPPRESSION_SEARCH_MAX_LENGTH}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={
              text !== '' ? (
                // 28 px: a 22 px button inside the field is under the 24 px a fingertip needs (WCAG 2.5.8); a tap
                // beside it landed in the field.
                <CloseButton size="md" aria-label="Clear the search text" onClick={() => setText('')} />
              ) : null
            }
          />
          {/* Busy but never disabled (Mantine's `loading` disables): a search typed while the last one loads is
              sent by Enter (a form whose submit button is disabled ignores Enter), and the pressed button keeps
              the focus. */}
          <Button
            type="submit"
            aria-busy={searching || undefined}
            leftSection={searching ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
          >
            Search
          </Button>
        </Group>
      </form>

      {/* Always there, so that a screen reader says what a search found (the focus stays in the field or on Search):
          the alerts below appear with their text, which a region added with it is not read by every screen reader. */}
      <VisuallyHidden role="status" data-testid="search-announce">
        {said.current}
      </VisuallyHidden>

      {searched !== null && search.isError && !search.data && (
        <Alert color="red" variant="light" mt="md" title="The search failed" withCloseButton onClose={close}>
          {search.error.message}
        </Alert>
      )}

      {found && (
        <>
          <Alert
            color="green"
            variant="light"
            mt="md"
            withCloseButton
            closeButtonLabel="Close the search"
            onClose={close}
            role="note"
          >
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {SUPPRESSION_TEXTS.searchFound}
              </Text>
              <Text size="sm" c="dimmed" data-testid="search-count">
                {matched}
              </Text>
            </Group>
          </Alert>
          {rowsPage('Search results', 'Search result pages')}
        </>
      )}

      {searched === null && (
        <div data-testid="suppression-list">
          <Text size="sm" fw={600} mt="md">
            All active values{listed.data ? `: ${grouped(total)}` : ''}
          </Text>
          {listed.isError && !listed.data && (
            <Alert color="red" variant="light" mt="sm" title="The active values could not be loaded">
              {listed.error.message}
            </Alert>
          )}
          {listed.isPending && !listed.isError && (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading the active values" />
            </Group>
          )}
          {listed.data && total === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {SUPPRESSION_TEXTS.noData}
            </Text>
          )}
          {listed.data && total > 0 && rowsPage('Active values', 'Active value pages')}
        </div>
      )}

      {nothing && (
        <Alert
          color="yellow"
          variant="light"
          mt="md"
          withCloseButton
          closeButtonLabel="Close the search"
          onClose={close}
          role="note"
        >
          <Text size="sm" fw={600}>
            {SUPPRESSION_TEXTS.searchNothingFound}
          </Text>
          {searched !== null && searched.length < SUPPRESSION_SEARCH_PREFIX_MIN ? (
            <Text size="sm" data-testid="search-short-hint">
              A value is found from its first {SUPPRESSION_SEARCH_PREFIX_MIN} characters; with fewer, only a
              whole value, group name or type matches.
            </Text>
          ) : (
            // 'Bounced' finds nothing of the group 'Bounced e-mails': the operator learns why.
            <Text size="sm" data-testid="search-whole-hint">
              A group name or a type must be typed whole; a value is found from its first{' '}
              {SUPPRESSION_SEARCH_PREFIX_MIN} characters.
            </Text>
          )}
        </Alert>
      )}
    </Card>
  );
}

type RowsPageProps = {
  /** The table's accessible name ('Search results', 'Active values'), and its page buttons'. */
  label: string;
  pagesLabel: string;
  answer: SuppressionRowsAnswer;
  /** The page asked for (its button is pressed), and the page of the rows shown (another while it loads). */
  page: number;
  rowsPage: number;
  pages: number;
  highlight: string;
  /** Another page is loading: this one stays, dimmed. */
  dim: boolean;
  onDelete: (row: SuppressionRow) => void;
  onPage: (page: number) => void;
};

/** One page of rows (a search's or the whole list's), with its range and page buttons. */
function RowsPage({
  label,
  pagesLabel,
  answer,
  page,
  rowsPage,
  pages,
  highlight,
  dim,
  onDelete,
  onPage,
}: RowsPageProps) {
  const first = (rowsPage - 1) * SUPPRESSION_RESULTS_PAGE_SIZE + 1;
  const last = Math.min(rowsPage * SUPPRESSION_RESULTS_PAGE_SIZE, answer.rows);
  return (
    <>
      <ResultsTable label={label} rows={answer.data} highlight={highlight} dim={dim} onDelete={onDelete} />
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm" c="dimmed" data-testid="results-range">
          {grouped(first)}–{grouped(last)} of {grouped(answer.rows)}
        </Text>
        <Group gap="xs">
          {dim && <Loader size="xs" aria-label="Loading the page" />}
          <PageNav
            label={pagesLabel}
            page={page}
            pages={pages}
            maxButtons={SUPPRESSION_RESULTS_PAGE_BUTTONS}
            withEdges
            onChange={onPage}
          />
        </Group>
      </Group>
    </>
  );
}

function ResultsTable({
  label,
  rows,
  highlight,
  dim,
  onDelete,
}: {
  label: string;
  rows: SuppressionRow[];
  highlight: string;
  dim: boolean;
  onDelete: (row: SuppressionRow) => void;
}) {
  // Times may break between date and hour and the Action column stays pinned, so that the delete icon is in
  // sight on a laptop with the sidebar open.
  return (
    <WideTable label={label} stickyEnd mt="sm">
      <Table
        verticalSpacing={6}
        horizontalSpacing={8}
        fz="sm"
        striped
        highlightOnHover
        aria-label={label}
        style={{ opacity: dim ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{GROUP}</Table.Th>
            <Table.Th w={90}>{TYPE}</Table.Th>
            <Table.Th>{VALUE}</Table.Th>
            <Table.Th>{START}</Table.Th>
            <Table.Th>{END}</Table.Th>
            <Table.Th>{CREATED}</Table.Th>
            <Table.Th w={64} ta="center" style={{ whiteSpace: 'nowrap' }}>
              {ACTION}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {rows.map((row) => (
            <Table.Tr key={row.row_id_bint}>
              <Table.Td miw={120} style={{ overflowWrap: 'break-word' }}>
                {row.group_vch}
              </Table.Td>
              <Table.Td>{row.supress_type}</Table.Td>
              {/* A phone number or an address of up to 40 characters (nearly all) stays on one line; only a longer one may break. */}
              <Table.Td
                style={row.value_vch.length > 40 ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
              >
                <Highlight highlight={highlight} size="sm" ff="monospace">
                  {row.value_vch}
                </Highlight>
              </Table.Td>
              <Table.Td>
                <SplitDateTime text={date(row.start_ts)} />
              </Table.Td>
              <Table.Td>
                <SplitDateTime text={date(row.end_ts)} />
              </Table.Td>
              <Table.Td>
                <SplitDateTime text={date(row.created_ts)} />
              </Table.Td>
              <Table.Td ta="center">
                <Tooltip label="Delete this value">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    // Named with its group and type: a value may be in several groups, and under two types.
                    aria-label={`Delete ${row.value_vch} from ${row.group_vch} ${row.supress_type}`}
                    onClick={() => onDelete(row)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
