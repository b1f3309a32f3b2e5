/**
 * A real server process on a given database, for tests that kill a server mid-request (suppression atomicity).
 * Prints `listening <port>` once it accepts connections. Usage: DATABASE_URL=... tsx test/suppression-child-server.ts
 */
import { buildApp } from '../src/app.ts';
import { authService } from '../src/auth/service.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { createPool } from '../src/db/pool.ts';
import { createQueue } from '../src/jobs/queue.ts';

const databaseUrl = process.env.DATABASE_URL ?? '';
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const db = createPool(databaseUrl, 5);
const streamDb = createPool(databaseUrl, 2);
const boss = await createQueue(databaseUrl, () => {});
const ctx: AppContext = { config, db, streamDb, auth: authService(db, config), boss };
const app = await buildApp(ctx, { webDist: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
