/**
 * Soak benchmark: `npm run bench:soak` (env SOAK_MINUTES, default 30; SOAK_CONSOLES, default 10; SOAK_SPEEDUP,
 * default 4; SOAK_PORT, default 8150). Watches what grows while the server runs through an event day.
 *
 * 1. Starts its own embedded PostgreSQL and the product server in a process of its own (packages/server/src/main.ts,
 *    job workers in it as in `npm start`), with bench/soak-probe.ts loaded so that its heap and event-loop delay can
 *    be read; RSS and open file descriptors come from /proc.
 * 2. For SOAK_MINUTES drives, all at once:
 *    - the messaging engine's feed through the ingest API with an API key: a new wave (root campaign and its three
 *      customer-class campaigns) every WAVE_MINUTES, SOAK_WAVE_CUSTOMERS customers × 3 channels created over its
 *      first minutes, status updates moving every message PENDING → QUEUED → final (some e-mails DEFERRED first),
 *      link clicks, and the wave's campaigns processed when it is done; the medical-baseline retry time is the
 *      wave's launch + 2 minutes, so completion reports fall due (and are generated and transferred) in the run;
 *    - the engine's suppression checks (the contacts of every message batch, before it is "sent");
 *    - SOAK_CONSOLES consoles, each signed in through the real login call, each on one screen polling what that
 *      screen polls (packages/web: report screens and the dashboard every 60 s, the completion list every 60 s
 *      with its stamp, the Custom Reports list every 60 s, the permissions of the session every 60 s), every
 *      interval divided by SOAK_SPEEDUP; one console launches a MedBase report every 10 minutes, one
 *      opens SUPPRESSION (summary, groups, a search) every 5 minutes and uploads an incremental list every 15;
 *      one console signs out and in again every 20 minutes (a shift change).
 * 3. Every SOAK_SAMPLE_SECONDS (60) samples the server's memory, event-loop delay, polled-call latency, the
 *    database's size, every table's size and rows, PostgreSQL connections by application, and the files under
 *    DATA_DIR and the file-transfer destination. At the end prints a table (start, middle, end, growth per hour
 *    after warm-up) with a verdict per line. Not a test: it measures, it does not assert.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PERMISSIONS, SUPPRESSION_PATHS } from '@psps/contracts';
import { clientHashOf } from '../packages/server/src/auth/passwords.ts';
import { authService } from '../packages/server/src/auth/service.ts';
import { userService } from '../packages/server/src/auth/users.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { createPool, type Db } from '../packages/server/src/db/pool.ts';
import { startServerProcess } from './server-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONSOLES = Number(process.env.SOAK_CONSOLES ?? 10);
const SPEEDUP = Number(process.env.SOAK_SPEEDUP ?? 4);
const PORT = Number(process.env.SOAK_PORT ?? 8150);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const WAVE_CUSTOMERS = Number(process.env.SOAK_WAVE_CUSTOMERS ?? 10_000);
const WAVE_MINUTES = Number(process.env.SOAK_WAVE_MINUTES ?? 8);
/** The engine sends a batch this often: created messages, status updates, clicks, suppression checks. */
const ENGINE_TICK_MS = 5_000;
/** New messages go out over this many minutes of a wave. */
const CREATE_MINUTES = 3;
const POLL_MS = 60_000 / SPEEDUP;
const CHANNELS = ['PHON', 'SMS', 'EMAIL'] as const;
type Channel = (typeof CHANNELS)[number];
const CLASSES = ['MEDICAL_BASELINE', 'CRITICAL_ESSENTIAL', 'GENERAL'] as const;
const FINALS: Record<Channel, string[]> = {
  PHON: ['ANSWERED', 'ANSWERED', 'MACHINE', 'NO_ANSWER', 'BUSY', 'FAILED', 'INVALID_NUMBER'],
  SMS: ['DELIVERED', 'DELIVERED', 'DELIVERED', 'UNDELIVERED', 'FAILED'],
  EMAIL: ['DELIVERED', 'OPENED', 'OPENED', 'BOUNCED'],
};
/** Tables that are expected to grow with the feed, the operators' actions or the schedule (snapshots, files). */
const GROWS_WITH_DATA = new Set([
  'public.events',
  'public.datasets',
  'public.messages',
  'public.dataset_rollups',
  'public.message_created_counts',
  'public.summary_snapshots',
  'public.link_clicks',
  'public.link_codes',
  'public.report_files',
  'public.suppressions',
  'public.suppression_uploads',
  'public.audit_log',
]);

const log = (s: string) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
const fmt = (n: number, d = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
    : '–';
const quantile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
};

let stopping = false;

type Sample = { at: number; values: Map<string, number> };
const samples: Sample[] = [];
/** Latencies (ms) of the consoles' polled calls and the engine's checks since the last sample. */
let polled: number[] = [];
/** The same per call (ids in the path replaced by {id}): latencies and answer sizes since the last sample. */
let byCall = new Map<string, { ms: number[]; bytes: number[] }>();
let checks: number[] = [];
let ingestMs: number[] = [];
let errors: string[] = [];
const totals = {
  polls: 0,
  ingested: 0,
  statuses: 0,
  clicks: 0,
  checks: 0,
  launches: 0,
  uploads: 0,
  logins: 0,
};

async function main() {
  const dir = await mkdtemp('/tmp/soak-');
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  let server: ChildProcess | undefined;
  try {
    await migrate(pg.url);
    const db = createPool(pg.url, 2);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: pg.url });
    const engineKey = await authService(db, config).createApiKey('soak-engine', ['INGEST']);
    const users = userService(db);
    for (let i = 0; i < CONSOLES; i++) {
      await users.add({
        email: `console${i}@example.com`,
        fullname: `Console ${i}`,
        clientHash: clientHashOf(`console-${i}-password`),
        permissions: [...PERMISSIONS],
      });
    }
    await db.end();
    const dataDir = path.join(dir, 'data');
    const outbox = path.join(dir, 'outbox');
    const probeFile = path.join(dir, 'probe.ndjson');
    server = await startServer(pg.url, dataDir, outbox, probeFile);
    await run(pg.url, server, engineKey, dataDir, outbox, probeFile);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(
  url: string,
  server: ChildProcess,
  engineKey: string,
  dataDir: string,
  outbox: string,
  probeFile: string,
) {
  const base = `http://127.0.0.1:${PORT}`;
  const sampler = new (await import('pg')).default.Pool({
    connectionString: url,
    max: 1,
    application_name: 'soak-sampler',
  }) as Db;
  const loadStart = os.loadavg();
  const started = Date.now();
  const endAt = started + MINUTES * 60_000;
  const engine = new Engine(base, engineKey);
  await engine.start();
  const consoles = Array.from({ length: CONSOLES }, (_, i) => new Console(base, i, engine));
  for (const c of consoles) await c.signIn();
  await consoles[0]?.uploadOptOuts();
  const tasks = [engine.loop(), ...consoles.map((c) => c.loop())];
  let probeOffset = 0;
  const sample = async () => {
    const values = new Map<string, number>();
    const probe = (await readFile(probeFile, 'utf8').catch(() => '')).slice(probeOffset);
    probeOffset += probe.length;
    const lines = probe
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, number>);
    const pid = server.pid as number;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    values.set('server RSS MB', Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
    // RSS less the mapped files (the program's and libraries' code pages, touched as they are first used).
    values.set('server RSS anonymous MB', Number(/RssAnon:\s+(\d+)/.exec(status)?.[1]) / 1024);
    values.set('server open file descriptors', (await readdir(`/proc/${pid}/fd`)).length);
    if (lines.length > 0) {
      // The lowest heap of the interval: what survives garbage collection, not where the sawtooth happened to be.
      values.set(
        'server heap used MB (low of the minute)',
        Math.min(...lines.map((l) => l.heapUsed ?? 0)) / 2 ** 20,
      );
      values.set('server heap total MB', (lines.at(-1)?.heapTotal ?? 0) / 2 ** 20);
      values.set('server external + buffers MB', (lines.at(-1)?.external ?? 0) / 2 ** 20);
      values.set('event-loop delay p99 ms (worst 5 s)', Math.max(...lines.map((l) => l.delayP99 ?? 0)));
    }
    values.set('polled calls p50 ms', quantile(polled, 0.5));
    values.set('polled calls p95 ms', quantile(polled, 0.95));
    values.set('polled calls per minute', (polled.length * 60) / SAMPLE_SECONDS);
    values.set('engine suppression check p95 ms', quantile(checks, 0.95));
    values.set('ingest batch p95 ms', quantile(ingestMs, 0.95));
    values.set('errors (non-2xx, failed calls) in the minute', errors.length);
    if (errors.length > 0) log(`errors: ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
    for (const [name, c] of [...byCall].sort(([a], [b]) => a.localeCompare(b))) {
      values.set(`p95 ms ${name}`, quantile(c.ms, 0.95));
      values.set(`answer bytes ${name}`, c.bytes.reduce((a, b) => a + b, 0) / c.bytes.length);
    }
    polled = [];
    byCall = new Map();
    checks = [];
    ingestMs = [];
    errors = [];
    values.set(
      'database size MB',
      (await sampler.query('SELECT pg_database_size(current_database()) AS s')).rows[0].s / 2 ** 20,
    );
    const { rows: tables } = await sampler.query<{ name: string; bytes: number }>(
      `SELECT n.nspname || '.' || c.relname AS name, pg_total_relation_size(c.oid) AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname IN ('public', 'pgboss') ORDER BY 1`,
    );
    // pg-boss keeps each queue's jobs in a partition of pgboss.job: counted by queue and state instead.
    const { rows: jobs } = await sampler.query<{ name: string; n: number }>(
      `SELECT name || ', ' || state AS name, count(*)::int AS n FROM pgboss.job GROUP BY 1
       UNION ALL SELECT 'archive', count(*)::int FROM pgboss.archive`,
    );
    for (const j of jobs) values.set(`pg-boss jobs ${j.name}`, j.n);
    for (const t of tables) {
      // Table names come from pg_class, quoted as identifiers.
      const [schema, name] = t.name.split('.') as [string, string];
      const { rows } = await sampler.query(`SELECT count(*)::bigint AS n FROM "${schema}"."${name}"`);
      values.set(`rows ${t.name}`, rows[0].n);
      values.set(`kB ${t.name}`, t.bytes / 1024);
    }
    const { rows: conns } = await sampler.query<{ app: string; state: string; n: number }>(
      `SELECT coalesce(nullif(application_name, ''), '(none)') AS app, coalesce(state, '-') AS state, count(*)::int AS n
         FROM pg_stat_activity WHERE datname = current_database() AND application_name <> 'soak-sampler'
        GROUP BY 1, 2`,
    );
    let connTotal = 0;
    for (const app of ['psps-console', 'psps-jobs']) {
      const n = conns.filter((c) => c.app === app).reduce((s, c) => s + c.n, 0);
      values.set(`PostgreSQL connections ${app}`, n);
      connTotal += n;
    }
    values.set(
      'PostgreSQL connections, all',
      conns.reduce((s, c) => s + c.n, 0),
    );
    values.set(
      'PostgreSQL connections idle in transaction',
      conns.filter((c) => c.state.startsWith('idle in transaction')).reduce((s, c) => s + c.n, 0),
    );
    void connTotal;
    const files = await folder(dataDir);
    values.set('files under DATA_DIR', files.count);
    values.set('MB under DATA_DIR', files.bytes / 2 ** 20);
    const sent = await folder(outbox);
    values.set('files at the transfer destination', sent.count);
    values.set('messages ingested (total)', totals.ingested);
    values.set('status updates sent (total)', totals.statuses);
    samples.push({ at: Date.now(), values });
    // Every sample so far, for a look during a long run (SOAK_SAMPLES_FILE).
    if (process.env.SOAK_SAMPLES_FILE) {
      await writeFile(
        process.env.SOAK_SAMPLES_FILE,
        JSON.stringify(samples.map((s) => ({ at: iso(s.at), ...Object.fromEntries(s.values) }))),
      );
    }
    log(
      `minute ${fmt((Date.now() - started) / 60_000, 1)}: RSS ${fmt(values.get('server RSS MB') ?? 0)} MB, heap ${fmt(values.get('server heap used MB (low of the minute)') ?? 0)} MB, ` +
        `polled p95 ${fmt(values.get('polled calls p95 ms') ?? 0, 1)} ms, messages ${fmt(totals.ingested)}, db ${fmt(values.get('database size MB') ?? 0)} MB, ` +
        `connections ${values.get('PostgreSQL connections, all')}, files ${files.count}, load ${os.loadavg()[0]?.toFixed(2)}`,
    );
  };
  await sample();
  while (Date.now() < endAt) {
    await sleep(Math.min(SAMPLE_SECONDS * 1000, endAt - Date.now()));
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    await sample();
  }
  stopping = true;
  await Promise.all(tasks);
  const loadEnd = os.loadavg();
  await sampler.end();
  report(started, loadStart, loadEnd);
}

/** Files and bytes under a folder, recursively (0 when it does not exist). */
async function folder(dir: string): Promise<{ count: number; bytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let count = 0;
  let bytes = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    count++;
    bytes += (await stat(path.join(e.parentPath, e.name)).catch(() => ({ size: 0 }))).size;
  }
  return { count, bytes };
}

/** One timed HTTP call; a non-2xx answer or a failure is counted as an error. */
async function call(url: string, init: RequestInit, into: number[], name: string): Promise<Response | null> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = await res.arrayBuffer();
    const took = performance.now() - t0;
    into.push(took);
    if (into === polled) {
      const key = name.replace(/\/\d+(?=\/|$)/g, '/{id}').replace(/\?.*$/, '');
      const entry = byCall.get(key) ?? { ms: [], bytes: [] };
      entry.ms.push(took);
      entry.bytes.push(body.byteLength);
      byCall.set(key, entry);
    }
    if (res.status >= 300) {
      errors.push(`${name} ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      return null;
    }
    return new Response(body, { status: res.status, headers: res.headers });
  } catch (err) {
    errors.push(`${name}: ${(err as Error).message}`);
    return null;
  }
}

type Pending = { id: number; channel: Channel; contact: string; stage: 0 | 1 | 2; dueAt: number };

/** The messaging engine: events, waves of campaigns, messages, status updates, clicks, suppression checks. */
class Engine {
  readonly headers: Record<string, string>;
  eventId = 1;
  root = 0;
  private nextDataset = 1;
  private nextMessage = 1;
  private nextPerson = 1;
  private waveStarted = 0;
  private toCreate = 0;
  private children: number[] = [];
  private inFlight: Pending[] = [];
  private openWaves: { datasets: number[]; lastMessage: number }[] = [];
  constructor(
    readonly base: string,
    key: string,
  ) {
    this.headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  }

  async send(kind: string, records: unknown[]) {
    if (records.length === 0) return;
    for (let i = 0; i < records.length; i += 10_000) {
      const res = await call(
        `${this.base}/api/v1/ingest/${kind}`,
        { method: 'POST', headers: this.headers, body: JSON.stringify(records.slice(i, i + 10_000)) },
        ingestMs,
        `ingest ${kind}`,
      );
      if (!res) throw new Error(`ingest ${kind} refused: ${errors.at(-1)}`);
    }
  }

  async start() {
    await this.send('events', [
      { id_bint: this.eventId, name_vch: 'Soak Wind Event', begin_dt: iso(Date.now()) },
    ]);
    await this.newWave();
  }

  async newWave() {
    const now = Date.now();
    this.root = this.nextDataset++;
    this.children = CLASSES.map(() => this.nextDataset++);
    const common = { event_id_bint: this.eventId, CMD: 'ADVANCE_24H', launched_dt: iso(now) };
    await this.send('datasets', [
      {
        ...common,
        dataset_id_bint: this.root,
        title_vch: `Soak wave ${this.root}`,
        medbaseRetry_dt: iso(now + 120_000),
      },
      ...CLASSES.map((cls, i) => ({
        ...common,
        dataset_id_bint: this.children[i],
        rootDataset_bint: this.root,
        customer_class: cls,
        title_vch: `Soak wave ${this.root} (${cls})`,
      })),
    ]);
    this.openWaves.push({ datasets: [this.root, ...this.children], lastMessage: 0 });
    this.waveStarted = now;
    this.toCreate = WAVE_CUSTOMERS;
  }

  async tick() {
    const now = Date.now();
    if (now - this.waveStarted >= WAVE_MINUTES * 60_000) await this.newWave();
    // New messages: this tick's share of the wave's customers, three channels each, checked against suppression first.
    const perTick = Math.ceil(WAVE_CUSTOMERS / ((CREATE_MINUTES * 60_000) / ENGINE_TICK_MS));
    const customers = Math.min(this.toCreate, perTick);
    this.toCreate -= customers;
    const created = [];
    for (let c = 0; c < customers; c++) {
      const person = this.nextPerson++;
      const cls = person % 100 < 8 ? 0 : person % 100 < 12 ? 1 : 2;
      for (const channel of CHANNELS) {
        const id = this.nextMessage++;
        const contact =
          channel === 'EMAIL'
            ? `p${person}@example.net`
            : `+17072${String(person % 1_000_000).padStart(6, '0')}`;
        created.push({
          id_bint: id,
          dataset_id_bint: this.children[cls],
          channel,
          person_id_vch: `P${person}`,
          service_agreement_id_vch: `SA${person}`,
          premise_id_vch: `PR${person}`,
          premise_address_vch: `${person} Ridge Road, Sonoma`,
          contact_vch: contact,
          language_vch: person % 7 === 0 ? 'spanish' : 'english',
          status_vch: 'PENDING',
          status_dt: iso(now),
          created_dt: iso(now),
        });
        this.inFlight.push({ id, channel, contact, stage: 0, dueAt: now + 20_000 + (id % 40) * 1000 });
      }
    }
    if (created.length > 0) {
      await this.check(created.map((m) => m.contact_vch));
      await this.send('messages', created);
      totals.ingested += created.length;
      const wave = this.openWaves.at(-1);
      if (wave) wave.lastMessage = this.nextMessage - 1;
    }
    // Status updates: PENDING → QUEUED → final (some e-mails DEFERRED on the way); clicks on some SMS and e-mails.
    const updates = [];
    const clicks = [];
    const keep: Pending[] = [];
    for (const m of this.inFlight) {
      if (m.dueAt > now) {
        keep.push(m);
        continue;
      }
      if (m.stage === 0) {
        updates.push({ id_bint: m.id, status_vch: 'QUEUED', status_dt: iso(now), attempts_int: 1 });
        keep.push({
          ...m,
          stage: m.channel === 'EMAIL' && m.id % 10 === 0 ? 1 : 2,
          dueAt: now + 30_000 + (m.id % 60) * 1000,
        });
      } else if (m.stage === 1) {
        updates.push({ id_bint: m.id, status_vch: 'DEFERRED', status_dt: iso(now), attempts_int: 1 });
        keep.push({ ...m, stage: 2, dueAt: now + 60_000 });
      } else {
        const status = pick(FINALS[m.channel], Math.floor(m.id / 3));
        updates.push({
          id_bint: m.id,
          status_vch: status,
          status_dt: iso(now),
          attempts_int: m.channel === 'PHON' ? 1 + (m.id % 3) : 1,
        });
        if (m.channel !== 'PHON' && m.id % 20 === 1) clicks.push({ id_bint: m.id, clicked_dt: iso(now) });
      }
    }
    this.inFlight = keep;
    await this.send('statuses', updates);
    totals.statuses += updates.length;
    await this.send('clicks', clicks);
    totals.clicks += clicks.length;
    // A wave whose messages are all final is processed (its final summary snapshot is written).
    const open = new Set(this.inFlight.map((m) => m.id));
    const lowestOpen = open.size > 0 ? Math.min(...open) : Number.POSITIVE_INFINITY;
    for (const wave of [...this.openWaves]) {
      const current = wave === this.openWaves.at(-1) && this.toCreate > 0;
      if (current || wave.lastMessage === 0 || wave.lastMessage >= lowestOpen) continue;
      await this.send(
        'datasets',
        wave.datasets.map((id, i) => ({
          dataset_id_bint: id,
          event_id_bint: this.eventId,
          title_vch: i === 0 ? `Soak wave ${id}` : `Soak wave ${wave.datasets[0]} (${CLASSES[i - 1]})`,
          ...(i === 0 ? {} : { rootDataset_bint: wave.datasets[0], customer_class: CLASSES[i - 1] }),
          processed_dt: iso(now),
        })),
      );
      this.openWaves = this.openWaves.filter((w) => w !== wave);
    }
  }

  /** The engine asks about every contact before it sends (a batch of up to 10,000 values). */
  async check(contacts: string[]) {
    for (let i = 0; i < contacts.length; i += 10_000) {
      await call(
        `${this.base}/api/v1/ingest/suppression/check`,
        {
          method: 'POST',
          headers: this.headers,
          body: JSON.stringify({ values: contacts.slice(i, i + 10_000).map((value) => ({ value })) }),
        },
        checks,
        'suppression check',
      );
      totals.checks++;
    }
  }

  async loop() {
    while (!stopping) {
      const t0 = Date.now();
      try {
        await this.tick();
      } catch (err) {
        errors.push(`engine: ${(err as Error).message}`);
      }
      await sleep(Math.max(0, ENGINE_TICK_MS - (Date.now() - t0)));
    }
  }
}

/** Each screen's polled calls (packages/web/src/features/*: the queries with a refetchInterval). */
const SCREENS: { name: string; paths: (root: number, event: number) => string[] }[] = [
  { name: 'dashboard', paths: () => ['/api/v1/dashboard'] },
  {
    name: 'events',
    paths: (root, event) => [
      '/api/proc_events_getList/',
      `/api/sql/proc_reports_gridTreeEvents/${event}`,
      `/api/proc_events_getCampaigns/${event}`,
      `/api/proc_reports_campaignTree/${root}`,
    ],
  },
  { name: 'all channels', paths: (root) => ['/api/campaign-list/', `/api/all-reports-summary/${root}`] },
  { name: 'voice', paths: (root) => ['/api/campaign-list/', `/api/voice-reports/${root}`] },
  { name: 'sms', paths: (root) => ['/api/campaign-list/', `/api/sms-reports/${root}`] },
  { name: 'email', paths: (root) => ['/api/campaign-list/', `/api/email-reports/${root}`] },
  {
    name: 'campaign report',
    paths: (root) => [
      '/api/proc_events_getList/',
      `/api/proc_reports_campaignTree/${root}`,
      `/api/all-reports-summary/${root}`,
      `/api/voice-reports/${root}`,
      `/api/sms-reports/${root}`,
      `/api/email-reports/${root}`,
    ],
  },
  { name: 'completion', paths: () => [] },
  { name: 'custom reports', paths: () => ['/api/v1/launcher/campaigns'] },
];

/** A signed-in console on one screen. */
class Console {
  private token = '';
  private stamp = 0;
  private readonly screen;
  private readonly password;
  private readonly email;
  constructor(
    readonly base: string,
    readonly n: number,
    readonly engine: Engine,
  ) {
    this.screen = pick(SCREENS, n);
    this.email = `console${n}@example.com`;
    this.password = clientHashOf(`console-${n}-password`);
  }

  get auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  async signIn() {
    const res = await fetch(`${this.base}/api/login/${this.email}/${this.password}`);
    const answer = (await res.json()) as [unknown, [{ SESSION_TOKEN: string }]];
    this.token = answer[1][0].SESSION_TOKEN;
    this.stamp = 0;
    totals.logins++;
  }

  /**
   * The group the incremental uploads add to, loaded once by a full upload (preview, then apply): 1,000 of the
   * numbers the feed sends, so some engine checks find a suppressed value.
   */
  async uploadOptOuts() {
    const values = Array.from({ length: 1000 }, (_, i) => `+17072${String(i * 97).padStart(6, '0')}`);
    const form = new FormData();
    form.append('fullFileUpload', new Blob([`${values.join('\n')}\n`]), 'opt-outs.txt');
    const headers = { ...this.auth, groupName: 'Soak opt-outs' };
    const preview = await fetch(`${this.base}${SUPPRESSION_PATHS.fullUpload}`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (preview.status !== 200) throw new Error(`full upload: ${preview.status} ${await preview.text()}`);
    const { uploadId } = (await preview.json()) as { uploadId: number };
    const apply = await fetch(
      `${this.base}${SUPPRESSION_PATHS.applyFullUpload.replace('{uploadId}', String(uploadId))}`,
      {
        method: 'POST',
        headers,
      },
    );
    if (apply.status !== 200) throw new Error(`full upload: ${apply.status} ${await apply.text()}`);
  }

  async get(p: string) {
    totals.polls++;
    return call(`${this.base}${p}`, { headers: this.auth }, polled, p.replace(this.token, '{token}'));
  }

  async poll() {
    const root = this.engine.root;
    await this.get(`/api/${encodeURIComponent(this.token)}`);
    for (const p of this.screen.paths(root, this.engine.eventId)) await this.get(p);
    if (this.screen.name === 'completion') {
      const res = await this.get(`/api/completion-reports/${encodeURIComponent(this.token)}/${this.stamp}`);
      const answer = res ? ((await res.json()) as [unknown, [{ MAX_UPDATE_XT: number }]?]) : null;
      if (answer?.[1]?.[0]) this.stamp = Math.max(this.stamp, answer[1][0].MAX_UPDATE_XT);
    }
  }

  /** What an operator does now and then, beside the screen's polling. */
  async act(minute: number) {
    if (this.n === 0 && minute % 20 === 19) {
      await call(`${this.base}/api/v1/logout`, { method: 'POST', headers: this.auth }, [], 'logout');
      await this.signIn();
    }
    if (this.n === 1 && minute % 10 === 2) {
      // A MedBase report of the latest finished wave (the one before the current).
      const dataset = Math.max(1, this.engine.root - 4);
      await call(
        `${this.base}/api/launch-medicalbaseline-report/${encodeURIComponent(this.token)}/${dataset}`,
        { headers: this.auth },
        [],
        'launch medbase',
      );
      totals.launches++;
    }
    if (this.n === 2 && minute % 5 === 0) {
      for (const p of [
        `${SUPPRESSION_PATHS.list}?page=1&data=groupNameAndType`,
        `${SUPPRESSION_PATHS.list}?page=1`,
        SUPPRESSION_PATHS.groups,
        `${SUPPRESSION_PATHS.search}?value=${encodeURIComponent('+1707200')}`,
      ]) {
        await this.get(p);
      }
    }
    if (this.n === 2 && minute % 15 === 1) {
      const form = new FormData();
      const values = Array.from(
        { length: 200 },
        (_, i) => `+17072${String(((minute * 200 + i) * 37) % 1_000_000).padStart(6, '0')}`,
      );
      form.append('incrementalFileUpload', new Blob([`${values.join('\n')}\n`]), `soak-${randomUUID()}.txt`);
      await call(
        `${this.base}${SUPPRESSION_PATHS.incrementalUpload}`,
        { method: 'POST', headers: { ...this.auth, groupName: 'Soak opt-outs' }, body: form },
        [],
        'incremental upload',
      );
      totals.uploads++;
    }
  }

  async loop() {
    // Consoles start spread over the interval, as people open their screens at different moments.
    await sleep((POLL_MS * this.n) / CONSOLES);
    let lastMinute = -1;
    const started = Date.now();
    while (!stopping) {
      const t0 = Date.now();
      await this.poll();
      const minute = Math.floor((Date.now() - started) / 60_000);
      if (minute !== lastMinute) {
        lastMinute = minute;
        await this.act(minute).catch((err) => errors.push(`console ${this.n}: ${(err as Error).message}`));
      }
      await sleep(Math.max(0, POLL_MS - (Date.now() - t0)));
    }
  }
}

/** `npm start`'s entry point against the soak database, job workers in it; bench/soak-probe.ts loaded. */
function startServer(url: string, dataDir: string, outbox: string, probeFile: string): Promise<ChildProcess> {
  return startServerProcess(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      FILE_TRANSFER_URL: `file://${outbox}`,
      PORT: String(PORT),
      WORKERS: '1',
      SOAK_PROBE_FILE: probeFile,
    },
    { imports: ['./bench/soak-probe.ts'] },
  );
}

/** Least-squares slope per hour of the samples after warm-up. */
function perHour(points: { at: number; v: number }[]): number {
  if (points.length < 2) return Number.NaN;
  const xs = points.map((p) => p.at / 3_600_000);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = points.reduce((s, p) => s + p.v, 0) / points.length;
  let num = 0;
  let den = 0;
  points.forEach((p, i) => {
    num += ((xs[i] as number) - mx) * (p.v - my);
    den += ((xs[i] as number) - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

/** Counted jobs, kept by pg-boss: completed jobs are archived after 12 hours, archived ones deleted after 7 days. */
const KEPT_BY_PG_BOSS = /^(pg-boss jobs|rows pgboss\.(job|archive))/;
/** Deleted by the hourly auth-cleanup job one day after they end. */
const CLEANED_DAILY = /^(rows|kB) public\.(sessions|login_attempts)$/;

function verdict(
  name: string,
  first: { at: number; v: number }[],
  second: { at: number; v: number }[],
  end: number,
) {
  const slope1 = perHour(first);
  const slope2 = perHour(second);
  const table = /^(rows|kB) (.*)$/.exec(name)?.[2];
  const scale = Math.max(Math.abs(end), 1);
  const median = (points: { v: number }[]) =>
    quantile(
      points.map((p) => p.v),
      0.5,
    );
  const highest = (points: { v: number }[]) => Math.max(...points.map((p) => p.v));
  if (/errors/.test(name)) return highest([...first, ...second]) === 0 ? 'none' : 'ERRORS';
  if (/per minute/.test(name)) return 'steady load';
  // Latencies: the second half after warm-up against the first (medians of the per-minute figures).
  if (/ms\b/.test(name))
    return median(second) > median(first) * 1.5 && median(second) - median(first) > 2 ? 'CREEPS UP' : 'flat';
  // Gauges that come and go (connections, descriptors): bounded when the second half never goes above the first.
  if (/connections|descriptors/.test(name)) {
    return highest(second) <= Math.max(highest(first) * 1.1, highest(first) + 1) ? 'bounded' : 'GROWS (look)';
  }
  if (!Number.isFinite(slope2)) return 'too few samples';
  if (Math.abs(slope2) < scale * 0.05 || slope2 <= 0) return 'bounded';
  if (KEPT_BY_PG_BOSS.test(name)) return 'grows with time until pg-boss archives (12 h) and deletes (7 days)';
  if (CLEANED_DAILY.test(name)) return 'grows with sign-ins; deleted a day after they end';
  if (table && GROWS_WITH_DATA.has(table)) return 'grows with the data, as expected';
  if (/ingested|sent \(total\)/.test(name)) return 'the feed';
  if (/files|DATA_DIR|database size|answer bytes/.test(name)) return 'grows with the data, as expected';
  if (/RSS|heap|external/.test(name)) return slope2 > slope1 * 0.5 ? 'GROWS (look)' : 'levels off';
  return 'GROWS (look)';
}

function report(started: number, loadStart: number[], loadEnd: number[]) {
  const warm = samples.filter((s) => s.at - started >= Math.min(5 * 60_000, (MINUTES * 60_000) / 5));
  const half = Math.floor(warm.length / 2);
  const names = [...(samples.at(-1)?.values.keys() ?? [])];
  const mid = samples[Math.floor(samples.length / 2)];
  const hours = ((samples.at(-1)?.at ?? started) - started) / 3_600_000;
  const rows: string[] = [];
  for (const name of names) {
    const series = (list: Sample[]) =>
      list
        .map((s) => ({ at: s.at, v: s.values.get(name) ?? Number.NaN }))
        .filter((p) => Number.isFinite(p.v));
    const all = series(warm);
    if (all.length === 0) continue;
    const start = samples[0]?.values.get(name) ?? Number.NaN;
    const end = samples.at(-1)?.values.get(name) ?? Number.NaN;
    // Tables that stay empty and unchanged are left out of the table (they are named below).
    const table = /^(rows|kB) (.*)$/.exec(name)?.[2];
    if (table && samples.every((s) => (s.values.get(`rows ${table}`) ?? 0) === 0)) continue;
    const decimals = /MB|ms/.test(name) ? 1 : 0;
    rows.push(
      `| ${name} | ${fmt(start, decimals)} | ${fmt(mid?.values.get(name) ?? Number.NaN, decimals)} | ${fmt(end, decimals)} | ${fmt(perHour(all), decimals)} | ${verdict(name, all.slice(0, half), all.slice(half), end)} |`,
    );
  }
  const empty = names
    .filter((n) => /^rows /.test(n) && samples.every((s) => (s.values.get(n) ?? 0) === 0))
    .map((n) => n.slice(5));
  const out = [
    '',
    `## Soak benchmark, ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${fmt(hours * 60, 1)} minutes of traffic, ${samples.length} samples (every ${SAMPLE_SECONDS} s); growth per hour is the least-squares slope of the samples after the first ${fmt(Math.min(5, MINUTES / 5), 1)} minutes (warm-up).`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${fmt(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, embedded PostgreSQL 17. Load average (1, 5, 15 min): ${loadStart.map((l) => l.toFixed(2)).join(' / ')} at the start, ${loadEnd.map((l) => l.toFixed(2)).join(' / ')} at the end.`,
    `Feed: a wave of ${fmt(WAVE_CUSTOMERS)} customers × 3 channels every ${WAVE_MINUTES} minutes, created over ${CREATE_MINUTES} minutes (engine batches every ${ENGINE_TICK_MS / 1000} s): ${fmt(totals.ingested)} messages, ${fmt(totals.statuses)} status updates, ${fmt(totals.clicks)} clicks, ${fmt(totals.checks)} suppression checks (one per message batch).`,
    `Consoles: ${CONSOLES}, each on one screen, polling every ${fmt(POLL_MS / 1000)} s (the console's 60 s ÷ ${SPEEDUP}): ${fmt(totals.polls)} polled calls, ${totals.logins} sign-ins, ${totals.launches} MedBase launches, ${totals.uploads} incremental suppression uploads.`,
    '',
    '| Measure | start | middle | end | growth per hour | verdict |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Tables empty throughout: ${empty.join(', ') || 'none'}.`,
    '',
  ];
  process.stdout.write(out.join('\n'));
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
