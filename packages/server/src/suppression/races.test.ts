import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPRESSION_TEXTS } from '@psps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, waitingOnLock } from '../../test/harness.ts';
import { openFullUpload } from '../../test/open-upload.ts';
import { buildApp } from '../app.ts';
import { authService } from '../auth/service.ts';
import { createPool } from '../db/pool.ts';

/**
 * Suppression changes arriving at the same moment (several operators, or one pressing twice): uploads, applies,
 * discards and deletes of one group, and the kept counts of values per group and type.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['SUPPRESSION'], 'sam@test.local');
});
afterAll(() => t?.close());

const BOUNDARY = '----psps-races-boundary';

function upload(kind: 'full' | 'incremental', group: string, content: string) {
  const field = kind === 'full' ? 'fullFileUpload' : 'incrementalFileUpload';
  return t.app.inject({
    method: 'POST',
    url: `/api/suppress/upload/${field}`,
    headers: {
      ...bearer(token),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      groupName: group,
    },
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
  });
}

const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const emails = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `r${from + i}@example.com\n`).join('');

/** Active values of a group, counted, and the count the triggers keep: they must agree. */
async function counts(group: string): Promise<{ active: number; kept: number }> {
  const { rows } = await t.ctx.db.query<{ active: number; kept: number }>(
    `SELECT (SELECT count(*)::int FROM suppressions WHERE group_vch = $1 AND ended_by IS NULL) AS active,
            (SELECT coalesce(sum(current_count), 0)::int FROM suppression_counts WHERE group_vch = $1) AS kept`,
    [group],
  );
  return rows[0]!;
}

async function createGroup(group: string, content: string) {
  const preview = await upload('full', group, content);
  expect(preview.statusCode).toBe(200);
  const applied = await call(
    'POST',
    `/api/v1/suppress/upload/fullFileUpload/${preview.json().uploadId}/apply`,
  );
  expect(applied.statusCode).toBe(200);
}

describe('suppression changes at the same moment', () => {
  it('applies 12 overlapping incremental uploads to one group and two others at once, each value once', async () => {
    for (const group of ['Race A', 'Race B', 'Race C']) await createGroup(group, emails(0, 10));
    // Upload i holds values 5i .. 5i + 29: each overlaps the next five, and the other uploads of its group.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        upload('incremental', ['Race A', 'Race B', 'Race C'][i % 3]!, emails(5 * i, 30)),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    // Group A got uploads 0, 3, 6, 9: values 0-29, 15-44, 30-59, 45-74 (its first 10 among them): 0-74.
    expect(await counts('Race A')).toEqual({ active: 75, kept: 75 });
    // B: 5-34, 20-49, 35-64, 50-79 and 0-9; C: 10-39, 25-54, 40-69, 55-84 and 0-9.
    expect(await counts('Race B')).toEqual({ active: 80, kept: 80 });
    expect(await counts('Race C')).toEqual({ active: 85, kept: 85 });
  });

  it('applies one of several previews of a group applied at once, refusing the others (409)', async () => {
    await createGroup('Race D', emails(0, 20));
    const previews = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload('full', 'Race D', emails(5 * i, 20))),
    );
    expect(previews.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const applied = await Promise.all(
      previews.map((p) => call('POST', `/api/v1/suppress/upload/fullFileUpload/${p.json().uploadId}/apply`)),
    );
    expect(applied.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of applied.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(
        'The group "Race D" changed after this preview. Upload the file again to see a fresh preview.',
      );
    }
    expect(await counts('Race D')).toEqual({ active: 20, kept: 20 });
  });

  it('takes either the apply or the discard of one preview sent at once, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const group = `Race E${round}`;
      await createGroup(group, emails(0, 5));
      const preview = (await upload('full', group, emails(3, 5))).json();
      const [applied, discarded] = await Promise.all([
        call('POST', `/api/v1/suppress/upload/fullFileUpload/${preview.uploadId}/apply`),
        call('POST', `/api/v1/suppress/upload/fullFileUpload/${preview.uploadId}/discard`),
      ]);
      const { rows } = await t.ctx.db.query<{ status: string }>(
        'SELECT status FROM suppression_uploads WHERE id = $1',
        [preview.uploadId],
      );
      if (applied.statusCode === 200) {
        expect(discarded.statusCode).toBe(409);
        expect(rows).toEqual([{ status: 'applied' }]);
        expect(await counts(group)).toEqual({ active: 5, kept: 5 });
      } else {
        expect([applied.statusCode, discarded.statusCode]).toEqual([409, 200]);
        expect(rows).toEqual([{ status: 'discarded' }]);
        expect(await counts(group)).toEqual({ active: 5, kept: 5 });
      }
    }
  });

  it('deletes a row, or a group and type, once when asked many times at once', async () => {
    await createGroup('Race F', emails(0, 30));
    const { rows } = await t.ctx.db.query<{ id: number }>(
      "SELECT row_id_bint AS id FROM suppressions WHERE group_vch = 'Race F' AND value_vch = 'r7@example.com'",
    );
    const rowDeletes = await Promise.all(
      Array.from({ length: 15 }, () =>
        call('DELETE', `/api/suppress/deleteById/${rows[0]!.id}`, { groupName: 'Race F' }),
      ),
    );
    expect(rowDeletes.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array.from({ length: 14 }, () => 404),
    ]);
    expect(await counts('Race F')).toEqual({ active: 29, kept: 29 });
    const groupDeletes = await Promise.all(
      Array.from({ length: 15 }, () =>
        call('DELETE', '/api/suppress/deleteById/groupNameAndType', { groupName: 'Race F', type: 'EMAIL' }),
      ),
    );
    expect(groupDeletes.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array.from({ length: 14 }, () => 404),
    ]);
    expect(groupDeletes.find((a) => a.statusCode === 200)!.json()).toEqual({ status: 200, deleted: 29 });
    expect(await counts('Race F')).toEqual({ active: 0, kept: 0 });
  });
});

describe('an incremental upload and a delete of its whole group at the same moment', () => {
  // The group was checked when the upload began, before its file was read: a delete of every value that came in
  // between was not seen, and the file's values made the deleted group anew, though an incremental upload needs an
  // existing group (and one after the delete was refused).
  it('refuses the upload when the delete came first, and the group stays deleted', async () => {
    await createGroup('Race G', emails(0, 5));
    // The delete takes the group first: the upload, its file read, waits for the group.
    const held = await t.ctx.db.connect();
    await held.query('BEGIN');
    await held.query('SELECT version FROM suppression_groups WHERE group_vch = $1 FOR UPDATE', ['Race G']);
    const answer = upload('incremental', 'Race G', emails(100, 3));
    await waitingOnLock(t, 'SELECT version FROM suppression_groups');
    await held.query(
      `UPDATE suppressions SET end_ts = now(), ended_by = 'sam@test.local'
        WHERE group_vch = $1 AND ended_by IS NULL`,
      ['Race G'],
    );
    await held.query('UPDATE suppression_groups SET version = version + 1 WHERE group_vch = $1', ['Race G']);
    await held.query('COMMIT');
    held.release();
    const res = await answer;
    expect([res.statusCode, res.json().message]).toEqual([400, SUPPRESSION_TEXTS.groupNameUnknown]);
    expect(await counts('Race G')).toEqual({ active: 0, kept: 0 });
  });
});

describe('a value deleted from a list shown before an upload gave it new dates', () => {
  // The upload ended the value's row and put the value back with its new dates under another row id. Deleting the row
  // shown answered that the value was no longer active, as if another operator had deleted it: it still was, and
  // the operator, told so, took the person for no longer suppressed.
  it('says the value is still active, deleting nothing', async () => {
    await createGroup('Race H', 'h1@example.com\nh2@example.com\n');
    const { rows } = await t.ctx.db.query<{ row_id_bint: number }>(
      `SELECT row_id_bint FROM suppressions
        WHERE group_vch = 'Race H' AND value_vch = 'h1@example.com' AND ended_by IS NULL`,
    );
    const redated = await upload(
      'incremental',
      'Race H',
      'E-mail,Type,Start,End\nh1@example.com,,,2099-01-01\n',
    );
    expect(redated.json()).toMatchObject({ status: 200, inserted: 0, redated: 1 });
    const res = await call('DELETE', `/api/suppress/deleteById/${rows[0]!.row_id_bint}`, {
      groupName: 'Race H',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'This value was changed after the list was shown (an upload or another operator gave it new dates) and is still active in the group "Race H". Nothing was deleted. Reload the list to delete it.',
    );
    expect(await counts('Race H')).toEqual({ active: 2, kept: 2 });
  });
});

describe('uploads that each close the previews left open, at once', () => {
  it('closes each expired preview once and answers every upload', async () => {
    const previews = [];
    for (let i = 0; i < 8; i++)
      previews.push((await upload('full', `Race G${i}`, emails(0, 5))).json().uploadId);
    await t.ctx.db.query(
      "UPDATE suppression_uploads SET expires_ts = now() - interval '1 minute' WHERE id = ANY($1::bigint[])",
      [previews],
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => upload('full', `Race H${i}`, emails(100 * i, 20))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    const { rows } = await t.ctx.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM suppression_uploads WHERE id = ANY($1::bigint[]) GROUP BY status',
      [previews],
    );
    expect(rows).toEqual([{ status: 'expired', n: 8 }]);
    const { rows: left } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'suppression_staging'::regclass AND c.relname = ANY($1::text[])`,
      [previews.map((id) => `suppression_staging_${id}`)],
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('slow transfers', () => {
  it("hold only the transfer connections: the console's other calls are answered while files arrive", async () => {
    // A main pool of 2 and a transfer pool of 2: four uploads whose files arrive slowly, two of them waiting for a
    // transfer connection. Sharing one pool, the first two held both connections and every other call waited.
    const db = createPool(t.databaseUrl, 2);
    const streamDb = createPool(t.databaseUrl, 2);
    const app = await buildApp(
      { ...t.ctx, db, streamDb, auth: authService(db, t.ctx.config) },
      { webDist: null },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const open: http.ClientRequest[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const req = openFullUpload(port, token, `Slow ${i}`, BOUNDARY);
        req.write(emails(i * 1000, 1000));
        open.push(req);
      }
      // Every upload opened and two copying their file (the others waiting for a transfer connection), no file ended.
      const state = async () => {
        const { rows } = await t.ctx.db.query<{ receiving: number; copying: number }>(
          `SELECT (SELECT count(*)::int FROM suppression_uploads
                    WHERE status = 'receiving' AND group_vch LIKE 'Slow %') AS receiving,
                  (SELECT count(*)::int FROM pg_stat_activity
                    WHERE query LIKE 'COPY suppression_staging%' AND state = 'active') AS copying`,
        );
        return rows[0];
      };
      for (let tries = 0; ; tries++) {
        const now = await state();
        if (now?.receiving === 4 && now.copying === 2) break;
        expect(tries, `the four uploads opened, two copying: ${JSON.stringify(now)}`).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const res = await fetch(`http://127.0.0.1:${port}/api/suppress/getPaginatedCampaigns?page=1`, {
        headers: bearer(token),
        signal: AbortSignal.timeout(5_000),
      });
      expect(res.status).toBe(200);
    } finally {
      for (const req of open) req.destroy();
      await app.close();
      await db.end();
      await streamDb.end();
    }
  });
});
