import { ActionIcon, Button, Group, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { grouped } from '@/lib/numbers.ts';
import { pageWindow } from '@/lib/page-window.ts';

type Props = {
  /** What is being paged, for screen readers ('Summary pages'). */
  label: string;
  page: number;
  pages: number;
  maxButtons: number;
  /** First and last buttons besides previous and next (the results table has them, the summary does not). */
  withEdges?: boolean;
  size?: 'xs' | 'sm';
  onChange: (page: number) => void;
};

/**
 * Previous/next (and optionally first/last) buttons around a sliding window of page-number buttons. The page shown
 * is said politely ('Page 2 of 106'): a press keeps the focus on its button, so without it a screen reader user
 * heard nothing of the rows changing.
 */
export function PageNav({ label, page, pages, maxButtons, withEdges = false, size = 'sm', onChange }: Props) {
  const iconSize = size === 'xs' ? 14 : 16;
  // An edge button that cannot act (Last page on the last page) stays focusable and says so (aria-disabled): with
  // `disabled`, pressing Last page dropped the keyboard focus to the page as it took the operator there.
  const edge = (target: number, name: string, icon: React.ReactNode, unavailable: boolean) => (
    <ActionIcon
      variant="default"
      size={size === 'xs' ? 28 : 34}
      aria-label={name}
      title={name}
      aria-disabled={unavailable || undefined}
      data-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onChange(target);
      }}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={label} gap={4} wrap="nowrap" style={{ flexWrap: 'wrap' }}>
      {withEdges && edge(1, 'First page', <IconChevronsLeft size={iconSize} />, page <= 1)}
      {edge(page - 1, 'Previous page', <IconChevronLeft size={iconSize} />, page <= 1)}
      {pageWindow(page, pages, maxButtons).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'filled' : 'default'}
          size={size === 'xs' ? 'compact-sm' : 'compact-md'}
          h={size === 'xs' ? 28 : 34}
          miw={size === 'xs' ? 28 : 34}
          px={8}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onChange(n)}
          styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
        >
          {grouped(n)}
        </Button>
      ))}
      {edge(page + 1, 'Next page', <IconChevronRight size={iconSize} />, page >= pages)}
      {withEdges && edge(pages, 'Last page', <IconChevronsRight size={iconSize} />, page >= pages)}
      <VisuallyHidden role="status">
        Page {grouped(page)} of {grouped(pages)}
      </VisuallyHidden>
    </Group>
  );
}
