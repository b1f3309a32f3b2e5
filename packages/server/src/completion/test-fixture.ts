import type { Pool } from 'pg';
import { bearer, type TestApp } from '../../test/harness.ts';

/** Sends records of one kind through the ingest API as the messaging engine, failing unless they are taken. */
export async function ingestRecords(
  t: TestApp,
  key: string,
  kind: string,
  records: unknown[],
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/ingest/${kind}`,
    headers: bearer(key),
    payload: records,
  });
  if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
}

/**
 * The completion tests' campaigns, fed through the ingest API like the messaging engine would.
 *
 * Event 7, root campaign 500 'Sierra Foothills: 48-Hour Advance Notice' (launched 2026-11-20 09:00 UTC,
 * medical-baseline retry 2026-11-20 11:00 UTC, so its completion report is due), children 501 (Medical
 * Baseline) and 502 (General). Root 600 'North Bay: Imminent Shutoff' has no retry time yet (not due).
 *
 * Medical Baseline (501), reached = voice ANSWERED, SMS DELIVERED, e-mail DELIVERED or OPENED:
 *   P-A  voice ANSWERED (1 attempt), SMS DELIVERED                      -> reached
 *   P-B  voice NO_ANSWER (3), SMS UNDELIVERED (2), e-mail BOUNCED (1)    -> NOT reached (address is a formula)
 *   P-C  voice BUSY (2) on one number, MACHINE (1) on another            -> NOT reached
 *   P-D  voice FAILED (1), e-mail OPENED                                -> reached
 * General (502):
 *   P-E  voice ANSWERED, SMS DELIVERED; the SMS link was clicked (ingest clicks feed)
 * P-A's SMS link is a tracked link (code 'pa-sms-link') clicked twice through GET /l/{code}.
 */
export async function seedCompletionFixture(t: TestApp): Promise<{ ingestKey: string }> {
  const key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  const ok = (kind: string, records: unknown[]) => ingestRecords(t, key, kind, records);
  await ok('events', [{ id_bint: 7, name_vch: 'Sierra Foothills PSPS', begin_dt: '2026-11-20T08:00:00Z' }]);
  const retry = { medbaseRetry_dt: '2026-11-20T11:00:00Z' };
  const root = {
    event_id_bint: 7,
    created_dt: '2026-11-20T08:15:00Z',
    launched_dt: '2026-11-20T09:00:00Z',
  };
  await ok('datasets', [
    { ...root, ...retry, dataset_id_bint: 500, title_vch: 'Sierra Foothills: 48-Hour Advance Notice' },
    {
      ...root,
      ...retry,
      dataset_id_bint: 501,
      rootDataset_bint: 500,
      customer_class: 'MEDICAL_BASELINE',
      title_vch: 'Sierra Foothills: Medical Baseline',
    },
    {
      ...root,
      ...retry,
      dataset_id_bint: 502,
      rootDataset_bint: 500,
      customer_class: 'GENERAL',
      title_vch: 'Sierra Foothills: General',
    },
    { ...root, dataset_id_bint: 600, title_vch: 'North Bay: Imminent Shutoff' },
    {
      ...root,
      dataset_id_bint: 601,
      rootDataset_bint: 600,
      customer_class: 'MEDICAL_BASELINE',
      title_vch: 'North Bay: Medical Baseline',
    },
  ]);
  const m = fixtureMessage;
  const a = { premise_address_vch: '12 Oak St, Paradise, CA 95969', language_vch: 'english' };
  const b = { premise_address_vch: '=HYPERLINK("http://evil.example")', language_vch: 'spanish' };
  const c = { premise_address_vch: '7 Ridge Rd, Magalia, CA 95954', language_vch: 'english' };
  const d = { premise_address_vch: '3 Elm Ct, Chico, CA 95928', language_vch: 'vietnamese' };
  await ok('messages', [
    m(5011, 501, 'A', 'PHON', '+14155550101', 'ANSWERED', 1, '09:10', a),
    m(5012, 501, 'A', 'SMS', '+14155550101', 'DELIVERED', 1, '09:11', a),
    m(5013, 501, 'B', 'PHON', '+14155550102', 'NO_ANSWER', 3, '10:40', b),
    m(5014, 501, 'B', 'SMS', '+14155550102', 'UNDELIVERED', 2, '10:41', b),
    m(5015, 501, 'B', 'EMAIL', 'b@example.com', 'BOUNCED', 1, '09:15', b),
    m(5016, 501, 'C', 'PHON', '+14155550103', 'BUSY', 2, '10:10', c),
    m(5017, 501, 'C', 'PHON', '+14155550104', 'MACHINE', 1, '10:20', c),
    m(5018, 501, 'D', 'PHON', '+14155550105', 'FAILED', 1, '09:20', d),
    m(5019, 501, 'D', 'EMAIL', 'd@example.com', 'OPENED', 1, '09:25', d),
    m(5021, 502, 'E', 'PHON', '+14155550106', 'ANSWERED', 1, '09:30', { language_vch: 'english' }),
    m(5022, 502, 'E', 'SMS', '+14155550106', 'DELIVERED', 1, '09:31', { language_vch: 'english' }),
  ]);
  await ok('clicks', [{ id_bint: 5022, clicked_dt: '2026-11-20T10:45:00Z' }]);
  return { ingestKey: key };
}

/** A message of the feed for person `P-{person}` (service agreement SA-, premise PR-), at `at` on 2026-11-20 UTC. */
export const fixtureMessage = (
  id: number,
  dataset: number,
  person: string,
  channel: 'PHON' | 'SMS' | 'EMAIL',
  contact: string,
  status: string,
  attempts: number,
  at: string,
  extra: object = {},
) => ({
  id_bint: id,
  dataset_id_bint: dataset,
  channel,
  person_id_vch: `P-${person}`,
  service_agreement_id_vch: `SA-${person}`,
  premise_id_vch: `PR-${person}`,
  contact_vch: contact,
  status_vch: status,
  attempts_int: attempts,
  status_dt: `2026-11-20T${at}:00Z`,
  created_dt: '2026-11-20T08:30:00Z',
  ...extra,
});

/**
 * Holds every report's generation at its first read of the campaign's messages (a lock on the table, taken in a
 * transaction of its own) until the returned function is called: a test can then act while a report is being made,
 * however fast the queue starts its job. Launches, refreshes and resends do not read the messages.
 */
export async function holdReportGeneration(db: Pool): Promise<() => Promise<void>> {
  const client = await db.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE messages IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    client.release();
  };
}

/** Polls `check` until it answers a value (not undefined), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
