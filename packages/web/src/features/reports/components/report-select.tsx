import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TimeZoneNote } from '../../../components/time-zone-note.tsx';

const NONE = 'none';

type Props<T> = {
  label: string;
  /** The dropdown's first entry ('--- select an event ---'); choosing it empties the report areas. */
  firstEntry: string;
  items: readonly T[] | undefined;
  idOf: (item: T) => number;
  labelOf: (item: T) => string;
  value: number | null;
  onChange: (id: number | null) => void;
  loading?: boolean;
  testId: string;
};

/**
 * The event or campaign dropdown of the report screens. Searchable, because during a large event the list is
 * long and operators know the dataset id or title they want. Opening the list empties the search, so that what is
 * typed searches instead of being added to the entry shown (Enter takes the first match); closing it shows the
 * chosen entry again.
 */
export function ReportSelect<T>({
  label,
  firstEntry,
  items,
  idOf,
  labelOf,
  value,
  onChange,
  loading,
  testId,
}: Props<T>) {
  const data = [
    { value: NONE, label: firstEntry },
    ...(items ?? []).map((item) => ({ value: String(idOf(item)), label: labelOf(item) })),
  ];
  const chosen = value === null ? NONE : String(value);
  const shown = data.find((entry) => entry.value === chosen)?.label ?? '';
  const [search, setSearch] = useState(shown);
  // While the list is open it keeps the entries it opened with: a reload (every 60 s) changes their texts (an
  // event's record count during a live event), which would replace what is being typed with the chosen entry
  // and move the entries under the pointer. Closed, it shows the list as it now is.
  // Opened while the list still loads (a click on the read-only 'Loading…' field opens it, showing nothing): it
  // keeps no entries of its own, so the entries show as they arrive instead of the first entry alone until closed.
  const [openedWith, setOpenedWith] = useState<typeof data | 'while loading' | null>(null);
  const open = openedWith !== null;
  const listLoading = Boolean(loading) && !items;
  useEffect(() => {
    if (!open) setSearch(shown);
  }, [shown, open]);
  return (
    <Select
      label={label}
      data={openedWith === null || openedWith === 'while loading' ? data : openedWith}
      value={chosen}
      onChange={(v) => onChange(v === null || v === NONE ? null : Number(v))}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Nothing matches"
      maxDropdownHeight={360}
      // While the list loads the field stays a Tab stop (read-only, 'Loading…'): a keyboard user who tabs to it
      // at once lands on it instead of being carried past it to the footer.
      readOnly={listLoading}
      aria-busy={listLoading}
      placeholder={listLoading ? 'Loading…' : firstEntry}
      w="100%"
      maw={640}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => {
        setOpenedWith(listLoading ? 'while loading' : data);
        setSearch('');
      }}
      onDropdownClose={() => {
        setOpenedWith(null);
        setSearch(shown);
      }}
      selectFirstOptionOnChange
      // Every report screen has this dropdown and shows times (its entries, the reports under it): it says once
      // which zone they are in.
      description={<TimeZoneNote />}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
