import { ActionIcon, Anchor, AppShell, Burger, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COMPACT_BREAKPOINT_PX, productTitle, SCREENS, SHORT_TITLE_BREAKPOINT_PX } from '@psps/contracts';
import {
  IconDots,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { SkipLink } from '@/components/skip-link.tsx';
import { usePublicConfig } from '@/lib/config.ts';
import { focusPageHeading, useFocusPageHeadingOnNavigation } from '@/lib/page-focus.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useRefreshPermissions } from '@/lib/permissions.tsx';
import { ConnectionLost } from './connection-lost.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSignOut } from './sign-out.tsx';

/**
 * Sidebar widths: the full one from 1280 px; between the compact breakpoint and 1280 px (a 1024 px laptop) a
 * narrower one that still shows every menu label whole, leaving the report tables 30 px more. Compact layouts
 * overlay the sidebar, so they keep the full width.
 */
const SIDEBAR_WIDTH = 250;
const NARROW_SIDEBAR_WIDTH = 220;
const WIDE_LAYOUT_PX = 1280;

/** The sidebar, as the toggle buttons name it (aria-controls). */
const SIDEBAR_ID = 'sidebar';
/** The screen's content, where 'Skip to content' leads. */
const CONTENT_ID = 'content';

/**
 * The window keeps a control reached by Tab clear of the fixed top bar and footer (and of a wide table's
 * sideways scrollbar pinned above the footer, 12 px): the browser scrolled it just into the window, under them, so
 * the focused Delete of a search result near the bottom (or, going back with Shift+Tab, near the top) was hidden.
 * The offsets are Mantine's AppShell variables, so a bar's height is written once.
 */
const SCROLL_PADDING = {
  top: 'calc(var(--app-shell-header-offset, 0rem) + 8px)',
  bottom: 'calc(var(--app-shell-footer-offset, 0rem) + 20px)',
};

function useScrollClearOfBars() {
  useEffect(() => {
    const { style } = document.documentElement;
    style.setProperty('scroll-padding-top', SCROLL_PADDING.top);
    style.setProperty('scroll-padding-bottom', SCROLL_PADDING.bottom);
    return () => {
      style.removeProperty('scroll-padding-top');
      style.removeProperty('scroll-padding-bottom');
    };
  }, []);
}

/** /admin: sidebar, top bar, content, footer (document 1 §2). Compact at 992px or less. */
export function AdminLayout() {
  const compact = useMediaQuery(`(max-width: ${COMPACT_BREAKPOINT_PX}px)`) ?? false;
  const wide = useMediaQuery(`(min-width: ${WIDE_LAYOUT_PX}px)`, true) ?? true;
  const short = useMediaQuery(`(max-width: ${SHORT_TITLE_BREAKPOINT_PX}px)`) ?? false;
  const [desktopCollapsed, setDesktopCollapsed] = useState(false);
  const [mobileOpened, setMobileOpened] = useState(false);
  const { pathname } = useLocation();
  const config = usePublicConfig();
  const signOut = useSignOut();
  useRefreshPermissions();
  // As the router matches: '/admin/voice/' and '/admin/Voice' show the Voice screen, and are named so.
  const pageName = SCREENS.find((s) => matchPath(s.path, pathname))?.label ?? '';
  usePageTitle(pageName);
  const content = useRef<HTMLElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  // A sidebar out of sight (minimised, or the compact layout's closed overlay) is no Tab stop and is not read out.
  const sidebarHidden = compact ? !mobileOpened : desktopCollapsed;
  useFocusPageHeadingOnNavigation(content);
  useScrollClearOfBars();

  const doLogout = () => void signOut.request();

  return (
    <>
      <SkipLink
        target={CONTENT_ID}
        onSkip={() => {
          // The compact layout's open sidebar covers the content (which is inert meanwhile): it closes first.
          flushSync(() => setMobileOpened(false));
          focusPageHeading(content.current);
        }}
      />
      <AppShell
        header={{ height: 56 }}
        footer={{ height: 36 }}
        navbar={{
          width: compact || wide ? SIDEBAR_WIDTH : NARROW_SIDEBAR_WIDTH,
          breakpoint: COMPACT_BREAKPOINT_PX + 1,
          collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed },
        }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {compact ? (
                <Burger
                  ref={burger}
                  opened={mobileOpened}
                  onClick={() => setMobileOpened((o) => !o)}
                  size="sm"
                  aria-label="Toggle sidebar"
                  aria-expanded={mobileOpened}
                  aria-controls={SIDEBAR_ID}
                />
              ) : (
                // The name says what a press does, as the tooltip does; aria-expanded says whether it is shown.
                <Tooltip label={desktopCollapsed ? 'Show sidebar' : 'Minimise sidebar'}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setDesktopCollapsed((c) => !c)}
                    aria-label={desktopCollapsed ? 'Show sidebar' : 'Minimise sidebar'}
                    aria-expanded={!desktopCollapsed}
                    aria-controls={SIDEBAR_ID}
                    size="lg"
                  >
                    {desktopCollapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
                  </ActionIcon>
                </Tooltip>
              )}
              <Anchor component={Link} to="/dashboard" underline="never" c="inherit" data-testid="brand">
                <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
                  {productTitle(config.utilityAbbreviation, short)}
                </Title>
              </Anchor>
              {pageName && (
                <Text c="dimmed" size="sm" truncate data-testid="page-name">
                  {/* The separator is drawn, not read: a screen reader says the page's name alone. */}
                  <span aria-hidden="true">/ </span>
                  {pageName}
                </Text>
              )}
            </Group>
            {!compact && (
              // Opened by Enter or Space, the menu puts the focus on its first item ('Log out'), as a menu button
              // does: Mantine's default focused an unnamed placeholder, where a second Enter did nothing.
              <Menu position="bottom-end" withArrow withInitialFocusPlaceholder={false}>
                <Menu.Target>
                  <ActionIcon variant="subtle" size="lg" aria-label="More">
                    <IconDots />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>More</Menu.Label>
                  <Menu.Item leftSection={<IconLogout size={16} />} onClick={doLogout} data-autofocus>
                    Log out
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          id={SIDEBAR_ID}
          // Mantine's <nav> would wrap the sidebar's own 'Main menu' navigation in a second, unnamed one.
          role="none"
          inert={sidebarHidden}
          // Escape closes the compact layout's sidebar, back to the button that opened it.
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !compact || !mobileOpened) return;
            setMobileOpened(false);
            burger.current?.focus();
          }}
        >
          <Sidebar
            compact={compact}
            narrow={!compact && !wide}
            onNavigate={() => setMobileOpened(false)}
            onLogout={doLogout}
          />
        </AppShell.Navbar>

        <AppShell.Main
          id={CONTENT_ID}
          ref={content}
          // The compact layout's open sidebar covers the whole content: its controls are no Tab stops meanwhile
          // (Tab went on from the sidebar's Log out to buttons hidden under it).
          inert={compact && mobileOpened}
        >
          <ConnectionLost />
          <Outlet />
        </AppShell.Main>

        {signOut.dialog}
        <AppShell.Footer>
          <Group h="100%" px="md">
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()}{' '}
              <Anchor href={config.providerUrl} target="_blank" rel="noopener noreferrer" size="xs">
                {config.providerName}
              </Anchor>
            </Text>
          </Group>
        </AppShell.Footer>
      </AppShell>
    </>
  );
}
