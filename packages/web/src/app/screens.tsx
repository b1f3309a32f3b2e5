import type { ComponentType } from 'react';
import { AdhocPage } from '../features/adhoc/components/adhoc-page.tsx';
import { CompletionPage } from '../features/completion/components/completion-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { LauncherPage } from '../features/launcher/components/launcher-page.tsx';
import { AllChannelsPage } from '../features/reports/components/all-channels-page.tsx';
import { CampaignReportPage } from '../features/reports/components/campaign-report-page.tsx';
import { EmailPage, SmsPage, VoicePage } from '../features/reports/components/channel-page.tsx';
import { EventsPage } from '../features/reports/components/events-page.tsx';
import { SuppressionPage } from '../features/suppression/components/suppression-page.tsx';

/** The page of each screen of contracts' SCREENS, by key. The app composes features here. */
export const SCREEN_PAGES: Record<string, ComponentType> = {
  dashboard: DashboardPage,
  launcher: LauncherPage,
  adhoc: AdhocPage,
  events: EventsPage,
  all: AllChannelsPage,
  voice: VoicePage,
  sms: SmsPage,
  email: EmailPage,
  campaign: CampaignReportPage,
  completion: CompletionPage,
  suppression: SuppressionPage,
};
