import type PgBoss from 'pg-boss';
import type { AuthService } from './auth/service.ts';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';

/** What every feature's routes, services and jobs are given: no globals, so tests build their own. */
export type AppContext = {
  config: Config;
  db: Db;
  /**
   * Connections held while a client's bytes move (a suppression upload's COPY as its file arrives, a download as its
   * reader reads): a pool of their own, so that slow transfers cannot take the connections every other call needs
   * (twenty slow uploads at once stalled the whole console).
   */
  streamDb: Db;
  auth: AuthService;
  /** The job queue; absent in processes that only serve HTTP without enqueuing (never in practice). */
  boss: PgBoss;
};
