import { ActionIcon, type ActionIconProps, Loader } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import { useBusyClick } from '@/lib/busy-click.ts';

type Props = ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps | 'onClick' | 'disabled'> & {
    /** This button's call is under way: a spinner in place of the icon, aria-busy, clicks ignored. */
    busy?: boolean;
    /** Not available now (another action of the row is under way, nothing to act on): clicks ignored. */
    blocked?: boolean;
    /** A promise keeps the button busy until it settles, so a second click in between cannot act again. */
    onClick: (event: MouseEvent<HTMLButtonElement>) => unknown;
  };

/**
 * A row action icon that keeps the keyboard focus while its call is under way: Mantine's `loading` and `disabled`
 * set the button's `disabled` attribute, which drops the focus to the page. Busy or blocked, it stays focusable and
 * says so (aria-busy, aria-disabled) and ignores clicks, including a second click before the first has re-rendered.
 */
export function BusyActionIcon({ busy = false, blocked = false, onClick, children, ...props }: Props) {
  const inert = busy || blocked;
  const click = useBusyClick(inert, onClick);
  return (
    <ActionIcon
      {...props}
      aria-busy={busy || undefined}
      aria-disabled={inert || props['aria-disabled'] || undefined}
      data-disabled={blocked || props['data-disabled' as keyof typeof props] || undefined}
      onClick={click}
    >
      {busy ? <Loader size={16} color="currentColor" aria-hidden /> : children}
    </ActionIcon>
  );
}
