import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { languagePayload, multipartFile, poster, wavBytes } from './test-support.ts';

let t: TestApp;
let token: string;
let dataDir: string;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'psps-adhoc-send-'));
  t = await createTestApp({ dataDir });
  token = await t.signIn(['REPORTING'], 'tess@utility.test');
  post = poster(t, () => token);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function template(testers: Record<string, string>): Promise<number> {
  const id = (await post('/api/v1/adhoc/campaign/insert', { name_vch: 'Send test' })).body.response.id_bint;
  for (const [field, value] of Object.entries(testers)) {
    await post('/api/v1/adhoc/campaign/update-tester-email', { id_bint_adhoc_campaign: id, [field]: value });
  }
  return id;
}

async function save(id: number, record: Record<string, unknown>) {
  const res = await post('/api/v1/adhoc/campaign/template/insertUpdate', {
    id_bint_adhoc_campaign: id,
    ...languagePayload(record),
  });
  expect(res.status).toBe(200);
}

async function outbox(id: number) {
  const res = await t.app.inject({
    url: `/api/v1/adhoc/outbox?id_bint_adhoc_campaign=${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

describe('test sends recorded in the outbox (the demo default)', () => {
  it('records an SMS test to the tester number, as E.164, with the rendered body', async () => {
    const id = await template({ testerSms_vch: '(415) 555-0123' });
    await save(id, {
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'PSPS: ^customerName^, power off at ^address^.',
      dataMB_txt: '{"customerName":"Ana","address":"12 Oak St"}',
    });
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'SMS',
    });
    expect(res).toEqual({
      status: 200,
      body: {
        status: 200,
        message: { ERRORMESSAGE: 'Sent SMS test to +14155550123 (recorded in the outbox): English.' },
      },
    });
    expect(await outbox(id)).toEqual([
      expect.objectContaining({
        notifyBy_vch: 'SMS',
        id_bint_adhoc_campaign: id,
        language_vch: 'english',
        to_vch: '+14155550123',
        from_vch: '97633',
        body_txt: 'PSPS: Ana, power off at 12 Oak St.',
        audioFile_vch: null,
        status_vch: 'RECORDED',
        createdBy_vch: 'tess@utility.test',
      }),
    ]);
  });

  it("sends every saved language with 'all'", async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    for (const language of ['english', 'spanish', 'korean']) {
      await save(id, {
        notifyBy_vch: 'EML',
        language_vch: language,
        templatePGE_txt: `<p>${language} {{{customerName}}}</p>`,
        dataMB_txt: '{"customerName":"Ana"}',
        subject_vch: `Notice (${language}) for {{{customerName}}}`,
        preview_txt: 'Power may be shut off',
        fromDisplayName_vch: 'Utility PSPS',
      });
    }
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'all',
      notifyBy_vch: 'EML',
    });
    expect(res.body).toEqual({
      status: 200,
      message: {
        ERRORMESSAGE:
          'Sent e-Mail test to tester@utility.test (recorded in the outbox): English, Korean, Spanish.',
      },
    });
    const sent = await outbox(id);
    expect(sent.map((s: { language_vch: string }) => s.language_vch)).toEqual([
      'spanish',
      'korean',
      'english',
    ]);
    expect(sent[2]).toMatchObject({
      notifyBy_vch: 'EML',
      to_vch: 'tester@utility.test',
      from_vch: 'psps-notifications@example.com',
      fromDisplayName_vch: 'Utility PSPS',
      subject_vch: 'Notice (english) for Ana',
      preview_txt: 'Power may be shut off',
      body_txt: '<div lang="en"><p>english Ana</p></div>',
    });
  });

  it('sends an e-mail test from the configured address even when a record stored earlier names another', async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Hello</p>',
      subject_vch: 'Notice',
    });
    // As a record saved before the server checked the From address could be.
    await t.ctx.db.query("UPDATE adhoc_templates SET from_address = 'ceo@evil.com' WHERE campaign_id = $1", [
      id,
    ]);
    await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'EML',
    });
    const sent = await outbox(id);
    expect(sent).toHaveLength(1);
    expect(sent[0].from_vch).toBe('psps-notifications@example.com');
  });

  it('keeps an e-mail body only as safe HTML when saved, and sends it safe even with a hostile data value', async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    const hostile =
      '<p>Hi {{{customerName}}}<img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg></p>' +
      '<script>alert(1)</script><a href="javascript:alert(1)">pay</a><iframe src="https://evil.test"></iframe>' +
      '<form action="https://evil.test"><input name="card"></form><a href="{{{url}}}">map</a>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://utility.test/map">Map</a></p>';
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: hostile,
      templateMB_txt: hostile,
      dataMB_txt: '{"customerName":"Ana","url":"javascript:alert(2)"}',
      subject_vch: 'Notice',
    });
    const saved = (
      await post('/api/v1/adhoc/campaign/template/select', {
        id_bint_adhoc_campaign: id,
        notifyBy_vch: 'EML',
      })
    ).body.response[0];
    const clean =
      '<p>Hi {{{customerName}}}<img src="x"></p><a>pay</a><a href="{{{url}}}">map</a>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://utility.test/map">Map</a></p>';
    expect(saved.templatePGE_txt).toBe(clean);
    expect(saved.templateMB_txt).toBe(clean);
    const rendered =
      '<p>Hi Ana<img src="x"></p><a>pay</a><a>map</a>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://utility.test/map">Map</a></p>';
    expect(saved.renderMB_txt).toBe(rendered);

    // A body stored before the server cleaned it is cleaned when sent.
    await t.ctx.db.query('UPDATE adhoc_templates SET template_pge = $2 WHERE campaign_id = $1', [
      id,
      hostile,
    ]);
    await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'EML',
    });
    expect((await outbox(id))[0].body_txt).toBe(`<div lang="en">${rendered}</div>`);
  });

  it('sends an Arabic or Farsi e-mail marked right to left', async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'arabic',
      templatePGE_txt: '<p>عزيزي {{{customerName}}}</p>',
      dataMB_txt: '{"customerName":"سارة"}',
      subject_vch: 'إشعار',
    });
    await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'arabic',
      notifyBy_vch: 'EML',
    });
    const sent = await outbox(id);
    expect(sent[0].body_txt).toBe('<div dir="rtl" lang="ar"><p>عزيزي سارة</p></div>');
  });

  it('answers status 400 with a sentence when the tester contact is missing or unusable', async () => {
    const id = await template({ testerPhon_vch: '555' });
    await save(id, { notifyBy_vch: 'SMS', language_vch: 'english', templatePGE_txt: 'x' });
    await save(id, { notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'x' });
    const sms = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'SMS',
    });
    expect(sms.body).toEqual({ status: 400, message: { ERRORMESSAGE: 'Enter a tester SMS number first.' } });
    const voice = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
    });
    expect(voice.body).toEqual({
      status: 400,
      message: {
        ERRORMESSAGE:
          'The tester voice number "555" is not a phone number (use +country code, or 10 digits in North America).',
      },
    });
  });

  it('sends nothing to a tester contact on an active suppression list, and says which list', async () => {
    await t.ctx.db.query(
      `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by, end_ts) VALUES
         ('Opt-out 2026', 'PHONE', '+14155550199', 'test', NULL),
         ('Text stop', 'SMS', '+14155550199', 'test', NULL),
         ('E-mail opt-out', 'EMAIL', 'opted.out@example.com', 'test', NULL),
         ('Opt-out 2025', 'PHONE', '+14155550188', 'test', now() - interval '1 day')`,
    );
    const id = await template({
      testerSms_vch: '(415) 555-0199',
      testerPhon_vch: '415-555-0199',
      testerEmail_vch: 'Opted.Out@Example.com',
    });
    await save(id, { notifyBy_vch: 'SMS', language_vch: 'english', templatePGE_txt: 'Test' });
    await save(id, { notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'Test' });
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>Test</p>',
      subject_vch: 'Test',
    });
    const send = (notifyBy_vch: string) =>
      post('/api/v1/adhoc/send-email-test', {
        id_bint_adhoc_campaign: id,
        language_vch: 'english',
        notifyBy_vch,
      });
    expect((await send('SMS')).body).toEqual({
      status: 400,
      message: {
        ERRORMESSAGE:
          "Not sent: +14155550199 is on the active suppression lists 'Opt-out 2026' (PHONE), 'Text stop' (SMS), so nothing may be sent to it. Use another tester contact, or remove it from the list on the SUPPRESSION screen.",
      },
    });
    expect((await send('PHON')).body.status).toBe(400);
    expect((await send('EML')).body).toEqual({
      status: 400,
      message: {
        ERRORMESSAGE:
          "Not sent: Opted.Out@Example.com is on the active suppression list 'E-mail opt-out' (EMAIL), so nothing may be sent to it. Use another tester contact, or remove it from the list on the SUPPRESSION screen.",
      },
    });
    expect(await outbox(id)).toEqual([]);

    // A value whose row has ended is no longer suppressed: the test goes out.
    await post('/api/v1/adhoc/campaign/update-tester-email', {
      id_bint_adhoc_campaign: id,
      testerSms_vch: '4155550188',
    });
    expect((await send('SMS')).body).toEqual({
      status: 200,
      message: { ERRORMESSAGE: 'Sent SMS test to +14155550188 (recorded in the outbox): English.' },
    });
  });

  it('answers status 400 when the language has no saved template', async () => {
    const id = await template({ testerSms_vch: '4155550123' });
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'hmong',
      notifyBy_vch: 'SMS',
    });
    expect(res.body).toEqual({
      status: 400,
      message: { ERRORMESSAGE: `ADHOC-${id} has no saved SMS template in Hmong; save it first.` },
    });
  });

  it('places a voice test that plays the uploaded live recording, or speaks the text without one', async () => {
    const id = await template({ testerPhon_vch: '+44 20 7946 0958' });
    await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'english',
      templatePGE_txt: 'This is a safety message for ^customerName^.',
      dataMB_txt: '{"customerName":"Ana"}',
    });
    await save(id, {
      notifyBy_vch: 'PHON',
      language_vch: 'spanish',
      templatePGE_txt: 'Mensaje de seguridad.',
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('live.wav', 'audio/wav', wavBytes()),
      ),
    });
    expect(upload.statusCode).toBe(200);

    const library = `2019${String(id).padStart(4, '0')}`;
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
      lib: library,
      live: `DSSD_01_${library}_02.wav`,
      machine: null,
      dialerAddress: `${id}-english`,
    });
    expect(res.body).toEqual({
      status: 200,
      message: {
        ERRORMESSAGE: `Sent Voice test to +442079460958 (recorded in the outbox): English (recording DSSD_01_${library}_02.wav). Library ${library}.`,
      },
    });
    const spoken = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'spanish',
      notifyBy_vch: 'PHON',
    });
    expect(spoken.body.status).toBe(200);

    const calls = await outbox(id);
    expect(calls[1]).toMatchObject({
      notifyBy_vch: 'PHON',
      to_vch: '+442079460958',
      from_vch: '8005550199',
      audioFile_vch: `DSSD_01_${library}_02.wav`,
      body_txt: 'This is a safety message for Ana.',
    });
    expect(calls[0]).toMatchObject({
      language_vch: 'spanish',
      audioFile_vch: null,
      body_txt: 'Mensaje de seguridad.',
    });
  });

  it('lets a test send happen after launch (sending is not an edit)', async () => {
    const id = await template({ testerSms_vch: '4155550123' });
    await save(id, { notifyBy_vch: 'SMS', language_vch: 'english', templatePGE_txt: 'Hi' });
    await t.ctx.db.query("UPDATE adhoc_campaigns SET status = 'LAUNCHED' WHERE id = $1", [id]);
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'SMS',
    });
    expect(res.body.status).toBe(200);
  });
});
