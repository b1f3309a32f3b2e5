import type { ComponentType } from 'react';
import { AdhocPage } from '../features/adhoc/components/adhoc-page.tsx';
import { CompletionPage } from '../features/completion/components/completion-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { LauncherPage } from '../features/launcher/components/launcher-page.tsx';
import { NotBuiltPage } from '../features/not-built/not-built-page.tsx';

const notBuilt = (name: string) => () => <NotBuiltPage name={name} />;

/** The page of each screen of contracts' SCREENS, by key. The app composes features here. */
export const SCREEN_PAGES: Record<string, ComponentType> = {
  dashboard: DashboardPage,
  launcher: LauncherPage,
  adhoc: AdhocPage,
  events: notBuilt('Events'),
  all: notBuilt('All Channels'),
  voice: notBuilt('Voice'),
  sms: notBuilt('SMS'),
  email: notBuilt('e-Mail'),
  campaign: notBuilt('Campaign Report'),
  completion: CompletionPage,
  suppression: notBuilt('SUPPRESSION'),
};
