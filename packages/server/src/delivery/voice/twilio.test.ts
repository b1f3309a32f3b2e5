import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.ts';
import { startProviderTestServer } from '../test-support/provider-test-server.ts';
import { createTwilioVoiceCaller } from './twilio.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'token-Secret-1a2b3c';

describe('Twilio-compatible voice caller', () => {
  let provider: Awaited<ReturnType<typeof startProviderTestServer>>;
  let caller: ReturnType<typeof createTwilioVoiceCaller>;

  beforeAll(async () => {
    provider = await startProviderTestServer(() => ({
      status: 201,
      body: { sid: 'CA1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e', status: 'queued' },
    }));
    caller = createTwilioVoiceCaller({ baseUrl: `${provider.baseUrl}/`, accountSid: SID, authToken: TOKEN });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('posts the call to the Calls resource with basic auth, playing the recording', async () => {
    const result = await caller.call({
      to: '+14155550100',
      from: '+14155550199',
      audioUrl: 'https://media.example.com/DSSD_01_20190007_01.wav?v=1&x=2',
    });

    expect(result).toEqual({ callId: 'CA1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e' });
    const request = provider.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+14155550100',
      From: '+14155550199',
      Twiml:
        '<Response><Play>https://media.example.com/DSSD_01_20190007_01.wav?v=1&amp;x=2</Play></Response>',
    });
  });

  it('speaks the text when there is no recording', async () => {
    await caller.call({
      to: '+14155550100',
      from: '+14155550199',
      text: 'Power <may> be shut off & restored.',
    });
    expect(provider.requests.at(-1)?.form.get('Twiml')).toBe(
      '<Response><Say>Power &lt;may&gt; be shut off &amp; restored.</Say></Response>',
    );
  });

  it('refuses a call with neither recording nor text, without calling the provider', async () => {
    const before = provider.requests.length;
    const error = await caller.call({ to: '+14155550100', from: '+14155550199' }).catch((err) => err);
    expect(error).toBeInstanceOf(ProviderError);
    expect(provider.requests.length).toBe(before);
  });
});
