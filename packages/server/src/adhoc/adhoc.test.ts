import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { languagePayload, multipartFile, poster, wavBytes } from './test-support.ts';

const LOCKED =
  'This template is locked because it has already been launched. Once a template has been launched it may not be edited. Current Status: LAUNCHED';

let t: TestApp;
let token: string;
let engineKey: string;
let dataDir: string;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'psps-adhoc-'));
  const { delivery } = loadConfig({ LOG_LEVEL: 'silent' });
  t = await createTestApp({ dataDir, delivery: { ...delivery, emailFrom: 'psps@utility.test' } });
  token = await t.signIn(['REPORTING'], 'olivia@utility.test');
  engineKey = await t.ctx.auth.createApiKey('messaging-engine', ['INGEST']);
  post = poster(t, () => token);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newTemplate(name = 'Wind event Oct 21'): Promise<number> {
  const res = await post('/api/v1/adhoc/campaign/insert', { name_vch: name });
  expect(res.status).toBe(200);
  return res.body.response.id_bint;
}

async function save(id: number, record: Record<string, unknown>) {
  return post('/api/v1/adhoc/campaign/template/insertUpdate', {
    id_bint_adhoc_campaign: id,
    ...languagePayload(record),
  });
}

async function launch(id: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/adhoc/launched',
    headers: bearer(engineKey),
    payload: { id_bint_adhoc_campaign: id },
  });
}

/** An English e-mail record with this body. */
const email = (templatePGE_txt: string) => ({
  notifyBy_vch: 'EML',
  language_vch: 'english',
  templatePGE_txt,
});

const smsEnglish = {
  notifyBy_vch: 'SMS',
  language_vch: 'english',
  templatePGE_txt: 'PSPS alert for ^customerName^ at ^address^. Reply STOP to opt out.',
  dataMB_txt: '{"customerName":"Ana Ruiz","address":"12 Oak St"}',
};

/** Uploads `bytes` as the English live recording of template `id`, signed in as the test's operator. */
const uploadLive = (id: number, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/adhoc/upload/live/${id}-english`,
    ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
      multipartFile('greeting.wav', 'audio/wav', bytes),
    ),
  });

describe('a refused request says in plain words which field is wrong and what it must be', () => {
  it.each([
    [{ id_bint_adhoc_campaign: 1e20 }, 'The field id_bint_adhoc_campaign of the request is too large.'],
    [
      { id_bint_adhoc_campaign: 'ADHOC-7' },
      'The field id_bint_adhoc_campaign of the request must be a positive whole number.',
    ],
    [
      { id_bint_adhoc_campaign: null },
      'The field id_bint_adhoc_campaign of the request must be a positive whole number.',
    ],
    [{}, 'The field id_bint_adhoc_campaign of the request is required.'],
    [
      { id_bint_adhoc_campaign: 1.5 },
      'The field id_bint_adhoc_campaign of the request must be a whole number.',
    ],
  ])('select-single with %j', async (payload, message) => {
    const res = await post('/api/v1/adhoc/campaign/select-single', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('names an id beyond 2^53 - 1 too large once, not twice (the engine reading details lists each problem)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/adhoc/launched',
      headers: { ...bearer(engineKey), 'content-type': 'application/json' },
      payload: '{"id_bint_adhoc_campaign":9007199254740993}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'The field id_bint_adhoc_campaign of the request is too large.',
      details: [{ field: 'body.id_bint_adhoc_campaign', reason: 'is too large' }],
    });
  });

  it('names the accepted values of a choice and the length of a text', async () => {
    const channel = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: 1,
      notifyBy_vch: 'FAX',
    });
    expect(channel.body.message).toBe(
      'The field notifyBy_vch of the request must be one of: PHON, SMS, EML.',
    );
    const title = await post('/api/v1/adhoc/campaign/insert', { name_vch: 'x'.repeat(256) });
    expect(title.body.message).toBe('The field name_vch of the request must be at most 255 characters long.');
    const empty = await post('/api/v1/adhoc/campaign/insert', { name_vch: ' ' });
    expect(empty.body.message).toBe('The field name_vch of the request must not be empty.');
  });

  it("says what a voice send's lib must be: the library code, digits", async () => {
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: 1,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
      lib: 'ADHOC-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The field lib of the request must be the voice library code, digits only (such as 20190042).',
    );
  });

  it("names a test send's languages, 'all' among them (it said 'is not in any of the accepted forms')", async () => {
    for (const language of ['English', 17, 'ALL']) {
      const res = await post('/api/v1/adhoc/send-email-test', {
        id_bint_adhoc_campaign: 1,
        language_vch: language,
        notifyBy_vch: 'SMS',
      });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.message, String(language)).toBe(
        'The field language_vch of the request must be one of: english, arabic, chinese-cantonese, chinese-mandarin, farsi, hmong, japanese, khmer, korean, punjabi, russian, spanish, tagalog, vietnamese, hindi, portuguese, thai, all.',
      );
    }
  });
});

describe('template list (doc 2 §2.1)', () => {
  it('creates a template as DRAFT with the name sent and no languages', async () => {
    const res = await post('/api/v1/adhoc/campaign/insert', { name_vch: 'New Template' });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      name_vch: 'New Template',
      status_vch: 'DRAFT',
      languageCount_bint: 0,
      publish_dt: null,
      testerPhon_vch: null,
      testerSms_vch: null,
      testerEmail_vch: null,
    });
  });

  it('lists templates newest first with their language count, at most the first 100', async () => {
    await t.ctx.db.query(
      "INSERT INTO adhoc_campaigns (name) SELECT 'Bulk ' || n FROM generate_series(1, 101) AS n",
    );
    const id = await newTemplate('Newest');
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, language_vch: 'spanish' });
    await save(id, { ...smsEnglish, notifyBy_vch: 'PHON' });

    const res = await post('/api/v1/adhoc/campaign/select', {});
    expect(res.status).toBe(200);
    expect(res.body.response).toHaveLength(100);
    expect(res.body.response[0]).toMatchObject({ id_bint: id, name_vch: 'Newest', languageCount_bint: 2 });
    expect(res.body.response[1].name_vch).toBe('Bulk 101');
  });

  it('finds a template past the first 100 by a part of its title or by its ADHOC id', async () => {
    const byTitle = await post('/api/v1/adhoc/campaign/select', { search: 'bulk 1' });
    expect(byTitle.body.response.map((c: { name_vch: string }) => c.name_vch).slice(0, 3)).toEqual([
      'Bulk 101',
      'Bulk 100',
      'Bulk 19',
    ]);
    const { rows } = await t.ctx.db.query("SELECT id FROM adhoc_campaigns WHERE name = 'Bulk 1'");
    const byId = await post('/api/v1/adhoc/campaign/select', { search: `ADHOC-${rows[0].id}` });
    expect(byId.body.response).toEqual([
      expect.objectContaining({ id_bint: rows[0].id, name_vch: 'Bulk 1' }),
    ]);
    expect((await post('/api/v1/adhoc/campaign/select', { search: 'no such title' })).body.response).toEqual(
      [],
    );
  });

  it("finds a template by its id written the ways people say it: 'ADHOC 7', 'adhoc7', 'ADHOC–7', '#7'", async () => {
    const id = await newTemplate('Said aloud');
    for (const search of [
      `ADHOC ${id}`,
      `adhoc${id}`,
      `ADHOC\u2013${id}`,
      `#${id}`,
      `ADHOC-${id}`,
      `${id}`,
    ]) {
      const found = (await post('/api/v1/adhoc/campaign/select', { search })).body.response.map(
        (c: { id_bint: number }) => c.id_bint,
      );
      expect({ search, found }).toEqual({ search, found: [id] });
    }
  });

  it('finds a title in any script and case, typed with composed or combining accents', async () => {
    const russian = await newTemplate('ОТКЛЮЧЕНИЕ Сонома');
    // As pasted from a tool that writes accents as combining marks (NFD): E + U+0301, e + U+0301.
    const french = await newTemplate('E\u0301vacuation Cafe\u0301');
    const found = async (search: string) =>
      (await post('/api/v1/adhoc/campaign/select', { search })).body.response.map(
        (c: { id_bint: number }) => c.id_bint,
      );
    expect(await found('отключение')).toEqual([russian]);
    expect(await found('сонома')).toEqual([russian]);
    // Typed composed (NFC): U+00E9.
    expect(await found('\u00e9vacuation')).toEqual([french]);
    expect(await found('caf\u00e9')).toEqual([french]);
    expect(await found('\u00c9VACUATION CAF\u00c9')).toEqual([french]);
  });

  it('answers one template in a list, and an empty list for an unknown id', async () => {
    const id = await newTemplate('Single');
    expect(
      (await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id })).body,
    ).toMatchObject({
      response: [{ id_bint: id, name_vch: 'Single' }],
    });
    expect(
      (await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: 999999 })).body,
    ).toEqual({
      response: [],
    });
  });

  it('renames a template and saves each tester contact, writing who did it to the audit log', async () => {
    const id = await newTemplate('Draft title');
    expect(
      (
        await post('/api/v1/adhoc/campaign/update-title', {
          id_bint_adhoc_campaign: id,
          title_vch: 'North Bay PSPS',
        })
      ).body,
    ).toEqual({ response: { ok: true } });
    await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerEmail_vch: 'tester@utility.test',
    });
    await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerSms_vch: '4155550123',
    });
    await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerPhon_vch: '+1 415 555 0199',
    });

    const single = await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id });
    expect(single.body.response[0]).toMatchObject({
      name_vch: 'North Bay PSPS',
      testerEmail_vch: 'tester@utility.test',
      testerSms_vch: '4155550123',
      testerPhon_vch: '+1 415 555 0199',
    });
    const { rows } = await t.ctx.db.query(
      'SELECT actor, action, details FROM audit_log WHERE target = $1 ORDER BY id',
      [`ADHOC-${id}`],
    );
    expect(rows.map((row) => [row.actor, row.action])).toEqual([
      ['olivia@utility.test', 'adhoc.template.create'],
      ['olivia@utility.test', 'adhoc.template.rename'],
      ['olivia@utility.test', 'adhoc.template.tester'],
      ['olivia@utility.test', 'adhoc.template.tester'],
      ['olivia@utility.test', 'adhoc.template.tester'],
    ]);
    expect(rows[1].details).toEqual({ from: 'Draft title', to: 'North Bay PSPS' });
  });

  it('refuses a tester update that names no contact or two', async () => {
    const id = await newTemplate();
    const res = await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerSms_vch: '1',
      testerEmail_vch: 'a@b.test',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('exactly one of testerPhon_vch, testerSms_vch or testerEmail_vch');
  });

  it("refuses a rename typed from a title that is no longer the template's (409), and renames when it still is", async () => {
    const id = await newTemplate();
    const rename = (body: Record<string, unknown>) =>
      post('/api/v1/adhoc/campaign/update-title', { id_bint_adhoc_campaign: id, ...body });
    expect((await rename({ title_vch: 'Title by Victor' })).status).toBe(200);
    const stale = await rename({ title_vch: 'Title by Olivia', baseTitle_vch: 'Wind event Oct 21' });
    expect(stale).toEqual({
      status: 409,
      body: {
        error: 'conflict',
        message:
          'The template title was changed to "Title by Victor" after this title was started from it, so your title was not saved. Compare the two and choose which to keep.',
        details: { current: 'Title by Victor' },
      },
    });
    const { rows } = await t.ctx.db.query('SELECT name FROM adhoc_campaigns WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: 'Title by Victor' }]);
    expect((await rename({ title_vch: 'Title by Olivia', baseTitle_vch: 'Title by Victor' })).status).toBe(
      200,
    );
    const after = await t.ctx.db.query('SELECT name FROM adhoc_campaigns WHERE id = $1', [id]);
    expect(after.rows).toEqual([{ name: 'Title by Olivia' }]);
  });

  it('turns a tab in a title into a space, as the console does (it was stored as a tab)', async () => {
    const created = await post('/api/v1/adhoc/campaign/insert', { name_vch: 'Wind\tevent' });
    expect(created.status).toBe(200);
    expect(created.body.response.name_vch).toBe('Wind event');
    const id = created.body.response.id_bint;
    const renamed = await post('/api/v1/adhoc/campaign/update-title', {
      id_bint_adhoc_campaign: id,
      title_vch: '\tSonoma\tCounty\t',
    });
    expect(renamed).toEqual({ status: 200, body: { response: { ok: true } } });
    const { rows } = await t.ctx.db.query('SELECT name FROM adhoc_campaigns WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: 'Sonoma County' }]);
  });

  it('refuses a title holding a line break or another control character, and keeps the saved title', async () => {
    const id = await newTemplate('Kept title');
    const refusal = (field: string) => ({
      status: 400,
      body: {
        error: 'bad_request',
        message: `The field ${field} of the request must be on one line, without line breaks or other control characters.`,
        details: [
          {
            field: `body.${field}`,
            reason: 'must be on one line, without line breaks or other control characters',
          },
        ],
      },
    });
    for (const title of [
      'Wind\nevent',
      'Wind\r\nevent',
      'Wind\u0007event',
      'Wind\u0085event',
      'Wind\u2028event',
    ]) {
      const rename = await post('/api/v1/adhoc/campaign/update-title', {
        id_bint_adhoc_campaign: id,
        title_vch: title,
      });
      expect(rename, JSON.stringify(title)).toEqual(refusal('title_vch'));
      expect(await post('/api/v1/adhoc/campaign/insert', { name_vch: title }), JSON.stringify(title)).toEqual(
        refusal('name_vch'),
      );
    }
    const { rows } = await t.ctx.db.query('SELECT name FROM adhoc_campaigns WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: 'Kept title' }]);
    // Only tabs and spaces: as empty as '' (after the tab becomes a space, the title is trimmed).
    expect(
      await post('/api/v1/adhoc/campaign/update-title', { id_bint_adhoc_campaign: id, title_vch: '\t \t' }),
    ).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'The field title_vch of the request must not be empty.',
        details: [{ field: 'body.title_vch', reason: 'must not be empty' }],
      },
    });
  });

  it('answers 404 with a sentence for an unknown template', async () => {
    const res = await post('/api/v1/adhoc/campaign/update-title', {
      id_bint_adhoc_campaign: 987654,
      title_vch: 'x',
    });
    expect(res).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'There is no ad hoc template ADHOC-987654.' },
    });
  });
});

describe('language records (doc 2 §7 insertUpdate, select, language delete)', () => {
  it('decodes the base64 texts, renders the SMS body with its data on the server and answers the saved records', async () => {
    const id = await newTemplate();
    const res = await save(id, smsEnglish);
    expect(res.status).toBe(200);
    expect(res.body.response).toHaveLength(1);
    expect(res.body.response[0]).toMatchObject({
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'PSPS alert for ^customerName^ at ^address^. Reply STOP to opt out.',
      templateMB_txt: 'PSPS alert for ^customerName^ at ^address^. Reply STOP to opt out.',
      dataMB_txt: '{"customerName":"Ana Ruiz","address":"12 Oak St"}',
      renderMB_txt: 'PSPS alert for Ana Ruiz at 12 Oak St. Reply STOP to opt out.',
      from_vch: '97633',
      dialerAddress: null,
    });
  });

  it('keeps non-Latin text and emoji exactly through the base64 round trip', async () => {
    const id = await newTemplate();
    const body = '公共安全停电：^customerName^ 🔌 — Отключение электроэнергии';
    const res = await save(id, {
      notifyBy_vch: 'SMS',
      language_vch: 'chinese-mandarin',
      templatePGE_txt: body,
      dataMB_txt: '{"customerName":"王芳"}',
    });
    expect(res.body.response[0].templatePGE_txt).toBe(body);
    expect(res.body.response[0].renderMB_txt).toBe('公共安全停电：王芳 🔌 — Отключение электроэнергии');
    const selected = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
    });
    expect(selected.body.response[0].templatePGE_txt).toBe(body);
  });

  it('renders an e-mail body with triple braces, HTML-escaping the values', async () => {
    const id = await newTemplate();
    const res = await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Dear {{{customerName}}}, power at {{{address}}} may be shut off.</p>',
      dataMB_txt: '{"customerName":"Tom & Jerry <Co>","address":"1 Elm St"}',
      subject_vch: 'PSPS notice for {{{address}}}',
      preview_txt: 'Power may be shut off',
      from_vch: 'psps@utility.test',
      fromDisplayName_vch: 'Utility PSPS',
    });
    expect(res.body.response[0]).toMatchObject({
      renderMB_txt: '<p>Dear Tom &amp; Jerry &lt;Co&gt;, power at 1 Elm St may be shut off.</p>',
      subject_vch: 'PSPS notice for {{{address}}}',
      preview_txt: 'Power may be shut off',
      fromDisplayName_vch: 'Utility PSPS',
    });
  });

  it('refuses a line break in an e-mail subject or From name (a header line), and keeps what was saved', async () => {
    const id = await newTemplate();
    const english = {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Dear {{{customerName}}}</p>',
      subject_vch: 'PSPS notice',
      from_vch: 'psps@utility.test',
      fromDisplayName_vch: 'Utility PSPS',
    };
    expect((await save(id, english)).status).toBe(200);
    for (const [field, value] of [
      ['subject_vch', 'PSPS notice\r\nBcc: everyone@example.com'],
      ['subject_vch', 'PSPS\nnotice'],
      ['fromDisplayName_vch', 'Utility\r\nReply-To: x@evil.test'],
      ['fromDisplayName_vch', 'Utility\u0000PSPS'],
    ] as const) {
      expect(await save(id, { ...english, [field]: value }), `${field} ${JSON.stringify(value)}`).toEqual({
        status: 400,
        body: {
          error: 'bad_request',
          message: `The field ${field} of the request must be on one line, without line breaks or other control characters.`,
          details: [
            {
              field: `body.${field}`,
              reason: 'must be on one line, without line breaks or other control characters',
            },
          ],
        },
      });
    }
    // A tab (pasted from a spreadsheet) is no line break: kept, as the console's field keeps it.
    expect((await save(id, { ...english, subject_vch: 'PSPS\tnotice' })).status).toBe(200);
    const { rows } = await t.ctx.db.query(
      "SELECT subject, from_display_name FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'EML'",
      [id],
    );
    expect(rows).toEqual([{ subject: 'PSPS\tnotice', from_display_name: 'Utility PSPS' }]);
  });

  it('fills a new language without data with the sample data record', async () => {
    const id = await newTemplate();
    const res = await save(id, {
      notifyBy_vch: 'SMS',
      language_vch: 'spanish',
      templatePGE_txt: 'Hola ^customerName^',
    });
    expect(JSON.parse(res.body.response[0].dataMB_txt)).toMatchObject({
      customerName: 'Jane Doe',
      language: 'spanish',
      locale: 'es',
      notifyBy: 'SMS',
    });
    expect(res.body.response[0].renderMB_txt).toBe('Hola Jane Doe');
  });

  it('keeps the saved fields a later call leaves out, and re-renders with them', async () => {
    const id = await newTemplate();
    await save(id, smsEnglish);
    const res = await save(id, {
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'Hi ^customerName^',
    });
    expect(res.body.response[0]).toMatchObject({
      dataMB_txt: '{"customerName":"Ana Ruiz","address":"12 Oak St"}',
      renderMB_txt: 'Hi Ana Ruiz',
    });
  });

  it('refuses an SMS from anything but the short code 97633, and keeps what was saved', async () => {
    const id = await newTemplate();
    await save(id, smsEnglish);
    const res = await save(id, { ...smsEnglish, templatePGE_txt: 'Changed', from_vch: '12345' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'bad_request',
      message: 'An SMS goes out from the short code 97633, not from "12345".',
    });
    const { rows } = await t.ctx.db.query(
      "SELECT template_pge, from_address FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'SMS'",
      [id],
    );
    expect(rows).toEqual([{ template_pge: smsEnglish.templatePGE_txt, from_address: '97633' }]);
  });

  it('refuses an e-mail From address other than the one the From list offers, and keeps what was saved', async () => {
    const id = await newTemplate();
    const english = {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Dear {{{customerName}}}</p>',
      subject_vch: 'PSPS notice',
      from_vch: 'psps@utility.test',
    };
    expect((await save(id, english)).status).toBe(200);
    const res = await save(id, {
      ...english,
      templatePGE_txt: '<p>Wire the money</p>',
      from_vch: 'ceo@evil.com',
    });
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message:
          'An e-mail goes out from psps@utility.test, the one From address this console offers; "ceo@evil.com" cannot be used.',
      },
    });
    const created = await save(id, { ...english, language_vch: 'spanish', from_vch: 'ceo@evil.com' });
    expect(created.status).toBe(400);
    const { rows } = await t.ctx.db.query(
      "SELECT language, template_pge, from_address FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'EML'",
      [id],
    );
    expect(rows).toEqual([
      {
        language: 'english',
        template_pge: '<p>Dear {{{customerName}}}</p>',
        from_address: 'psps@utility.test',
      },
    ]);
  });

  it('stores the configured e-mail From address itself when the one given differs only in spaces or capitals', async () => {
    const id = await newTemplate();
    const res = await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Hello</p>',
      from_vch: '  PSPS@Utility.TEST ',
    });
    expect(res.status).toBe(200);
    expect(res.body.response[0].from_vch).toBe('psps@utility.test');
    const { rows } = await t.ctx.db.query(
      "SELECT from_address FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'EML'",
      [id],
    );
    expect(rows).toEqual([{ from_address: 'psps@utility.test' }]);
  });

  it('accepts the placeholder (no From yet) for an e-mail', async () => {
    const id = await newTemplate();
    const res = await save(id, { notifyBy_vch: 'EML', language_vch: 'english', from_vch: '' });
    expect(res.status).toBe(200);
    expect(res.body.response[0].from_vch).toBe('');
  });

  it('refuses a voice caller ID other than the one toll-free number or none, and keeps what was saved', async () => {
    const id = await newTemplate();
    const voice = { notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'Hello' };
    expect((await save(id, { ...voice, from_vch: '8005550199' })).status).toBe(200);
    const res = await save(id, { ...voice, templatePGE_txt: 'Changed', from_vch: '4155550123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'bad_request',
      message: 'A voice call shows the caller ID 8005550199 or none, not "4155550123".',
    });
    const stored = () =>
      t.ctx.db.query(
        "SELECT template_pge, from_address FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = 'PHON'",
        [id],
      );
    expect((await stored()).rows).toEqual([{ template_pge: 'Hello', from_address: '8005550199' }]);
    // None is null, or a blank the server stores as null.
    expect((await save(id, { ...voice, from_vch: ' ' })).body.response[0].from_vch).toBeNull();
    expect((await save(id, { ...voice, from_vch: null })).body.response[0].from_vch).toBeNull();
  });

  it('gives a voice record its dialer address, retries and replay digit', async () => {
    const id = await newTemplate();
    const res = await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'chinese-cantonese',
      templatePGE_txt: 'Hello ^customerName^',
      retries_bint: 2,
      replayDigit_chr: '9',
      from_vch: '8005550199',
    });
    expect(res.body.response[0]).toMatchObject({
      dialerAddress: `${id}-chinese-cantonese`,
      retries_bint: 2,
      replayDigit_chr: '9',
      from_vch: '8005550199',
      uploadLive_dt: null,
      uploadMachine_dt: null,
    });
  });

  it('answers only the records of the channel asked for, in language order', async () => {
    const id = await newTemplate();
    await save(id, { ...smsEnglish, language_vch: 'thai' });
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, notifyBy_vch: 'PHON' });
    const res = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
    });
    expect(res.body.response.map((r: { language_vch: string }) => r.language_vch)).toEqual([
      'english',
      'thai',
    ]);
  });

  it('deletes one language of one channel, and answers 404 when it is not there', async () => {
    const id = await newTemplate();
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, notifyBy_vch: 'PHON' });
    const body = { id_bint_adhoc_campaign: id, notifyBy_vch: 'SMS', language_vch: 'english' };
    expect((await post('/api/v1/adhoc/template/language/delete', body)).body).toEqual({
      response: { ok: true },
    });
    const again = await post('/api/v1/adhoc/template/language/delete', body);
    expect(again).toEqual({
      status: 404,
      body: { error: 'not_found', message: `ADHOC-${id} has no SMS template in English.` },
    });
    const voice = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'PHON',
    });
    expect(voice.body.response).toHaveLength(1);
  });

  it('refuses text that is not base64 with 400', async () => {
    const id = await newTemplate();
    const res = await post('/api/v1/adhoc/campaign/template/insertUpdate', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      _base64_templatePGE_txt: 'not base64!',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.message).toBe(
      'The field _base64_templatePGE_txt of the request: base64 text contains the character " ".',
    );
  });

  it('refuses base64 that is not UTF-8 with 400', async () => {
    const id = await newTemplate();
    const res = await post('/api/v1/adhoc/campaign/template/insertUpdate', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      _base64_dataMB_txt: '/w==',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The field _base64_dataMB_txt of the request: base64 text does not decode to valid UTF-8.',
    );
  });

  /** The answer to a save whose data field is JSON but not template data, for this reason. */
  const dataRefused = (reason: string) => ({
    status: 400,
    body: {
      error: 'bad_request',
      message: `The data field (dataMB_txt) is not valid template data: ${reason}`,
    },
  });

  it('refuses a data field that is not JSON with 400', async () => {
    const id = await newTemplate();
    const res = await save(id, { ...smsEnglish, dataMB_txt: '{"customerName": "Ana",' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The data field \(dataMB_txt\) is not valid template data: /);
  });

  it('refuses data that is JSON but not an object with 400', async () => {
    const id = await newTemplate();
    const res = await save(id, { ...smsEnglish, dataMB_txt: '[1, 2]' });
    expect(res).toEqual(dataRefused('Template data must be a JSON object.'));
  });

  it('refuses data nested thousands deep with 400, not a 500 when a variable renders it', async () => {
    const id = await newTemplate();
    const deep = `{"customerName":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const record of [
      { ...smsEnglish, templatePGE_txt: 'Hi ^customerName^', dataMB_txt: deep },
      {
        notifyBy_vch: 'EML',
        language_vch: 'english',
        templatePGE_txt: '<p>Hi {{{customerName}}}</p>',
        dataMB_txt: deep,
      },
    ]) {
      expect(await save(id, record)).toEqual(
        dataRefused('Template data is nested more than 32 levels deep.'),
      );
    }
  });

  it('refuses a message that its data would make over 200,000 characters long, storing nothing', async () => {
    const id = await newTemplate();
    const started = Date.now();
    // A variable used 333 times with a value of 1 MB: the save stored a rendered SMS of 333 MB (each select then
    // answered 334 MB in 18 s); the e-mail save failed with a 500 ('Invalid string length').
    const huge = JSON.stringify({ customerName: 'x'.repeat(1_000_000) });
    for (const [record, name] of [
      [{ ...smsEnglish, templatePGE_txt: '^customerName^'.repeat(66), dataMB_txt: huge }, 'SMS English'],
      [email('{{{customerName}}}'.repeat(10_000)), 'e-Mail English'],
    ] as const) {
      expect(await save(id, { ...record, dataMB_txt: huge })).toEqual({
        status: 400,
        body: {
          error: 'bad_request',
          message: `The ${name} message filled in with its data (dataMB_txt) would be over 200,000 characters long. Shorten the data values its variables show, or show them fewer times.`,
        },
      });
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    const stored = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
    });
    expect(stored.body.response).toEqual([]);
    const justFits = JSON.stringify({ customerName: 'x'.repeat(2_000) });
    expect(
      (await save(id, { ...smsEnglish, templatePGE_txt: '^customerName^'.repeat(66), dataMB_txt: justFits }))
        .status,
    ).toBe(200);
  });

  it('refuses an e-mail body over 200,000 characters or nested over 100 levels with 400, at once', async () => {
    const id = await newTemplate();
    const refused = (message: string) => ({ status: 400, body: { error: 'bad_request', message } });
    const started = Date.now();
    expect(await save(id, email('<div>'.repeat(20_000)))).toEqual(
      refused(
        'The e-mail body nests its elements more than 100 levels deep (or leaves that many unclosed), which no e-mail needs. Simplify its HTML.',
      ),
    );
    expect(await save(id, email(`<p>${'x'.repeat(199_994)}</p>`))).toEqual(
      refused(
        'The e-mail body is 200,001 characters long; at most 200,000 are accepted (mail programs cut long messages off). Shorten it.',
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const deepest = `${'<div>'.repeat(100)}x${'</div>'.repeat(100)}`;
    expect((await save(id, email(deepest))).status).toBe(200);
    expect((await save(id, email(`<p>${'x'.repeat(199_993)}</p>`))).status).toBe(200);
  });

  it('measures nesting as the sanitiser builds it: closing tags in comments or in a table do not hide depth', async () => {
    const id = await newTemplate();
    const started = Date.now();
    // Each '</div>' here is no end tag to the parser (a comment's text; an end tag ignored inside a table cell):
    // the divs nest 11,000 and 4,400 deep. Cleaning them held the server for 40 s, then failed with a 500.
    for (const body of [
      '<div><!--</div>-->'.repeat(11_000),
      '<div><table><tr><td></div></table></tr></td>'.repeat(4_400),
    ]) {
      expect(await save(id, email(body))).toEqual({
        status: 400,
        body: {
          error: 'bad_request',
          message:
            'The e-mail body nests its elements more than 100 levels deep (or leaves that many unclosed), which no e-mail needs. Simplify its HTML.',
        },
      });
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await save(id, email(`${'<div><!-- note -->'.repeat(100)}x`))).status).toBe(200);
  });

  it('refuses an element with over 100 attributes with 400, at once (cleaning 30,000 held the server 4.7 s)', async () => {
    const id = await newTemplate();
    const paragraph = (n: number) => `<p ${Array.from({ length: n }, (_, i) => `a${i}`).join(' ')}>Hi</p>`;
    expect(await save(id, email(paragraph(20_000)))).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message:
          'An element of the e-mail body carries 20,000 attributes; at most 100 are accepted, which no e-mail needs. Simplify its HTML.',
      },
    });
    expect((await save(id, email(paragraph(100)))).status).toBe(200);
  });

  it('refuses an SMS body over 1000 characters with 400', async () => {
    const id = await newTemplate();
    const res = await save(id, { ...smsEnglish, templatePGE_txt: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The field _base64_templatePGE_txt of the request: an SMS body has at most 1000 characters.',
    );
    expect((await save(id, { ...smsEnglish, templatePGE_txt: 'x'.repeat(1000) })).status).toBe(200);
  });

  it('refuses a long text sent under its plain name', async () => {
    const id = await newTemplate();
    const res = await post('/api/v1/adhoc/campaign/template/insertUpdate', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'plain',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The field templatePGE_txt of the request: send templatePGE_txt base64-encoded as _base64_templatePGE_txt.',
    );
  });

  it('refuses chinese-cantonese for e-mail, whose written Chinese is chinese-mandarin', async () => {
    const id = await newTemplate();
    const res = await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'chinese-cantonese',
      templatePGE_txt: 'x',
    });
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message:
          'e-Mail templates have no chinese-cantonese: written Chinese is shared, use chinese-mandarin.',
      },
    });
  });
});

describe("saves never overwrite a colleague's newer text unseen (optimistic concurrency)", () => {
  it('answers each record with its version, when and by whom it was last saved', async () => {
    const id = await newTemplate();
    const first = await save(id, smsEnglish);
    expect(first.body.response[0]).toMatchObject({ version_bint: 1, updatedBy_vch: 'olivia@utility.test' });
    expect(first.body.response[0].updated_dt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = await save(id, { ...smsEnglish, templatePGE_txt: 'Second' });
    expect(second.body.response[0].version_bint).toBe(2);
  });

  it('refuses (409) a save based on an older version, names who saved in between, and changes nothing', async () => {
    const id = await newTemplate();
    const spanish = { ...smsEnglish, language_vch: 'spanish', templatePGE_txt: 'Hola A' };
    expect((await save(id, spanish)).body.response[0].version_bint).toBe(1);
    // B saves from version 1 first.
    const otherToken = await t.signIn(['REPORTING'], 'bruno@utility.test');
    const b = await poster(t, () => otherToken)('/api/v1/adhoc/campaign/template/insertUpdate', {
      id_bint_adhoc_campaign: id,
      ...languagePayload({ ...spanish, templatePGE_txt: 'Hola B', baseVersion_bint: 1 }),
    });
    expect(b.status).toBe(200);
    // A, still based on version 1, types one more character.
    const a = await save(id, { ...spanish, templatePGE_txt: 'Hola A!', baseVersion_bint: 1 });
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({
      error: 'conflict',
      message:
        'The SMS Spanish template was changed by bruno@utility.test after this text was started from it, so your text was not saved. Compare the two and choose which to keep.',
      details: { current: { language_vch: 'spanish', templatePGE_txt: 'Hola B', version_bint: 2 } },
    });
    const { rows } = await t.ctx.db.query(
      "SELECT template_pge, version FROM adhoc_templates WHERE campaign_id = $1 AND language = 'spanish'",
      [id],
    );
    expect(rows).toEqual([{ template_pge: 'Hola B', version: 2 }]);
    // Keeping A's text deliberately: a save based on the version now on the server.
    const kept = await save(id, { ...spanish, templatePGE_txt: 'Hola A!', baseVersion_bint: 2 });
    expect(kept.status).toBe(200);
    expect(kept.body.response[0]).toMatchObject({ templatePGE_txt: 'Hola A!', version_bint: 3 });
  });

  it('refuses a new language (base 0) that someone else wrote meanwhile, and one deleted meanwhile', async () => {
    const id = await newTemplate();
    await save(id, { ...smsEnglish, language_vch: 'thai' });
    const created = await save(id, { ...smsEnglish, language_vch: 'thai', baseVersion_bint: 0 });
    expect(created.status).toBe(409);
    expect(created.body.message).toBe(
      // Olivia's own save from another tab: said as hers, not as if by someone else.
      'The SMS Thai template was written by you in another tab or browser after this text was started from it, so your text was not saved. Compare the two and choose which to keep.',
    );
    await post('/api/v1/adhoc/template/language/delete', {
      id_bint_adhoc_campaign: id,
      language_vch: 'thai',
      notifyBy_vch: 'SMS',
    });
    const deleted = await save(id, { ...smsEnglish, language_vch: 'thai', baseVersion_bint: 1 });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual({
      error: 'conflict',
      message:
        'The SMS Thai template was deleted after this text was started from it, so your text was not saved. Compare the two and choose which to keep.',
      details: { current: null },
    });
    const { rows } = await t.ctx.db.query(
      'SELECT count(*)::int AS n FROM adhoc_templates WHERE campaign_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('saves without a check when the call names no base, as the specification calls it', async () => {
    const id = await newTemplate();
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, templatePGE_txt: 'Two' });
    const res = await save(id, { ...smsEnglish, templatePGE_txt: 'Three' });
    expect(res.status).toBe(200);
    expect(res.body.response[0]).toMatchObject({ templatePGE_txt: 'Three', version_bint: 3 });
  });

  it('gives a voice record made by an audio upload alone version 0, so a text based on "no record" still saves', async () => {
    const id = await newTemplate();
    const file = multipartFile('live.wav', 'audio/wav', wavBytes());
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      headers: { ...bearer(token), ...file.headers },
      payload: file.payload,
    });
    expect(up.statusCode).toBe(200);
    const res = await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'english',
      templatePGE_txt: 'Hello',
      baseVersion_bint: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.response[0].version_bint).toBe(1);
  });
});

describe('publish (doc 2 §2.7, §4)', () => {
  async function emailEnglish(id: number, extra: Record<string, unknown> = {}) {
    return save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Dear {{{customerName}}}</p>',
      subject_vch: 'PSPS notice',
      from_vch: 'psps@utility.test',
      ...extra,
    });
  }

  it('refuses to publish a template without any language', async () => {
    const id = await newTemplate();
    expect(await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id })).toEqual({
      status: 409,
      body: {
        error: 'conflict',
        message:
          'This template is not ready to publish: configure at least one language in the Voice, SMS or e-Mail tab first.',
      },
    });
  });

  it('refuses to publish until each language is configured for each channel in use, listing what is missing', async () => {
    const id = await newTemplate();
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, language_vch: 'spanish' });
    await emailEnglish(id, { subject_vch: '' });
    const res = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This template is not ready to publish: each language must be configured for each channel the template uses. Missing: e-Mail English: no subject; e-Mail Spanish: not configured.',
    );
    expect(res.body.details).toEqual([
      { notifyBy_vch: 'EML', language_vch: 'english', reason: 'subject' },
      { notifyBy_vch: 'EML', language_vch: 'spanish', reason: 'missing' },
    ]);
    const summary = await post('/api/v1/adhoc/campaign/summary/select', { id_bint_adhoc_campaign: id });
    // The e-mail saved without a subject is not listed as configured: the Publish tab agrees with publishing.
    expect(summary.body.response).toEqual([
      [],
      [{ language_vch: 'english' }, { language_vch: 'spanish' }],
      [],
      [{ publish_dt: null, editedSincePublish: [] }],
      [
        { notifyBy_vch: 'EML', language_vch: 'english', reason: 'subject' },
        { notifyBy_vch: 'EML', language_vch: 'spanish', reason: 'missing' },
      ],
    ]);
  });

  it('marks in the summary exactly what publishing refuses: a Cantonese SMS needs a Mandarin e-mail once e-mail is used', async () => {
    const id = await newTemplate();
    await save(id, { ...smsEnglish, language_vch: 'chinese-cantonese', templatePGE_txt: '停電通知' });
    // An e-mail language saved without a text yet: e-mail is in use.
    await save(id, { notifyBy_vch: 'EML', language_vch: 'english', from_vch: '' });
    const res = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This template is not ready to publish: each language must be configured for each channel the template uses. Missing: SMS English: not configured; e-Mail English: no message text; e-Mail Chinese (Mandarin): not configured.',
    );
    const summary = await post('/api/v1/adhoc/campaign/summary/select', { id_bint_adhoc_campaign: id });
    expect(summary.body.response).toEqual([
      [],
      [{ language_vch: 'chinese-cantonese' }],
      [],
      [{ publish_dt: null, editedSincePublish: [] }],
      [
        { notifyBy_vch: 'SMS', language_vch: 'english', reason: 'missing' },
        { notifyBy_vch: 'EML', language_vch: 'english', reason: 'body' },
        { notifyBy_vch: 'EML', language_vch: 'chinese-mandarin', reason: 'missing' },
      ],
    ]);
  });

  it('publishes: status PUBLISHED, publish_dt set, summary per channel, and an immutable snapshot of what was published', async () => {
    const id = await newTemplate('Publish me');
    await save(id, smsEnglish);
    await emailEnglish(id);
    await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'english',
      templatePGE_txt: 'Hello ^customerName^',
    });

    const res = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(res.status).toBe(200);
    const publishDt = res.body.response.publish_dt;
    expect(publishDt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const summary = await post('/api/v1/adhoc/campaign/summary/select', { id_bint_adhoc_campaign: id });
    expect(summary.body).toEqual({
      response: [
        [{ language_vch: 'english' }],
        [{ language_vch: 'english' }],
        [{ language_vch: 'english' }],
        [{ publish_dt: publishDt, editedSincePublish: [] }],
        [],
      ],
    });
    const single = await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id });
    expect(single.body.response[0]).toMatchObject({ status_vch: 'PUBLISHED', publish_dt: publishDt });

    // An edit after publishing does not change what was published; re-publishing adds a snapshot.
    await save(id, { ...smsEnglish, templatePGE_txt: 'Updated ^customerName^' });
    const again = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(again.status).toBe(200);

    const history = await t.app.inject({
      url: `/api/v1/adhoc/publish-history/${id}`,
      headers: bearer(token),
    });
    expect(history.statusCode).toBe(200);
    const snapshots = history.json().response;
    expect(snapshots).toHaveLength(2);
    expect(snapshots[1]).toMatchObject({
      name_vch: 'Publish me',
      publish_dt: publishDt,
      publishedBy_vch: 'olivia@utility.test',
    });
    expect(snapshots[0].publishedBy_vch).toBe('olivia@utility.test');
    const sms = (s: { records: { notifyBy_vch: string; templatePGE_txt: string }[] }) =>
      s.records.find((r) => r.notifyBy_vch === 'SMS')?.templatePGE_txt;
    expect(sms(snapshots[1])).toBe('PSPS alert for ^customerName^ at ^address^. Reply STOP to opt out.');
    expect(sms(snapshots[0])).toBe('Updated ^customerName^');
    expect(snapshots[1].records.map((r: { notifyBy_vch: string }) => r.notifyBy_vch)).toEqual([
      'PHON',
      'SMS',
      'EML',
    ]);

    await expect(t.ctx.db.query("UPDATE adhoc_publish_snapshots SET name = 'changed'")).rejects.toThrow(
      'adhoc publish snapshots are immutable',
    );
  });

  it('says which languages were edited, added or deleted since the last publish, until Re-Publish sends them', async () => {
    const id = await newTemplate('Edited after publish');
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, language_vch: 'spanish', templatePGE_txt: 'Alerta ^customerName^' });
    const published = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(published.status).toBe(200);
    const meta = async () =>
      (await post('/api/v1/adhoc/campaign/summary/select', { id_bint_adhoc_campaign: id })).body.response[3];
    expect(await meta()).toEqual([
      { publish_dt: published.body.response.publish_dt, editedSincePublish: [] },
    ]);
    // The template list says it too (its STATUS would otherwise read PUBLISHED as if the engine had the edits).
    const listed = async () =>
      (await post('/api/v1/adhoc/campaign/select', { search: `ADHOC-${id}` })).body.response[0]
        .unpublishedEdits_bint;
    const single = async () =>
      (await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id })).body.response[0]
        .unpublishedEdits_bint;
    expect(await listed()).toBe(0);

    // Saving the same text again is no edit; a rename is no message edit.
    await save(id, smsEnglish);
    await post('/api/v1/adhoc/campaign/update-title', { id_bint_adhoc_campaign: id, title_vch: 'Renamed' });
    expect((await meta())[0].editedSincePublish).toEqual([]);

    await save(id, { ...smsEnglish, templatePGE_txt: 'Edited ^customerName^' });
    await post('/api/v1/adhoc/template/language/delete', {
      id_bint_adhoc_campaign: id,
      language_vch: 'spanish',
      notifyBy_vch: 'SMS',
    });
    await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'english',
      templatePGE_txt: 'Hello ^customerName^',
    });
    expect((await meta())[0]).toEqual({
      publish_dt: published.body.response.publish_dt,
      editedSincePublish: [
        { notifyBy_vch: 'PHON', language_vch: 'english' },
        { notifyBy_vch: 'SMS', language_vch: 'english' },
        { notifyBy_vch: 'SMS', language_vch: 'spanish' },
      ],
    });
    expect(await listed()).toBe(3);
    expect(await single()).toBe(3);
    const draft = await newTemplate('Never published');
    await save(draft, smsEnglish);
    const drafts = (await post('/api/v1/adhoc/campaign/select', { search: `ADHOC-${draft}` })).body.response;
    expect(drafts[0]).toMatchObject({ status_vch: 'DRAFT', unpublishedEdits_bint: 0 });

    const again = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(again.status).toBe(200);
    expect(await meta()).toEqual([{ publish_dt: again.body.response.publish_dt, editedSincePublish: [] }]);
    expect(await listed()).toBe(0);
  });

  it('covers e-mail Chinese with chinese-mandarin when voice has chinese-cantonese', async () => {
    const id = await newTemplate();
    await save(id, { notifyBy_vch: 'PHON', language_vch: 'chinese-cantonese', templatePGE_txt: '你好' });
    await emailEnglish(id, { language_vch: 'chinese-mandarin' });
    const res = await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id });
    expect(res.status).toBe(200);
  });

  it('answers 404 for the publish history of an unknown template', async () => {
    const res = await t.app.inject({ url: '/api/v1/adhoc/publish-history/777777', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('audio uploads (doc 2 §4, §5; DESIGN §4)', () => {
  it('stores a live WAV as DSSD_{language id}_{library}_02.wav under DATA_DIR, sets uploadLive_dt and plays it back', async () => {
    const id = await newTemplate();
    const wav = wavBytes();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-spanish`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile(`DSSD_12_2019${String(id).padStart(4, '0')}_02.wav`, 'audio/wav', wav),
      ),
    });
    expect(upload.statusCode).toBe(200);
    const uploaded = upload.json().response;
    expect(uploaded.ok).toBe(true);

    const fileName = `DSSD_12_2019${String(id).padStart(4, '0')}_02.wav`;
    expect(await readdir(path.join(dataDir, 'audio'))).toContain(fileName);
    expect(await readFile(path.join(dataDir, 'audio', fileName))).toEqual(wav);

    const voice = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'PHON',
    });
    expect(voice.body.response[0]).toMatchObject({
      language_vch: 'spanish',
      uploadLive_dt: uploaded.uploaded_dt,
      uploadMachine_dt: null,
      dialerAddress: `${id}-spanish`,
    });

    const played = await t.app.inject({
      url: `/api/v1/adhoc/audio/live/${id}-spanish`,
      headers: bearer(token),
    });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.rawPayload).toEqual(wav);
    const none = await t.app.inject({
      url: `/api/v1/adhoc/audio/machine/${id}-spanish`,
      headers: bearer(token),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(`No machine recording was uploaded for ${id}-spanish.`);
  });

  it('stores the answering-machine recording as …_01.wav', async () => {
    const id = await newTemplate();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/machine/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('greeting.wav', 'audio/wav', wavBytes(100)),
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(await readdir(path.join(dataDir, 'audio'))).toContain(
      `DSSD_01_2019${String(id).padStart(4, '0')}_01.wav`,
    );
  });

  it('rejects a file without a RIFF/WAVE header with 400 and keeps nothing', async () => {
    const id = await newTemplate();
    const before = await readdir(path.join(dataDir, 'audio')).catch(() => []);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('fake.wav', 'audio/wav', Buffer.from('ID3\u0004 this is an mp3, not a wav file')),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is not a WAV recording (no RIFF/WAVE header). Please only select audio files in the WAV format ending in the .wav file name extension.',
    );
    expect(await readdir(path.join(dataDir, 'audio'))).toEqual(before);
    const voice = await post('/api/v1/adhoc/campaign/template/select', {
      id_bint_adhoc_campaign: id,
      notifyBy_vch: 'PHON',
    });
    expect(voice.body.response).toEqual([]);
  });

  it('rejects a WAV that holds no sound (header alone, empty or missing data, no format), and keeps nothing', async () => {
    const id = await newTemplate();
    const before = await readdir(path.join(dataDir, 'audio')).catch(() => []);
    const wav = wavBytes(100);
    const riff = (chunks: Buffer) =>
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), chunks]);
    const fmt = wav.subarray(12, 36);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')]);
    const noSound =
      'The WAV file holds no sound (no audio data). Record or export the message again as a WAV file.';
    const noFormat =
      'The WAV file does not say how its sound is recorded (no format chunk before its audio). Record or export the message again as a WAV file.';
    const cases: [string, Buffer, string][] = [
      ['header alone', wav.subarray(0, 12), noSound],
      ['format, no data chunk', riff(fmt), noSound],
      ['empty data chunk', riff(Buffer.concat([fmt, Buffer.from('data'), Buffer.alloc(4)])), noSound],
      ['data without format', riff(wav.subarray(36)), noFormat],
    ];
    for (const [what, bytes, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/adhoc/upload/machine/${id}-english`,
        ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
          multipartFile('greeting.wav', 'audio/wav', bytes),
        ),
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ error: 'bad_request', message });
    }
    expect(await readdir(path.join(dataDir, 'audio'))).toEqual(before);
    // A chunk before the format and the sound (a LIST of tags, as editors write) is passed over.
    const tagged = riff(Buffer.concat([list, wav.subarray(12)]));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/machine/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('greeting.wav', 'audio/wav', tagged),
      ),
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a WAV with more than 64 chunks before its sound, at once (a file of millions of empty chunks took minutes)', async () => {
    const id = await newTemplate();
    const wav = wavBytes(100);
    const junk = (count: number) =>
      Buffer.concat(
        Array.from({ length: count }, () => Buffer.from('junk\u0000\u0000\u0000\u0000', 'latin1')),
      );
    const withJunk = (count: number) => Buffer.concat([wav.subarray(0, 36), junk(count), wav.subarray(36)]);
    const upload = (bytes: Buffer) => uploadLive(id, bytes);
    // Format, 62 empty chunks, sound: 64 chunks.
    expect((await upload(withJunk(62))).statusCode).toBe(200);
    const refused = {
      error: 'bad_request',
      message:
        'The WAV file has more than 64 parts (chunks) before its sound, which no recorder writes. Record or export the message again as a WAV file.',
    };
    expect((await upload(withJunk(63))).json()).toEqual(refused);
    const started = Date.now();
    const flood = await upload(Buffer.concat([wav.subarray(0, 12), junk(1_000_000)]));
    expect(flood.json()).toEqual(refused);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects a WAV cut short (its sound ends before the length its header gives), and keeps nothing', async () => {
    const id = await newTemplate();
    const before = await readdir(path.join(dataDir, 'audio')).catch(() => []);
    const whole = wavBytes(8000);
    const upload = (bytes: Buffer) => uploadLive(id, bytes);
    const res = await upload(whole.subarray(0, whole.length - 5000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message:
        'The WAV file is cut short: its header promises 16,000 bytes of sound but it holds 11,000 (the file was copied or exported before it was complete). Record or export the message again as a WAV file.',
    });
    expect(await readdir(path.join(dataDir, 'audio'))).toEqual(before);
    // A recorder that streams leaves the length unknown (0xFFFFFFFF): its sound is taken as it is.
    const streamed = Buffer.from(whole);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect((await upload(streamed)).statusCode).toBe(200);
  });

  it('rejects a dialer address that is not {template id}-{language}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/upload/live/12-klingon',
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('a.wav', 'audio/wav', wavBytes(10)),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The dialer address "12-klingon" is not {template id}-{language}, e.g. 42-english.',
    );
  });

  it.each([
    ['12%20english', 'The dialerAddress in the address must be {template id}-{language}, e.g. 42-english.'],
    ['...', 'The dialerAddress in the address must be {template id}-{language}, e.g. 42-english.'],
  ])('says what a dialer address of other characters (%s) must be', async (address, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/machine/${address}`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('a.wav', 'audio/wav', wavBytes(10)),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 400 when no file is attached', async () => {
    const id = await newTemplate();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the WAV file as multipart/form-data.');
  });
});

describe('audio uploads that are not one whole file (a client fault) answer 400, never 500', () => {
  const upload = (id: number, payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
  const voiceRecords = async (id: number) =>
    (
      await post('/api/v1/adhoc/campaign/template/select', {
        id_bint_adhoc_campaign: id,
        notifyBy_vch: 'PHON',
      })
    ).body.response;

  it('answers 400 to a multipart body that is garbage or cut short, and keeps nothing', async () => {
    const id = await newTemplate();
    const before = await readdir(path.join(dataDir, 'audio')).catch(() => []);
    const whole = multipartFile('a.wav', 'audio/wav', wavBytes(4000));
    const cut = whole.payload.subarray(0, whole.payload.length / 2);
    for (const [payload, type] of [
      ['garbage', 'multipart/form-data; boundary=xyz'],
      [cut, whole.headers['content-type']],
    ] as const) {
      const res = await upload(id, payload, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message:
          'The upload did not arrive whole: its multipart/form-data body is cut short or malformed. Nothing was changed; send the file again.',
      });
    }
    expect(await readdir(path.join(dataDir, 'audio'))).toEqual(before);
    expect(await voiceRecords(id)).toEqual([]);
  });

  it('refuses a request holding two files instead of keeping the first', async () => {
    const id = await newTemplate();
    const boundary = 'two-files-boundary';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
        ),
        wavBytes(10),
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([part('first'), part('second'), Buffer.from(`--${boundary}--\r\n`)]);
    const res = await upload(id, payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'Send one file per upload: this request holds more than one. Nothing was changed.',
    });
    expect(await voiceRecords(id)).toEqual([]);
  });
});

describe('launched templates are locked (doc 2 §4)', () => {
  let id: number;
  beforeAll(async () => {
    id = await newTemplate('Launched');
    await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerSms_vch: '4155550123',
    });
    await save(id, smsEnglish);
    await save(id, { ...smsEnglish, notifyBy_vch: 'PHON' });
    expect((await post('/api/v1/adhoc/publish', { id_bint_adhoc_campaign: id })).status).toBe(200);
  });

  it('refuses a launch report for a template that was never published', async () => {
    const draft = await newTemplate();
    const res = await launch(draft);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`ADHOC-${draft} has not been published, so it cannot be launched.`);
  });

  it('accepts the launch report only from the messaging engine (INGEST)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/adhoc/launched',
      headers: bearer(token),
      payload: { id_bint_adhoc_campaign: id },
    });
    expect(res.statusCode).toBe(403);
  });

  it('marks the template LAUNCHED through the ingest API, idempotently', async () => {
    const res = await launch(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ id_bint: id, status_vch: 'LAUNCHED' });
    const again = await launch(id);
    expect(again.json().response.launched_dt).toBe(res.json().response.launched_dt);
    const single = await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id });
    expect(single.body.response[0].status_vch).toBe('LAUNCHED');
  });

  it('answers every edit with 409 and the locked-template message', async () => {
    const ref = { id_bint_adhoc_campaign: id };
    const edits: [string, object][] = [
      ['/api/v1/adhoc/campaign/update-title', { ...ref, title_vch: 'Renamed' }],
      ['/api/v1/adhoc/campaign/update-tester-email', { ...ref, testerSms_vch: '4155550123' }],
      ['/api/v1/adhoc/campaign/template/insertUpdate', { ...ref, ...languagePayload(smsEnglish) }],
      ['/api/v1/adhoc/template/language/delete', { ...ref, notifyBy_vch: 'SMS', language_vch: 'english' }],
      ['/api/v1/adhoc/publish', ref],
    ];
    for (const [url, payload] of edits) {
      expect(await post(url, payload), url).toEqual({
        status: 409,
        body: { error: 'conflict', message: LOCKED },
      });
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('a.wav', 'audio/wav', wavBytes(10)),
      ),
    });
    expect(upload.statusCode).toBe(409);
    expect(upload.json()).toEqual({ error: 'conflict', message: LOCKED });
    expect(await readdir(path.join(dataDir, 'audio'))).not.toContain(
      `DSSD_01_2019${String(id).padStart(4, '0')}_02.wav`,
    );
  });

  // Document 2 blocks editing a launched template and says nothing of its test sends: they test what was launched.
  it('still sends tests of what was launched, to the tester contact saved before the launch', async () => {
    for (const language_vch of ['english', 'all']) {
      expect(
        await post('/api/v1/adhoc/send-email-test', {
          id_bint_adhoc_campaign: id,
          language_vch,
          notifyBy_vch: 'SMS',
        }),
      ).toEqual({
        status: 200,
        body: {
          status: 200,
          message: { ERRORMESSAGE: 'Sent SMS test to +14155550123 (recorded in the outbox): English.' },
        },
      });
    }
  });

  it('still lets the template be deleted, keeping its publish history', async () => {
    expect(await post('/api/v1/adhoc/template/delete', { id_bint_adhoc_campaign: id })).toEqual({
      status: 200,
      body: { response: { ok: true } },
    });
    expect((await post('/api/v1/adhoc/campaign/select-single', { id_bint_adhoc_campaign: id })).body).toEqual(
      {
        response: [],
      },
    );
    const history = await t.app.inject({
      url: `/api/v1/adhoc/publish-history/${id}`,
      headers: bearer(token),
    });
    expect(history.json().response).toHaveLength(1);
  });
});
