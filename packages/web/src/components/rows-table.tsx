import { Table, type TableProps, Tooltip } from '@mantine/core';
import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { WideTable } from './wide-table.tsx';

/** The attribute that gives an element inside a `useSharedTooltip` area its tooltip text. */
export const TOOLTIP_ATTRIBUTE = 'data-tooltip';

type Shown = { target: HTMLElement; label: string };

function tipOf(node: EventTarget | null, area: Element): Shown | null {
  if (!(node instanceof Element)) return null;
  const target = node.closest<HTMLElement>(`[${TOOLTIP_ATTRIBUTE}]`);
  if (!target || !area.contains(target)) return null;
  return { target, label: target.getAttribute(TOOLTIP_ATTRIBUTE) ?? '' };
}

/**
 * One tooltip for the many icon buttons of a table: shown beside the element under the pointer or with the keyboard
 * focus that has a `data-tooltip` text, hidden when the pointer leaves it, the focus moves on, or Escape is pressed.
 * A Mantine tooltip around each button kept about 33 KB of memory per button (its positioning and event hooks):
 * 100 KB a row for the three launch buttons of a Custom Reports row. Spread `areaProps` on the table's container
 * and render `tooltip` anywhere.
 */
export function useSharedTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  // The shown text describes its element for a screen reader (as Mantine's own tooltip does while open); the
  // description is a hidden copy, which a description may name and browsing never reads.
  const id = useId();
  useEffect(() => {
    if (shown === null) return;
    const { target } = shown;
    const before = target.getAttribute('aria-describedby');
    target.setAttribute('aria-describedby', id);
    return () => {
      if (before === null) target.removeAttribute('aria-describedby');
      else target.setAttribute('aria-describedby', before);
    };
  }, [shown, id]);
  const show = (event: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const tip = tipOf(event.target, event.currentTarget);
    setShown((now) =>
      tip === null ? now : now?.target === tip.target && now.label === tip.label ? now : tip,
    );
  };
  const hideLeaving = (event: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    setShown((now) => (now !== null && !(to instanceof Node && now.target.contains(to)) ? null : now));
  };
  const areaProps = {
    onPointerOver: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') show(event);
    },
    onPointerOut: hideLeaving,
    onFocus: show,
    onBlur: hideLeaving,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') setShown(null);
    },
  };
  const tooltip: ReactNode =
    shown === null || shown.label === '' || !shown.target.isConnected ? null : (
      <>
        <Tooltip key={shown.label} target={shown.target} label={shown.label} opened />
        <span id={id} hidden>
          {shown.label}
        </span>
      </>
    );
  return { areaProps, tooltip };
}

/**
 * A list's table (Completion Reports, Custom Reports): named for screen readers, its header row, the rows given,
 * scrolling sideways with its actions column pinned, and one tooltip for its row actions (`data-tooltip`).
 */
export function RowsTable({
  label,
  columns,
  testId,
  horizontalSpacing,
  children,
}: {
  label: string;
  columns: readonly string[];
  testId: string;
  horizontalSpacing?: TableProps['horizontalSpacing'];
  children: ReactNode;
}) {
  const tips = useSharedTooltip();
  return (
    <>
      <div {...tips.areaProps}>
        <WideTable label={label} stickyEnd>
          <Table
            aria-label={label}
            highlightOnHover
            verticalSpacing="xs"
            horizontalSpacing={horizontalSpacing}
            fz="sm"
            data-testid={testId}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </WideTable>
      </div>
      {tips.tooltip}
    </>
  );
}
