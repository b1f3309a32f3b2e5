import type { ComponentType } from 'react';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { NotBuiltPage } from '../features/not-built/not-built-page.tsx';
import { SuppressionPage } from '../features/suppression/components/suppression-page.tsx';

const notBuilt = (name: string) => () => <NotBuiltPage name={name} />;

/** The page of each screen of contracts' SCREENS, by key. The app composes features here. */
export const SCREEN_PAGES: Record<string, ComponentType> = {
  dashboard: DashboardPage,
  launcher: notBuilt('Custom Reports'),
  adhoc: notBuilt('AdHoc Campaigns'),
  events: notBuilt('Events'),
  all: notBuilt('All Channels'),
  voice: notBuilt('Voice'),
  sms: notBuilt('SMS'),
  email: notBuilt('e-Mail'),
  campaign: notBuilt('Campaign Report'),
  completion: notBuilt('Completion'),
  suppression: SuppressionPage,
};
