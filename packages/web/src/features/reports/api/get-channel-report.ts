import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import type { ReportChannel } from '../utils/pie.ts';
import { channelReportAnswer } from './types.ts';
import { reportPolling } from './report-query.ts';

export function getChannelReport(channel: ReportChannel, datasetId: number) {
  return apiCall(channelReportAnswer, `/api/${channel}-reports/${datasetId}`);
}

export function useChannelReport(channel: ReportChannel, datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'channel', channel, datasetId],
    queryFn: () => getChannelReport(channel, datasetId as number),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
