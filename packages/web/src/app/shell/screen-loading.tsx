import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { LoadingStatus } from '@/components/loading-status.tsx';
import { focusPageHeading } from '@/lib/page-focus.ts';

export const SCREEN_LOADING_TEXT = 'Loading the screen…';

/**
 * Shown in the content area while a screen's code is fetched; the shell stays usable meanwhile. After a move to
 * another screen the focus has gone to the content, which has no heading yet (`useFocusPageHeadingOnNavigation`):
 * when the screen arrives and the focus is still there, it moves on to the screen's heading, as it would have had
 * the screen come at once. A page just loaded keeps the browser's own focus (on the page, not the content).
 */
function ScreenLoading() {
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const content = status.current?.closest('main') ?? null;
    return () => {
      // Runs once the screen (or its error) has replaced this status, before the screen's own effects: a screen
      // that puts the focus in a field of its own still does so.
      if (content && document.activeElement === content) focusPageHeading(content);
    };
  }, []);
  return <LoadingStatus ref={status} label={SCREEN_LOADING_TEXT} />;
}

/** A screen loaded on demand (app/screens.tsx): the loading status until its code has come. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}
