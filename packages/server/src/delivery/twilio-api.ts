import { ProviderError } from './provider-error.ts';
import { errorText, redactUrl, scrubSecrets } from './redact.ts';

/** Twilio or any provider that speaks its REST API (2010-04-01). */
export interface TwilioConfig {
  /** Default `https://api.twilio.com`. */
  baseUrl?: string;
  accountSid: string;
  authToken: string;
  /** Time allowed for the whole request. Default 30 s. */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.twilio.com';
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * POSTs a form to `{baseUrl}/2010-04-01/Accounts/{sid}/{resource}.json` with basic auth and answers
 * the created resource's sid. Shared by the SMS and voice adapters.
 */
export async function createTwilioResource(
  config: TwilioConfig,
  channel: 'sms' | 'voice',
  resource: 'Messages' | 'Calls',
  fields: Record<string, string>,
): Promise<string> {
  const base = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}.json`;
  const where = `${channel === 'sms' ? 'SMS' : 'Voice'} provider ${redactUrl(base)}`;
  const credentials = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  // The encoded credentials are the token too: a gateway's refusal may quote the Authorization header.
  const secrets = [config.authToken, credentials];
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(fields),
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    const detail = cause ? `${errorText(err)} (${errorText(cause)})` : errorText(err);
    throw new ProviderError(`${where} unreachable: ${scrubSecrets(detail, secrets)}`, channel);
  }

  const answer = (await response.json().catch(() => undefined)) as
    | { sid?: unknown; code?: unknown; message?: unknown }
    | undefined;
  if (!response.ok) {
    const providerCode = answer?.code === undefined ? undefined : String(answer.code);
    const said = typeof answer?.message === 'string' ? answer.message : response.statusText;
    throw new ProviderError(
      scrubSecrets(
        `${where} refused the request (HTTP ${response.status}${providerCode ? `, code ${providerCode}` : ''}): ${said}`,
        secrets,
      ),
      channel,
      response.status,
      providerCode,
    );
  }
  if (typeof answer?.sid !== 'string') {
    throw new ProviderError(
      `${where} answered HTTP ${response.status} without a sid`,
      channel,
      response.status,
    );
  }
  return answer.sid;
}
