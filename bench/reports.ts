/**
 * Reporting benchmark (issue 3): `npm run bench:reports` (env BENCH_MESSAGES, default 10,000,000).
 *
 * 1. Starts its own embedded PostgreSQL in a temporary folder and generates one PSPS event of
 *    BENCH_MESSAGES messages straight into PostgreSQL (set-based SQL), rollups computed once.
 * 2. Starts the real app on a free port and loads every report call with autocannon (10 connections,
 *    a few seconds each), beside the same report computed by a plain aggregate over the messages table.
 * 3. Sends status updates through the HTTP ingest API (10,000 per batch) and COPYs the same rows into an
 *    unindexed table, in the same run.
 * Prints markdown tables. Not a test: it measures, it does not assert.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { from as copyFrom } from 'pg-copy-streams';
import { clientHashOf } from '../packages/server/src/auth/passwords.ts';
import { authService } from '../packages/server/src/auth/service.ts';
import { userService } from '../packages/server/src/auth/users.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { freePort, startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { createPool } from '../packages/server/src/db/pool.ts';
import { writeSummarySnapshots } from '../packages/server/src/ingest/summary.ts';
import { startServerProcess } from './server-process.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const INGEST_UPDATES = Number(process.env.BENCH_INGEST_UPDATES ?? 500_000);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 10;
const ROOT = 1;
// Children 2, 3, 4: Medical Baseline, Critical Essential, General. Message m: channel by m % 3,
// campaign by m % 100 (8% MB, 4% CE, the rest General), so the benchmark knows both from the id.
const channelOf = (id: number) => (['PHON', 'SMS', 'EMAIL'] as const)[id % 3] as 'PHON' | 'SMS' | 'EMAIL';

const log = (s: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number, d = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'psps-bench-'));
  const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  try {
    await run(pg.url);
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(url: string) {
  await migrate(url);
  const db = createPool(url, 20);
  for (const setting of ["max_wal_size = '8GB'", "maintenance_work_mem = '1GB'", "work_mem = '64MB'"]) {
    await db.query(`ALTER SYSTEM SET ${setting}`);
  }
  await db.query('SELECT pg_reload_conf()');

  // ---- 1. generate ----
  let t0 = process.hrtime.bigint();
  await db.query(`INSERT INTO events (id, name, begin_at) VALUES (1, 'Benchmark PSPS', now())`);
  await db.query(
    `INSERT INTO datasets (id, event_id, root_id, customer_class, title, cmd, launched_at)
     VALUES (1, 1, NULL, NULL, 'Benchmark wave', 'ADVANCE_48H', now()),
            (2, 1, 1, 'MEDICAL_BASELINE', 'Benchmark wave (MB)', 'ADVANCE_48H', now()),
            (3, 1, 1, 'CRITICAL_ESSENTIAL', 'Benchmark wave (CE)', 'ADVANCE_48H', now()),
            (4, 1, 1, 'GENERAL', 'Benchmark wave (General)', 'ADVANCE_48H', now())`,
  );
  // Load without indexes, then build them: how a bulk import is done; the table ends up as the migration made it.
  await db.query('ALTER TABLE link_codes DROP CONSTRAINT link_codes_message_id_fkey');
  await db.query('ALTER TABLE messages DROP CONSTRAINT messages_pkey');
  await db.query('ALTER TABLE messages DROP CONSTRAINT messages_dataset_id_fkey');
  await db.query('DROP INDEX messages_dataset_channel_idx');
  const chunk = 1_000_000;
  for (let start = 1; start <= MESSAGES; start += chunk) {
    const end = Math.min(MESSAGES, start + chunk - 1);
    await db.query(
      `INSERT INTO messages (id, dataset_id, channel, customer_class, person_id, service_agreement_id, premise_id,
                             contact, language, status, status_at, attempts, created_at)
       SELECT g, ds, ch, cls, 'P' || (g / 3), 'SA' || (g / 3), 'PR' || (g / 3),
              CASE ch WHEN 'EMAIL' THEN 'c' || g || '@example.net' ELSE '+1707' || lpad((g % 10000000)::text, 7, '0') END,
              'english',
              CASE WHEN r < 0.1 THEN 'PENDING' WHEN r < 0.2 THEN 'QUEUED' ELSE
                CASE ch WHEN 'PHON' THEN (ARRAY['ANSWERED','ANSWERED','MACHINE','MACHINE','NO_ANSWER','BUSY','FAILED','INVALID_NUMBER'])[1 + (g / 3) % 8]
                        WHEN 'SMS' THEN (ARRAY['DELIVERED','DELIVERED','DELIVERED','UNDELIVERED','FAILED'])[1 + (g / 3) % 5]
                        ELSE (ARRAY['DELIVERED','OPENED','OPENED','BOUNCED','DEFERRED'])[1 + (g / 3) % 5] END END,
              now() - interval '1 hour', 1, now() - interval '2 hours'
         FROM (SELECT g, (ARRAY['PHON','SMS','EMAIL'])[1 + g % 3] AS ch,
                      CASE WHEN g % 100 < 8 THEN 2 WHEN g % 100 < 12 THEN 3 ELSE 4 END AS ds,
                      CASE WHEN g % 100 < 8 THEN 'MEDICAL_BASELINE' WHEN g % 100 < 12 THEN 'CRITICAL_ESSENTIAL' ELSE 'GENERAL' END AS cls,
                      ((g * 7919) % 1000) / 1000.0 AS r
                 FROM generate_series($1::bigint, $2::bigint) g) s`,
      [start, end],
    );
    log(`generated ${fmt(end, 0)} messages`);
  }
  await db.query('ALTER TABLE messages ADD PRIMARY KEY (id)');
  await db.query('CREATE INDEX messages_dataset_channel_idx ON messages (dataset_id, channel)');
  await db.query('ALTER TABLE messages ADD FOREIGN KEY (dataset_id) REFERENCES datasets(id)');
  await db.query('ALTER TABLE link_codes ADD FOREIGN KEY (message_id) REFERENCES messages(id)');
  await db.query(
    'INSERT INTO dataset_rollups (dataset_id, channel, status, count) SELECT dataset_id, channel, status, count(*) FROM messages GROUP BY 1, 2, 3',
  );
  await db.query(
    `INSERT INTO message_created_counts (slot, channel, count)
     SELECT to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), channel, count(*) FROM messages GROUP BY 1, 2`,
  );
  await writeSummarySnapshots(db, [1, 2, 3, 4]);
  await db.query('VACUUM ANALYZE');
  await db.query('CHECKPOINT');
  const size = (await db.query(`SELECT pg_size_pretty(pg_total_relation_size('messages')) AS s`)).rows[0].s;
  const generateS = ms(t0) / 1000;
  log(`generated and indexed in ${fmt(generateS)} s (messages table ${size})`);

  // ---- 2. the app, in a process of its own (as in production; autocannon must not share its event loop) ----
  const port = await freePort();
  const server = await startServer(url, port);
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url });
  const auth = authService(db, config);
  await userService(db).add({
    email: 'bench@example.com',
    fullname: 'Bench',
    clientHash: clientHashOf('bench-password'),
    permissions: ['REPORTING'],
  });
  const login = (await (
    await fetch(`${base}/api/login/bench@example.com/${clientHashOf('bench-password')}`)
  ).json()) as [[unknown], [{ SESSION_TOKEN: string }]];
  const token = login[1][0].SESSION_TOKEN as string;
  const apiKey = await auth.createApiKey('bench', ['INGEST']);

  const queuedKeys = `('PHON','QUEUED'),('SMS','QUEUED'),('EMAIL','QUEUED'),('EMAIL','DEFERRED')`;
  const calls: { name: string; path: string; plain: string }[] = [
    {
      name: 'campaign-list',
      path: '/api/campaign-list/',
      plain: `SELECT coalesce(d.root_id, d.id), m.channel, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id GROUP BY 1, 2`,
    },
    {
      name: 'proc_reports_campaignTree',
      path: `/api/proc_reports_campaignTree/${ROOT}`,
      plain: `SELECT m.dataset_id, m.channel, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id
               WHERE d.root_id = ${ROOT} OR d.id = ${ROOT} GROUP BY 1, 2`,
    },
    {
      name: 'sql/proc_reports_gridTreeEvents',
      path: '/api/sql/proc_reports_gridTreeEvents/1',
      plain: `SELECT m.dataset_id, m.channel, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id
               WHERE d.event_id = 1 GROUP BY 1, 2`,
    },
    {
      name: 'csv/proc_reports_gridTreeEvents',
      path: '/csv/proc_reports_gridTreeEvents/1',
      plain: `SELECT m.dataset_id, m.channel, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id
               WHERE d.event_id = 1 GROUP BY 1, 2`,
    },
    {
      name: 'proc_events_getList',
      path: '/api/proc_events_getList/',
      plain: `SELECT d.event_id, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id GROUP BY 1`,
    },
    {
      name: 'proc_events_getCampaigns',
      path: '/api/proc_events_getCampaigns/1',
      plain: `SELECT coalesce(d.root_id, d.id), m.channel, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id
               WHERE d.event_id = 1 GROUP BY 1, 2`,
    },
    {
      name: 'all-reports-summary',
      path: `/api/all-reports-summary/${ROOT}`,
      plain: `SELECT m.channel, count(*), count(*) FILTER (WHERE m.status <> 'PENDING'),
                     count(*) FILTER (WHERE (m.channel, m.status) NOT IN (('PHON','PENDING'),('SMS','PENDING'),('EMAIL','PENDING'),${queuedKeys}))
                FROM messages m JOIN datasets d ON d.id = m.dataset_id WHERE d.root_id = ${ROOT} GROUP BY 1`,
    },
    ...(['voice', 'sms', 'email'] as const).map((kind) => ({
      name: `${kind}-reports`,
      path: `/api/${kind}-reports/${ROOT}`,
      plain: `SELECT d.customer_class, m.status, count(*) FROM messages m JOIN datasets d ON d.id = m.dataset_id
               WHERE d.root_id = ${ROOT} AND m.channel = '${{ voice: 'PHON', sms: 'SMS', email: 'EMAIL' }[kind]}' GROUP BY 1, 2`,
    })),
    {
      name: 'GET /api/v1/dashboard',
      path: '/api/v1/dashboard',
      plain: `SELECT channel, count(*) FROM messages WHERE created_at >= current_date GROUP BY 1`,
    },
  ];

  const rows: string[] = [];
  let allFast = true;
  const loadAvg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
  const loadStart = loadAvg();
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const measured = calls.filter((c) => !only || only.test(c.name));
  // Warm-up, not measured: the server's JIT, its pool's connections and their statement plans, as in a
  // server that has been running for a while.
  for (const call of measured) {
    const check = await fetch(base + call.path, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`${call.path}: ${check.status} ${await check.text()}`);
    await load(base + call.path, token, WARMUP_SECONDS);
  }
  for (const call of measured) {
    const lat = await load(base + call.path, token);
    const plain: number[] = [];
    for (let i = 0; i < 2; i++) {
      t0 = process.hrtime.bigint();
      await db.query(call.plain);
      plain.push(ms(t0));
    }
    const plainMs = Math.min(...plain);
    const speedup = plainMs / lat.p95;
    if (lat.p95 > 20 || speedup < 100) allFast = false;
    rows.push(
      `| ${call.name} | ${fmt(lat.p50, 2)} | ${fmt(lat.p95, 2)} | ${fmt(lat.p99, 2)} | ${fmt(lat.rps, 0)} | ${lat.errors} | ${fmt(plainMs, 0)} | ${fmt(speedup, 0)}× |`,
    );
    log(`${call.name}: p95 ${fmt(lat.p95, 2)} ms, plain aggregate ${fmt(plainMs, 0)} ms`);
  }

  // ---- 3. ingest ----
  const batches: string[] = [];
  const copyLines: string[] = [];
  const statusAt = new Date(Date.now() + 60_000).toISOString();
  const finals = { PHON: 'ANSWERED', SMS: 'DELIVERED', EMAIL: 'OPENED' } as const;
  // The engine works through a campaign: each batch updates 10,000 consecutive messages.
  const firstId = Math.max(1, Math.floor(MESSAGES / 2) - Math.floor(INGEST_UPDATES / 2));
  for (let b = 0; b < INGEST_UPDATES / 10_000; b++) {
    const batch = [];
    for (let i = 0; i < 10_000; i++) {
      const id = firstId + b * 10_000 + i;
      const status = finals[channelOf(id)];
      batch.push({ id_bint: id, status_vch: status, status_dt: statusAt, attempts_int: 2 });
      copyLines.push(`${id}\t${status}\t${statusAt}\t2\n`);
    }
    batches.push(JSON.stringify(batch));
  }
  t0 = process.hrtime.bigint();
  let next = 0;
  let applied = 0;
  const sender = async () => {
    while (next < batches.length) {
      const body = batches[next++] as string;
      const res = await fetch(`${base}/api/v1/ingest/statuses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body,
      });
      if (res.status !== 200) throw new Error(`ingest: ${res.status} ${await res.text()}`);
      applied += ((await res.json()) as { updated: number }).updated;
    }
  };
  await Promise.all([sender(), sender(), sender()]);
  const httpS = ms(t0) / 1000;
  const httpRate = INGEST_UPDATES / httpS;

  await db.query('CREATE TABLE copy_target (id bigint, status text, status_at timestamptz, attempts int)');
  const client = await db.connect();
  t0 = process.hrtime.bigint();
  // Lines sent in chunks of 1,000 (one CopyData message each), as a bulk loader would.
  const chunks = function* () {
    for (let i = 0; i < copyLines.length; i += 1000) yield copyLines.slice(i, i + 1000).join('');
  };
  await pipeline(Readable.from(chunks()), client.query(copyFrom('COPY copy_target FROM STDIN')));
  const copyS = ms(t0) / 1000;
  client.release();
  const copyRate = INGEST_UPDATES / copyS;
  const { rows: check } = await db.query(
    `SELECT (SELECT sum(count) FROM dataset_rollups)::bigint AS rollups, (SELECT count(*) FROM messages)::bigint AS messages`,
  );

  const loadEnd = loadAvg();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.end();

  const out = [
    '',
    `## Reporting benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `${fmt(MESSAGES, 0)} messages in one PSPS event (root + 3 customer-class campaigns), messages table ${size}, generated in ${fmt(generateS, 0)} s.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GB RAM, Node ${process.version}, embedded PostgreSQL 17 (default settings but max_wal_size 8GB, maintenance_work_mem 1GB, work_mem 64MB).`,
    `Load average (1, 5, 15 min) from everything on the machine: ${loadStart} before the report calls, ${loadEnd} at the end.`,
    `The server runs in its own process (packages/server/src/main.ts); each call loaded by autocannon for ${SECONDS} s with ${CONNECTIONS} connections (session token checked on every request).`,
    '"Plain aggregate" is the same report computed by GROUP BY over the messages table (best of 2). Each call had an unmeasured 1 s warm-up first.',
    '',
    '| Call | p50 ms | p95 ms | p99 ms | req/s | errors | plain aggregate ms | aggregate ÷ p95 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Ingest: ${fmt(INGEST_UPDATES, 0)} status updates through \`POST /api/v1/ingest/statuses\` (JSON, 10,000 per batch, 3 concurrent senders): ` +
      `${fmt(httpS, 2)} s = **${fmt(httpRate, 0)} updates/s** (${fmt(applied, 0)} applied, rollups kept in the same transactions).`,
    `Raw COPY of the same rows into an unindexed table: ${fmt(copyS, 2)} s = ${fmt(copyRate, 0)} rows/s. HTTP ingest ÷ raw COPY = **${fmt(httpRate / copyRate, 2)}**.`,
    `Check after ingest: rollups total ${fmt(check[0].rollups, 0)} = messages ${fmt(check[0].messages, 0)}.`,
    '',
    `Goals: every report p95 ≤ 20 ms and ≥ 100× faster than the plain aggregate: ${allFast ? 'met' : 'NOT met'}; ingest ≥ 50,000 updates/s: ${httpRate >= 50_000 ? 'met' : 'NOT met'}.`,
    '',
  ];
  process.stdout.write(out.join('\n'));
}

/** `npm start`'s entry point against the benchmark database: no demo data, no job workers. */
function startServer(url: string, port: number): Promise<ChildProcess> {
  return startServerProcess(
    { DATABASE_URL: url, PORT: String(port), WORKERS: '0' },
    { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
}

async function load(url: string, token: string, seconds = SECONDS) {
  const times: number[] = [];
  const instance: ReturnType<typeof autocannon> & NodeJS.EventEmitter = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  }) as never;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN;
  return {
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    rps: result.requests.total / seconds,
    errors: result.errors + result.non2xx,
  };
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
