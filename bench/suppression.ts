/**
 * Suppression benchmark (`npm run bench:suppression`): its own embedded PostgreSQL in a temporary folder, the real
 * app in a process of its own (bench/suppression-server.ts) listening on a local port, 5 million active values.
 * Prints a markdown table with the goals beside the figures, the date and the load average.
 * Not a test: figures depend on the machine. BENCH_VALUES changes the list size (default 5,000,000).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SUPPRESSION_PATHS } from '@psps/contracts';
import autocannon from 'autocannon';
import { from as copyFrom } from 'pg-copy-streams';
import { clientHashOf } from '../packages/server/src/auth/passwords.ts';
import { authService } from '../packages/server/src/auth/service.ts';
import { userService } from '../packages/server/src/auth/users.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { createPool } from '../packages/server/src/db/pool.ts';
import { suppressionService } from '../packages/server/src/suppression/service.ts';

const TOTAL = Number(process.env.BENCH_VALUES ?? 5_000_000);
const FILE_LINES = 1_000_000;
const loadAtStart = os.loadavg().map((n) => n.toFixed(2));
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'psps-bench-suppression-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
try {
  await run(pg.url);
} finally {
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
process.exit(0);

async function run(databaseUrl: string) {
  await migrate(databaseUrl);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const db = createPool(databaseUrl, 10);
  const auth = authService(db, config);

  // The server, in its own process: its memory is read from /proc, apart from this client's.
  const server = fork(path.join(import.meta.dirname, 'suppression-server.ts'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    execArgv: ['--expose-gc', '--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (message) => resolve((message as { port: number }).port));
    server.once('exit', (code) => reject(new Error(`The benchmark server stopped (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;

  await userService(db).add({
    email: 'bench@example.com',
    fullname: 'Bench',
    clientHash: clientHashOf('bench-pw'),
    permissions: ['SUPPRESSION'],
  });
  const login = (await (
    await fetch(`${base}/api/login/bench@example.com/${clientHashOf('bench-pw')}`)
  ).json()) as [unknown, [{ SESSION_TOKEN: string }]];
  const session = { authorization: `Bearer ${login[1][0].SESSION_TOKEN}` };
  const engine = { authorization: `Bearer ${await auth.createApiKey('bench-engine', ['INGEST'])}` };

  // 5 million active values: 'Bench A' holds the 1 million phones the upload replaces, 'Bench B' 1 million more,
  // 'Bench E' the 1 million e-mail addresses the e-mail upload replaces, the rest spread over 30 groups of phones and
  // e-mails. Loaded with the indexes dropped, then indexed.
  log(`seeding ${TOTAL.toLocaleString('en-US')} values`);
  const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'suppressions' AND indexname <> 'suppressions_pkey'",
  );
  for (const index of indexes) await db.query(`DROP INDEX ${index.indexname}`);
  await db.query(
    `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
     SELECT 'Bench A', 'PHONE', '+1415' || (2000000 + i), 'bench' FROM generate_series(0, 999999) i`,
  );
  await db.query(
    `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
     SELECT 'Bench B', 'PHONE', '+1510' || (2000000 + i), 'bench' FROM generate_series(0, 999999) i`,
  );
  await db.query(
    `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
     SELECT 'Bench E', 'EMAIL', 'customer.' || i || '@utility-mail.example.com', 'bench' FROM generate_series(0, 999999) i`,
  );
  const rest = Math.max(TOTAL - 3_000_000, 0);
  await db.query(
    `INSERT INTO suppressions (group_vch, supress_type, value_vch, created_by)
     SELECT 'Group ' || (i % 30), CASE WHEN i % 2 = 0 THEN 'EMAIL' ELSE 'SMS' END,
            CASE WHEN i % 2 = 0 THEN 'person' || i || '@example.com' ELSE '+1650' || (2000000 + i) END, 'bench'
       FROM generate_series(0, $1::int - 1) i`,
    [rest],
  );
  await db.query(
    'INSERT INTO suppression_groups (group_vch) SELECT DISTINCT group_vch FROM suppressions ON CONFLICT DO NOTHING',
  );
  for (const index of indexes) await db.query(index.indexdef);
  await db.query('VACUUM ANALYZE suppressions');
  // The seed's dirty pages written out, so that neither the COPY nor the upload below pays for them.
  await db.query('CHECKPOINT');
  log('seeded');

  // A server that has just started runs its code unoptimised until the JIT has seen it: two small full uploads into
  // a group of their own (the second adding and removing values) first, as the engine check is warmed up below.
  const warmUp = (shift: number) => (i: number) => `+1707${2_000_000 + shift + i}`;
  await timedFullUpload(base, session, 'Bench warm-up', 'warm-up', warmUp(0), 50_000);
  await timedFullUpload(base, session, 'Bench warm-up', 'warm-up again', warmUp(5_000), 50_000);
  await db.query('CHECKPOINT');

  // The upload file: 900,000 of Bench A's values and 100,000 new ones.
  const file = path.join(os.tmpdir(), `psps-bench-${process.pid}.txt`);
  {
    const handle = await fs.open(file, 'w');
    let text = '';
    for (let i = 100_000; i < 100_000 + FILE_LINES; i++) {
      text += `+1415${2_000_000 + i}\n`;
      if (text.length > 1 << 20) {
        await handle.write(text);
        text = '';
      }
    }
    await handle.write(text);
    await handle.close();
  }
  const fileBytes = (await fs.stat(file)).size;

  // Baseline: raw COPY of the same file into an unindexed table.
  await db.query('CREATE TABLE bench_raw (value text)');
  const copyMs = await timed(async () => {
    const client = await db.connect();
    try {
      await pipeline(createReadStream(file), client.query(copyFrom('COPY bench_raw (value) FROM STDIN')));
    } finally {
      client.release();
    }
  });
  log(`raw COPY ${copyMs.toFixed(0)} ms`);

  // Full upload end to end: multipart POST (preview), then apply.
  let preview: Preview | undefined;
  const previewMs = await timed(async () => {
    preview = await upload(base, session, 'Bench A', file);
  });
  const applyMs = await timed(() => applyUpload(base, session, preview!.uploadId));
  const uploadMs = previewMs + applyMs;
  log(`upload ${JSON.stringify(preview)} preview ${previewMs.toFixed(0)} ms apply ${applyMs.toFixed(0)} ms`);
  // The upload's dirty pages written out, so that the measures below do not pay for them.
  await db.query('VACUUM ANALYZE suppressions');
  await db.query('CHECKPOINT');

  // Exact-value check, one value a call, as the engine asks before each message: half the values suppressed, each
  // call a different value. Warmed up first, then one connection (calls one after another) and 8 connections.
  const checkValues = (i: number) =>
    i % 2 === 0 ? `+1415${2_100_000 + (i % 900_000)}` : `+1415${5_000_000 + (i % 1_000_000)}`;
  await checkLoad(base, engine, 1, 500, checkValues);
  const checkSequential = await checkLoad(base, engine, 1, 5_000, checkValues);
  const checkConcurrent = await checkLoad(base, engine, 8, 20_000, checkValues);
  log(`check sequential ${JSON.stringify(checkSequential)} concurrent ${JSON.stringify(checkConcurrent)}`);

  // Search over HTTP: an exact number as typed, a number prefix, an e-mail, a small group.
  const searches = ['(415) 255-0001', '4152550', 'Person1000@Example.com', 'Group 7', '+16502000999'];
  const searchLatencies = await latencies(500, async (i) => {
    const res = await fetch(
      `${base}${SUPPRESSION_PATHS.search}?value=${encodeURIComponent(searches[i % searches.length]!)}`,
      {
        headers: session,
      },
    );
    await res.arrayBuffer();
  });
  // Index against a sequential scan: the same service calls on connections started with index scans off.
  const seqUrl = new URL(databaseUrl);
  seqUrl.searchParams.set(
    'options',
    '-c enable_indexscan=off -c enable_bitmapscan=off -c enable_indexonlyscan=off',
  );
  const seqDb = createPool(seqUrl.toString(), 2);
  const indexed = suppressionService(db, config, db);
  const sequential = suppressionService(seqDb, config, seqDb);
  const valueSearches = ['(415) 255-0001', '4152550', 'person1000@example.com'];
  const indexedMs = median(await latencies(60, (i) => indexed.search(valueSearches[i % 3]!, 1)));
  const seqMs = median(await latencies(6, (i) => sequential.search(valueSearches[i % 3]!, 1)));
  await seqDb.end();

  // Deep pages: a 1-million-value group searched by name, page 1 against page 10,000 and the middle page.
  const page = (n: number) => async () => {
    const res = await fetch(`${base}${SUPPRESSION_PATHS.search}?value=Bench%20B&page=${n}`, {
      headers: session,
    });
    await res.arrayBuffer();
  };
  const page1Ms = median(await latencies(20, page(1)));
  // What the suppression page loads first: the list's page 1 and the summary's page 1.
  const pageLoad = (url: string) => async () => {
    const res = await fetch(`${base}${SUPPRESSION_PATHS.list}?${url}`, { headers: session });
    await res.arrayBuffer();
  };
  const listPage1Ms = median(await latencies(10, pageLoad('page=1')));
  const summaryMs = median(await latencies(10, pageLoad('page=1&data=groupNameAndType')));
  const page10kMs = median(await latencies(20, page(10_000)));
  const middleMs = median(await latencies(20, page(10_001)));

  // Download of the 1 million values of Bench A, streamed; the server process's memory (VmRSS from /proc) before,
  // after a garbage collection, and its peak during the download.
  let downloadedLines = 0;
  const downloadMemory = await peakMemory(server, async () => {
    const res = await fetch(`${base}${SUPPRESSION_PATHS.download}?groupName=Bench%20A`, {
      headers: session,
    });
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) downloadedLines++;
    }
  });
  const downloadMs = downloadMemory.ms;
  const growthMb = downloadMemory.growthMb;

  // The same upload with a hundredth of the values changed (what a list refreshed every day mostly looks like):
  // 'Bench A' holds 100,000-1,099,999 since the upload above; this file 110,000-1,109,999.
  const small = await timedFullUpload(
    base,
    session,
    'Bench A',
    'small change',
    (i) => `+1415${2_110_000 + i}`,
  );

  // First load: a million values new to the lists, in no order (a step through the numbers coprime with their
  // count), as one full upload into a new group. Last, so that the measures above see 5 million values.
  const first = await timedFullUpload(
    base,
    session,
    'Bench first load',
    'first load',
    (i) => `+1408${2_000_000 + ((i * 7919) % FILE_LINES)}`,
  );

  // E-mail addresses (kept as text, where phone numbers are kept as numbers): a full upload of a million lines into
  // 'Bench E', 900,000 of its values and 100,000 new ones, with the server's memory sampled, to show that what an
  // upload holds (the file's distinct values and the group's) stays a few tens of bytes a value.
  const emailFile = path.join(os.tmpdir(), `psps-bench-email-${process.pid}.txt`);
  {
    let text = '';
    for (let i = 100_000; i < 100_000 + FILE_LINES; i++) text += `Customer.${i}@Utility-Mail.example.com\n`;
    await fs.writeFile(emailFile, text);
  }
  let emailPreview: typeof preview;
  let emailPreviewMs = 0;
  const emailMemory = await peakMemory(server, async () => {
    emailPreviewMs = await timed(async () => {
      emailPreview = (await upload(base, session, 'Bench E', emailFile)) as typeof preview;
    });
    await applyUpload(base, session, emailPreview!.uploadId);
  });
  log(`e-mail upload ${JSON.stringify(emailPreview)} ${JSON.stringify(emailMemory)}`);
  await fs.rm(emailFile, { force: true });

  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.end();
  await fs.rm(file, { force: true });

  const p95Check = checkConcurrent.p95;
  const p95Search = percentile(searchLatencies, 95);
  const rows: [string, string, string, boolean | null][] = [
    [
      `Full upload, ${FILE_LINES.toLocaleString('en-US')} lines (${(fileBytes / 1e6).toFixed(1)} MB), preview + apply (+${preview!.added.toLocaleString('en-US')} / -${preview!.removed.toLocaleString('en-US')} / =${preview!.unchanged.toLocaleString('en-US')})`,
      `${(uploadMs / 1000).toFixed(1)} s (preview ${(previewMs / 1000).toFixed(1)} s, apply ${(applyMs / 1000).toFixed(1)} s)`,
      '≤ 60 s',
      uploadMs <= 60_000,
    ],
    [
      'Same, against a raw COPY of the file into an unindexed table',
      `${(uploadMs / copyMs).toFixed(1)}× (COPY ${(copyMs / 1000).toFixed(2)} s)`,
      '≤ 5×',
      uploadMs <= 5 * copyMs,
    ],
    [
      `Same upload with 1% of the values changed (+${small.preview.added.toLocaleString('en-US')} / -${small.preview.removed.toLocaleString('en-US')} / =${small.preview.unchanged.toLocaleString('en-US')})`,
      `${(small.ms / 1000).toFixed(1)} s (preview ${(small.previewMs / 1000).toFixed(1)} s, apply ${(small.applyMs / 1000).toFixed(1)} s; ${(small.ms / copyMs).toFixed(1)}× the COPY)`,
      '— (shown for reference)',
      null,
    ],
    [
      `First load: ${FILE_LINES.toLocaleString('en-US')} new values in no order into a new group, preview + apply (+${first.preview.added.toLocaleString('en-US')})`,
      `${(first.ms / 1000).toFixed(1)} s (preview ${(first.previewMs / 1000).toFixed(1)} s, apply ${(first.applyMs / 1000).toFixed(1)} s; ${(first.ms / copyMs).toFixed(0)}× the COPY)`,
      '≤ 60 s',
      first.ms <= 60_000,
    ],
    [
      `E-mail addresses: full upload, ${FILE_LINES.toLocaleString('en-US')} lines, preview + apply (+${emailPreview!.added.toLocaleString('en-US')} / -${emailPreview!.removed.toLocaleString('en-US')} / =${emailPreview!.unchanged.toLocaleString('en-US')}), server memory`,
      `${(emailMemory.ms / 1000).toFixed(1)} s (preview ${(emailPreviewMs / 1000).toFixed(1)} s), server memory growth ${emailMemory.growthMb.toFixed(0)} MB (RSS ${emailMemory.beforeMb.toFixed(0)} → peak ${emailMemory.peakMb.toFixed(0)} MB)`,
      '≤ 60 s; memory: — (shown for reference)',
      emailMemory.ms <= 60_000,
    ],
    [
      `Engine check, one value a call over HTTP, 8 connections (${checkConcurrent.calls.toLocaleString('en-US')} calls)`,
      `p95 ${checkConcurrent.p95.toFixed(2)} ms (p50 ${checkConcurrent.p50.toFixed(2)}, p99 ${checkConcurrent.p99.toFixed(2)}; ${Math.round(checkConcurrent.perSecond)} calls/s)`,
      'p95 ≤ 5 ms',
      p95Check <= 5,
    ],
    [
      `Same, one connection, calls one after another (${checkSequential.calls.toLocaleString('en-US')} calls)`,
      `p95 ${checkSequential.p95.toFixed(2)} ms (p50 ${checkSequential.p50.toFixed(2)}, p99 ${checkSequential.p99.toFixed(2)}; ${Math.round(checkSequential.perSecond)} calls/s)`,
      'p95 ≤ 5 ms',
      checkSequential.p95 <= 5,
    ],
    [
      'Search over HTTP (number as typed, prefix, e-mail, group, E.164; 500 calls)',
      `p95 ${p95Search.toFixed(1)} ms`,
      'p95 ≤ 100 ms',
      p95Search <= 100,
    ],
    [
      'Search by value, indexes against a sequential scan (same calls, in process)',
      `${(seqMs / indexedMs).toFixed(0)}× (${indexedMs.toFixed(2)} ms against ${seqMs.toFixed(0)} ms)`,
      '≥ 20×',
      seqMs / indexedMs >= 20,
    ],
    [
      'Deep page: group of 1,000,000 searched by name, page 10,000 / 10,001 against page 1 (medians)',
      `${(page10kMs / page1Ms).toFixed(2)}× / ${(middleMs / page1Ms).toFixed(2)}× (${page1Ms.toFixed(0)} ms, ${page10kMs.toFixed(0)} ms, ${middleMs.toFixed(0)} ms)`,
      '≤ 2×',
      Math.max(page10kMs, middleMs) <= 2 * page1Ms,
    ],
    [
      `Suppression page load over HTTP (medians): list page 1 (${TOTAL.toLocaleString('en-US')} values counted), summary page 1`,
      `${listPage1Ms.toFixed(0)} ms, ${summaryMs.toFixed(1)} ms`,
      '— (shown for reference)',
      null,
    ],
    [
      `Download of ${(downloadedLines - 1).toLocaleString('en-US')} rows (data.csv), streamed`,
      `${(downloadMs / 1000).toFixed(1)} s, server memory growth ${growthMb.toFixed(0)} MB (RSS ${downloadMemory.beforeMb.toFixed(0)} → peak ${downloadMemory.peakMb.toFixed(0)} MB)`,
      '< 100 MB',
      growthMb < 100,
    ],
  ];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nSuppression benchmark, ${date} UTC, ${TOTAL.toLocaleString('en-US')} active values (and the warm-up group's 50,000), ${os.cpus().length} cores, Node ${process.version}; load average at the start ${loadAtStart.join(' ')}, at the end ${load.join(' ')}\n`,
  );
  console.log('| Measure | Result | Goal | Met |');
  console.log('| --- | --- | --- | --- |');
  for (const [what, result, goal, met] of rows)
    console.log(`| ${what} | ${result} | ${goal} | ${met === null ? '—' : met ? 'yes' : 'no'} |`);
}

type Preview = { uploadId: number; added: number; removed: number; unchanged: number };

/** A full upload of FILE_LINES lines (written to a file first, as an operator's file is), preview then apply, timed. */
async function timedFullUpload(
  base: string,
  session: Record<string, string>,
  group: string,
  name: string,
  line: (i: number) => string,
  lines = FILE_LINES,
): Promise<{ preview: Preview; previewMs: number; applyMs: number; ms: number }> {
  const file = path.join(os.tmpdir(), `psps-bench-${name.replace(/ /g, '-')}-${process.pid}.txt`);
  let text = '';
  for (let i = 0; i < lines; i++) text += `${line(i)}\n`;
  await fs.writeFile(file, text);
  try {
    let preview: Preview | undefined;
    const previewMs = await timed(async () => {
      preview = await upload(base, session, group, file);
    });
    const applyMs = await timed(() => applyUpload(base, session, preview!.uploadId));
    log(
      `${name} ${JSON.stringify(preview)} preview ${previewMs.toFixed(0)} ms apply ${applyMs.toFixed(0)} ms`,
    );
    return { preview: preview!, previewMs, applyMs, ms: previewMs + applyMs };
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Full upload, step 1 (the preview), as the console sends it. */
async function upload(
  base: string,
  session: Record<string, string>,
  group: string,
  file: string,
): Promise<Preview> {
  const form = new FormData();
  form.append('fullFileUpload', new Blob([await fs.readFile(file)]), 'list.txt');
  const res = await fetch(`${base}${SUPPRESSION_PATHS.fullUpload}`, {
    method: 'POST',
    headers: { ...session, groupName: group },
    body: form,
  });
  if (res.status !== 200) throw new Error(await res.text());
  return (await res.json()) as Preview;
}

/** Full upload, step 2: applies a preview. */
async function applyUpload(base: string, session: Record<string, string>, uploadId: number): Promise<void> {
  const res = await fetch(
    `${base}${SUPPRESSION_PATHS.applyFullUpload.replace('{uploadId}', String(uploadId))}`,
    {
      method: 'POST',
      headers: session,
    },
  );
  if (res.status !== 200) throw new Error(await res.text());
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function latencies(count: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  await fn(0); // warm-up
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await timed(() => fn(i)));
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function median(values: number[]): number {
  return percentile(values, 50);
}

type CheckFigures = { calls: number; p50: number; p95: number; p99: number; perSecond: number };

/** `calls` engine checks over `connections` connections, each call a different value; latency of every answer. */
async function checkLoad(
  base: string,
  headers: Record<string, string>,
  connections: number,
  calls: number,
  valueAt: (i: number) => string,
): Promise<CheckFigures> {
  let next = 0;
  const times: number[] = [];
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${base}/api/v1/ingest/suppression/check`,
      connections,
      amount: calls,
      requests: [
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ values: [{ type: 'PHONE', value: valueAt(next++) }] }),
          }),
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  let refused = 0;
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 200) times.push(responseTime);
    else refused++;
  });
  const result = await done;
  if (refused > 0 || result.errors > 0) throw new Error(`${refused} checks refused, ${result.errors} errors`);
  return {
    calls: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: result.requests.total / result.duration,
  };
}

/**
 * Runs fn, timed, with the server process's resident memory read before (after a garbage collection) and every
 * 20 ms while it runs: its peak and growth, in MB.
 */
async function peakMemory(
  server: ChildProcess,
  fn: () => Promise<unknown>,
): Promise<{ ms: number; beforeMb: number; peakMb: number; growthMb: number }> {
  await new Promise<void>((resolve) => {
    server.once('message', () => resolve());
    server.send('gc');
  });
  const before = await rssOf(server);
  let peak = before;
  const sampler = setInterval(() => {
    rssOf(server)
      .then((rss) => {
        peak = Math.max(peak, rss);
      })
      .catch(() => {});
  }, 20);
  let ms: number;
  try {
    ms = await timed(fn);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, await rssOf(server));
  const mb = 1024 * 1024;
  return { ms, beforeMb: before / mb, peakMb: peak / mb, growthMb: (peak - before) / mb };
}

/** The resident memory of a process, from /proc/<pid>/status (VmRSS, in kB). */
async function rssOf(child: ChildProcess): Promise<number> {
  const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}
