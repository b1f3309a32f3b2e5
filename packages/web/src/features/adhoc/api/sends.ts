import {
  ADHOC_CALLS,
  ADHOC_OUTBOX_PATH,
  type OutboxSend,
  outboxAnswer,
  type SendTestAnswer,
  type SendTestBody,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { adhocKeys } from './keys.ts';

const { sendTest } = ADHOC_CALLS;

/** A test send; the answer carries its own status (send-email-test answers {status, message}). */
export function useSendTest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestBody): Promise<SendTestAnswer> =>
      apiCall(sendTest.answer, sendTest.path, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: adhocKeys.outbox(id) }),
  });
}

export async function getOutbox(id: number): Promise<OutboxSend[]> {
  const answer = await apiCall(outboxAnswer, `${ADHOC_OUTBOX_PATH}?id_bint_adhoc_campaign=${id}`);
  return answer.response;
}

/** The test sends the outbox adapters recorded for a template, newest first. */
export function useOutbox(id: number) {
  return useQuery({ queryKey: adhocKeys.outbox(id), queryFn: () => getOutbox(id) });
}
