import { type ChannelReportKind, channelReportAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { reportPolling } from './report-query.ts';

/** GET /api/{voice|sms|email}-reports/{datasetId}. */
export function getChannelReport(kind: ChannelReportKind, datasetId: number) {
  return apiCall(channelReportAnswer, `/api/${kind}-reports/${datasetId}`);
}

export function useChannelReport(kind: ChannelReportKind, datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'channel', kind, datasetId],
    queryFn: () => getChannelReport(kind, datasetId as number),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
