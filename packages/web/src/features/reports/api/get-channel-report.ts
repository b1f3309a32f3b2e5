import { type ChannelReportKind, channelReportAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

/** GET /api/{voice|sms|email}-reports/{datasetId}. */
export function getChannelReport(kind: ChannelReportKind, datasetId: number, signal?: AbortSignal) {
  return reportCall(channelReportAnswer, `/api/${kind}-reports/${datasetId}`, signal);
}

export function useChannelReport(kind: ChannelReportKind, datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'channel', kind, datasetId],
    queryFn: ({ signal }) => getChannelReport(kind, datasetId as number, signal),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
