import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { startProviderTestServer } from '../delivery/test-support/provider-test-server.ts';
import { languagePayload, multipartFile, poster, wavBytes } from './test-support.ts';

const SID = 'AC00000000000000000000000000000042';
const AUTH_TOKEN = 'twilio-Secret-Token-77';
const SMTP_PASSWORD = 'smtp-Secret-Pass-3';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let t: TestApp;
let token: string;
let dataDir: string;
let post: ReturnType<typeof poster>;
let smtp: { port: number; received: Received[]; close: () => Promise<void> };
let provider: Awaited<ReturnType<typeof startProviderTestServer>>;

async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === SMTP_PASSWORD)
        return callback(null, { user: 'mailer' });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The HTML part of a received message, with quoted-printable undone. */
function htmlPart(raw: string): string {
  const start = raw.indexOf('Content-Type: text/html');
  const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4);
  const part = body.slice(0, body.indexOf('\r\n--'));
  const joined = part.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  provider = await startProviderTestServer(({ path: url, form }) => {
    if (form.get('To') === '+14155550000') {
      return { status: 400, body: { code: 21215, message: 'Account not authorized to call +14155550000.' } };
    }
    return { status: 201, body: { sid: url.endsWith('/Calls.json') ? 'CA0001' : 'SM0001' } };
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'psps-adhoc-providers-'));
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  t = await createTestApp({
    dataDir,
    delivery: {
      ...config.delivery,
      emailTransport: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
      emailFrom: 'psps@utility.test',
      smsProvider: 'twilio',
      voiceProvider: 'twilio',
      twilio: { accountSid: SID, authToken: AUTH_TOKEN, baseUrl: provider.baseUrl },
      smsFrom: '+14155550100',
      voiceFrom: '+14155550101',
      publicUrl: 'https://psps.utility.test',
    },
  });
  token = await t.signIn(['REPORTING'], 'tess@utility.test');
  post = poster(t, () => token);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function template(testers: Record<string, string>): Promise<number> {
  const id = (await post('/api/v1/adhoc/campaign/insert', { name_vch: 'Providers' })).body.response.id_bint;
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

describe('send-email-test through real SMTP and a Twilio-compatible provider', () => {
  it('delivers the e-mail test to the tester over SMTP with subject, preview, From, display name and the rendered body', async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt:
        '<html><body><p>Dear {{{customerName}}}, power at {{{address}}} may be shut off on {{{shutOffStartDate}}}.</p></body></html>',
      dataMB_txt: '{"customerName":"Ana & Luis","address":"12 Oak St","shutOffStartDate":"10/21/2026"}',
      subject_vch: 'PSPS notice for {{{address}}}',
      preview_txt: 'Power may be shut off at {{{address}}}',
      fromDisplayName_vch: 'Utility PSPS',
    });
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'EML',
    });
    expect(res.body).toEqual({
      status: 200,
      message: { ERRORMESSAGE: 'Sent e-Mail test to tester@utility.test: English.' },
    });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('psps@utility.test');
    expect(mail.to).toEqual(['tester@utility.test']);
    expect(mail.raw).toContain('Subject: PSPS notice for 12 Oak St');
    expect(mail.raw).toContain('From: Utility PSPS <psps@utility.test>');
    const html = htmlPart(mail.raw);
    expect(html).toContain('Power may be shut off at 12 Oak St</div>');
    expect(html).toContain('<p>Dear Ana &amp; Luis, power at 12 Oak St may be shut off on 10/21/2026.</p>');
    expect(mail.raw).toContain('Dear Ana & Luis, power at 12 Oak St may be shut off on 10/21/2026.');
    // Nothing reaches the outbox when a real transport is configured.
    const outbox = await t.app.inject({ url: '/api/v1/adhoc/outbox', headers: bearer(token) });
    expect(outbox.json()).toEqual({ response: [] });
  });

  it('sends the SMS test through the provider from SMS_FROM', async () => {
    const id = await template({ testerSms_vch: '415-555-0123' });
    await save(id, {
      notifyBy_vch: 'SMS',
      language_vch: 'spanish',
      templatePGE_txt: 'Hola ^customerName^',
      dataMB_txt: '{"customerName":"Ana"}',
    });
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'spanish',
      notifyBy_vch: 'SMS',
    });
    expect(res.body).toEqual({
      status: 200,
      message: { ERRORMESSAGE: 'Sent SMS test to +14155550123: Spanish.' },
    });
    const request = provider.requests.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+14155550123',
      From: '+14155550100',
      Body: 'Hola Ana',
    });
  });

  it('places the voice test playing the uploaded recording through a one-hour public link', async () => {
    const id = await template({ testerPhon_vch: '4155550123' });
    await save(id, { notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'Safety message.' });
    const wav = wavBytes();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/adhoc/upload/live/${id}-english`,
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, ...bearer(token) } }))(
        multipartFile('live.wav', 'audio/wav', wav),
      ),
    });
    expect(upload.statusCode).toBe(200);
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
    });
    const library = `2019${String(id).padStart(4, '0')}`;
    expect(res.body).toEqual({
      status: 200,
      message: {
        ERRORMESSAGE: `Sent Voice test to +14155550123: English (recording DSSD_01_${library}_02.wav). Library ${library}.`,
      },
    });
    const request = provider.requests.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(request.form.get('From')).toBe('+14155550101');
    const twiml = request.form.get('Twiml') ?? '';
    const link =
      /<Play>https:\/\/psps\.utility\.test(\/api\/v1\/adhoc\/audio-link\/[A-Za-z0-9_-]{43})<\/Play>/.exec(
        twiml,
      );
    expect(link, twiml).not.toBeNull();
    // The provider fetches the recording without signing in.
    const fetched = await t.app.inject({ url: link![1]! });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload).toEqual(wav);
    const unknown = await t.app.inject({ url: `/api/v1/adhoc/audio-link/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers a failed voice test with a non-200 status and the provider's message, never the token", async () => {
    const id = await template({ testerPhon_vch: '+14155550000' });
    await save(id, { notifyBy_vch: 'PHON', language_vch: 'english', templatePGE_txt: 'Safety message.' });
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(502);
    expect(res.body.message.ERRORMESSAGE).toBe(
      `Voice test to +14155550000 failed for English: Voice provider ${provider.baseUrl}/ refused the request (HTTP 400, code 21215): Account not authorized to call +14155550000. Library 2019${String(id).padStart(4, '0')}.`,
    );
    expect(JSON.stringify(res.body)).not.toContain(AUTH_TOKEN);
    const { rows } = await t.ctx.db.query(
      "SELECT details FROM audit_log WHERE action = 'adhoc.test.failed' AND target = $1",
      [`ADHOC-${id}`],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(AUTH_TOKEN);
  });

  it('answers an SMTP failure with status 502 and no password', async () => {
    const id = await template({ testerEmail_vch: 'tester@utility.test' });
    await save(id, {
      notifyBy_vch: 'EML',
      language_vch: 'english',
      templatePGE_txt: '<p>x</p>',
      subject_vch: 's',
    });
    await smtp.close();
    const res = await post('/api/v1/adhoc/send-email-test', {
      id_bint_adhoc_campaign: id,
      language_vch: 'english',
      notifyBy_vch: 'EML',
    });
    expect(res.body.status).toBe(502);
    expect(res.body.message.ERRORMESSAGE).toMatch(
      /^e-Mail test to tester@utility\.test failed for English: E-mail via smtp:\/\/mailer:\*\*\*@127\.0\.0\.1:\d+ failed: /,
    );
    expect(JSON.stringify(res.body)).not.toContain(SMTP_PASSWORD);
  });
});
