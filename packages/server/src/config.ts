import path from 'node:path';
import { SUPPRESSION_UPLOAD_MAX_BYTES } from '@psps/contracts';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UTILITY_ABBREVIATION: z.string().min(1).default('PG&E'),
  PROVIDER_NAME: z.string().min(1).default('Notification Provider'),
  PROVIDER_URL: z.string().url().default('https://example.com'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_ATTEMPTS_PER_CLIENT: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  WORKERS: bool,
  TRUST_PROXY: bool,
  SUPPRESSION_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(SUPPRESSION_UPLOAD_MAX_BYTES),
  SUPPRESSION_PREVIEW_MINUTES: z.coerce.number().positive().default(30),
});

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
  trustProxy: boolean;
  suppression: {
    /** Largest upload file accepted (413 above it). */
    uploadMaxBytes: number;
    /** How long a full upload's preview can be applied. */
    previewMs: number;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL?.trim() || undefined;
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
    trustProxy: e.TRUST_PROXY === true,
    suppression: {
      uploadMaxBytes: e.SUPPRESSION_UPLOAD_MAX_BYTES,
      previewMs: e.SUPPRESSION_PREVIEW_MINUTES * 60_000,
    },
  };
}
