import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';

const NONE = 'none';

/**
 * Entries the open list renders at a time. A utility's season holds thousands of campaigns: rendering all 2,008
 * took half a second to open the list and up to 0.6 s a typed letter (measured; docs/history.md, "The console at a
 * utility's scale"). The list grows by this many as it is scrolled, or walked with ArrowDown, near its end; a search
 * still searches every entry.
 */
export const RENDERED_ENTRIES = 100;
/** How near the end of the rendered entries (in pixels, or entries for the keyboard) the next ones are added. */
const NEAR_END_PX = 400;
const NEAR_END_ENTRIES = 5;

/**
 * The entries whose text holds every word typed, in any order and any letter case: 'sierra clear' finds
 * '[E7/N9] Sierra Foothills PSPS: All Clear', which Mantine's filter (the text typed as one piece) did not.
 */
export const everyWordTyped: OptionsFilter = ({ options, search, limit }) => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found: ComboboxItem[] = [];
  for (const option of options) {
    if (found.length === limit) break;
    // The dropdowns have no groups of entries.
    if ('group' in option) continue;
    const text = option.label.toLowerCase();
    if (words.every((word) => text.includes(word))) found.push(option);
  }
  return found;
};

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
 *
 * The list opens on a click, on typing, on ArrowDown or ArrowUp, and on Enter or Space (as a click does), never
 * on the focus alone: Mantine's searchable Select opened it as Tab reached the field, covering the fields below
 * and making a keyboard user press Escape at each dropdown on the way. While its entries load it does not open at
 * all: Mantine opened it on a click (and so on Enter or Space) with nothing to show, read-only, where Escape did not
 * close it, and a screen reader said 'expanded' over an empty list.
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
  const [openedWith, setOpenedWith] = useState<typeof data | null>(null);
  const open = openedWith !== null;
  const listLoading = Boolean(loading) && !items;
  const [limit, setLimit] = useState(RENDERED_ENTRIES);
  const more = () => setLimit((n) => n + RENDERED_ENTRIES);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) setSearch(shown);
  }, [shown, open]);
  // Closed with the focus still in the field (Escape, an entry chosen), the entry shown is selected again, so that
  // typing searches afresh rather than adding to it. Selected whenever the text shown closed changes: an entry
  // chosen comes back as the new value a render after the list closed, and writing its label into the field put
  // the caret at its end (what was typed next was added to it and matched nothing).
  const field = useRef<HTMLInputElement>(null);
  const closedText = open ? null : search;
  useEffect(() => {
    if (closedText !== null && field.current && field.current === document.activeElement)
      field.current.select();
  }, [closedText]);
  return (
    <Select
      ref={field}
      label={label}
      data={openedWith ?? data}
      dropdownOpened={open}
      value={chosen}
      onChange={(v) => onChange(v === null || v === NONE ? null : Number(v))}
      searchable
      filter={everyWordTyped}
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
      onSearchChange={(typed) => {
        setSearch(typed);
        setLimit(RENDERED_ENTRIES);
      }}
      limit={limit}
      scrollAreaProps={{
        viewportRef: viewport,
        onScrollPositionChange: ({ y }) => {
          const el = viewport.current;
          if (el && y + el.clientHeight >= el.scrollHeight - NEAR_END_PX) more();
        },
      }}
      openOnFocus={false}
      // Focused, the entry shown is selected, so that typing replaces it with a search (browsers do so on Tab).
      onFocus={(event) => event.currentTarget.select()}
      onKeyDown={(event) => {
        if (open) {
          if (event.key === 'ArrowDown' || event.key === 'PageDown')
            moreNearSelected(event.currentTarget, more);
          return;
        }
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        event.currentTarget.click();
      }}
      onDropdownOpen={() => {
        if (listLoading) return;
        setOpenedWith(data);
        // The chosen entry is among those rendered, so that the list opens on it as with a short list.
        const at = data.findIndex((entry) => entry.value === chosen);
        setLimit(
          Math.max(
            RENDERED_ENTRIES,
            Math.ceil((at + 1 + NEAR_END_ENTRIES) / RENDERED_ENTRIES) * RENDERED_ENTRIES,
          ),
        );
        // Opened by typing, the list searches what was typed; otherwise it opens with every entry.
        setSearch((typed) => (typed === shown ? '' : typed));
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

/** Adds entries when the keyboard's highlight comes within a few entries of the last one rendered. */
function moreNearSelected(field: HTMLInputElement, more: () => void) {
  const listId = field.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  const options = Array.from(list.querySelectorAll('[role="option"]'));
  const at = options.findIndex((option) => option.hasAttribute('data-combobox-selected'));
  if (at >= options.length - NEAR_END_ENTRIES) more();
}
