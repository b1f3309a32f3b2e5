import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, parseReachedStatuses } from './config.ts';

describe('delivery configuration of ad hoc test sends', () => {
  it('records every test send in the outbox by default, with library prefix 2019', () => {
    const config = loadConfig({});
    expect(config.delivery).toEqual({
      emailTransport: 'outbox',
      emailFrom: 'psps-notifications@example.com',
      smsProvider: 'outbox',
      voiceProvider: 'outbox',
      twilio: undefined,
      smsFrom: undefined,
      voiceFrom: undefined,
      publicUrl: undefined,
    });
    expect(config.libraryYearPrefix).toBe('2019');
  });

  it('takes an SMTP URL, the Twilio-compatible provider and the public URL', () => {
    const config = loadConfig({
      EMAIL_TRANSPORT: 'smtps://mailer:pw@mail.utility.test:465',
      EMAIL_FROM_ADDRESS: 'psps@utility.test',
      SMS_PROVIDER: 'twilio',
      VOICE_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_BASE_URL: 'https://api.twilio.com',
      SMS_FROM: '+14155550100',
      VOICE_FROM: '+14155550101',
      PUBLIC_URL: 'https://psps.utility.test/',
      LIBRARY_YEAR_PREFIX: '2026',
    });
    expect(config.delivery).toEqual({
      emailTransport: 'smtps://mailer:pw@mail.utility.test:465',
      emailFrom: 'psps@utility.test',
      smsProvider: 'twilio',
      voiceProvider: 'twilio',
      twilio: { accountSid: 'AC1', authToken: 'tok', baseUrl: 'https://api.twilio.com' },
      smsFrom: '+14155550100',
      voiceFrom: '+14155550101',
      publicUrl: 'https://psps.utility.test',
    });
    expect(config.libraryYearPrefix).toBe('2026');
  });

  it('refuses the twilio provider without its account SID and token', () => {
    expect(() => loadConfig({ VOICE_PROVIDER: 'twilio' })).toThrow(
      'SMS_PROVIDER or VOICE_PROVIDER is twilio: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required',
    );
  });

  it('refuses an e-mail transport that is neither outbox nor SMTP, without echoing it', () => {
    let error: unknown;
    try {
      loadConfig({ EMAIL_TRANSPORT: 'http://user:secret-pw@mail' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'Invalid configuration: EMAIL_TRANSPORT: must be outbox or an smtp:// or smtps:// URL',
    );
  });
});

describe('REACHED_STATUSES', () => {
  it('defaults to voice answered by a person, SMS delivered, e-mail delivered or opened', () => {
    expect(loadConfig({}).reachedStatuses).toEqual({
      PHON: ['ANSWERED'],
      SMS: ['DELIVERED'],
      EMAIL: ['DELIVERED', 'OPENED'],
    });
  });
  it('overrides the channels it names', () => {
    expect(parseReachedStatuses('PHON=ANSWERED,MACHINE; EMAIL=OPENED')).toEqual({
      PHON: ['ANSWERED', 'MACHINE'],
      SMS: ['DELIVERED'],
      EMAIL: ['OPENED'],
    });
  });
  it('refuses a status of another channel', () => {
    expect(() => parseReachedStatuses('SMS=ANSWERED')).toThrow(/SMS needs statuses among/);
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front; yes/true mean one, and anything else stops the server', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'all' })).toThrow(
      'TRUST_PROXY: must be the number of proxies in front (0, 1, 2, …)',
    );
  });
});

describe('report file transfer configuration', () => {
  it('refuses a password that would split the address, at start and without echoing it', () => {
    // 'Pa@ss#w0rd' written as is: the address ends at '#', the server would connect to a host 'ss' and print 'w0rd'.
    const hint =
      'write a user name or password holding @ # / ? % or : percent-encoded (# as %23, @ as %40, / as %2F, ? as %3F, % as %25, : as %3A)';
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ FILE_TRANSFER_URL: 'sftp://psps:Pa@ss#w0rd@sftp.utility.test:22/incoming' })).toBe(
      `Invalid configuration: FILE_TRANSFER_URL: holds a '#', which ends an address: ${hint}`,
    );
    expect(refusal({ FILE_TRANSFER_URL: 'ftp://psps:100%sure@ftp.utility.test/in' })).toBe(
      `Invalid configuration: FILE_TRANSFER_URL: holds a '%' not followed by two hexadecimal digits: ${hint}`,
    );
    expect(refusal({ FILE_TRANSFER_URL: 'sftp://psps:a/b@sftp.utility.test/in' })).toBe(
      `Invalid configuration: FILE_TRANSFER_URL: is not a valid URL: ${hint}`,
    );
    // Digits before the '/' read as a port: the address parses, with the password's end in its path.
    expect(refusal({ FILE_TRANSFER_URL: 'sftp://psps:2026/Fire@sftp.utility.test/in' })).toBe(
      `Invalid configuration: FILE_TRANSFER_URL: holds an '@' after the host name: ${hint}`,
    );
    expect(refusal({ EMAIL_TRANSPORT: 'smtps://mailer:Pa@ss#w0rd@mail.utility.test:465' })).toBe(
      `Invalid configuration: EMAIL_TRANSPORT: holds a '#', which ends an address: ${hint}`,
    );
    // The same passwords percent-encoded, and an '@' alone (the last '@' ends the user and password), are taken.
    expect(refusal({ FILE_TRANSFER_URL: 'sftp://psps:Pa%40ss%23w0rd@sftp.utility.test:22/incoming' })).toBe(
      'accepted',
    );
    expect(refusal({ FILE_TRANSFER_URL: 'ftp://psps:100%25sure@ftp.utility.test/in' })).toBe('accepted');
    expect(refusal({ FILE_TRANSFER_URL: 'sftp://psps:Pa@ss@sftp.utility.test/in' })).toBe('accepted');
    expect(refusal({ FILE_TRANSFER_URL: 'file:///var/psps/outbox' })).toBe('accepted');
  });

  it('allows one attempt 30 minutes by default, and takes FILE_TRANSFER_TIME_LIMIT_MINUTES', () => {
    expect(loadConfig({}).fileTransfer.timeLimitMs).toBe(1_800_000);
    expect(loadConfig({ FILE_TRANSFER_TIME_LIMIT_MINUTES: '90' }).fileTransfer.timeLimitMs).toBe(5_400_000);
  });

  it('refuses a time limit the job queue cannot hold (its expiry must stay under 24 hours)', () => {
    expect(() => loadConfig({ FILE_TRANSFER_TIME_LIMIT_MINUTES: '601' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_TRANSFER_TIME_LIMIT_MINUTES: '0' })).toThrow(ConfigError);
  });

  it('tells nobody of a failed report file by default; REPORT_ALERT_EMAILS lists who is told', () => {
    expect(loadConfig({}).fileTransfer.alertEmails).toEqual([]);
    expect(
      loadConfig({ REPORT_ALERT_EMAILS: ' ops@utility.example, duty@provider.example;noc@provider.example ' })
        .fileTransfer.alertEmails,
    ).toEqual(['ops@utility.example', 'duty@provider.example', 'noc@provider.example']);
    expect(() => loadConfig({ REPORT_ALERT_EMAILS: 'ops@utility.example, on-call team' })).toThrow(
      "REPORT_ALERT_EMAILS: 'on-call' is not an e-mail address",
    );
  });
});

describe('configuration errors a person can act on', () => {
  it('says every invalid variable on one line, naming each, without its value', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'verbose', DATABASE_URL: 'mysql://u:pw-77@db/x' }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration: PORT: must be a number; DATABASE_URL: must be a postgres://user:password@host:5432/database URL; LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent',
      ),
    );
  });

  it('takes a blank number, host or folder (PORT= in an .env file) as its default, not as 0 or the working folder', () => {
    const blank = ['PORT', 'HOST', 'DATA_DIR', 'SESSION_IDLE_MINUTES', 'FILE_TRANSFER_RETRY_LIMIT'];
    const config = loadConfig(Object.fromEntries(blank.map((name, i) => [name, ' '.repeat(i % 2)])));
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.session.idleMs).toBe(1_800_000);
    expect(config.fileTransfer.retryLimit).toBe(8);
  });

  it('refuses at start an SFTP key file that cannot be read, rather than at the first transfer', () => {
    expect(() => loadConfig({ FILE_TRANSFER_KEY_PATH: '/nonexistent/psps/id_ed25519' })).toThrow(
      new ConfigError(
        'Invalid configuration: FILE_TRANSFER_KEY_PATH: the key file cannot be read: there is no such file',
      ),
    );
    expect(() =>
      loadConfig({ FILE_TRANSFER_KEY_PATH: path.dirname(fileURLToPath(import.meta.url)) }),
    ).toThrow('FILE_TRANSFER_KEY_PATH: the key file cannot be read: it is not a file');
    expect(loadConfig({ FILE_TRANSFER_KEY_PATH: fileURLToPath(import.meta.url) }).fileTransfer.keyPath).toBe(
      fileURLToPath(import.meta.url),
    );
  });
});

describe('.env.example (README: Configuration)', () => {
  it('lists every variable the server reads, and its uncommented values are the defaults', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const lines = readFileSync(path.join(here, '../../../.env.example'), 'utf8').split('\n');
    const named = new Set(lines.map((line) => /^#? ?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1]).filter(Boolean));
    expect(CONFIG_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
    const set = Object.fromEntries(
      lines.flatMap((line) => {
        const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
        return m ? [[m[1], m[2]]] : [];
      }),
    );
    expect(loadConfig(set)).toEqual(loadConfig({}));
  });
});
