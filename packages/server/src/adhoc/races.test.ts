import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { audioStore } from './audio.ts';
import { languagePayload, multipartFile, poster, wavBytes } from './test-support.ts';

/** Ad hoc template calls arriving at the same moment: the recording files must always match the records. */
let t: TestApp;
let token: string;
let dataDir: string;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'psps-adhoc-races-'));
  t = await createTestApp({ dataDir });
  token = await t.signIn(['REPORTING'], 'olivia@utility.test');
  post = poster(t, () => token);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (id: number, language: string) => {
  const { payload, headers } = multipartFile('message.wav', 'audio/wav', wavBytes());
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/adhoc/upload/live/${id}-${language}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
};

async function newTemplate(name: string): Promise<number> {
  const res = await post('/api/v1/adhoc/campaign/insert', { name_vch: name });
  expect(res.status).toBe(200);
  return res.body.response.id_bint;
}

/** The live recordings stored for a template, by language. */
async function storedRecordings(id: number, languages: string[]): Promise<string[]> {
  const audio = audioStore(t.ctx.config);
  const names = new Set(await readdir(path.join(dataDir, 'audio')).catch(() => [] as string[]));
  return languages.filter((language) => names.has(audio.fileName(id, language as 'english', 'live')));
}

/** The languages whose voice record says a live recording was uploaded. */
async function recordedUploads(id: number): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ language: string }>(
    `SELECT language FROM adhoc_templates
      WHERE campaign_id = $1 AND notify_by = 'PHON' AND upload_live_dt IS NOT NULL ORDER BY language`,
    [id],
  );
  return rows.map((row) => row.language);
}

describe('a voice language deleted while its recording is uploaded again', () => {
  // The delete removed the language's files after its transaction had committed: an upload waiting for the
  // template's lock got it at that commit, stored its file and recorded it, and then the delete removed that file.
  // The record said 'uploaded', the dialer and the console found no recording.
  it('leaves the recording exactly when the record says it was uploaded', async () => {
    const id = await newTemplate('Recording race');
    const mismatches: string[] = [];
    for (let round = 0; round < 15; round++) {
      expect((await upload(id, 'english')).statusCode).toBe(200);
      const [deleted, uploaded] = await Promise.all([
        post('/api/v1/adhoc/template/language/delete', {
          id_bint_adhoc_campaign: id,
          notifyBy_vch: 'PHON',
          language_vch: 'english',
        }),
        upload(id, 'english'),
      ]);
      expect(deleted.status).toBe(200);
      expect(uploaded.statusCode).toBe(200);
      const records = await recordedUploads(id);
      const files = await storedRecordings(id, ['english']);
      if (JSON.stringify(records) !== JSON.stringify(files)) {
        mismatches.push(`round ${round}: recorded ${records}, stored ${files}`);
      }
      const listen = await t.app.inject({
        url: `/api/v1/adhoc/audio/live/${id}-english`,
        headers: bearer(token),
      });
      if (listen.statusCode !== (records.length === 1 ? 200 : 404)) {
        mismatches.push(`round ${round}: recorded ${records}, playback answered ${listen.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** Makes the database refuse (as a lost connection would fail) the change audited as `action`, while `run` runs. */
async function failingAt<T>(action: string, run: () => Promise<T>): Promise<T> {
  await t.ctx.db.query(
    `CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'the database went away'; END $$`,
  );
  await t.ctx.db.query(
    `CREATE TRIGGER test_refuse BEFORE INSERT ON audit_log FOR EACH ROW
       WHEN (NEW.action = '${action}') EXECUTE FUNCTION test_refuse()`,
  );
  try {
    return await run();
  } finally {
    await t.ctx.db.query('DROP TRIGGER test_refuse ON audit_log');
    await t.ctx.db.query('DROP FUNCTION test_refuse()');
  }
}

describe('a recording change whose record is not written (the database failed in between)', () => {
  // The file was moved into place (or removed) first and the record written after: a failure in between answered
  // that nothing happened, while the dialer already had the new recording (or none), the record still saying the
  // old one was there.
  it('keeps the recording the record says was uploaded', async () => {
    const id = await newTemplate('Recording kept');
    expect((await upload(id, 'english')).statusCode).toBe(200);
    const before = await recordedLive(id);
    const again = multipartFile('message.wav', 'audio/wav', wavBytes(1600));
    const failed = await failingAt('adhoc.audio.upload', () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/adhoc/upload/live/${id}-english`,
        headers: { ...bearer(token), ...again.headers },
        payload: again.payload,
      }),
    );
    expect(failed.statusCode).toBe(500);
    expect(await recordedLive(id)).toEqual(before);
    expect(before.file).toEqual(wavBytes());
  });

  it('keeps the recording of a language whose delete failed', async () => {
    const id = await newTemplate('Recording not deleted');
    expect((await upload(id, 'english')).statusCode).toBe(200);
    const before = await recordedLive(id);
    const deleted = await failingAt('adhoc.language.delete', () =>
      post('/api/v1/adhoc/template/language/delete', {
        id_bint_adhoc_campaign: id,
        notifyBy_vch: 'PHON',
        language_vch: 'english',
      }),
    );
    expect(deleted.status).toBe(500);
    expect(await recordedLive(id)).toEqual(before);
  });
});

/** The english live recording of a template as recorded (its upload time) and as stored (its bytes, or null). */
async function recordedLive(id: number): Promise<{ at: Date | null; file: Buffer | null }> {
  const { rows } = await t.ctx.db.query<{ at: Date | null }>(
    `SELECT upload_live_dt AS at FROM adhoc_templates
      WHERE campaign_id = $1 AND notify_by = 'PHON' AND language = 'english'`,
    [id],
  );
  const name = audioStore(t.ctx.config).fileName(id, 'english', 'live');
  const file = await readFile(path.join(dataDir, 'audio', name)).catch(() => null);
  return { at: rows[0]?.at ?? null, file };
}

describe('a template deleted while a recording is uploaded', () => {
  // The delete read the template's voice languages before waiting for the template's lock: a language the upload
  // created meanwhile was deleted with the template, but its recording stayed on disk for good.
  it('leaves no recording of the deleted template behind', async () => {
    const left: string[] = [];
    for (let round = 0; round < 10; round++) {
      const id = await newTemplate(`Delete race ${round}`);
      await post('/api/v1/adhoc/campaign/template/insertUpdate', {
        id_bint_adhoc_campaign: id,
        ...languagePayload({ notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'Hello' }),
      });
      const languages = ['spanish', 'vietnamese', 'korean'];
      const answers = await Promise.all([
        ...languages.map((language) => upload(id, language)),
        post('/api/v1/adhoc/template/delete', { id_bint_adhoc_campaign: id }),
      ]);
      for (const answer of answers.slice(0, 3) as { statusCode: number }[]) {
        expect([200, 404]).toContain(answer.statusCode);
      }
      expect((answers[3] as { status: number }).status).toBe(200);
      const files = await storedRecordings(id, languages);
      if (files.length > 0) left.push(`ADHOC-${id}: ${files}`);
    }
    expect(left).toEqual([]);
  });
});

describe('saves of one template at the same moment', () => {
  it('takes one of many saves based on the same version and refuses the others (409), each round', async () => {
    const id = await newTemplate('Save race');
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('/api/v1/adhoc/campaign/template/insertUpdate', {
            id_bint_adhoc_campaign: id,
            baseVersion_bint: round,
            ...languagePayload({
              notifyBy_vch: 'SMS',
              language_vch: 'english',
              templatePGE_txt: `Outage notice ${round}-${i}`,
            }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
      const winner = answers.findIndex((a) => a.status === 200);
      const { rows } = await t.ctx.db.query<{ version: number; template_pge: string }>(
        "SELECT version, template_pge FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'SMS'",
        [id],
      );
      expect(rows).toEqual([{ version: round + 1, template_pge: `Outage notice ${round}-${winner}` }]);
    }
    // Saves without a base are the specification's call, unchecked: each is applied, one after the other.
    const unchecked = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/v1/adhoc/campaign/template/insertUpdate', {
          id_bint_adhoc_campaign: id,
          ...languagePayload({ notifyBy_vch: 'SMS', language_vch: 'spanish', templatePGE_txt: `Aviso ${i}` }),
        }),
      ),
    );
    expect(unchecked.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const { rows } = await t.ctx.db.query<{ version: number }>(
      "SELECT version FROM adhoc_templates WHERE campaign_id = $1 AND language = 'spanish'",
      [id],
    );
    expect(rows).toEqual([{ version: 20 }]);
  });

  it('takes one of many renames typed from the same title and refuses the others (409)', async () => {
    const id = await newTemplate('Rename race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/v1/adhoc/campaign/update-title', {
          id_bint_adhoc_campaign: id,
          title_vch: `Rename race ${i}`,
          baseTitle_vch: 'Rename race',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const winner = answers.findIndex((a) => a.status === 200);
    const { rows } = await t.ctx.db.query('SELECT name FROM adhoc_campaigns WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: `Rename race ${winner}` }]);
  });
});
