import {
  ADHOC_CALLS,
  ADHOC_SUMMARY_POLL_MS,
  publishHistoryAnswer,
  publishHistoryPath,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { pollInterval } from '@/lib/poll.ts';
import { adhocKeys } from './keys.ts';

const { summarySelect, publish } = ADHOC_CALLS;

export async function getSummary(id: number) {
  const answer = await apiCall(summarySelect.answer, summarySelect.path, {
    method: 'POST',
    body: { id_bint_adhoc_campaign: id },
  });
  const [voice, sms, email, [meta], gaps] = answer.response;
  return {
    PHON: voice.map((row) => row.language_vch),
    SMS: sms.map((row) => row.language_vch),
    EML: email.map((row) => row.language_vch),
    publish_dt: meta.publish_dt,
    /** Languages stored differently from the last publish: a Re-Publish would send them. */
    editedSincePublish: meta.editedSincePublish,
    /** What publishing would refuse, by the server's own rule (publishGaps). */
    gaps,
  };
}
export type AdhocSummary = Awaited<ReturnType<typeof getSummary>>;

/** Languages configured per channel and the publish time; reloads every 50 s (doc 2 §4). */
export function useSummary(id: number) {
  return useQuery({
    queryKey: adhocKeys.summary(id),
    queryFn: () => getSummary(id),
    refetchInterval: pollInterval(ADHOC_SUMMARY_POLL_MS),
  });
}

export function usePublishHistory(id: number) {
  return useQuery({
    queryKey: adhocKeys.publishHistory(id),
    queryFn: async () => (await apiCall(publishHistoryAnswer, publishHistoryPath(id))).response,
  });
}

export function usePublish(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiCall(publish.answer, publish.path, { method: 'POST', body: { id_bint_adhoc_campaign: id } }))
        .response,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: adhocKeys.summary(id) });
      client.invalidateQueries({ queryKey: adhocKeys.publishHistory(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaign(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaigns() });
    },
  });
}
