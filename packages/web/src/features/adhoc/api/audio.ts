import { type AudioKind, audioPath, audioUploadAnswer, audioUploadPath } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, apiFetch } from '@/lib/api.ts';
import { adhocKeys } from './keys.ts';

/** Uploads a recording under its generated DSSD_… name (multipart, doc 2 §7). */
export async function uploadAudio(kind: AudioKind, dialerAddress: string, file: File, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  const answer = await apiCall(audioUploadAnswer, audioUploadPath(kind, dialerAddress), {
    method: 'POST',
    body: form,
  });
  return answer.response;
}

/**
 * The stored recording as a blob URL for an <audio> element: the audio route needs the bearer token, which
 * an <audio src> cannot send. `uploaded` is part of the key so a new upload is fetched again.
 */
export function useAudioUrl(kind: AudioKind, dialerAddress: string | null, uploaded: string | null) {
  const query = useQuery({
    queryKey: adhocKeys.audio(kind, dialerAddress ?? '', uploaded),
    enabled: dialerAddress !== null && uploaded !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    queryFn: async () => {
      const res = await apiFetch(audioPath(kind, dialerAddress ?? ''));
      return URL.createObjectURL(await res.blob());
    },
  });
  const url = query.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}
