import { bearer, type TestApp } from '../../test/harness.ts';

/** A message of the feed as the engine sends it: SMS of the General child (dataset 11) unless told otherwise. */
export function feedMessage(id: number, status: string, statusDt: string, channel = 'SMS', dataset = 11) {
  return {
    id_bint: id,
    dataset_id_bint: dataset,
    channel,
    person_id_vch: `P${id}`,
    service_agreement_id_vch: `SA${id}`,
    premise_id_vch: `PR${id}`,
    contact_vch: '+14155550100',
    status_vch: status,
    status_dt: statusDt,
  };
}

/** Sends one ingest call with the engine's key: a payload that is a string goes as it is, anything else as JSON. */
export function ingestPoster(t: () => TestApp, key: () => string) {
  return (kind: string, payload: unknown, contentType = 'application/json') =>
    t().app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${kind}`,
      headers: { ...bearer(key()), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
}

/**
 * The event every ingest test starts from: event 1, its root campaign 10 and the General child 11 (or the event and
 * campaigns of the ids given, for a test of its own).
 */
export async function postEventAndCampaign(
  post: ReturnType<typeof ingestPoster>,
  { event, root, child } = { event: 1, root: 10, child: 11 },
): Promise<void> {
  await post('events', [{ id_bint: event, name_vch: 'Event', begin_dt: '2026-11-20T08:00:00Z' }]);
  await post('datasets', [
    { dataset_id_bint: root, event_id_bint: event, title_vch: 'Root' },
    {
      dataset_id_bint: child,
      event_id_bint: event,
      rootDataset_bint: root,
      customer_class: 'GENERAL',
      title_vch: 'General',
    },
  ]);
}
