import { Box, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { MENU_GROUPS, productTitle, SCREENS, type Screen } from '@psps/contracts';
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
import { type ReactNode, useState } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/config.ts';
import { hasPermission, useStoredPermissions } from '../../lib/permissions.tsx';
import { session } from '../../lib/storage.ts';

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

/** Sidebar: user name and product title, menu items the user's permissions allow, collapsible groups. */
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
        defaultOpened={members.some((m) => m.path === pathname) || s.group === MENU_GROUPS[0]}
      >
        {members.map(item)}
      </MenuGroup>,
    );
  }

  return (
    <Stack h="100%" gap={0}>
      <Box p="md" pb="sm">
        <Text fw={700} size="sm" c="dimmed" tt="uppercase" data-testid="sidebar-title">
          {productTitle(config.utilityAbbreviation)}
        </Text>
        <Text fw={600} data-testid="sidebar-user">
          {session.userName()}
        </Text>
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} p={narrow ? 6 : 'xs'}>
        <nav aria-label="Main menu">{entries}</nav>
      </ScrollArea>
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

/** A collapsible menu group: a real button (Tab reaches it, Enter or Space opens it) that says whether it is open. */
function MenuGroup({
  label,
  icon,
  defaultOpened,
  narrow,
  children,
}: {
  label: string;
  icon: ReactNode;
  defaultOpened: boolean;
  narrow: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={narrow ? NARROW_ITEM.childrenOffset : 28}
      px={narrow ? NARROW_ITEM.px : undefined}
    >
      {children}
    </NavLink>
  );
}
