import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent, Ref } from 'react';
import { useBusyClick } from '@/lib/busy-click.ts';

type Props = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'onClick'> & {
    /** This button's call is under way: a spinner in its left section, aria-busy, clicks ignored. */
    busy?: boolean;
    /** A promise keeps the button busy until it settles, so a second click in between cannot act again. */
    onClick: (event: MouseEvent<HTMLButtonElement>) => unknown;
    ref?: Ref<HTMLButtonElement>;
  };

/**
 * A button that keeps the keyboard focus while its call is under way (a test send, Publish, an upload, a
 * refresh): Mantine's `loading` disables it, which drops the focus to the page, also when a confirmation dialog
 * closes and hands the focus back to it. Busy, it stays focusable and says so (aria-busy, aria-disabled) and
 * ignores clicks. `disabled` still disables it (nothing to act on).
 */
export function BusyButton({ busy = false, onClick, leftSection, ...props }: Props) {
  const click = useBusyClick(busy, onClick);
  return (
    <Button
      {...props}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : leftSection}
      aria-busy={busy || undefined}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      data-busy={busy || undefined}
      onClick={click}
    />
  );
}
