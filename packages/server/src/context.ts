import type PgBoss from 'pg-boss';
import type { AuthService } from './auth/service.ts';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';

/** What every feature's routes, services and jobs are given: no globals, so tests build their own. */
export type AppContext = {
  config: Config;
  db: Db;
  auth: AuthService;
  /** The job queue; absent in processes that only serve HTTP without enqueuing (never in practice). */
  boss: PgBoss;
};
