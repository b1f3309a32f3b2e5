import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.ts';
import { closedPort } from '../test-support/files.ts';
import { startProviderTestServer } from '../test-support/provider-test-server.ts';
import { createTwilioSmsSender } from './twilio.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'token-Secret-9f8e7d';

describe('Twilio-compatible SMS sender', () => {
  let provider: Awaited<ReturnType<typeof startProviderTestServer>>;

  beforeAll(async () => {
    provider = await startProviderTestServer(({ form, headers }) =>
      form.get('To') === '+15550000000'
        ? {
            status: 400,
            body: { code: 21211, message: "The 'To' number +15550000000 is not a valid phone number." },
          }
        : form.get('To') === '+15550000001'
          ? // A gateway in front of the provider that quotes the request's credentials in its refusal.
            { status: 401, body: { code: 20003, message: `Authenticate failed: ${headers.authorization}` } }
          : { status: 201, body: { sid: 'SM9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d', status: 'queued' } },
    );
  });
  afterAll(async () => {
    await provider.close();
  });

  it('posts the message as a form to the Messages resource with basic auth', async () => {
    const sender = createTwilioSmsSender({ baseUrl: provider.baseUrl, accountSid: SID, authToken: TOKEN });
    const result = await sender.send({
      to: '+14155550100',
      from: '+14155550199',
      body: 'PSPS test: power may be shut off in your area on 10/21 & 10/22.',
    });

    expect(result).toEqual({ messageId: 'SM9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d' });
    const request = provider.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+14155550100',
      From: '+14155550199',
      Body: 'PSPS test: power may be shut off in your area on 10/21 & 10/22.',
    });
  });

  it("reports the provider's refusal with its code and message, without the token", async () => {
    const sender = createTwilioSmsSender({ baseUrl: provider.baseUrl, accountSid: SID, authToken: TOKEN });
    const error = await sender
      .send({ to: '+15550000000', from: '+14155550199', body: 'x' })
      .catch((err) => err);

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ channel: 'sms', status: 400, providerCode: '21211' });
    expect((error as ProviderError).message).toContain('is not a valid phone number');
    expect((error as ProviderError).message).not.toContain(TOKEN);
  });

  it('never repeats the basic-auth credentials a refusal quotes (the token, base64-encoded with the account)', async () => {
    const sender = createTwilioSmsSender({ baseUrl: provider.baseUrl, accountSid: SID, authToken: TOKEN });
    const error = await sender
      .send({ to: '+15550000001', from: '+14155550199', body: 'x' })
      .catch((err) => err);

    expect((error as ProviderError).message).toBe(
      `SMS provider ${provider.baseUrl}/ refused the request (HTTP 401, code 20003): Authenticate failed: Basic ***`,
    );
  });

  it('fails quickly and clearly when the provider cannot be reached', async () => {
    const port = await closedPort();
    const sender = createTwilioSmsSender({
      baseUrl: `http://127.0.0.1:${port}`,
      accountSid: SID,
      authToken: TOKEN,
    });
    const error = await sender
      .send({ to: '+14155550100', from: '+14155550199', body: 'x' })
      .catch((err) => err);

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBeUndefined();
    expect((error as ProviderError).message).toContain('unreachable');
    expect((error as ProviderError).message).not.toContain(TOKEN);
  });
});
