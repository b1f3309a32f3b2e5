import type { Permission } from './permissions.ts';

/** A console screen: its route under /admin, its menu label, the permission it needs (null: any signed-in user). */
export type Screen = {
  key: string;
  path: string;
  label: string;
  permission: Permission | null;
  group?: 'Standard Reports' | 'Report History' | 'Settings';
  /** Not in the menu (document 1 §2: the 'hidden Settings group'). */
  hidden?: true;
};

/** The admin routes of document 1 §2 and document 2 §2, in menu order. */
export const SCREENS: readonly Screen[] = [
  { key: 'dashboard', path: '/admin/dashboard', label: 'Dashboard', permission: null },
  { key: 'launcher', path: '/admin/launcher', label: 'Custom Reports', permission: 'REPORTING' },
  { key: 'adhoc', path: '/admin/adhoc-campaigns', label: 'AdHoc Campaigns', permission: 'REPORTING' },
  {
    key: 'events',
    path: '/admin/standard-reports-events',
    label: 'Events',
    permission: 'REPORTING',
    group: 'Standard Reports',
  },
  {
    key: 'all',
    path: '/admin/standard-reports-all',
    label: 'All Channels',
    permission: 'REPORTING',
    group: 'Standard Reports',
  },
  { key: 'voice', path: '/admin/voice', label: 'Voice', permission: 'REPORTING', group: 'Standard Reports' },
  { key: 'sms', path: '/admin/sms', label: 'SMS', permission: 'REPORTING', group: 'Standard Reports' },
  { key: 'email', path: '/admin/email', label: 'e-Mail', permission: 'REPORTING', group: 'Standard Reports' },
  {
    key: 'campaign',
    path: '/admin/campaign-report',
    label: 'Campaign Report',
    permission: 'REPORTING',
    group: 'Standard Reports',
  },
  {
    key: 'completion',
    path: '/admin/completion',
    label: 'Completion',
    permission: 'REPORTING',
    group: 'Report History',
  },
  { key: 'suppression', path: '/admin/suppression', label: 'SUPPRESSION', permission: 'SUPPRESSION' },
  {
    key: 'settings-login',
    path: '/auth/login-page',
    label: 'Login Page',
    permission: 'SETTINGS',
    group: 'Settings',
    // Hidden, as document 1 §2 says: its one entry, the login page, leads a signed-in user back to the dashboard.
    hidden: true,
  },
];

export const MENU_GROUPS = ['Standard Reports', 'Report History', 'Settings'] as const;

export const LOGIN_PATH = '/auth/login-page';
export const HOME_PATH = '/admin/dashboard';
