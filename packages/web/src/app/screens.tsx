import { type ComponentType, lazy } from 'react';
import { importWhenOnline } from '@/lib/import-when-online.ts';

/**
 * A screen's page, fetched the first time it is shown: each screen's code (and the libraries only it uses: the
 * rich-text editor, the charts) is a file of its own, so the login page and the shell do not wait for them.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await importWhenOnline(load)) }));
}

/** Voice, SMS and e-Mail are one page's three channels: one file. */
const channelPage = () => import('@/features/reports/components/channel-page.tsx');

/** The page of each screen of contracts' SCREENS, by key. The app composes features here. */
export const SCREEN_PAGES: Record<string, ComponentType> = {
  dashboard: screen(
    () => import('@/features/dashboard/components/dashboard-page.tsx'),
    (m) => m.DashboardPage,
  ),
  launcher: screen(
    () => import('@/features/launcher/components/launcher-page.tsx'),
    (m) => m.LauncherPage,
  ),
  adhoc: screen(
    () => import('@/features/adhoc/components/adhoc-page.tsx'),
    (m) => m.AdhocPage,
  ),
  events: screen(
    () => import('@/features/reports/components/events-page.tsx'),
    (m) => m.EventsPage,
  ),
  all: screen(
    () => import('@/features/reports/components/all-channels-page.tsx'),
    (m) => m.AllChannelsPage,
  ),
  voice: screen(channelPage, (m) => m.VoicePage),
  sms: screen(channelPage, (m) => m.SmsPage),
  email: screen(channelPage, (m) => m.EmailPage),
  campaign: screen(
    () => import('@/features/reports/components/campaign-report-page.tsx'),
    (m) => m.CampaignReportPage,
  ),
  completion: screen(
    () => import('@/features/completion/components/completion-page.tsx'),
    (m) => m.CompletionPage,
  ),
  suppression: screen(
    () => import('@/features/suppression/components/suppression-page.tsx'),
    (m) => m.SuppressionPage,
  ),
};
