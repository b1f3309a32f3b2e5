import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPRESSION_TEXTS, toCsvRow } from '@psps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { openFullUpload } from '../../test/open-upload.ts';
import { planOf } from '../../test/plans.ts';
import { SUPPRESSION_CSV_BOM, SUPPRESSION_CSV_HEADER, suppressionCsvRow } from './csv-out.ts';
import { seedSuppressionDemo } from './demo.ts';
import * as sql from './sql.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The fixture: 13 data lines under a header. Accepted 6 (PHONE +14155550123, EMAIL jane.doe@example.com, ACCOUNT
 * ACCT-0001, SMS +15105550199, SMS +14155550123, PHONE +16505550142), duplicates 2 (lines 3 and 5), rejected 5
 * (lines 7, 8, 9, 12, 15), one blank line (13) not counted.
 */
const MIXED = readFileSync(path.join(here, 'fixtures/upload-mixed.csv'));

let t: TestApp;
let token: string;
let reporter: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['SUPPRESSION'], 'sam@test.local');
  reporter = await t.signIn(['REPORTING']);
});
afterAll(() => t?.close());

const BOUNDARY = '----psps-test-boundary';

function multipart(field: string, content: Buffer | string, fileName = 'list.csv'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function upload(
  kind: 'full' | 'incremental',
  group: string | undefined,
  content: Buffer | string,
  who = token,
  field = kind === 'full' ? 'fullFileUpload' : 'incrementalFileUpload',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/suppress/upload/${kind === 'full' ? 'fullFileUpload' : 'incrementalFileUpload'}`,
    headers: {
      ...bearer(who),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      user: 'someone-else@forged.example',
      ...(group === undefined ? {} : { groupName: group }),
    },
    payload: multipart(field, content),
  });
}

const apply = (uploadId: number, who = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/suppress/upload/fullFileUpload/${uploadId}/apply`,
    headers: bearer(who),
  });

const get = (url: string, who = token) => t.app.inject({ method: 'GET', url, headers: bearer(who) });

/** The active values of a group as `TYPE value` lines, sorted. */
async function activeOf(group: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ v: string }>(
    `SELECT supress_type || ' ' || value_vch AS v FROM suppressions
      WHERE group_vch = $1 AND ended_by IS NULL AND start_ts <= now() AND (end_ts IS NULL OR end_ts > now())
      ORDER BY 1`,
    [group],
  );
  return rows.map((r) => r.v);
}

/** A file of `n` distinct valid US phone numbers starting at 415-200-0000 + from. */
function phones(n: number, from = 0): string {
  let text = '';
  for (let i = from; i < from + n; i++) text += `+1415${String(2_000_000 + i).padStart(7, '0')}\n`;
  return text;
}

describe('full file upload: preview, then apply', () => {
  it('previews the fixture without changing anything, then applies it', async () => {
    const res = await upload('full', 'Opt-out 2026', MIXED);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      status: 200,
      applied: false,
      inserted: 0,
      group: 'Opt-out 2026',
      added: 6,
      removed: 0,
      unchanged: 0,
      duplicates: 2,
      rejected: 5,
    });
    expect(preview.errors.map((e: { line: number }) => e.line)).toEqual([7, 8, 9, 12, 15]);
    expect(preview.errors[4].reason).toBe('Unknown type "FAX": use PHONE, SMS, EMAIL or ACCOUNT');
    expect(preview).toMatchObject({ newGroup: true, similarGroups: [], removedValues: [] });
    expect(await activeOf('Opt-out 2026')).toEqual([]);

    const applied = await apply(preview.uploadId);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      status: 200,
      applied: true,
      inserted: 6,
      added: 6,
      removed: 0,
      unchanged: 0,
      duplicates: 2,
      rejected: 5,
    });
    expect(await activeOf('Opt-out 2026')).toEqual([
      'ACCOUNT ACCT-0001',
      'EMAIL jane.doe@example.com',
      'PHONE +14155550123',
      'PHONE +16505550142',
      'SMS +14155550123',
      'SMS +15105550199',
    ]);
    // Applying twice is refused.
    expect((await apply(preview.uploadId)).statusCode).toBe(409);

    // The same file again: its values are the group's, its repeats still repeats (lines 3 and 5), nothing changes.
    const again = (await upload('full', 'Opt-out 2026', MIXED)).json();
    expect(again).toMatchObject({
      added: 0,
      removed: 0,
      unchanged: 6,
      redated: 0,
      duplicates: 2,
      rejected: 5,
    });
    expect((await apply(again.uploadId)).json()).toMatchObject({ applied: true, inserted: 0, removed: 0 });
    expect(await activeOf('Opt-out 2026')).toHaveLength(6);
  });

  it('replaces the active values: absent ones end (kept as history), new ones start, the rest stay', async () => {
    const file = 'value,type\n+14155550123,PHONE\njane.doe@example.com,EMAIL\n+17075550100,PHONE\n';
    const preview = (await upload('full', 'Opt-out 2026', file)).json();
    expect(preview).toMatchObject({ added: 1, removed: 4, unchanged: 2, duplicates: 0, rejected: 0 });
    expect(preview.newGroup).toBe(false);
    expect(preview.removedValues).toEqual([
      { type: 'ACCOUNT', value: 'ACCT-0001' },
      { type: 'PHONE', value: '+16505550142' },
      { type: 'SMS', value: '+14155550123' },
      { type: 'SMS', value: '+15105550199' },
    ]);
    const applied = (await apply(preview.uploadId)).json();
    expect(applied).toMatchObject({ inserted: 1, added: 1, removed: 4, unchanged: 2 });
    expect(await activeOf('Opt-out 2026')).toEqual([
      'EMAIL jane.doe@example.com',
      'PHONE +14155550123',
      'PHONE +17075550100',
    ]);
    const { rows } = await t.ctx.db.query(
      `SELECT value_vch, ended_by, end_ts IS NOT NULL AS ended FROM suppressions
        WHERE group_vch = 'Opt-out 2026' AND ended_by IS NOT NULL ORDER BY value_vch`,
    );
    expect(rows).toEqual([
      { value_vch: '+14155550123', ended_by: 'sam@test.local', ended: true },
      { value_vch: '+15105550199', ended_by: 'sam@test.local', ended: true },
      { value_vch: '+16505550142', ended_by: 'sam@test.local', ended: true },
      { value_vch: 'ACCT-0001', ended_by: 'sam@test.local', ended: true },
    ]);
  });

  it('refuses a full upload without one valid value: it would empty the group', async () => {
    const before = await activeOf('Opt-out 2026');
    const res = await upload('full', 'Opt-out 2026', 'not a phone\nalso@@bad\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      error: 'no_valid_values',
      message:
        'The file has no valid value, so a full upload would remove every value of the group Opt-out 2026. Nothing was changed. To empty a group, delete it instead.',
    });
    expect(await activeOf('Opt-out 2026')).toEqual(before);
  });

  it('refuses to apply when the group changed after the preview, or the preview expired', async () => {
    const preview = (await upload('full', 'Opt-out 2026', 'a@b.org\n')).json();
    expect(preview).toMatchObject({ added: 1, removed: 3, unchanged: 0 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/suppress/deleteById/groupNameAndType',
      headers: bearer(token),
      payload: { groupName: 'Opt-out 2026', type: 'EMAIL' },
    });
    expect(del.json()).toEqual({ status: 200, deleted: 1 });
    const refused = await apply(preview.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The group "Opt-out 2026" changed after this preview. Upload the file again to see a fresh preview.',
    );

    const late = (await upload('full', 'Opt-out 2026', 'a@b.org\n')).json();
    await t.ctx.db.query(
      "UPDATE suppression_uploads SET expires_ts = now() - interval '1 second' WHERE id = $1",
      [late.uploadId],
    );
    const expired = await apply(late.uploadId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      status: 409,
      message: 'This preview has expired. Upload the file again to see a fresh preview.',
    });
    expect(await activeOf('Opt-out 2026')).toEqual(['PHONE +14155550123', 'PHONE +17075550100']);
    // Refused previews are closed for good.
    const { rows } = await t.ctx.db.query(
      'SELECT status FROM suppression_uploads WHERE id IN ($1, $2) ORDER BY id',
      [preview.uploadId, late.uploadId],
    );
    expect(rows).toEqual([{ status: 'failed' }, { status: 'expired' }]);
  });

  it("sends nothing without a group name: 'Please enter the group name!'", async () => {
    const res = await upload('full', undefined, MIXED);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: SUPPRESSION_TEXTS.groupNameMissing });
    const { rows } = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM suppression_uploads WHERE group_vch = ''",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('incremental file upload', () => {
  it("needs an existing group: 'Please enter existing group name!', naming groups of nearly that name", async () => {
    const res = await upload('incremental', 'No such group', MIXED);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: SUPPRESSION_TEXTS.groupNameUnknown,
      similarGroups: [],
    });
    const typo = await upload('incremental', 'opt-out  2026', MIXED);
    expect(typo.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: SUPPRESSION_TEXTS.groupNameUnknown,
      similarGroups: ['Opt-out 2026'],
    });
  });

  it('refuses a file without one valid value (empty, or only bad lines) instead of reporting success', async () => {
    const before = await activeOf('Opt-out 2026');
    const empty = await upload('incremental', 'Opt-out 2026', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      status: 400,
      error: 'no_valid_values',
      message:
        'The file holds no values: it is empty, or has only blank lines or a header line. Nothing was changed.',
      errors: [],
    });
    const headerOnly = await upload('incremental', 'Opt-out 2026', '\uFEFFVALUE,TYPE\r\n\r\n');
    expect(headerOnly.json()).toEqual({
      status: 400,
      error: 'no_valid_values',
      message:
        'The file holds no values: it is empty, or has only blank lines or a header line. Nothing was changed.',
      errors: [],
    });
    const bad = await upload('incremental', 'Opt-out 2026', 'value\nnot a value\n555-01\n');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, error: 'no_valid_values' });
    expect(bad.json().errors).toEqual([
      { line: 2, reason: expect.stringContaining('"not a value"') },
      { line: 3, reason: '"555-01" is not a phone number: wrong number of digits' },
    ]);
    expect(await activeOf('Opt-out 2026')).toEqual(before);
  });

  it('adds the fixture to a group; values already active count as duplicates', async () => {
    // 'Opt-out 2026' holds PHONE +14155550123 and PHONE +17075550100 (previous tests).
    const res = await upload('incremental', 'Opt-out 2026', MIXED);
    expect(res.statusCode).toBe(200);
    // Accepted 6, of which PHONE +14155550123 is already active: inserted 5, duplicates 2 in the file + 1 = 3.
    expect(res.json()).toEqual({
      status: 200,
      inserted: 5,
      redated: 0,
      duplicates: 3,
      rejected: 5,
      errors: expect.arrayContaining([
        { line: 8, reason: '"555-01" is not a phone number: wrong number of digits' },
      ]),
      header: { text: 'value,type' },
    });
    expect(res.json().errors).toHaveLength(5);
    expect(await activeOf('Opt-out 2026')).toHaveLength(7);
  });

  it('records who did it from the session, not from the user header, in the audit log', async () => {
    const { rows } = await t.ctx.db.query(
      `SELECT actor, action, target, details FROM audit_log WHERE action LIKE 'suppression.%' ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      'suppression.upload.full',
      'suppression.upload.full',
      'suppression.upload.full',
      'suppression.delete.group',
      'suppression.upload.incremental',
    ]);
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set(['sam@test.local']));
    expect(rows[1].details).toMatchObject({ added: 0, removed: 0, unchanged: 6, rows: 0 });
    expect(rows[2].details).toMatchObject({ added: 1, removed: 4, unchanged: 2, rows: 5 });
    expect(rows[3].details).toEqual({ type: 'EMAIL', rows: 1 });
    expect(rows[4].details).toMatchObject({ inserted: 5, duplicates: 3, rejected: 5, rows: 5 });
  });
});

describe('a failed or interrupted upload leaves the list exactly as it was', () => {
  it('a file that breaks after 20,000 good lines changes nothing', async () => {
    const before = await activeOf('Opt-out 2026');
    const broken = Buffer.concat([Buffer.from(phones(20_000)), Buffer.from([0xff, 0xfe, 0x0a])]);
    for (const kind of ['full', 'incremental'] as const) {
      const res = await upload(kind, 'Opt-out 2026', broken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        message: 'Line 20001: The file is not UTF-8 text; save it as CSV UTF-8 and upload it again',
        errors: [
          { line: 20001, reason: 'The file is not UTF-8 text; save it as CSV UTF-8 and upload it again' },
        ],
      });
    }
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    const { rows } = await t.ctx.db.query('SELECT status FROM suppression_uploads ORDER BY id DESC LIMIT 2');
    expect(rows).toEqual([{ status: 'failed' }, { status: 'failed' }]);
    const staging = await t.ctx.db.query(
      "SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'suppression_staging'::regclass",
    );
    expect(staging.rows).toEqual([]);
  });

  it('a server killed in the middle of an upload leaves the list intact', async () => {
    const before = await activeOf('Opt-out 2026');
    // Node itself runs the server (tsx as a loader, not the tsx CLI, which would run it in a grandchild
    // that SIGKILL does not reach), so the kill below really stops the server mid-upload.
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(here, '../../test/suppression-child-server.ts')],
      { env: { ...process.env, DATABASE_URL: t.databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk) => {
          out += chunk;
          const match = /listening (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.on('exit', () => reject(new Error('the child server stopped')));
      });
      const req = openFullUpload(port, token, 'Opt-out 2026', BOUNDARY);
      // Stream values; once the server has opened the upload, send 100,000 more lines and kill it mid-file.
      let sent = 0;
      let openedAt: number | undefined;
      while (sent < 3_000_000) {
        if (!req.write(phones(10_000, sent))) await new Promise((resolve) => req.once('drain', resolve));
        sent += 10_000;
        if (openedAt === undefined) {
          const { rows } = await t.ctx.db.query(
            "SELECT 1 FROM suppression_uploads WHERE status = 'receiving'",
          );
          if (rows.length > 0) openedAt = sent;
        } else if (sent >= openedAt + 100_000) break;
      }
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      req.destroy();
      expect(sent).toBeLessThan(3_000_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    const { rows } = await t.ctx.db.query('SELECT status FROM suppression_uploads ORDER BY id DESC LIMIT 1');
    expect(rows[0].status).toBe('receiving');
    // The next upload sweeps it once it is an hour old.
    await t.ctx.db.query(
      "UPDATE suppression_uploads SET created_ts = now() - interval '2 hours' WHERE status = 'receiving'",
    );
    expect((await upload('incremental', 'Opt-out 2026', '+17075550100\n')).json()).toMatchObject({
      inserted: 0,
      duplicates: 1,
    });
    const swept = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM suppression_uploads WHERE status = 'receiving'",
    );
    expect(swept.rows[0].n).toBe(0);
    expect(await activeOf('Opt-out 2026')).toEqual(before);
  });

  it('answers 413 for a file over the size limit and changes nothing', async () => {
    const small = await createTestApp({
      suppression: { uploadMaxBytes: 2_000, previewMs: 60_000 },
    });
    try {
      const who = await small.signIn(['SUPPRESSION']);
      const fullAdvice =
        'The file is larger than the 2000 bytes an upload may have. Split it, or upload only the changes with an incremental upload.';
      const incrementalAdvice =
        'The file is larger than the 2000 bytes an upload may have. Split it into smaller files and upload them one after another.';
      for (const [field, size, message] of [
        ['fullFileUpload', 3_000, fullAdvice],
        ['fullFileUpload', 200_000, fullAdvice],
        // An incremental upload is already one of changes: its advice is to split the file.
        ['incrementalFileUpload', 200_000, incrementalAdvice],
      ] as const) {
        const res = await small.app.inject({
          method: 'POST',
          url: `/api/suppress/upload/${field}`,
          headers: {
            ...bearer(who),
            groupName: 'G',
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          payload: multipart(field, phones(Math.ceil(size / 13))),
        });
        expect(res.statusCode, `${size} bytes ${res.body}`).toBe(413);
        expect(res.json()).toMatchObject({ status: 413, error: 'payload_too_large', message });
      }
      const { rows } = await small.ctx.db.query('SELECT count(*)::int AS n FROM suppressions');
      expect(rows[0].n).toBe(0);
    } finally {
      await small.close();
    }
  });
  it('refuses a request holding two files (the second would be left out) and changes nothing', async () => {
    await apply((await upload('full', 'Two files', 'two.files.0@example.com\n')).json().uploadId);
    const part = (name: string, content: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fullFileUpload"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
    for (const mode of ['full', 'incremental'] as const) {
      const field = mode === 'full' ? 'fullFileUpload' : 'incrementalFileUpload';
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/suppress/upload/${field}`,
        headers: {
          ...bearer(token),
          groupName: 'Two files',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: `${part('a.csv', 'two.files.a@example.com').replaceAll('fullFileUpload', field)}${part('b.csv', 'two.files.b@example.com').replaceAll('fullFileUpload', field)}--${BOUNDARY}--\r\n`,
      });
      expect(res.statusCode, `${mode}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        message: 'Send one file per upload: this request holds more than one. Nothing was changed.',
      });
    }
    expect(await activeOf('Two files')).toEqual(['EMAIL two.files.0@example.com']);
    const { rows } = await t.ctx.db.query(
      "SELECT mode, status FROM suppression_uploads WHERE group_vch = 'Two files' ORDER BY id",
    );
    expect(rows).toEqual([
      { mode: 'full', status: 'applied' },
      { mode: 'full', status: 'failed' },
      { mode: 'incremental', status: 'failed' },
    ]);
    // Leaves no active value behind for the counts of the tests that follow.
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/suppress/deleteById/groupNameAndType',
      headers: bearer(token),
      payload: { groupName: 'Two files', type: 'EMAIL' },
    });
    expect(cleared.json()).toEqual({ status: 200, deleted: 1 });
  });

  it('answers 400, not 500, for a body that is not well-formed multipart, and changes nothing', async () => {
    const before = await activeOf('Opt-out 2026');
    const whole = multipart('fullFileUpload', phones(50)).toString('latin1');
    const bodies: [string, string, string | Buffer][] = [
      ['cut short', `multipart/form-data; boundary=${BOUNDARY}`, whole.slice(0, whole.length / 2)],
      ['another boundary', 'multipart/form-data; boundary=zzz', whole],
      ['no boundary', 'multipart/form-data', whole],
      [
        'no closing boundary',
        `multipart/form-data; boundary=${BOUNDARY}`,
        whole.replace(`--${BOUNDARY}--`, ''),
      ],
    ];
    for (const [what, contentType, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/suppress/upload/fullFileUpload',
        headers: { ...bearer(token), groupName: 'Opt-out 2026', 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ status: 400, error: 'bad_request' });
      expect(res.json().message, what).toMatch(/^The upload did not arrive whole/);
    }
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    const { rows } = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM suppression_uploads WHERE status IN ('receiving', 'staged') AND group_vch = 'Opt-out 2026'",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('lists, search, deletes, download', () => {
  beforeAll(async () => {
    // 120 phones in 'Medical exemptions', and three more groups for the summary's paging.
    const preview = (await upload('full', 'Medical exemptions', phones(120))).json();
    await apply(preview.uploadId);
    for (const group of ['Bounced e-mails', 'Zeta', '=HYPERLINK("x")']) {
      await apply((await upload('full', group, `${group.length}@example.com\n`)).json().uploadId);
    }
  });

  it('summarises active values per group and type, 5 a page, page past the end is page 1', async () => {
    const page1 = (await get('/api/suppress/getPaginatedCampaigns?page=1&data=groupNameAndType')).json();
    expect(page1.rows).toBe(8);
    expect(page1.data).toEqual([
      { group_vch: '=HYPERLINK("x")', supress_type: 'EMAIL', valid_count: 1 },
      { group_vch: 'Bounced e-mails', supress_type: 'EMAIL', valid_count: 1 },
      { group_vch: 'Medical exemptions', supress_type: 'PHONE', valid_count: 120 },
      { group_vch: 'Opt-out 2026', supress_type: 'ACCOUNT', valid_count: 1 },
      { group_vch: 'Opt-out 2026', supress_type: 'EMAIL', valid_count: 1 },
    ]);
    const page2 = (await get('/api/suppress/getPaginatedCampaigns?page=2&data=groupNameAndType')).json();
    expect(page2.data.map((r: { supress_type: string }) => r.supress_type)).toEqual([
      'PHONE',
      'SMS',
      'EMAIL',
    ]);
    expect((await get('/api/suppress/getPaginatedCampaigns?page=9&data=groupNameAndType')).json()).toEqual(
      page1,
    );
  });

  it('lists active rows 50 a page with ISO times', async () => {
    const res = (await get('/api/suppress/getPaginatedCampaigns?page=3')).json();
    expect(res.rows).toBe(130);
    expect(res.data).toHaveLength(30);
    expect(res.data[29]).toMatchObject({
      group_vch: 'Zeta',
      supress_type: 'EMAIL',
      value_vch: '4@example.com',
      end_ts: null,
    });
    expect(res.data[0].start_ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('searches by group, by value as people write it, and by type; 50 a page; past the end is page 1', async () => {
    const group = (await get('/api/suppress/search?value=Medical%20exemptions&page=3')).json();
    expect(group.rows).toBe(120);
    expect(group.data).toHaveLength(20);
    expect(group.data[19].value_vch).toBe('+14152000119');
    expect(
      (await get('/api/suppress/search?value=Medical%20exemptions&page=4')).json().data[0].value_vch,
    ).toBe('+14152000000');
    // A group name typed with other capitals finds the one group named so.
    expect((await get('/api/suppress/search?value=medical%20EXEMPTIONS')).json().rows).toBe(120);

    const phone = (await get(`/api/suppress/search?value=${encodeURIComponent('(415) 200-0007')}`)).json();
    expect(phone.data.map((r: { value_vch: string }) => r.value_vch)).toEqual(['+14152000007']);
    const prefix = (await get('/api/suppress/search?value=41520001')).json();
    expect(prefix.rows).toBe(20); // +141520001xx: 0100 to 0119
    const email = (await get('/api/suppress/search?value=JANE.DOE@EXAMPLE.COM')).json();
    expect(email.data.map((r: { group_vch: string }) => r.group_vch)).toEqual(['Opt-out 2026']);
    // The start of an e-mail in capitals, and an account number typed in lower case, find them too.
    const values = async (text: string) =>
      (await get(`/api/suppress/search?value=${encodeURIComponent(text)}`))
        .json()
        .data.map((r: { supress_type: string; value_vch: string }) => `${r.supress_type} ${r.value_vch}`);
    expect(await values('JANE.D')).toEqual(['EMAIL jane.doe@example.com']);
    expect(await values('acct-0001')).toEqual(['ACCOUNT ACCT-0001']);
    expect(await values('acct')).toEqual(['ACCOUNT ACCT-0001']);
    expect(await values('ACCT-0001')).toEqual(['ACCOUNT ACCT-0001']);
    const type = (await get('/api/suppress/search?value=sms')).json();
    expect(type.data.map((r: { value_vch: string }) => r.value_vch)).toEqual([
      '+14155550123',
      '+15105550199',
    ]);
    expect((await get('/api/suppress/search?value=nothing-like-this')).json()).toEqual({ data: [], rows: 0 });
  });

  it('deletes one active row (404 when not active) and a group and type', async () => {
    const row = (await get('/api/suppress/search?value=4152000007')).json().data[0];
    const del = (id: number, groupName: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/suppress/deleteById/${id}`,
        headers: bearer(token),
        payload: { groupName },
      });
    // A script sending another group, or a row id that does not exist, is told which.
    const wrongGroup = await del(row.row_id_bint, 'Opt-out 2026');
    expect(wrongGroup.statusCode).toBe(404);
    expect(wrongGroup.json()).toEqual({
      error: 'not_found',
      message: `Row ${row.row_id_bint} is a value of the group "Medical exemptions", not of "Opt-out 2026". Nothing was deleted.`,
    });
    expect((await del(987654321, 'Medical exemptions')).json()).toEqual({
      error: 'not_found',
      message: 'There is no suppressed value with row id 987654321. Nothing was deleted.',
    });
    // A row id is digits: hex, a sign or a decimal point are a mistake, never another spelling of a row to delete.
    for (const id of [`0x${row.row_id_bint.toString(16)}`, `+${row.row_id_bint}`, `${row.row_id_bint}.0`]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/suppress/deleteById/${id}`,
        headers: bearer(token),
        payload: { groupName: 'Medical exemptions' },
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe('The row_id_bint in the address must be a whole number.');
    }
    expect((await get('/api/suppress/search?value=4152000007')).json().rows).toBe(1);
    expect((await del(row.row_id_bint, 'Medical exemptions')).json()).toEqual({ status: 200, deleted: 1 });
    const again = await del(row.row_id_bint, 'Medical exemptions');
    expect(again.statusCode).toBe(404);
    // The operator never sees row ids: the answer says what happened to the value, in the group's words.
    expect(again.json()).toEqual({
      error: 'not_found',
      message:
        'This value is no longer active in the group "Medical exemptions": another operator or an upload ended it first. Nothing was deleted.',
    });
    expect((await get('/api/suppress/search?value=4152000007')).json().rows).toBe(0);

    const group = await t.app.inject({
      method: 'DELETE',
      url: '/api/suppress/deleteById/groupNameAndType',
      headers: bearer(token),
      payload: { groupName: 'Medical exemptions', type: 'PHONE' },
    });
    expect(group.json()).toEqual({ status: 200, deleted: 119 });
    // Nothing left to delete (already deleted, or a mistyped group): 404, not a success that deleted nothing.
    for (const groupName of ['Medical exemptions', 'Medical exemption']) {
      const none = await t.app.inject({
        method: 'DELETE',
        url: '/api/suppress/deleteById/groupNameAndType',
        headers: bearer(token),
        payload: { groupName, type: 'PHONE' },
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        error: 'not_found',
        message: `The group "${groupName}" has no active PHONE values. Nothing was deleted.`,
      });
    }
    const { rows } = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM suppressions WHERE group_vch = 'Medical exemptions' AND end_ts IS NOT NULL",
    );
    expect(rows[0].n).toBe(120); // history kept
    const audit = await t.ctx.db.query(
      "SELECT action, details FROM audit_log WHERE target = 'Medical exemptions' AND action LIKE 'suppression.delete%' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      {
        action: 'suppression.delete.row',
        details: { rowId: row.row_id_bint, type: 'PHONE', value: '+14152000007', rows: 1 },
      },
      { action: 'suppression.delete.group', details: { type: 'PHONE', rows: 119 } },
    ]);
  });

  it('downloads active values as data.csv, safe against formula injection', async () => {
    const all = await get('/api/suppress/downloadActiveSuppressions');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="data.csv"');
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = all.body.trimEnd().split('\r\n');
    // A byte order mark first, so that Excel reads the file as UTF-8.
    expect(lines[0]).toBe('\uFEFFgroup,type,value,start_ts,end_ts,created_ts');
    expect(lines).toHaveLength(1 + 10);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\)",EMAIL,15@example\.com,\d{4}-/);

    const one = await get('/api/suppress/downloadActiveSuppressions?groupName=Opt-out%202026');
    const values = one.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',').slice(1, 3).join(' '));
    expect(values).toEqual(await activeOf('Opt-out 2026'));
    // A HEAD request (curl -I, a link checker) downloads nothing: no CSV is made and no download is audited.
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/suppress/downloadActiveSuppressions',
      headers: bearer(token),
    });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    const { rows } = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'suppression.download'",
    );
    expect(rows[0].n).toBe(2);

    // One group's values of one type (the summary's rows are per group and type).
    const phones = await get('/api/suppress/downloadActiveSuppressions?groupName=Opt-out%202026&type=PHONE');
    expect(
      phones.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',').slice(1, 3).join(' ')),
    ).toEqual((await activeOf('Opt-out 2026')).filter((v) => v.startsWith('PHONE ')));
    const typeAlone = await get('/api/suppress/downloadActiveSuppressions?type=PHONE');
    expect(typeAlone.statusCode).toBe(400);
    expect(typeAlone.json().message).toBe(
      'The query parameter type: A type is downloaded within one group: give groupName too.',
    );
  });

  it('answers a page number that is not one with a sentence (400), never a 500', async () => {
    // 0x10 and 1e1 are numbers to JavaScript, not to a person: refused, not read as pages 16 and 10.
    for (const page of ['abc', '0', '-1', '1.5', '1&page=2', '0x10', '1e1', '%2B2']) {
      for (const path of ['getPaginatedCampaigns?page=', 'search?value=x&page=']) {
        const res = await get(`/api/suppress/${path}${page}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: 'bad_request',
          message: 'The query parameter page: the page is a whole number from 1, given once.',
          details: [{ field: 'querystring.page', reason: 'the page is a whole number from 1, given once' }],
        });
      }
    }
  });

  it('lists the names of the groups holding active values, in name order, for the upload dialog', async () => {
    for (const group of ['Groups list 2', 'Groups list 1', 'Groups list 3']) {
      await apply((await upload('full', group, '4155550181\n')).json().uploadId);
    }
    const emptied = await t.app.inject({
      method: 'DELETE',
      url: '/api/suppress/deleteById/groupNameAndType',
      headers: bearer(token),
      payload: { groupName: 'Groups list 3', type: 'PHONE' },
    });
    expect(emptied.json()).toEqual({ status: 200, deleted: 1 });
    const res = await get('/api/v1/suppress/groups');
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().data;
    expect(names.filter((name) => name.startsWith('Groups list'))).toEqual([
      'Groups list 1',
      'Groups list 2',
    ]);
    expect(names).toContain('Opt-out 2026');
  });

  it('refuses every call without the SUPPRESSION permission (403)', async () => {
    const calls = [
      get('/api/suppress/getPaginatedCampaigns?page=1', reporter),
      get('/api/v1/suppress/groups', reporter),
      get('/api/suppress/search?value=x', reporter),
      get('/api/suppress/downloadActiveSuppressions', reporter),
      upload('full', 'Opt-out 2026', MIXED, reporter),
      upload('incremental', 'Opt-out 2026', MIXED, reporter),
      apply(1, reporter),
      t.app.inject({
        method: 'DELETE',
        url: '/api/suppress/deleteById/1',
        headers: bearer(reporter),
        payload: { groupName: 'x' },
      }),
      t.app.inject({
        method: 'DELETE',
        url: '/api/suppress/deleteById/groupNameAndType',
        headers: bearer(reporter),
        payload: { groupName: 'x', type: 'SMS' },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
  });
});

describe('the messaging engine check', () => {
  /** The answer for the fixture's number +14155550123 written as `value`: listed as PHONE and SMS by Opt-out 2026. */
  const optedOutNumber = (value: string) => ({
    value,
    normalized: '+14155550123',
    suppressed: true,
    groups: [
      { group: 'Opt-out 2026', type: 'PHONE' },
      { group: 'Opt-out 2026', type: 'SMS' },
    ],
  });
  /** One check call with this key (or session token) and these values. */
  const check = (token: string, values: { type?: string | null; value: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/suppression/check',
      headers: bearer(token),
      payload: { values },
    });

  it('says per value whether it is suppressed now and by which groups, normalising like uploads', async () => {
    const key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
    const res = await check(key, [
      { value: '(415) 555-0123' },
      { type: 'SMS', value: '415.555.0123' },
      { type: 'EMAIL', value: 'Jane.Doe@Example.com' },
      { value: 'ACCT-0001' },
      { value: '+17075559999' },
      { type: 'PHONE', value: 'not a number' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      optedOutNumber('(415) 555-0123'),
      {
        value: '415.555.0123',
        normalized: '+14155550123',
        suppressed: true,
        groups: [{ group: 'Opt-out 2026', type: 'SMS' }],
      },
      {
        value: 'Jane.Doe@Example.com',
        normalized: 'jane.doe@example.com',
        suppressed: true,
        groups: [{ group: 'Opt-out 2026', type: 'EMAIL' }],
      },
      {
        value: 'ACCT-0001',
        normalized: 'ACCT-0001',
        suppressed: true,
        groups: [{ group: 'Opt-out 2026', type: 'ACCOUNT' }],
      },
      { value: '+17075559999', normalized: '+17075559999', suppressed: false, groups: [] },
      {
        value: 'not a number',
        normalized: null,
        suppressed: false,
        groups: [],
        reason: '"not a number" is not a phone number: use digits, spaces and + ( ) - . / only',
      },
    ]);
    // A session, even with SUPPRESSION, is not the engine.
    const asOperator = await check(token, [{ value: 'a@b.org' }]);
    expect(asOperator.statusCode).toBe(403);
  });

  it('refuses with its reason an untyped value written as a number or an address it cannot read, never as an account', async () => {
    const key = await t.ctx.auth.createApiKey('engine-untyped', ['INGEST']);
    const res = await check(key, [
      { value: '415\u2013555\u20130123' },
      { value: '+14155550123,' },
      { value: '4155550123x3' },
      { value: '4.15555E+09' },
      { value: 'jane.doe@example.com.' },
      { value: '+1' },
      { value: 'ACCT-0001' },
      // null, as many JSON writers send an absent field: no type.
      { type: null, value: '415\u2011555\u20110123' },
    ]);
    expect(res.statusCode).toBe(200);
    const refused = (value: string, reason: string) => ({
      value,
      normalized: null,
      suppressed: false,
      groups: [],
      reason,
    });
    expect(res.json().results).toEqual([
      optedOutNumber('415\u2013555\u20130123'),
      refused(
        '+14155550123,',
        '"+14155550123," is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
      ),
      refused('4155550123x3', '"4155550123x3" has an extension: write the phone number without it'),
      refused(
        '4.15555E+09',
        '"4.15555E+09" is a number in Excel\'s scientific notation, which has lost its last digits: format the column as Text in Excel and save the file again',
      ),
      refused(
        'jane.doe@example.com.',
        '"jane.doe@example.com." is not an e-mail address: the domain after the \'@\' is not valid',
      ),
      refused('+1', '"+1" is not a phone number: wrong number of digits'),
      {
        value: 'ACCT-0001',
        normalized: 'ACCT-0001',
        suppressed: true,
        groups: [{ group: 'Opt-out 2026', type: 'ACCOUNT' }],
      },
      optedOutNumber('415\u2011555\u20110123'),
    ]);
  });

  it('answers checks asked at the same moment each with its own values (they share queries under load)', async () => {
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by) VALUES
         ('Engine A', 'PHONE', '+12095550101', 'seed'), ('Engine A', 'SMS', '+12095550102', 'seed'),
         ('Engine B', 'PHONE', '+12095550101', 'seed'), ('Engine B', 'EMAIL', 'crew@example.org', 'seed')`,
    );
    const key = await t.ctx.auth.createApiKey('engine-together', ['INGEST']);
    // Every call has a hit, most after values without one: any two calls answered by one query would show a hit
    // given to the wrong call or value.
    const asked = [
      [{ value: '(209) 555-0101' }],
      [{ value: 'nobody@example.org' }, { type: 'SMS', value: '209-555-0102' }],
      [{ value: '+12095550103' }, { value: 'Crew@Example.org' }],
      [{ type: 'PHONE', value: '+12095550102' }, { value: '2095550101' }],
      [
        { type: 'SMS', value: '2095550101' },
        { type: 'EMAIL', value: 'CREW@example.org' },
      ],
      [{ value: 'x@example.org' }, { value: 'y@example.org' }, { value: '209.555.0102' }],
    ];
    const answers = await Promise.all(asked.map((values) => check(key, values)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const none = (value: string, normalized: string) => ({
      value,
      normalized,
      suppressed: false,
      groups: [],
    });
    const phoneAB = [
      { group: 'Engine A', type: 'PHONE' },
      { group: 'Engine B', type: 'PHONE' },
    ];
    expect(answers.map((res) => res.json().results)).toEqual([
      [{ value: '(209) 555-0101', normalized: '+12095550101', suppressed: true, groups: phoneAB }],
      [
        none('nobody@example.org', 'nobody@example.org'),
        {
          value: '209-555-0102',
          normalized: '+12095550102',
          suppressed: true,
          groups: [{ group: 'Engine A', type: 'SMS' }],
        },
      ],
      [
        none('+12095550103', '+12095550103'),
        {
          value: 'Crew@Example.org',
          normalized: 'crew@example.org',
          suppressed: true,
          groups: [{ group: 'Engine B', type: 'EMAIL' }],
        },
      ],
      [
        none('+12095550102', '+12095550102'),
        { value: '2095550101', normalized: '+12095550101', suppressed: true, groups: phoneAB },
      ],
      [
        none('2095550101', '+12095550101'),
        {
          value: 'CREW@example.org',
          normalized: 'crew@example.org',
          suppressed: true,
          groups: [{ group: 'Engine B', type: 'EMAIL' }],
        },
      ],
      [
        none('x@example.org', 'x@example.org'),
        none('y@example.org', 'y@example.org'),
        {
          value: '209.555.0102',
          normalized: '+12095550102',
          suppressed: true,
          groups: [{ group: 'Engine A', type: 'SMS' }],
        },
      ],
    ]);
  });
});

describe('demo data', () => {
  it('seeds three groups with a few thousand values, once', async () => {
    const demo = await createTestApp();
    try {
      const log = { info: () => {} } as unknown as Parameters<typeof seedSuppressionDemo>[1];
      await seedSuppressionDemo(demo.ctx, log);
      await seedSuppressionDemo(demo.ctx, log);
      const { rows } = await demo.ctx.db.query(
        'SELECT group_vch, count(*)::int AS n FROM suppressions WHERE end_ts IS NULL GROUP BY 1 ORDER BY 1',
      );
      expect(rows).toEqual([
        { group_vch: 'Bounced e-mails', n: 1_800 },
        { group_vch: 'Medical exemptions', n: 1_000 },
        { group_vch: 'Opt-out 2026', n: 2_500 },
      ]);
    } finally {
      await demo.close();
    }
  });
});

describe('full upload apply (kept difference)', () => {
  it('stages only the difference; a value whose end passed since the preview is listed afresh', async () => {
    const group = 'Ending soon';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, end_ts, created_by) VALUES
         ($1, 'EMAIL', 'keep@example.com', NULL, 'seed'),
         ($1, 'EMAIL', 'ending@example.com', now() + interval '1 hour', 'seed'),
         ($1, 'EMAIL', 'gone@example.com', NULL, 'seed')`,
      [group],
    );
    const preview = (
      await upload('full', group, 'keep@example.com\nending@example.com\nnew@example.com\n')
    ).json();
    // 'ending@example.com' is listed without its end: the apply would take the end away (redated).
    expect(preview).toMatchObject({ added: 1, removed: 1, unchanged: 1, redated: 1 });
    const { rows: kinds } = await t.ctx.db.query(
      'SELECT kind, value_vch FROM suppression_staging WHERE upload_id = $1 AND kind IS NOT NULL ORDER BY kind',
      [preview.uploadId],
    );
    expect(kinds).toEqual([
      { kind: 'add', value_vch: 'new@example.com' },
      { kind: 'keep', value_vch: 'ending@example.com' },
      { kind: 'remove', value_vch: 'gone@example.com' },
    ]);
    // The end of 'ending@example.com' passes between the preview and the apply.
    await t.ctx.db.query(
      "UPDATE suppressions SET end_ts = now() - interval '1 second' WHERE value_vch = 'ending@example.com'",
    );
    const applied = (await apply(preview.uploadId)).json();
    expect(applied).toMatchObject({ added: 2, removed: 1, unchanged: 1, redated: 0 });
    expect(await activeOf(group)).toEqual([
      'EMAIL ending@example.com',
      'EMAIL keep@example.com',
      'EMAIL new@example.com',
    ]);
  });

  it("gives values in both the file's dates: another end, an end taken away, a new start; history kept", async () => {
    const group = 'Redated';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by) VALUES
         ($1, 'EMAIL', 'same@example.com', '2026-01-01T00:00:00Z', NULL, 'seed'),
         ($1, 'EMAIL', 'later@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed'),
         ($1, 'EMAIL', 'forever@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed'),
         ($1, 'EMAIL', 'same-end@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed'),
         ($1, 'EMAIL', 'restart@example.com', '2026-01-01T00:00:00Z', NULL, 'seed')`,
      [group],
    );
    await t.ctx.db.query('INSERT INTO suppression_groups (group_vch) VALUES ($1)', [group]);
    const file = [
      'value,type,start,end',
      'same@example.com,EMAIL,,',
      'later@example.com,EMAIL,,2032-06-30T00:00:00Z',
      'forever@example.com,EMAIL,,',
      'same-end@example.com,EMAIL,,2031-01-01T00:00:00Z',
      'restart@example.com,EMAIL,2026-03-01T00:00:00Z,',
    ].join('\n');
    const preview = (await upload('full', group, file)).json();
    expect(preview).toMatchObject({ added: 0, removed: 0, unchanged: 2, redated: 3, newGroup: false });
    expect((await apply(preview.uploadId)).json()).toMatchObject({
      added: 0,
      removed: 0,
      unchanged: 2,
      redated: 3,
    });
    const { rows } = await t.ctx.db.query<{ v: string; s: Date; e: Date | null; ended: string | null }>(
      `SELECT value_vch AS v, start_ts AS s, end_ts AS e, ended_by AS ended FROM suppressions
        WHERE group_vch = $1 ORDER BY value_vch, ended_by NULLS FIRST`,
      [group],
    );
    const shown = rows.map((r) =>
      [
        r.v,
        r.s.toISOString().slice(0, 10),
        r.e?.toISOString().slice(0, 10) ?? '-',
        r.ended ?? 'current',
      ].join(' '),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(shown).toEqual([
      'forever@example.com 2026-01-01 - current',
      `forever@example.com 2026-01-01 ${today} sam@test.local`,
      'later@example.com 2026-01-01 2032-06-30 current',
      `later@example.com 2026-01-01 ${today} sam@test.local`,
      'restart@example.com 2026-03-01 - current',
      `restart@example.com 2026-01-01 ${today} sam@test.local`,
      'same-end@example.com 2026-01-01 2031-01-01 current',
      'same@example.com 2026-01-01 - current',
    ]);
    const { rows: uploads } = await t.ctx.db.query(
      'SELECT added, removed, unchanged, redated FROM suppression_uploads WHERE id = $1',
      [preview.uploadId],
    );
    expect(uploads).toEqual([{ added: 0, removed: 0, unchanged: 2, redated: 3 }]);
  });

  it("DOWNLOAD ALL uploaded to one group adds none of the other groups' values to it", async () => {
    const group = 'Round trip all';
    await apply((await upload('full', group, '4155550161\nkeep@example.com\n')).json().uploadId);
    const others = await get(
      `/api/suppress/downloadActiveSuppressions?groupName=${encodeURIComponent('Opt-out 2026')}`,
    );
    const mine = await get(`/api/suppress/downloadActiveSuppressions?groupName=${encodeURIComponent(group)}`);
    // One file of two groups, as DOWNLOAD ALL gives it.
    const both = `${mine.body}${others.body.slice(others.body.indexOf('\r\n') + 2)}`;
    const otherLines = others.body.trimEnd().split('\r\n').length - 1;
    const preview = (await upload('full', group, both)).json();
    expect(preview).toMatchObject({ added: 0, removed: 0, unchanged: 2, rejected: otherLines });
    expect(preview.errors[0]).toEqual({
      line: 4,
      reason: `The line is of the group "Opt-out 2026", not "${group}": upload each group's lines to that group`,
    });
    const incremental = (await upload('incremental', group, both)).json();
    expect(incremental).toMatchObject({ inserted: 0, duplicates: 2, rejected: otherLines });
    expect(await activeOf(group)).toEqual(['EMAIL keep@example.com', 'PHONE +14155550161']);
  });

  it('a downloaded data.csv uploaded again unchanged changes nothing, though it holds times to the millisecond', async () => {
    const group = 'Round trip';
    // Times to the microsecond, as now() writes them; data.csv writes milliseconds.
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by) VALUES
         ($1, 'EMAIL', 'open@example.com', '2026-01-01T08:00:00.123456Z', NULL, 'seed'),
         ($1, 'PHONE', '+14155550100', '2026-01-01T08:00:00.123456Z', '2031-01-01T00:00:00.654321Z', 'seed')`,
      [group],
    );
    await t.ctx.db.query('INSERT INTO suppression_groups (group_vch) VALUES ($1)', [group]);
    const download = await get(
      `/api/suppress/downloadActiveSuppressions?groupName=${encodeURIComponent(group)}`,
    );
    // Each line without its created_ts (the last cell).
    const lines = download.body.split('\r\n').map((line) => line.slice(0, line.lastIndexOf(',')));
    expect(lines.slice(0, 3)).toEqual([
      '\uFEFFgroup,type,value,start_ts,end_ts',
      'Round trip,EMAIL,open@example.com,2026-01-01T08:00:00.123Z,',
      'Round trip,PHONE,+14155550100,2026-01-01T08:00:00.123Z,2031-01-01T00:00:00.654Z',
    ]);

    const preview = (await upload('full', group, download.body)).json();
    expect(preview).toMatchObject({ added: 0, removed: 0, unchanged: 2, redated: 0 });
    expect((await apply(preview.uploadId)).json()).toMatchObject({
      added: 0,
      removed: 0,
      unchanged: 2,
      redated: 0,
    });
    const incremental = (await upload('incremental', group, download.body)).json();
    expect(incremental).toMatchObject({ inserted: 0, duplicates: 2, redated: 0 });
    // The rows are the ones seeded: no history was written, the times are still to the microsecond.
    const { rows } = await t.ctx.db.query<{ v: string; s: string; e: string | null; ended: string | null }>(
      `SELECT value_vch AS v, to_char(start_ts AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS s,
              to_char(end_ts AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS e, ended_by AS ended
         FROM suppressions WHERE group_vch = $1 ORDER BY value_vch`,
      [group],
    );
    expect(rows).toEqual([
      { v: '+14155550100', s: '08:00:00.123456', e: '00:00:00.654321', ended: null },
      { v: 'open@example.com', s: '08:00:00.123456', e: null, ended: null },
    ]);
  });

  it('gives a value already in the group the dates its line gives; a line without dates leaves it as it is', async () => {
    const group = 'Incremental dates';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by) VALUES
         ($1, 'EMAIL', 'bare@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed'),
         ($1, 'EMAIL', 'later@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed'),
         ($1, 'EMAIL', 'same@example.com', '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'seed')`,
      [group],
    );
    await t.ctx.db.query('INSERT INTO suppression_groups (group_vch) VALUES ($1)', [group]);
    const file = [
      'value,type,start,end',
      'bare@example.com,EMAIL,,',
      'later@example.com,EMAIL,,2032-06-30T00:00:00Z',
      'same@example.com,EMAIL,,2031-01-01T00:00:00Z',
      'new@example.com,EMAIL,,2033-01-01T00:00:00Z',
    ].join('\n');
    const res = await upload('incremental', group, file);
    expect(res.json()).toEqual({
      status: 200,
      inserted: 1,
      redated: 1,
      duplicates: 2,
      rejected: 0,
      errors: [],
      header: { text: 'value,type,start,end' },
    });
    const { rows } = await t.ctx.db.query<{ v: string; s: Date; e: Date }>(
      `SELECT value_vch AS v, start_ts AS s, end_ts AS e FROM suppressions
        WHERE group_vch = $1 AND ended_by IS NULL ORDER BY value_vch`,
      [group],
    );
    expect(
      rows.map((r) => `${r.v} ${r.s.toISOString().slice(0, 10)} ${r.e.toISOString().slice(0, 10)}`),
    ).toEqual([
      'bare@example.com 2026-01-01 2031-01-01',
      'later@example.com 2026-01-01 2032-06-30',
      `new@example.com ${new Date().toISOString().slice(0, 10)} 2033-01-01`,
      'same@example.com 2026-01-01 2031-01-01',
    ]);
    const { rows: history } = await t.ctx.db.query(
      "SELECT value_vch FROM suppressions WHERE group_vch = $1 AND ended_by = 'sam@test.local'",
      [group],
    );
    expect(history).toEqual([{ value_vch: 'later@example.com' }]);
  });

  it('refuses to apply a preview whose staged values were lost (unlogged staging after a crash)', async () => {
    const preview = (await upload('full', 'Lost staging', 'a@example.com\nb@example.com\n')).json();
    await t.ctx.db.query('DELETE FROM suppression_staging WHERE upload_id = $1', [preview.uploadId]);
    const refused = await apply(preview.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The uploaded values are no longer available. Upload the file again.',
    );
    expect(await activeOf('Lost staging')).toEqual([]);
  });
});

describe('full upload of a large group (the difference matched in the server)', () => {
  it('matches 20,000 phones and e-mails against the group: adds, removes and keeps exactly', async () => {
    const group = 'Large diff';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
       SELECT $1, 'PHONE', '+1415' || (2000000 + i), 'seed' FROM generate_series(0, 9999) i
       UNION ALL
       SELECT $1, 'EMAIL', 'p' || i || '@example.com', 'seed' FROM generate_series(0, 9999) i
       UNION ALL
       SELECT $1, 'ACCOUNT', 'back\\slash', 'seed'`,
      [group],
    );
    // The file: phones 5,000..14,999 (5,000 new), e-mails 0..4,999 (as typed, in capitals), the same account.
    const lines = ['value,type'];
    for (let i = 5000; i < 15000; i++)
      lines.push(`(415) ${String(2000000 + i).slice(0, 3)}-${String(2000000 + i).slice(3)},PHONE`);
    for (let i = 0; i < 5000; i++) lines.push(`P${i}@EXAMPLE.COM,EMAIL`);
    lines.push('back\\slash,ACCOUNT');
    const preview = (await upload('full', group, `${lines.join('\n')}\n`)).json();
    expect(preview).toMatchObject({
      added: 5000,
      removed: 10000,
      unchanged: 10001,
      duplicates: 0,
      rejected: 0,
    });
    const applied = (await apply(preview.uploadId)).json();
    expect(applied).toMatchObject({ added: 5000, removed: 10000, unchanged: 10001 });
    const { rows } = await t.ctx.db.query(
      `SELECT supress_type, count(*)::int AS n, min(value_vch) AS low, max(value_vch) AS high FROM suppressions
        WHERE group_vch = $1 AND ended_by IS NULL GROUP BY supress_type ORDER BY supress_type`,
      [group],
    );
    expect(rows).toEqual([
      { supress_type: 'ACCOUNT', n: 1, low: 'back\\slash', high: 'back\\slash' },
      { supress_type: 'EMAIL', n: 5000, low: 'p0@example.com', high: 'p9@example.com' },
      { supress_type: 'PHONE', n: 10000, low: '+14152005000', high: '+14152014999' },
    ]);
  });
});

describe('a group the database statistics do not know yet', () => {
  it('matches and applies by the staged values, reading the staging once whatever the planner estimates', async () => {
    const group = 'Filled since the last ANALYZE';
    // Statistics taken before the group exists: the planner then estimates it at about one row.
    await t.ctx.db.query('ANALYZE suppressions');
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
       SELECT $1, 'PHONE', '+1415' || (3000000 + i), 'seed' FROM generate_series(0, 5999) i`,
      [group],
    );
    const { rows: estimate } = await t.ctx.db.query(
      'EXPLAIN (FORMAT JSON) SELECT * FROM suppressions WHERE group_vch = $1 AND ended_by IS NULL',
      [group],
    );
    expect(estimate[0]['QUERY PLAN'][0].Plan['Plan Rows']).toBeLessThan(10);

    // 4,000 values kept with an end the group's rows lack (redated), 2,000 removed, 1,000 added.
    const lines = ['value,type,end'];
    for (let i = 0; i < 4000; i++) lines.push(`+1415${3000000 + i},PHONE,2031-01-01T00:00:00Z`);
    for (let i = 6000; i < 7000; i++) lines.push(`+1415${3000000 + i},PHONE,`);
    const preview = (await upload('full', group, `${lines.join('\n')}\n`)).json();
    expect(preview).toMatchObject({ added: 1000, removed: 2000, redated: 4000, unchanged: 0 });

    for (const [text, params] of [
      [sql.REDATED_COUNT, [group, preview.uploadId]],
      [sql.END_REDATED, [group, preview.uploadId, 'plan check']],
      [sql.END_PREVIEWED, [preview.uploadId, 'plan check']],
    ] as const) {
      const nodes = await planOf(t.ctx.db, text, [...params]);
      const staging = nodes.filter((n) => n['Relation Name']?.startsWith('suppression_staging'));
      expect(staging.length).toBeGreaterThan(0);
      expect(staging.map((n) => n['Actual Loops'])).toEqual(staging.map(() => 1));
      const groupWalks = nodes.filter(
        (n) => n['Relation Name'] === 'suppressions' && n['Index Name'] === 'suppressions_current_key',
      );
      // The group's index is only probed value by value (one loop per staged value), never walked as the outside.
      for (const walk of groupWalks) expect(walk['Actual Loops']).toBe(4000);
    }
    const ended = await planOf(t.ctx.db, sql.END_PREVIEWED, [preview.uploadId, 'plan check']);
    // The removed rows are found by their row ids (the current rows' unique index), not by testing each row of the
    // group.
    expect(ended.map((n) => n['Index Name'])).toContain('suppressions_current_row');

    const applied = (await apply(preview.uploadId)).json();
    expect(applied).toMatchObject({ added: 1000, removed: 2000, redated: 4000, unchanged: 0 });
    const { rows } = await t.ctx.db.query(
      `SELECT count(*)::int AS n, count(end_ts)::int AS ending, min(value_vch) AS low, max(value_vch) AS high
         FROM suppressions WHERE group_vch = $1 AND ended_by IS NULL`,
      [group],
    );
    expect(rows).toEqual([{ n: 5000, ending: 4000, low: '+14153000000', high: '+14153006999' }]);
  });
});

describe('download written by the database', () => {
  const cells = [
    '=HYPERLINK("x")',
    '+SUM(A1:A2)',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '+1 415 555 0123',
    '+14155550123',
    '+0123456789',
    '+1234567890123456',
    '+123456789012345',
    'a,b',
    'say "hi"',
    'two\nlines',
    'back\\slash',
    'tab\there',
    'Ünïcödé, "quoted"',
    "'=already",
    'plain',
  ];

  it('writes each cell exactly as toCsvRow does (formula-safe, RFC 4180 quoting)', async () => {
    for (const cell of cells) {
      const { rows } = await t.ctx.db.query('SELECT suppression_csv_cell($1) AS cell', [cell]);
      expect(`${rows[0].cell}\r\n`, JSON.stringify(cell)).toBe(toCsvRow([cell]));
    }
  });

  it('streams the same bytes as formatting each row in JavaScript, escapes and all', async () => {
    const group = 'tab\there, "and" \\ =more';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, end_ts, created_by)
       SELECT $1, 'ACCOUNT', v, CASE WHEN v LIKE '+%' THEN now() + interval '1 day' END, 'seed'
         FROM unnest($2::text[]) AS v`,
      [group, cells],
    );
    const res = await get(`/api/suppress/downloadActiveSuppressions?groupName=${encodeURIComponent(group)}`);
    expect(res.statusCode).toBe(200);
    const { rows } = await t.ctx.db.query(
      `SELECT group_vch, supress_type, value_vch, start_ts, end_ts, created_ts FROM suppressions
        WHERE group_vch = $1 AND ended_by IS NULL ORDER BY supress_type, value_vch`,
      [group],
    );
    expect(rows).toHaveLength(cells.length);
    expect(res.body).toBe(
      SUPPRESSION_CSV_BOM + SUPPRESSION_CSV_HEADER + rows.map(suppressionCsvRow).join(''),
    );
  });
});

describe('active counts (kept by triggers in the change’s own transaction)', () => {
  const summaryOf = async (group: string) => {
    const all: { group_vch: string; supress_type: string; valid_count: number }[] = [];
    for (let page = 1; ; page++) {
      const answer = (
        await get(`/api/suppress/getPaginatedCampaigns?page=${page}&data=groupNameAndType`)
      ).json();
      all.push(...answer.data);
      if (page * 5 >= answer.rows) break;
    }
    return all
      .filter((row) => row.group_vch === group)
      .map((row) => `${row.supress_type} ${row.valid_count}`);
  };
  const groupTotal = async (group: string) =>
    (await get(`/api/suppress/search?value=${encodeURIComponent(group)}`)).json().rows;
  /** Rows of suppression_counts that differ from counting the current rows one by one: none expected. */
  const drift = async () =>
    (
      await t.ctx.db.query(
        `SELECT group_vch, supress_type, c.current_count, x.n
           FROM suppression_counts c
           FULL JOIN (SELECT group_vch, supress_type, count(*) AS n FROM suppressions WHERE ended_by IS NULL
                       GROUP BY group_vch, supress_type) x USING (group_vch, supress_type)
          WHERE coalesce(x.n, 0) <> coalesce(c.current_count, 0)`,
      )
    ).rows;

  it('summary, list total and group total follow every change, without values not yet or no longer active', async () => {
    const group = 'Counted';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by) VALUES
         ($1, 'EMAIL', 'c1@example.com', now(), NULL, 'seed'),
         ($1, 'EMAIL', 'c2@example.com', now(), now() + interval '1 day', 'seed'),
         ($1, 'EMAIL', 'c3@example.com', now(), NULL, 'seed'),
         ($1, 'EMAIL', 'c4@example.com', now() - interval '2 days', now() - interval '1 day', 'seed'),
         ($1, 'EMAIL', 'c5@example.com', now() + interval '1 day', NULL, 'seed'),
         ($1, 'PHONE', '+14155550001', now(), NULL, 'seed'),
         ($1, 'PHONE', '+14155550002', now(), NULL, 'seed'),
         ($1, 'PHONE', '+14155550003', now(), NULL, 'seed')`,
      [group],
    );
    await t.ctx.db.query('INSERT INTO suppression_groups (group_vch) VALUES ($1)', [group]);
    const listTotal = async () => (await get('/api/suppress/getPaginatedCampaigns?page=1')).json().rows;
    const before = await listTotal();
    // c4's end has passed, c5 starts tomorrow: 3 e-mails and 3 phones are active.
    expect(await summaryOf(group)).toEqual(['EMAIL 3', 'PHONE 3']);
    expect(await groupTotal(group)).toBe(6);

    const { rows } = await t.ctx.db.query(
      "SELECT row_id_bint FROM suppressions WHERE value_vch = 'c1@example.com' AND group_vch = $1",
      [group],
    );
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/suppress/deleteById/${rows[0].row_id_bint}`,
      headers: bearer(token),
      payload: { groupName: group },
    });
    expect(one.json()).toEqual({ status: 200, deleted: 1 });
    const phonesGone = await t.app.inject({
      method: 'DELETE',
      url: '/api/suppress/deleteById/groupNameAndType',
      headers: bearer(token),
      payload: { groupName: group, type: 'PHONE' },
    });
    expect(phonesGone.json()).toEqual({ status: 200, deleted: 3 });
    expect(await summaryOf(group)).toEqual(['EMAIL 2']);
    expect(await listTotal()).toBe(before - 4);

    // An incremental upload retires c4 (its end passed) and adds two values; c5 is still ahead.
    const added = (
      await upload('incremental', group, 'c6@example.com\nc7@example.com\nc2@example.com\n')
    ).json();
    expect(added).toMatchObject({ status: 200, inserted: 2, duplicates: 1 });
    expect(await summaryOf(group)).toEqual(['EMAIL 4']);
    expect(await groupTotal(group)).toBe(4);

    // A full upload replaces them: 1 added, 4 ended (c5 among them, current though not yet active), and c2 kept
    // without its end, since the file lists it without one (redated).
    const preview = (await upload('full', group, 'c2@example.com\nc8@example.com\n')).json();
    expect(preview).toMatchObject({ added: 1, removed: 4, unchanged: 0, redated: 1 });
    expect((await apply(preview.uploadId)).json()).toMatchObject({
      added: 1,
      removed: 4,
      unchanged: 0,
      redated: 1,
    });
    expect(await summaryOf(group)).toEqual(['EMAIL 2']);
    expect(await listTotal()).toBe(before - 4);
    expect(await drift()).toEqual([]);
  });

  it('pages are read while the total is counted, and stay exact when a kept count is off', async () => {
    const group = 'Paged while counting';
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
       SELECT $1, 'PHONE', '+1707' || (3000000 + i), 'seed' FROM generate_series(0, 119) i`,
      [group],
    );
    await t.ctx.db.query('INSERT INTO suppression_groups (group_vch) VALUES ($1)', [group]);
    const page = async (n: number) => {
      const answer = (await get(`/api/suppress/search?value=${encodeURIComponent(group)}&page=${n}`)).json();
      return { rows: answer.rows, values: answer.data.map((r: { value_vch: string }) => r.value_vch) };
    };
    const expected = {
      1: { first: '+17073000000', last: '+17073000049', length: 50 },
      3: { first: '+17073000100', last: '+17073000119', length: 20 },
    };
    for (const offBy of [0, 7, -14, 7]) {
      // Kept count 120, 127, 113, then 120 again: off, it disagrees with the rows (as if changed in between).
      await t.ctx.db.query(
        'UPDATE suppression_counts SET current_count = current_count + $2 WHERE group_vch = $1',
        [group, offBy],
      );
      for (const [n, want] of Object.entries(expected)) {
        const got = await page(Number(n));
        expect(got.rows).toBe(120);
        expect(got.values).toHaveLength(want.length);
        expect([got.values[0], got.values.at(-1)]).toEqual([want.first, want.last]);
      }
      expect((await page(4)).values[0]).toBe('+17073000000'); // past the end: page 1
    }
    expect(await drift()).toEqual([]);
  });

  it('stays exact through direct deletes, updates and a truncate', async () => {
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
       SELECT 'Counted direct', CASE WHEN i % 3 = 0 THEN 'SMS' ELSE 'ACCOUNT' END, 'd' || i, 'seed'
         FROM generate_series(1, 300) i`,
    );
    await t.ctx.db.query("UPDATE suppressions SET ended_by = 'x', end_ts = now() WHERE value_vch LIKE 'd1%'");
    await t.ctx.db.query(
      "UPDATE suppressions SET supress_type = 'SMS' WHERE value_vch LIKE 'd2%' AND ended_by IS NULL",
    );
    await t.ctx.db.query("DELETE FROM suppressions WHERE value_vch LIKE 'd3%'");
    expect(await drift()).toEqual([]);
    // Ended: d1, d10-d19, d100-d199 (111). Deleted: d3, d30-d39, d300 (12). Left: d2, d20-d29, d200-d299 (111, all
    // SMS now) and d4-d9, d40-d99 (66: 22 SMS, 44 ACCOUNT).
    const { rows } = await t.ctx.db.query(
      "SELECT supress_type, current_count::int AS n FROM suppression_counts WHERE group_vch = 'Counted direct' ORDER BY 1",
    );
    expect(rows).toEqual([
      { supress_type: 'ACCOUNT', n: 44 },
      { supress_type: 'SMS', n: 133 },
    ]);
    const client = await t.ctx.db.connect();
    try {
      await client.query('BEGIN');
      await client.query('TRUNCATE suppressions');
      expect((await client.query('SELECT count(*)::int AS n FROM suppression_counts')).rows[0].n).toBe(0);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await drift()).toEqual([]);
  });
});

describe('full upload preview: what it shows, and discarding it', () => {
  it('refuses a file without one valid value for a new group too, saying only that', async () => {
    const res = await upload('full', 'Nothing here yet', 'not a phone\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'no_valid_values',
      message: 'The file has no valid value. Nothing was changed.',
    });
  });

  it('says a file of 0 bytes or a header alone holds no values, rather than that its values are not valid', async () => {
    const empty = await upload('full', 'Nothing here yet', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      status: 400,
      error: 'no_valid_values',
      message:
        'The file holds no values: it is empty, or has only blank lines or a header line. Nothing was changed.',
      errors: [],
    });
    const before = await activeOf('Opt-out 2026');
    const headerOnly = await upload('full', 'Opt-out 2026', 'value,type,start,end\n\n');
    expect(headerOnly.json()).toEqual({
      status: 400,
      error: 'no_valid_values',
      message:
        'The file holds no values: it is empty, or has only blank lines or a header line, so a full upload would remove every value of the group Opt-out 2026. Nothing was changed. To empty a group, delete it instead.',
      errors: [],
    });
    expect(await activeOf('Opt-out 2026')).toEqual(before);
  });

  it('reads a line 1 of one header word as the header, says so, and gives the values the type it names', async () => {
    // Lines ended three ways (CRLF, a lone CR, LF): each is a line.
    const res = await upload('full', 'Header word accounts', 'Account\r\nACCT-77\r4155550177\n');
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      added: 2,
      rejected: 0,
      errors: [],
      header: { text: 'Account', type: 'ACCOUNT' },
    });
    expect((await apply(preview.uploadId)).statusCode).toBe(200);
    expect(await activeOf('Header word accounts')).toEqual(['ACCOUNT 4155550177', 'ACCOUNT ACCT-77']);
    const more = await upload('incremental', 'Header word accounts', 'Value,Type\nACCT-78,ACCOUNT\n');
    expect(more.json()).toEqual({
      status: 200,
      inserted: 1,
      redated: 0,
      duplicates: 0,
      rejected: 0,
      errors: [],
      header: { text: 'Value,Type' },
    });
    // A file whose line 1 is a value has no header.
    const plain = await upload('incremental', 'Header word accounts', '4155550178\n');
    expect(plain.json()).not.toHaveProperty('header');
  });

  it('names an Excel workbook or a UTF-16 file sent instead of CSV text, and changes nothing', async () => {
    const before = await activeOf('Opt-out 2026');
    // The first bytes of every .xlsx file (a zip archive), then some of its content.
    const xlsx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      Buffer.alloc(64, 0x8f),
    ]);
    const workbook = await upload('full', 'Opt-out 2026', xlsx);
    expect(workbook.statusCode).toBe(400);
    expect(workbook.json()).toEqual({
      status: 400,
      error: 'bad_file',
      message:
        'The file is an Excel workbook (or another Office or zip file), not CSV text; in Excel choose Save As, CSV UTF-8 (Comma delimited) (*.csv), and upload that file',
      errors: [],
    });
    const utf16 = await upload(
      'incremental',
      'Opt-out 2026',
      Buffer.from('\uFEFFvalue\n4155550123\n', 'utf16le'),
    );
    expect(utf16.json()).toEqual({
      status: 400,
      error: 'bad_file',
      message:
        'The file is UTF-16 text (Excel\'s "Unicode Text"); save it as CSV UTF-8 (Comma delimited) and upload it again',
      errors: [],
    });
    expect(await activeOf('Opt-out 2026')).toEqual(before);
  });

  it('lists at most 20 values it would remove, and groups whose names differ only in capitals or spaces', async () => {
    await apply((await upload('full', 'Paging Check', phones(30))).json().uploadId);
    const preview = (await upload('full', ' paging check', phones(1, 100))).json();
    expect(preview).toMatchObject({
      group: 'paging check',
      newGroup: true,
      similarGroups: ['Paging Check'],
    });
    expect(preview.removedValues).toEqual([]);
    const replace = (await upload('full', 'Paging Check', phones(1, 100))).json();
    expect(replace).toMatchObject({ newGroup: false, similarGroups: [], removed: 30 });
    expect(replace.removedValues).toHaveLength(20);
    expect(replace.removedValues[0]).toEqual({ type: 'PHONE', value: '+14152000000' });
    expect(replace.removedValues[19]).toEqual({ type: 'PHONE', value: '+14152000019' });
  });

  it('refuses a new group named with two spaces in a row, before reading its file; a group holding values keeps its name', async () => {
    const refused = await upload('full', 'Opt-out  2026', phones(1, 10));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'bad_request',
      message:
        'A new group name cannot have two spaces in a row: every screen shows them as one, so the group would look like another. Write it with single spaces.',
    });
    expect(await activeOf('Opt-out  2026')).toEqual([]);
    // A group named so before this rule (values written directly here) still takes full and incremental uploads.
    await t.ctx.db.query(
      "INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by) VALUES ('Legacy  list', 'PHONE', '+14155550999', 'seed')",
    );
    const full = (await upload('full', 'Legacy  list', phones(2))).json();
    expect(full).toMatchObject({ group: 'Legacy  list', newGroup: false, added: 2, removed: 1 });
    await apply(full.uploadId);
    expect((await upload('incremental', 'Legacy  list', phones(1, 3))).json()).toMatchObject({ inserted: 1 });
  });

  it("refuses to apply or discard a colleague's preview, which stays theirs to confirm", async () => {
    const colleague = await t.signIn(['SUPPRESSION'], 'kim@test.local');
    const before = await activeOf('Opt-out 2026');
    const preview = (await upload('full', 'Opt-out 2026', 'only.sam.saw.this@example.com\n')).json();
    const expected = {
      status: 403,
      error: 'forbidden',
      message: `Upload ${preview.uploadId} is a preview of a file uploaded by sam@test.local: only they can apply it. Nothing was changed. Upload the file yourself to see your own preview.`,
    };
    const applied = await apply(preview.uploadId, colleague);
    expect(applied.statusCode).toBe(403);
    expect(applied.json()).toEqual(expected);
    const discarded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/suppress/upload/fullFileUpload/${preview.uploadId}/discard`,
      headers: bearer(colleague),
    });
    expect(discarded.statusCode).toBe(403);
    expect(discarded.json().message).toBe(
      `Upload ${preview.uploadId} is a preview of a file uploaded by sam@test.local: only they can discard it. Nothing was changed. Upload the file yourself to see your own preview.`,
    );
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    // The uploader still can.
    expect((await apply(preview.uploadId)).json()).toMatchObject({ applied: true, added: 1 });
    expect(await activeOf('Opt-out 2026')).toEqual(['EMAIL only.sam.saw.this@example.com']);
  });

  it('discards a preview: it can never be applied afterwards, and nothing changed', async () => {
    const before = await activeOf('Opt-out 2026');
    const preview = (await upload('full', 'Opt-out 2026', 'discard.me@example.com\n')).json();
    const discard = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/suppress/upload/fullFileUpload/${id}/discard`,
        headers: bearer(token),
      });
    const res = await discard(preview.uploadId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, discarded: true, uploadId: preview.uploadId });
    expect((await discard(preview.uploadId)).statusCode).toBe(200);
    const refused = await apply(preview.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This preview was discarded. Upload the file again to see a fresh preview.',
    );
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    const { rows } = await t.ctx.db.query('SELECT status, failure FROM suppression_uploads WHERE id = $1', [
      preview.uploadId,
    ]);
    expect(rows).toEqual([{ status: 'discarded', failure: 'discarded by sam@test.local' }]);
    const audit = await t.ctx.db.query(
      "SELECT actor, details->>'uploadId' AS upload FROM audit_log WHERE action = 'suppression.upload.discarded'",
    );
    expect(audit.rows).toEqual([{ actor: 'sam@test.local', upload: String(preview.uploadId) }]);

    const applied = (await upload('full', 'Discard applied', 'x@example.com\n')).json();
    await apply(applied.uploadId);
    expect((await discard(applied.uploadId)).json()).toMatchObject({
      status: 409,
      message: 'This upload has already been applied.',
    });
    expect((await discard(987654)).statusCode).toBe(404);
    expect((await discard(preview.uploadId)).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v1/suppress/upload/fullFileUpload/${preview.uploadId}/discard`,
      headers: bearer(reporter),
    });
    expect(other.statusCode).toBe(403);
  });

  it("reads dates written without an offset in the zone sent as tz (the console sends the operator's), else UTC", async () => {
    const file = [
      'value,type,start,end',
      '4153217777,PHONE,2020-01-01,2030-01-01',
      '4153217778,PHONE,,2030-06-15T08:00:00',
      '4153217779,PHONE,,2030-06-15T08:00:00Z',
    ].join('\n');
    const send = (group: string, query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/suppress/upload/fullFileUpload${query}`,
        headers: {
          ...bearer(token),
          groupName: group,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: multipart('fullFileUpload', file),
      });
    const datesOf = async (group: string) =>
      (
        await t.ctx.db.query<{ value_vch: string; start_ts: Date; end_ts: Date }>(
          'SELECT value_vch, start_ts, end_ts FROM suppressions WHERE group_vch = $1 ORDER BY value_vch',
          [group],
        )
      ).rows.map((r) => [r.value_vch, r.start_ts.toISOString(), r.end_ts.toISOString()]);

    const zoned = (await send('Zoned dates', '?tz=America%2FLos_Angeles')).json();
    expect(zoned).toMatchObject({ status: 200, added: 3, rejected: 0 });
    await apply(zoned.uploadId);
    const dates = await datesOf('Zoned dates');
    expect(dates[0]).toEqual(['+14153217777', '2020-01-01T08:00:00.000Z', '2030-01-01T08:00:00.000Z']);
    expect(dates.map((d) => d[2])).toEqual([
      '2030-01-01T08:00:00.000Z',
      '2030-06-15T15:00:00.000Z', // 08:00 Pacific Daylight Time
      '2030-06-15T08:00:00.000Z', // Z: as written
    ]);

    const utc = (await send('UTC dates', '')).json();
    await apply(utc.uploadId);
    expect((await datesOf('UTC dates')).map((d) => d[2])).toEqual([
      '2030-01-01T00:00:00.000Z',
      '2030-06-15T08:00:00.000Z',
      '2030-06-15T08:00:00.000Z',
    ]);

    // Two values start later (the first 2030-01-01 Pacific), one has started: said, as the lists show none of them.
    const later = [
      'value,type,start',
      '4153218880,PHONE,2030-06-01',
      '4153218881,PHONE,2030-01-01',
      '4153218882,PHONE,2020-01-01',
    ].join('\n');
    const laterPreview = (
      await t.app.inject({
        method: 'POST',
        url: '/api/suppress/upload/fullFileUpload?tz=America%2FLos_Angeles',
        headers: {
          ...bearer(token),
          groupName: 'Starting later',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: multipart('fullFileUpload', later),
      })
    ).json();
    expect(laterPreview).toMatchObject({ added: 3, startsLater: 2, firstStart: '2030-01-01T08:00:00.000Z' });
    await apply(laterPreview.uploadId);
    const more = (
      await upload('incremental', 'Starting later', '4153218883,PHONE,2031-02-03T04:05:06Z\n4153218884\n')
    ).json();
    expect(more).toMatchObject({ inserted: 2, startsLater: 1, firstStart: '2031-02-03T04:05:06.000Z' });
    // Without a value starting later, neither is in the answer.
    expect(Object.keys((await upload('incremental', 'Starting later', '4153218885\n')).json())).not.toContain(
      'startsLater',
    );
    expect(Object.keys(zoned)).not.toContain('startsLater');

    const bad = await send('Never made', '?tz=Mars%2FOlympus');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toBe(
      'The query parameter tz is not a time zone this server knows (e.g. America/Los_Angeles).',
    );
    expect(await activeOf('Never made')).toEqual([]);
  });

  it("refuses to apply or discard a preview under another group's name, and group names with control characters", async () => {
    const before = await activeOf('Opt-out 2026');
    const preview = (await upload('full', 'Opt-out 2026', 'other.group@example.com\n')).json();
    const step = (what: 'apply' | 'discard', group: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/suppress/upload/fullFileUpload/${preview.uploadId}/${what}`,
        headers: { ...bearer(token), groupName: group },
      });
    for (const what of ['apply', 'discard'] as const) {
      const res = await step(what, 'Medical exemptions');
      expect(res.statusCode, what).toBe(409);
      expect(res.json(), what).toEqual({
        status: 409,
        error: 'conflict',
        message: `Upload ${preview.uploadId} is a preview for the group "Opt-out 2026", not "Medical exemptions". Nothing was changed.`,
      });
    }
    expect(await activeOf('Opt-out 2026')).toEqual(before);
    // Still a preview: applied under its own name, it changes its own group.
    expect((await step('apply', 'Opt-out 2026')).json()).toMatchObject({ status: 200, applied: true });
    expect(await activeOf('Opt-out 2026')).toEqual(['EMAIL other.group@example.com']);

    const tab = await upload('full', 'a\tb', 'x@example.com\n');
    expect(tab.statusCode).toBe(400);
    expect(tab.json().message).toBe(
      'A group name cannot hold tabs, line breaks or other control characters.',
    );
    // A script sending Windows-1252 text: its curly quotes (bytes 0x93, 0x94) are read as the invisible C1
    // controls U+0093 and U+0094, which named a group no one could type.
    const quoted = await upload('full', 'Opt-out \u0093new\u0094', 'x@example.com\n');
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: 'A group name cannot hold tabs, line breaks or other control characters.',
    });
    expect(await activeOf('Opt-out \u0093new\u0094')).toEqual([]);
  });

  it('reads a groupName header sent as UTF-8 (curl, scripts) as UTF-8, and one sent as ISO-8859-1 as that', async () => {
    const utf8 = (
      await upload('full', Buffer.from('Café 東京', 'utf8').toString('latin1'), 'u@example.com\n')
    ).json();
    expect(utf8.group).toBe('Café 東京');
    const latin1 = (await upload('full', 'Café', 'u@example.com\n')).json();
    expect(latin1.group).toBe('Café');
  });
});
