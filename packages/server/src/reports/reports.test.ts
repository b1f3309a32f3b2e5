import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { dashboardService } from '../dashboard/service.ts';
import { feedMessage } from '../ingest/test-fixture.ts';

/**
 * A hand-built fixture, fed through the ingest API like the messaging engine would:
 * event 1 with root campaign 100 and children 101 (Medical Baseline) and 102 (Critical Essential), no
 * General child; event 2 with root 200 and no children.
 *
 *   101: voice ANSWERED, MACHINE, PENDING · SMS DELIVERED, QUEUED · e-mail OPENED      (6 messages)
 *   102: voice BUSY · SMS FAILED · e-mail DEFERRED, BOUNCED                             (4 messages)
 */
let t: TestApp;
let token: string;
let key: string;

const ingest = (kind: string, records: unknown[]) =>
  t.app.inject({ method: 'POST', url: `/api/v1/ingest/${kind}`, headers: bearer(key), payload: records });
const get = (url: string) => t.app.inject({ url, headers: bearer(token) });

function message(id: number, dataset: number, channel: string, status: string) {
  return {
    ...feedMessage(id, status, '2026-11-20T09:30:00Z', channel, dataset),
    contact_vch: channel === 'EMAIL' ? `p${id}@example.com` : `+1415555${String(id).padStart(4, '0')}`,
    created_dt: '2026-11-20T08:30:00Z',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['REPORTING']);
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  const ok = async (kind: string, records: unknown[]) => {
    const res = await ingest(kind, records);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
  };
  await ok('events', [
    { id_bint: 1, name_vch: 'Sierra Foothills PSPS', begin_dt: '2026-11-20T08:00:00Z' },
    { id_bint: 2, name_vch: 'North Bay PSPS', begin_dt: '2026-11-21T08:00:00Z' },
  ]);
  await ok('datasets', [
    {
      dataset_id_bint: 100,
      event_id_bint: 1,
      title_vch: '48-hour notice',
      CMD: 'ADVANCE_48H',
      tag_title_vch: 'Power shutoff possible',
      tag_line_vch: 'Prepare now',
      created_dt: '2026-11-20T08:15:00Z',
      launched_dt: '2026-11-20T09:00:00Z',
    },
    {
      dataset_id_bint: 101,
      event_id_bint: 1,
      rootDataset_bint: 100,
      customer_class: 'MEDICAL_BASELINE',
      title_vch: '48-hour notice MB',
      created_dt: '2026-11-20T08:16:00Z',
      launched_dt: '2026-11-20T09:00:00Z',
    },
    {
      dataset_id_bint: 102,
      event_id_bint: 1,
      rootDataset_bint: 100,
      customer_class: 'CRITICAL_ESSENTIAL',
      title_vch: '48-hour notice CE',
      created_dt: '2026-11-20T08:17:00Z',
    },
    {
      dataset_id_bint: 200,
      event_id_bint: 2,
      title_vch: 'North Bay notice',
      created_dt: '2026-11-21T08:10:00Z',
    },
  ]);
  await ok('messages', [
    message(1, 101, 'PHON', 'ANSWERED'),
    message(2, 101, 'PHON', 'MACHINE'),
    message(3, 101, 'PHON', 'PENDING'),
    message(4, 101, 'SMS', 'DELIVERED'),
    message(5, 101, 'SMS', 'QUEUED'),
    message(6, 101, 'EMAIL', 'OPENED'),
    message(7, 102, 'PHON', 'BUSY'),
    message(8, 102, 'SMS', 'FAILED'),
    message(9, 102, 'EMAIL', 'DEFERRED'),
    message(10, 102, 'EMAIL', 'BOUNCED'),
  ]);
});
afterAll(() => t.close());

describe('campaign list', () => {
  it('lists root campaigns with the sums of their children, not yet launched first', async () => {
    const res = await get('/api/campaign-list/');
    expect(res.statusCode).toBe(200);
    const [campaigns] = res.json();
    expect(campaigns.map((c: { dataset_id_bint: number }) => c.dataset_id_bint)).toEqual([200, 100]);
    expect(campaigns[1]).toEqual({
      dataset_id_bint: 100,
      title_vch: '48-hour notice',
      launched_dt: '2026-11-20T09:00:00.000Z',
      created_dt: '2026-11-20T08:15:00.000Z',
      processed_dt: null,
      totalrecords_int: 10,
      voicecount_int: 4,
      smscount_int: 3,
      emailcount_int: 3,
      event_id_bint: 1,
      CMD: 'ADVANCE_48H',
      medbaseRetry_dt: null,
    });
    expect(campaigns[0]).toMatchObject({ dataset_id_bint: 200, totalrecords_int: 0, launched_dt: null });
  });
});

describe('campaign tree', () => {
  it('answers the root, then Medical Baseline, Critical Essential and General rows', async () => {
    const res = await get('/api/proc_reports_campaignTree/100');
    expect(res.statusCode).toBe(200);
    const [root, mb, ce, general] = res.json();
    expect(root).toHaveLength(1);
    expect(root[0]).toMatchObject({ dataset_id_bint: 100, totalrecords_int: 10, voicecount_int: 4 });
    expect(mb).toEqual([
      {
        dataset_id_bint: 101,
        title_vch: '48-hour notice MB',
        launched_dt: '2026-11-20T09:00:00.000Z',
        created_dt: '2026-11-20T08:16:00.000Z',
        processed_dt: null,
        totalrecords_int: 6,
        voicecount_int: 3,
        smscount_int: 2,
        emailcount_int: 1,
      },
    ]);
    expect(ce).toEqual([
      expect.objectContaining({
        dataset_id_bint: 102,
        totalrecords_int: 4,
        voicecount_int: 1,
        smscount_int: 1,
      }),
    ]);
    expect(general).toEqual([]); // the console shows 'none'
  });

  it("answers the root's tree for a child campaign's id", async () => {
    const res = await get('/api/proc_reports_campaignTree/102');
    expect(res.json()[0][0].dataset_id_bint).toBe(100);
  });

  it('answers 404 for an unknown campaign and 400 for a malformed id', async () => {
    const unknown = await get('/api/proc_reports_campaignTree/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'There is no campaign 999.' });
    const malformed = await get('/api/proc_reports_campaignTree/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('bad_request');
    // A whole number, only too large: the answer says the range rather than calling it not whole.
    const huge = await get('/api/proc_reports_campaignTree/99999999999999999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      'The datasetId in the address is too large: it must be from 1 to 9007199254740991.',
    );
    expect((await get('/api/proc_reports_campaignTree/1.5')).json().message).toBe(
      'The datasetId in the address must be a whole number.',
    );
  });
});

describe('events', () => {
  it('lists events newest first with their record counts', async () => {
    const res = await get('/api/proc_events_getList/');
    expect(res.json()).toEqual([
      [
        { id_bint: 2, name_vch: 'North Bay PSPS', begin_dt: '2026-11-21T08:00:00.000Z', recordCount: 0 },
        {
          id_bint: 1,
          name_vch: 'Sierra Foothills PSPS',
          begin_dt: '2026-11-20T08:00:00.000Z',
          recordCount: 10,
        },
      ],
    ]);
  });

  it("lists an event's root campaigns", async () => {
    const res = await get('/api/proc_events_getCampaigns/1');
    const [campaigns] = res.json();
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ dataset_id_bint: 100, totalrecords_int: 10 });
    expect((await get('/api/proc_events_getCampaigns/3')).statusCode).toBe(404);
  });

  it('answers the grid: each root followed by its children', async () => {
    const res = await get('/api/sql/proc_reports_gridTreeEvents/1');
    expect(res.statusCode).toBe(200);
    const [rows] = res.json();
    expect(rows).toEqual([
      {
        id_bint: 1,
        name_vch: 'Sierra Foothills PSPS',
        dataset_id_bint: 100,
        rootDataset_bint: 100,
        CMD: 'ADVANCE_48H',
        type: 'Root',
        title_vch: '48-hour notice',
        created_dt: '2026-11-20T08:15:00.000Z',
        launched_dt: '2026-11-20T09:00:00.000Z',
        processed_dt: null,
        totalrecords_int: 10,
        voicecount_int: 4,
        smscount_int: 3,
        emailcount_int: 3,
      },
      expect.objectContaining({
        dataset_id_bint: 101,
        rootDataset_bint: 100,
        type: 'Medical Baseline',
        totalrecords_int: 6,
      }),
      expect.objectContaining({
        dataset_id_bint: 102,
        rootDataset_bint: 100,
        type: 'Critical Essential',
        totalrecords_int: 4,
      }),
    ]);
    expect((await get('/api/sql/proc_reports_gridTreeEvents/9')).statusCode).toBe(404);
  });

  it('downloads the grid as RFC 4180 CSV with a header row and formula-safe cells', async () => {
    await ingest('events', [
      { id_bint: 3, name_vch: '=HYPERLINK("x"), "quoted"', begin_dt: '2026-11-22T08:00:00Z' },
    ]);
    await ingest('datasets', [
      {
        dataset_id_bint: 300,
        event_id_bint: 3,
        title_vch: '@risk, area',
        created_dt: '2026-11-22T08:00:00Z',
      },
    ]);
    const res = await get('/csv/proc_reports_gridTreeEvents/3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="event-3.csv"');
    expect(res.body).toBe(
      '#,MB-EVT-ID,Event Name,MB-DS-ID,MB-ROOT-ID,Type,Title,Imported,Queued,Processed,Total Messages,Voice Count,SMS Count,e-Mail Count\r\n' +
        `1,3,"'=HYPERLINK(""x""), ""quoted""",300,300,Root,"'@risk, area",2026-11-22T08:00:00.000Z,,,0,0,0,0\r\n`,
    );
    const csv = await get('/csv/proc_reports_gridTreeEvents/1');
    expect(csv.body.split('\r\n')).toHaveLength(5); // header, 3 rows, final line break
  });

  it("downloads one campaign's rows of the grid (its root and children), as the combined report shows them", async () => {
    await ingest('events', [{ id_bint: 5, name_vch: 'Two campaigns', begin_dt: '2026-11-23T08:00:00Z' }]);
    await ingest('datasets', [
      { dataset_id_bint: 500, event_id_bint: 5, title_vch: 'First', created_dt: '2026-11-23T08:10:00Z' },
      {
        dataset_id_bint: 501,
        event_id_bint: 5,
        rootDataset_bint: 500,
        customer_class: 'MEDICAL_BASELINE',
        title_vch: 'First MB',
        created_dt: '2026-11-23T08:11:00Z',
      },
      { dataset_id_bint: 600, event_id_bint: 5, title_vch: 'Second', created_dt: '2026-11-23T09:10:00Z' },
    ]);
    const all = await get('/csv/proc_reports_gridTreeEvents/5');
    // Every line ends with CRLF: the last piece is the empty text after the last one.
    const lines = all.body.split('\r\n').slice(0, -1);
    expect(lines.map((line) => line.split(',')[3])).toEqual(['MB-DS-ID', '500', '501', '600']);
    const one = await get('/csv/proc_reports_gridTreeEvents/5?datasetId=500');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toBe('attachment; filename="event-5-campaign-500.csv"');
    expect(one.body.split('\r\n').map((line) => line.split(',').slice(0, 7).join(','))).toEqual([
      '#,MB-EVT-ID,Event Name,MB-DS-ID,MB-ROOT-ID,Type,Title',
      '1,5,Two campaigns,500,500,Root,First',
      '2,5,Two campaigns,501,500,Medical Baseline,First MB',
      '',
    ]);
    const elsewhere = await get('/csv/proc_reports_gridTreeEvents/5?datasetId=100');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Campaign 100 is not a campaign of event 5.');
    expect((await get('/csv/proc_reports_gridTreeEvents/5?datasetId=x')).statusCode).toBe(400);
  });

  it('answers 404 for a campaign asked of an event that has no campaigns, not an empty file', async () => {
    await ingest('events', [{ id_bint: 7, name_vch: 'No campaigns yet', begin_dt: '2026-11-23T08:00:00Z' }]);
    expect((await get('/csv/proc_reports_gridTreeEvents/7')).statusCode).toBe(200);
    const res = await get('/csv/proc_reports_gridTreeEvents/7?datasetId=100');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Campaign 100 is not a campaign of event 7.');
  });

  it('writes the CSV times as the screen shows them in the time zone given as tz, each with its UTC offset, and refuses an unknown zone', async () => {
    const la = await get('/csv/proc_reports_gridTreeEvents/3?tz=America/Los_Angeles');
    expect(la.statusCode).toBe(200);
    expect(la.body.split('\r\n')[1]).toBe(
      `1,3,"'=HYPERLINK(""x""), ""quoted""",300,300,Root,"'@risk, area",2026-11-22 00:00:00 -08:00,,,0,0,0,0`,
    );
    const utc = await get('/csv/proc_reports_gridTreeEvents/3?tz=UTC');
    expect(utc.body.split('\r\n')[1]).toContain(',2026-11-22 08:00:00 +00:00,');
    // Summer time: each time carries the offset of its own instant.
    await ingest('events', [{ id_bint: 4, name_vch: 'Summer PSPS', begin_dt: '2026-07-01T19:00:00Z' }]);
    await ingest('datasets', [
      {
        dataset_id_bint: 400,
        event_id_bint: 4,
        title_vch: 'Summer notice',
        created_dt: '2026-07-01T19:05:09Z',
        launched_dt: '2026-11-02T09:30:00Z',
      },
    ]);
    const summer = await get('/csv/proc_reports_gridTreeEvents/4?tz=America/Los_Angeles');
    expect(summer.body.split('\r\n')[1]).toBe(
      '1,4,Summer PSPS,400,400,Root,Summer notice,2026-07-01 12:05:09 -07:00,2026-11-02 01:30:00 -08:00,,0,0,0,0',
    );
    // Without tz the file keeps ISO 8601 UTC.
    expect((await get('/csv/proc_reports_gridTreeEvents/4')).body.split('\r\n')[1]).toBe(
      '1,4,Summer PSPS,400,400,Root,Summer notice,2026-07-01T19:05:09.000Z,2026-11-02T09:30:00.000Z,,0,0,0,0',
    );
    const bad = await get('/csv/proc_reports_gridTreeEvents/3?tz=Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The query parameter tz is not a time zone this server knows (e.g. America/Los_Angeles).',
    );
  });
});

describe('channel reports', () => {
  it('answers the voice report of a root: total, launch and title, classes, tag, statuses', async () => {
    const res = await get('/api/voice-reports/100');
    expect(res.json()).toEqual([
      [{ TOTAL_COUNT: 4 }],
      [{ launched_dt: '2026-11-20T09:00:00.000Z', title_vch: '48-hour notice' }],
      [
        { customer_class: 'MEDICAL_BASELINE', COUNT: 3 },
        { customer_class: 'CRITICAL_ESSENTIAL', COUNT: 1 },
      ],
      [{ tag_title_vch: 'Power shutoff possible', tag_line_vch: 'Prepare now' }],
      [
        { STATUS: 'PENDING', COUNT: 1 },
        { STATUS: 'ANSWERED', COUNT: 1 },
        { STATUS: 'MACHINE', COUNT: 1 },
        { STATUS: 'BUSY', COUNT: 1 },
      ],
    ]);
  });

  it('answers the SMS and e-mail reports', async () => {
    const sms = (await get('/api/sms-reports/100')).json();
    expect(sms[0]).toEqual([{ TOTAL_COUNT: 3 }]);
    expect(sms[4]).toEqual([
      { STATUS: 'QUEUED', COUNT: 1 },
      { STATUS: 'DELIVERED', COUNT: 1 },
      { STATUS: 'FAILED', COUNT: 1 },
    ]);
    const email = (await get('/api/email-reports/102')).json();
    expect(email[0]).toEqual([{ TOTAL_COUNT: 2 }]);
    expect(email[2]).toEqual([{ customer_class: 'CRITICAL_ESSENTIAL', COUNT: 2 }]);
    expect(email[3]).toEqual([{ tag_title_vch: null, tag_line_vch: null }]);
    expect(email[4]).toEqual([
      { STATUS: 'DEFERRED', COUNT: 1 },
      { STATUS: 'BOUNCED', COUNT: 1 },
    ]);
  });

  it('answers 404 for an unknown campaign', async () => {
    for (const kind of ['voice', 'sms', 'email']) {
      const res = await get(`/api/${kind}-reports/4242`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });
});

describe('all-channels summary', () => {
  it('answers [[]] before any snapshot, then the snapshot written when the campaign completes', async () => {
    expect((await get('/api/all-reports-summary/100')).json()).toEqual([[]]);
    const done = await ingest('datasets', [
      {
        dataset_id_bint: 100,
        event_id_bint: 1,
        title_vch: '48-hour notice',
        processed_dt: '2026-11-20T12:00:00Z',
      },
    ]);
    expect(done.json()).toEqual({ received: 1, inserted: 0, updated: 1, ignored: 0 });
    const [[s]] = (await get('/api/all-reports-summary/100')).json();
    expect(s).toEqual({
      insert_dt: expect.any(String),
      importedALL_bint: 10,
      queuedALL_bint: 9,
      completedALL_bint: 7,
      importedPHON_bint: 4,
      queuedPHON_bint: 3,
      completedPHON_bint: 3,
      importedSMS_bint: 3,
      queuedSMS_bint: 3,
      completedSMS_bint: 2,
      importedEMAIL_bint: 3,
      queuedEMAIL_bint: 3,
      completedEMAIL_bint: 2,
    });
    // Processing time set: kept on later upserts that leave it out, and the tag line too.
    const [campaigns] = (await get('/api/campaign-list/')).json();
    expect(campaigns.find((c: { dataset_id_bint: number }) => c.dataset_id_bint === 100)).toMatchObject({
      processed_dt: '2026-11-20T12:00:00.000Z',
      CMD: 'ADVANCE_48H',
    });
  });
});

describe('dashboard', () => {
  it('counts messages created today per channel, for any signed-in user; all channels only with OBJECT_ONE', async () => {
    const now = new Date().toISOString();
    await ingest('messages', [
      { ...message(50, 101, 'PHON', 'QUEUED'), created_dt: now },
      { ...message(51, 101, 'SMS', 'QUEUED'), created_dt: now },
      { ...message(52, 102, 'SMS', 'QUEUED'), created_dt: now },
    ]);
    const nobody = await t.signIn([]);
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(nobody) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ all: null, voice: 1, sms: 2, email: 0 });
    expect(res.json().day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const holder = await t.signIn(['OBJECT_ONE']);
    const withAll = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(holder) });
    expect(withAll.json()).toMatchObject({ all: 3, voice: 1, sms: 2, email: 0 });
  });

  it("counts the operator's calendar day when the console names its zone, and the server's day without one", async () => {
    await ingest('messages', [
      { ...message(60, 101, 'PHON', 'QUEUED'), created_dt: '2026-11-20T07:45:00Z' }, // LA 19 Nov 23:45
      { ...message(61, 101, 'SMS', 'QUEUED'), created_dt: '2026-11-19T08:00:00Z' }, // LA 19 Nov 00:00
      { ...message(62, 101, 'EMAIL', 'QUEUED'), created_dt: '2026-11-19T07:59:00Z' }, // LA 18 Nov 23:59
    ]);
    const dashboard = dashboardService(t.ctx.db);
    // 05:00 UTC on 20 November is 21:00 on 19 November in Los Angeles.
    const now = new Date('2026-11-20T05:00:00Z');
    expect(await dashboard.today(now, 'America/Los_Angeles')).toEqual({
      day: '2026-11-19',
      timeZone: 'America/Los_Angeles',
      all: 2,
      voice: 1,
      sms: 1,
      email: 0,
    });
    // The fixture's 10 messages (08:30 UTC on 20 November) and message 60.
    expect(await dashboard.today(now, 'UTC')).toEqual({
      day: '2026-11-20',
      timeZone: 'UTC',
      all: 11,
      voice: 5,
      sms: 3,
      email: 3,
    });
  });

  it('counts the whole 25 hours of the day summer time ends in the zone', async () => {
    await ingest('messages', [
      { ...message(63, 101, 'PHON', 'QUEUED'), created_dt: '2026-11-02T07:30:00Z' }, // LA 1 Nov 23:30 PST
      { ...message(64, 101, 'SMS', 'QUEUED'), created_dt: '2026-11-01T07:00:00Z' }, // LA 1 Nov 00:00 PDT
      { ...message(65, 101, 'EMAIL', 'QUEUED'), created_dt: '2026-11-01T06:45:00Z' }, // LA 31 Oct 23:45
    ]);
    const today = await dashboardService(t.ctx.db).today(
      new Date('2026-11-01T12:00:00Z'),
      'America/Los_Angeles',
    );
    expect(today).toEqual({
      day: '2026-11-01',
      timeZone: 'America/Los_Angeles',
      all: 2,
      voice: 1,
      sms: 1,
      email: 0,
    });
  });

  it('takes the zone as tz, says which day and zone it counted, and refuses an unknown zone', async () => {
    const nobody = await t.signIn([]);
    const la = await t.app.inject({
      url: '/api/v1/dashboard?tz=America/Los_Angeles',
      headers: bearer(nobody),
    });
    expect(la.statusCode).toBe(200);
    // The day is the one Los Angeles clocks show now (worked out here with Intl, not by the server's code).
    const laDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    expect(la.json()).toMatchObject({ day: laDay, timeZone: 'America/Los_Angeles' });
    const kiritimati = await t.app.inject({
      url: '/api/v1/dashboard?tz=Pacific/Kiritimati',
      headers: bearer(nobody),
    });
    expect(kiritimati.json().timeZone).toBe('Pacific/Kiritimati');
    const bad = await t.app.inject({ url: '/api/v1/dashboard?tz=Mars/Olympus', headers: bearer(nobody) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tz is not a time zone this server knows');
    const serverDay = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(nobody) });
    expect(serverDay.statusCode).toBe(200);
    expect(serverDay.json().timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
