import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHANNEL_STATUSES,
  CHANNELS,
  type Channel,
  DEFAULT_REACHED_STATUSES,
  isChannelStatus,
  type MessageStatus,
  SUPPRESSION_UPLOAD_MAX_BYTES,
} from '@psps/contracts';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** `PORT=` (set but blank, as an .env file or a compose file leaves it) means the default, not 0 or ''. */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const PERCENT_ENCODING_HINT =
  'write a user name or password holding @ # / ? % or : percent-encoded (# as %23, @ as %40, / as %2F, ? as %3F, % as %25, : as %3A)';

/**
 * Why a delivery URL (FILE_TRANSFER_URL, EMAIL_TRANSPORT) cannot be used as meant, in words that never echo it: it
 * may hold a password. A password with a bare '#' splits the address there: the server would connect to a host
 * made of part of the password, and print the rest after the '#' wherever it names the destination.
 */
export function deliveryUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a valid URL: ${PERCENT_ENCODING_HINT}`;
  }
  if (value.includes('#')) return `holds a '#', which ends an address: ${PERCENT_ENCODING_HINT}`;
  if (/@/.test(url.pathname + url.search)) {
    return `holds an '@' after the host name: ${PERCENT_ENCODING_HINT}`;
  }
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    decodeURIComponent(url.pathname);
  } catch {
    return `holds a '%' not followed by two hexadecimal digits: ${PERCENT_ENCODING_HINT}`;
  }
  if (url.protocol !== 'file:' && !url.hostname) return 'names no host';
  return undefined;
}

const validDeliveryUrl = (value: string | undefined, ctx: z.RefinementCtx) => {
  const problem = value ? deliveryUrlProblem(value) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

const envSchema = z.object({
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(blankIsUnset, z.string().trim().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
  // Never echoed: it holds the database password.
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => !v || (URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol)),
      'must be a postgres://user:password@host:5432/database URL',
    ),
  DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UTILITY_ABBREVIATION: z.string().min(1).default('PG&E'),
  PROVIDER_NAME: z.string().min(1).default('Notification Provider'),
  PROVIDER_URL: z.string().url().default('https://example.com'),
  SESSION_IDLE_MINUTES: z.preprocess(blankIsUnset, z.coerce.number().positive().default(30)),
  SESSION_ABSOLUTE_HOURS: z.preprocess(blankIsUnset, z.coerce.number().positive().default(12)),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(5)),
  LOGIN_MAX_ATTEMPTS_PER_CLIENT: z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(30)),
  LOGIN_WINDOW_MINUTES: z.preprocess(blankIsUnset, z.coerce.number().positive().default(15)),
  WORKERS: bool,
  // How many proxies stand in front (1 = one load balancer). Only the addresses they added to X-Forwarded-For are
  // believed: trusting the whole header would let a client name any address and so escape sign-in throttling.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const words: Record<string, number> = { '': 0, false: 0, no: 0, true: 1, yes: 1 };
      const hops =
        v === undefined ? 0 : (words[v.toLowerCase()] ?? (/^\d{1,2}$/.test(v) ? Number(v) : Number.NaN));
      if (Number.isNaN(hops)) {
        ctx.addIssue({ code: 'custom', message: 'must be the number of proxies in front (0, 1, 2, …)' });
        return z.NEVER;
      }
      return hops;
    }),
  EMAIL_TRANSPORT: z
    .string()
    .trim()
    .default('outbox')
    .refine((v) => v === 'outbox' || /^smtps?:\/\/./.test(v), {
      message: 'must be outbox or an smtp:// or smtps:// URL',
      abort: true,
    })
    .superRefine((v, ctx) => (v === 'outbox' ? undefined : validDeliveryUrl(v, ctx))),
  EMAIL_FROM_ADDRESS: z.email().default('psps-notifications@example.com'),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  VOICE_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  TWILIO_BASE_URL: z.url().optional(),
  SMS_FROM: z.string().trim().optional(),
  VOICE_FROM: z.string().trim().optional(),
  LIBRARY_YEAR_PREFIX: z
    .string()
    .regex(/^[0-9]{1,8}$/, 'must be digits, e.g. 2019')
    .default('2019'),
  PUBLIC_URL: z.url().optional(),
  REACHED_STATUSES: z.string().optional(),
  DEMO_SCALE: z.preprocess(blankIsUnset, z.coerce.number().positive().max(100).default(1)),
  SUPPRESSION_UPLOAD_MAX_BYTES: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().positive().default(SUPPRESSION_UPLOAD_MAX_BYTES),
  ),
  SUPPRESSION_PREVIEW_MINUTES: z.preprocess(blankIsUnset, z.coerce.number().positive().default(30)),
  FILE_TRANSFER_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^(sftp|ftp|ftps|file):\/\/./.test(v), {
      message: 'must be an sftp://, ftp://, ftps:// or file:// URL',
      abort: true,
    })
    .superRefine(validDeliveryUrl),
  FILE_TRANSFER_RETRY_LIMIT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(100).default(8)),
  FILE_TRANSFER_RETRY_DELAY_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(86_400).default(30),
  ),
  FILE_TRANSFER_TIME_LIMIT_MINUTES: z.preprocess(
    blankIsUnset,
    z.coerce.number().positive().max(600).default(30),
  ),
  FILE_TRANSFER_ALLOW_SELF_SIGNED: bool,
  FILE_TRANSFER_KEY_PATH: z
    .string()
    .trim()
    .optional()
    .superRefine((file, ctx) => {
      // Checked at start, not at the first transfer minutes or hours later. The value is not echoed.
      const problem = file ? unreadableFile(file) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: `the key file cannot be read: ${problem}` });
    }),
  REPORT_ALERT_EMAILS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const addresses = (value ?? '')
        .split(/[,;\s]+/)
        .map((a) => a.trim())
        .filter(Boolean);
      for (const address of addresses) {
        if (!z.email().safeParse(address).success) {
          ctx.addIssue({ code: 'custom', message: `'${address}' is not an e-mail address` });
          return z.NEVER;
        }
      }
      return addresses;
    }),
});

/** Every environment variable the server reads (each listed in .env.example with its default). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo users and data: with the embedded database, or when DEMO=1. */
  demo: boolean;
  logLevel: string;
  utilityAbbreviation: string;
  providerName: string;
  providerUrl: string;
  session: { idleMs: number; absoluteMs: number };
  loginLimits: { maxFailuresPerEmail: number; maxAttemptsPerClient: number; windowMs: number };
  runWorkers: boolean;
  /** Proxies in front whose X-Forwarded-For entries are believed (0: none; the client is the socket's address). */
  trustProxy: number;
  /** Where ad hoc test sends go (README: configuration). Secrets here are never logged. */
  delivery: {
    /** 'outbox' (recorded in the database) or an smtp:// / smtps:// URL. */
    emailTransport: string;
    emailFrom: string;
    smsProvider: 'outbox' | 'twilio';
    voiceProvider: 'outbox' | 'twilio';
    /** Set when SMS or voice goes through the Twilio-compatible provider. */
    twilio: { accountSid: string; authToken: string; baseUrl?: string } | undefined;
    smsFrom: string | undefined;
    voiceFrom: string | undefined;
    /** The server's public base URL, for recording links handed to a voice provider. */
    publicUrl: string | undefined;
  };
  /** The voice library code's year prefix (DESIGN §4). */
  libraryYearPrefix: string;
  /** 'Reached' statuses per channel for medical-baseline reports (REACHED_STATUSES; contracts' default). */
  reachedStatuses: Readonly<Record<Channel, readonly MessageStatus[]>>;
  /** Size of the demo data: 1 = about 100,000 messages. */
  demoScale: number;
  suppression: {
    /** Largest upload file accepted (413 above it). */
    uploadMaxBytes: number;
    /** How long a full upload's preview can be applied. */
    previewMs: number;
  };
  /**
   * Where completion and custom report files go (delivery/README.md: file transfer URLs). The URL may hold
   * a password: print it only through redactUrl.
   */
  fileTransfer: {
    url: string;
    /** Transfer attempts after the first; pg-boss waits retryDelaySeconds, doubling each time. */
    retryLimit: number;
    retryDelaySeconds: number;
    /**
     * Time one attempt may take, connecting included: past it the attempt gives up by itself (a big file on a slow
     * link); the queue's expiry of a transfer job is set above it (completion/transfer-lock.ts).
     */
    timeLimitMs: number;
    allowSelfSigned: boolean;
    /** SFTP private key file (instead of a password in the URL). */
    keyPath: string | undefined;
    /** Told by e-mail (EMAIL_TRANSPORT) when a report file fails for good: REPORT_ALERT_EMAILS. */
    alertEmails: string[];
  };
};

export class ConfigError extends Error {}

/** Why a file cannot be read, in words; undefined when it can. */
function unreadableFile(file: string): string | undefined {
  try {
    if (!statSync(file).isFile()) return 'it is not a file';
    accessSync(file, constants.R_OK);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'there is no such file';
    if (code === 'EACCES' || code === 'EPERM') return 'this process may not read it';
    return code ?? 'unknown error';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL?.trim() || undefined;
  const usesTwilio = e.SMS_PROVIDER === 'twilio' || e.VOICE_PROVIDER === 'twilio';
  if (usesTwilio && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration: SMS_PROVIDER or VOICE_PROVIDER is twilio: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl,
    demo: databaseUrl ? e.DEMO : env.DEMO === undefined ? true : e.DEMO,
    logLevel: e.LOG_LEVEL,
    utilityAbbreviation: e.UTILITY_ABBREVIATION,
    providerName: e.PROVIDER_NAME,
    providerUrl: e.PROVIDER_URL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    loginLimits: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxAttemptsPerClient: e.LOGIN_MAX_ATTEMPTS_PER_CLIENT,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    runWorkers: env.WORKERS === undefined ? true : e.WORKERS === true,
    trustProxy: e.TRUST_PROXY,
    delivery: {
      emailTransport: e.EMAIL_TRANSPORT,
      emailFrom: e.EMAIL_FROM_ADDRESS,
      smsProvider: e.SMS_PROVIDER,
      voiceProvider: e.VOICE_PROVIDER,
      twilio:
        usesTwilio && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              ...(e.TWILIO_BASE_URL ? { baseUrl: e.TWILIO_BASE_URL } : {}),
            }
          : undefined,
      smsFrom: e.SMS_FROM || undefined,
      voiceFrom: e.VOICE_FROM || undefined,
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    },
    libraryYearPrefix: e.LIBRARY_YEAR_PREFIX,
    reachedStatuses: parseReachedStatuses(e.REACHED_STATUSES),
    demoScale: e.DEMO_SCALE,
    suppression: {
      uploadMaxBytes: e.SUPPRESSION_UPLOAD_MAX_BYTES,
      previewMs: e.SUPPRESSION_PREVIEW_MINUTES * 60_000,
    },
    fileTransfer: {
      url: e.FILE_TRANSFER_URL || pathToFileURL(path.join(path.resolve(e.DATA_DIR), 'outbox')).href,
      retryLimit: e.FILE_TRANSFER_RETRY_LIMIT,
      retryDelaySeconds: e.FILE_TRANSFER_RETRY_DELAY_SECONDS,
      timeLimitMs: Math.round(e.FILE_TRANSFER_TIME_LIMIT_MINUTES * 60_000),
      allowSelfSigned: e.FILE_TRANSFER_ALLOW_SELF_SIGNED === true,
      keyPath: e.FILE_TRANSFER_KEY_PATH || undefined,
      alertEmails: e.REPORT_ALERT_EMAILS,
    },
  };
}

/**
 * `REACHED_STATUSES=PHON=ANSWERED;SMS=DELIVERED;EMAIL=DELIVERED,OPENED`: a channel left out keeps its
 * default (contracts' DEFAULT_REACHED_STATUSES); every status must belong to its channel.
 */
export function parseReachedStatuses(value: string | undefined): Record<Channel, readonly MessageStatus[]> {
  const out: Record<Channel, readonly MessageStatus[]> = { ...DEFAULT_REACHED_STATUSES };
  if (!value?.trim()) return out;
  for (const part of value.split(';').filter((p) => p.trim())) {
    const [channel = '', list = ''] = part.split('=').map((s) => s.trim());
    if (!(CHANNELS as readonly string[]).includes(channel)) {
      throw new ConfigError(
        `Invalid configuration: REACHED_STATUSES: unknown channel "${channel}" (${CHANNELS.join(', ')})`,
      );
    }
    const c = channel as Channel;
    const statuses = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = statuses.filter((s) => !isChannelStatus(c, s));
    if (!statuses.length || wrong.length) {
      throw new ConfigError(
        `Invalid configuration: REACHED_STATUSES: ${c} needs statuses among ${CHANNEL_STATUSES[c].join(', ')}` +
          (wrong.length ? ` (not: ${wrong.join(', ')})` : ''),
      );
    }
    out[c] = statuses as MessageStatus[];
  }
  return out;
}
