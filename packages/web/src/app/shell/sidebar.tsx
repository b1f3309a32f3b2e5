import { Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import { productTitle, SCREENS, type Screen } from '@psps/contracts';
import {
  IconChartPie,
  IconFileReport,
  IconFileTime,
  IconGauge,
  IconLogout,
  IconMessages,
  IconRocket,
  IconSettings,
  IconUserOff,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { usePublicConfig } from '@/lib/config.ts';
import { hasPermission, useStoredPermissions } from '@/lib/permissions.tsx';
import { keepSame, type Overflow, overflowOf, useMeasureOnResize } from '@/lib/scroll-overflow.ts';
import { session } from '@/lib/storage.ts';
import classes from './sidebar.module.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <IconGauge size={18} />,
  launcher: <IconRocket size={18} />,
  adhoc: <IconMessages size={18} />,
  suppression: <IconUserOff size={18} />,
};
const GROUP_ICONS: Record<string, ReactNode> = {
  'Standard Reports': <IconChartPie size={18} />,
  'Report History': <IconFileTime size={18} />,
  Settings: <IconSettings size={18} />,
};

/** In the narrow sidebar (1024 px laptops) tighter insets keep every menu label on one line. */
const NARROW_ITEM = { px: 8, childrenOffset: 16 } as const;

/**
 * Sidebar: user name and product title, menu items the user's permissions allow, collapsible groups. Every group
 * starts open (the whole menu in sight, Completion included); a group the operator closed opens again when the
 * screen shown moves into it. The menu scrolls with a scrollbar always drawn and a shadow at an edge with more
 * items behind it (a 700 px high compact layout, with the Log out section below it).
 */
export function Sidebar({
  compact,
  narrow = false,
  onNavigate,
  onLogout,
}: {
  compact: boolean;
  narrow?: boolean;
  onNavigate: () => void;
  onLogout: () => void;
}) {
  const { pathname } = useLocation();
  const config = usePublicConfig();
  useStoredPermissions();
  const visible = SCREENS.filter((s) => !s.hidden && hasPermission(s.permission));
  const item = (s: Screen) => (
    <NavLink
      key={s.key}
      component={RouterLink}
      to={s.path}
      label={s.label}
      leftSection={ICONS[s.key] ?? <IconFileReport size={18} />}
      active={pathname === s.path}
      onClick={onNavigate}
      px={narrow ? NARROW_ITEM.px : undefined}
    />
  );
  const entries: ReactNode[] = [];
  const seenGroups = new Set<string>();
  for (const s of visible) {
    if (!s.group) {
      entries.push(item(s));
      continue;
    }
    if (seenGroups.has(s.group)) continue;
    seenGroups.add(s.group);
    const members = visible.filter((m) => m.group === s.group);
    entries.push(
      <MenuGroup
        key={s.group}
        label={s.group}
        icon={GROUP_ICONS[s.group]}
        narrow={narrow}
        current={members.some((m) => m.path === pathname)}
      >
        {members.map(item)}
      </MenuGroup>,
    );
  }

  return (
    <Stack h="100%" gap={0}>
      <Box p="md" pb="sm">
        <Text fw={700} size="sm" c="dimmed" data-testid="sidebar-title">
          {productTitle(config.utilityAbbreviation)}
        </Text>
        <Text fw={600} data-testid="sidebar-user">
          {session.userName()}
        </Text>
      </Box>
      <Divider />
      <ScrollingMenu padding={narrow ? 6 : 'xs'}>
        <nav aria-label="Main menu">{entries}</nav>
      </ScrollingMenu>
      {compact && (
        <>
          <Divider />
          <Box p="xs">
            <NavLink
              component="button"
              label="Log out"
              leftSection={<IconLogout size={18} />}
              onClick={onLogout}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The menu's scrolling box: says (data-more-start, data-more-end) whether items are hidden above or below. */
function ScrollingMenu({ padding, children }: { padding: number | string; children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = overflowOf(el, 'y');
    setOverflow((prev) => keepSame(prev, next));
  }, []);
  // The window's height changes the box, a group opening or closing the menu inside it.
  useMeasureOnResize(scroller, measure);
  return (
    <div
      className={classes.frame}
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
      data-testid="sidebar-menu"
    >
      <Box ref={scroller} className={classes.menu} p={padding} onScroll={measure}>
        {children}
      </Box>
    </div>
  );
}

/** How long a group takes to open (Mantine's Collapse), before what it shows is scrolled into sight. */
const GROUP_OPENING_MS = 250;

/**
 * A collapsible menu group: a real button (Tab reaches it, Enter or Space opens it) that says whether it is open.
 * Open at first, and whenever it holds the current screen; opened by the operator, it is scrolled into sight.
 */
function MenuGroup({
  label,
  icon,
  current,
  narrow,
  children,
}: {
  label: string;
  icon: ReactNode;
  /** It holds the screen shown. */
  current: boolean;
  narrow: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(true);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (current) setOpened(true);
  }, [current]);
  const toggle = (open: boolean) => {
    setOpened(open);
    if (!open) return;
    setTimeout(() => wrapper.current?.scrollIntoView?.({ block: 'nearest' }), GROUP_OPENING_MS);
  };
  return (
    <div ref={wrapper}>
      <NavLink
        component="button"
        type="button"
        label={label}
        leftSection={icon}
        opened={opened}
        onChange={toggle}
        aria-expanded={opened}
        childrenOffset={narrow ? NARROW_ITEM.childrenOffset : 28}
        px={narrow ? NARROW_ITEM.px : undefined}
      >
        {children}
      </NavLink>
    </div>
  );
}
