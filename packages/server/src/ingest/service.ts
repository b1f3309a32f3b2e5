import {
  CHANNEL_STATUSES,
  type Channel,
  INGEST_MAX_BATCH,
  INGEST_SCHEMAS,
  type IngestAnswer,
  type IngestIssue,
  type IngestKind,
  type ingestClickSchema,
  type ingestDatasetSchema,
  type ingestEventSchema,
  type ingestMessageSchema,
  type ingestStatusSchema,
  isChannelStatus,
  MESSAGE_STATUSES,
  notAChannelStatus,
  PHASES,
  phaseOf,
} from '@psps/contracts';
import type { z } from 'zod';
import { type Db, type DbClient, withTransaction } from '../db/pool.ts';
import { badRequest, type HttpError } from '../http/errors.ts';
import { writeSummarySnapshots } from './summary.ts';

type EventRec = z.output<typeof ingestEventSchema>;
type DatasetRec = z.output<typeof ingestDatasetSchema>;
type MessageRec = z.output<typeof ingestMessageSchema>;
type StatusRec = z.output<typeof ingestStatusSchema>;
type ClickRec = z.output<typeof ingestClickSchema>;

/** At most this many issues are listed in a rejection; the message says how many there were. */
export const MAX_ISSUES_LISTED = 1000;
/** Dashboard Today counts are kept per 15-minute slot (see the migration). */
const SLOT_MS = 15 * 60_000;

/**
 * A concurrent batch inserted or changed a record this batch meant to write: the transaction is retried. After the
 * last retry it is what PostgreSQL calls a serialization failure (40001): the server answers 503, try again, as for
 * a deadlock, rather than 500.
 */
class RaceDetected extends Error {
  readonly code = '40001';
  constructor() {
    super('A concurrent batch changed the same records on every try.');
  }
}

/**
 * Ingest of the messaging engine's feed (DESIGN.md §4). Every batch is one transaction: its records are
 * checked first (shape, then against the database: campaigns exist, channels match), then written with a
 * few set-based statements, and the campaign x channel x status rollups move by the batch's net change in
 * the same transaction, so reports stay exact without ever scanning messages.
 */
export function ingestService(db: Db) {
  /** One transaction per batch; a race with a concurrent batch (or a deadlock) retries the whole batch. */
  async function run<T>(fn: (client: DbClient, retry: boolean) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTransaction(db, (client) => fn(client, attempt > 1));
      } catch (err) {
        const code = (err as { code?: string }).code;
        const retryable = err instanceof RaceDetected || code === '40001' || code === '40P01';
        if (!retryable || attempt >= 8) throw err;
      }
    }
  }

  return {
    /** Checks and writes one batch of one kind; throws a 400 listing every invalid record. */
    async ingest(kind: IngestKind, records: unknown[]): Promise<IngestAnswer> {
      switch (kind) {
        case 'events':
          return run((c) => upsertEvents(c, validate<EventRec>(kind, records)));
        case 'datasets':
          return run((c) => upsertDatasets(c, validate<DatasetRec>(kind, records)));
        case 'messages':
          return run((c, retry) => upsertMessages(c, validate<MessageRec>(kind, records), retry));
        case 'statuses':
          return run((c, retry) => applyStatuses(c, validate<StatusRec>(kind, records), retry));
        case 'clicks':
          return run((c) => applyClicks(c, validate<ClickRec>(kind, records)));
      }
    },
  };
}
export type IngestService = ReturnType<typeof ingestService>;

/** A batch over the limit (counted before its records are read, or after). */
export function batchTooLarge(records: number): HttpError {
  return badRequest(
    `A batch holds at most ${INGEST_MAX_BATCH.toLocaleString('en-US')} records; this one has ${records.toLocaleString('en-US')}.`,
    [{ index: INGEST_MAX_BATCH, field: 'record', reason: 'is beyond the batch limit' }],
  );
}

export function rejectBatch(issues: IngestIssue[]): never {
  const sorted = issues.sort((a, b) => a.index - b.index);
  const first = sorted[0];
  const more = sorted.length > 1 ? ` (and ${sorted.length - 1} more)` : '';
  // An issue of the record as a whole names no field ('record 1 is not valid JSON', not 'record 1 record is …').
  const field = first?.field === 'record' ? '' : ` ${first?.field}`;
  throw badRequest(
    `The batch was rejected and nothing was written: record ${first?.index}${field} ${first?.reason}${more}.`,
    sorted.slice(0, MAX_ISSUES_LISTED),
  );
}

/** Record shapes (the contract's schemas); timestamps are normalised to millisecond ISO strings in UTC. */
function validate<T>(kind: IngestKind, records: unknown[]): (T & { index: number })[] {
  if (records.length > INGEST_MAX_BATCH) throw batchTooLarge(records.length);
  const schema = INGEST_SCHEMAS[kind];
  const issues: IngestIssue[] = [];
  const out: (T & { index: number })[] = [];
  const latest = Date.now() + FUTURE_TOLERANCE_MS;
  records.forEach((record, index) => {
    const r = schema.safeParse(record);
    if (r.success) {
      const rec = normaliseTimes(r.data) as T & Record<string, unknown>;
      if (kind === 'messages' || kind === 'statuses' || kind === 'clicks') {
        for (const field of HAPPENED_FIELDS) {
          const at = rec[field];
          if (typeof at === 'string' && Date.parse(at) > latest) {
            issues.push({ index, field, reason: futureReason(at) });
          }
        }
      }
      out.push({ ...rec, index });
    } else {
      for (const issue of r.error.issues) {
        issues.push({ index, field: issue.path.join('.') || 'record', reason: issue.message });
      }
    }
  });
  if (issues.length) rejectBatch(issues);
  return out;
}

/** Times of what has happened to a message: its import, its status, a click of its link. */
const HAPPENED_FIELDS = ['status_dt', 'created_dt', 'link_click_dt', 'clicked_dt'] as const;
/** How far ahead of this server's clock such a time may be: the engine's clock may run a little fast. */
const FUTURE_TOLERANCE_MS = 15 * 60_000;

/**
 * A message's time from the future is nearly always one written with the wrong offset (local time marked Z, or
 * -08:00 kept through summer): stored, it would make every true update of the next hours look older and be ignored.
 */
function futureReason(at: string): string {
  return `is in the future (${at}; this server's clock says ${new Date().toISOString()}): check the offset from UTC it is written with, or the engine's clock`;
}

const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Millisecond precision throughout, so status times compare exactly in JavaScript and in SQL. */
function normaliseTimes(rec: unknown): unknown {
  const out: Record<string, unknown> = { ...(rec as Record<string, unknown>) };
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'string' && k.endsWith('_dt') && !CANONICAL_TIME.test(v))
      out[k] = new Date(v).toISOString();
  }
  return out;
}

/**
 * The last record of each id wins (for messages: the newest status time, then the further status, see isLater, then
 * the later record).
 */
function lastById<T extends { index: number }>(
  recs: T[],
  key: (r: T) => number,
  newer?: (a: T, b: T) => boolean,
) {
  const byId = new Map<number, T>();
  for (const r of recs) {
    const seen = byId.get(key(r));
    if (!(seen && newer?.(seen, r))) byId.set(key(r), r);
  }
  return [...byId.values()];
}

// ---- events ----

async function upsertEvents(client: DbClient, recs: (EventRec & { index: number })[]): Promise<IngestAnswer> {
  // In id order, as every batch writes: rows written in each batch's own order deadlock with a batch writing the
  // same ids in another order (retried, but a second each: PostgreSQL's deadlock_timeout).
  const rows = lastById(recs, (r) => r.id_bint).sort((a, b) => a.id_bint - b.id_bint);
  const res = await client.query<{ inserted: boolean }>(
    `INSERT INTO events AS e (id, name, begin_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[])
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, begin_at = excluded.begin_at, updated_at = now()
       WHERE (e.name, e.begin_at) IS DISTINCT FROM (excluded.name, excluded.begin_at)
     RETURNING (xmax = 0) AS inserted`,
    [rows.map((r) => r.id_bint), rows.map((r) => r.name_vch), rows.map((r) => r.begin_dt)],
  );
  return answer(recs.length, res.rows);
}

function answer(received: number, rows: { inserted: boolean }[]): IngestAnswer {
  const inserted = rows.filter((r) => r.inserted).length;
  const updated = rows.length - inserted;
  return { received, inserted, updated, ignored: received - inserted - updated };
}

// ---- datasets ----

type DatasetRow = {
  id: number;
  event_id: number;
  root_id: number | null;
  customer_class: string | null;
  title: string;
  cmd: string | null;
  tag_title: string | null;
  tag_line: string | null;
  created_at: string;
  launched_at: string | null;
  processed_at: string | null;
  medbase_retry_at: string | null;
};

const DATASET_TIMES = [
  ['launched_dt', 'launched_at'],
  ['processed_dt', 'processed_at'],
  ['medbase_retry_dt', 'medbase_retry_at'],
] as const;

async function upsertDatasets(
  client: DbClient,
  recs: (DatasetRec & { index: number })[],
): Promise<IngestAnswer> {
  const incoming = lastById(recs, (r) => r.dataset_id_bint).sort(
    (a, b) => a.dataset_id_bint - b.dataset_id_bint,
  );
  const ids = incoming.map((r) => r.dataset_id_bint);
  const rootIds = incoming.flatMap((r) => (r.rootDataset_bint ? [r.rootDataset_bint] : []));
  const { rows: stored } = await client.query<DatasetRow>(
    `SELECT id, event_id, root_id, customer_class, title, cmd, tag_title, tag_line,
            to_json(created_at) #>> '{}' AS created_at, to_json(launched_at) #>> '{}' AS launched_at,
            to_json(processed_at) #>> '{}' AS processed_at, to_json(medbase_retry_at) #>> '{}' AS medbase_retry_at
       FROM datasets WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [[...new Set([...ids, ...rootIds])]],
  );
  const events = await client.query<{ id: number }>('SELECT id FROM events WHERE id = ANY($1::bigint[])', [
    [...new Set(incoming.map((r) => r.event_id_bint))],
  ]);
  const knownEvents = new Set(events.rows.map((e) => e.id));
  const byId = new Map(stored.map((d) => [d.id, d]));
  const batchRoots = new Map(incoming.filter((r) => !r.rootDataset_bint).map((r) => [r.dataset_id_bint, r]));

  const issues: IngestIssue[] = [];
  const finals: DatasetRow[] = [];
  const completed: number[] = [];
  for (const r of incoming) {
    const old = byId.get(r.dataset_id_bint);
    const issue = (field: string, reason: string) => issues.push({ index: r.index, field, reason });
    if (!knownEvents.has(r.event_id_bint))
      issue('event_id_bint', 'is not a known event; send the event first');
    if (r.rootDataset_bint) {
      const root = batchRoots.get(r.rootDataset_bint) ?? byId.get(r.rootDataset_bint);
      const rootEvent = root && ('event_id' in root ? root.event_id : root.event_id_bint);
      const rootIsRoot = root && ('root_id' in root ? root.root_id === null : true);
      if (!root) issue('rootDataset_bint', 'is not a known campaign; send the root campaign first');
      else if (!rootIsRoot) issue('rootDataset_bint', 'is itself a child campaign');
      else if (rootEvent !== r.event_id_bint)
        issue('event_id_bint', 'differs from the root campaign’s event');
    }
    if (old) {
      if (old.event_id !== r.event_id_bint) issue('event_id_bint', `cannot change (stored: ${old.event_id})`);
      if (old.root_id !== (r.rootDataset_bint ?? null)) issue('rootDataset_bint', 'cannot change');
      if (old.customer_class !== (r.customer_class ?? null)) issue('customer_class', 'cannot change');
    }
    const next: DatasetRow = {
      id: r.dataset_id_bint,
      event_id: r.event_id_bint,
      root_id: r.rootDataset_bint ?? null,
      customer_class: r.customer_class ?? null,
      title: r.title_vch,
      cmd: r.CMD === undefined ? (old?.cmd ?? null) : r.CMD,
      tag_title: r.tag_title_vch === undefined ? (old?.tag_title ?? null) : r.tag_title_vch,
      tag_line: r.tag_line_vch === undefined ? (old?.tag_line ?? null) : r.tag_line_vch,
      created_at: r.created_dt ?? old?.created_at ?? new Date().toISOString(),
      launched_at: null,
      processed_at: null,
      medbase_retry_at: null,
    };
    const given = r as Record<string, unknown>;
    for (const [field, column] of DATASET_TIMES) {
      const key = field === 'medbase_retry_dt' ? 'medbaseRetry_dt' : field;
      next[column] = given[key] === undefined ? (old?.[column] ?? null) : (given[key] as string | null);
    }
    if (old && sameDataset(old, next)) continue; // a replay: counted as ignored
    if (next.processed_at && !old?.processed_at) completed.push(next.id);
    finals.push(next);
  }
  if (issues.length) rejectBatch(issues);

  const col = <K extends keyof DatasetRow>(k: K) => finals.map((f) => f[k]);
  const res = await client.query<{ id: number; inserted: boolean }>(
    `INSERT INTO datasets AS d (id, event_id, root_id, customer_class, title, cmd, tag_title, tag_line,
                                created_at, launched_at, processed_at, medbase_retry_at)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::text[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, cmd = excluded.cmd, tag_title = excluded.tag_title,
       tag_line = excluded.tag_line, created_at = excluded.created_at, launched_at = excluded.launched_at,
       processed_at = excluded.processed_at, medbase_retry_at = excluded.medbase_retry_at, updated_at = now()
     RETURNING id, (xmax = 0) AS inserted`,
    [
      col('id'),
      col('event_id'),
      col('root_id'),
      col('customer_class'),
      col('title'),
      col('cmd'),
      col('tag_title'),
      col('tag_line'),
      col('created_at'),
      col('launched_at'),
      col('processed_at'),
      col('medbase_retry_at'),
    ],
  );
  // A campaign this batch found missing was inserted meanwhile by a concurrent batch (committed after this batch's
  // read): its record was merged with nothing, so the times it left out would clear that batch's, and its event, root
  // and class were never compared. Run again: the campaign is then read, locked, like any stored one.
  if (res.rows.some((row) => !row.inserted && !byId.has(row.id))) throw new RaceDetected();
  // A campaign that completes gets its final summary at once, not at the next 10-minute slot.
  if (completed.length) await writeSummarySnapshots(client, completed);
  return { ...answer(recs.length, res.rows), ignored: recs.length - res.rows.length };
}

function sameDataset(a: DatasetRow, b: DatasetRow): boolean {
  const t = (v: string | null) => (v ? new Date(v).getTime() : null);
  return (
    a.title === b.title &&
    a.cmd === b.cmd &&
    a.tag_title === b.tag_title &&
    a.tag_line === b.tag_line &&
    t(a.created_at) === t(b.created_at) &&
    t(a.launched_at) === t(b.launched_at) &&
    t(a.processed_at) === t(b.processed_at) &&
    t(a.medbase_retry_at) === t(b.medbase_retry_at)
  );
}

// ---- messages and status updates ----

/**
 * How far a status got: 0 PENDING, 1 QUEUED or DEFERRED, 2 a final status (the phases of contracts). Of two
 * statuses of one message with the same time the further one is the later: an engine that stamps whole seconds
 * sends a text's QUEUED and its DELIVERED in the same second, and whichever came first used to stay, so the same
 * feed left a delivered text QUEUED or DELIVERED depending on the order it arrived in (a medical-baseline customer
 * reached, reported not reached and still in progress). Two statuses equally far at the same time: the stored one
 * stays (a replay changes nothing).
 */
const STATUS_RANK: Readonly<Record<string, number>> = Object.fromEntries(
  MESSAGE_STATUSES.map((status) => [status, PHASES.indexOf(phaseOf(status))]),
);
const statusRank = (status: string) => STATUS_RANK[status] ?? 0;

/** Whether a status at a time (ISO text, normalised to the millisecond in UTC) comes after another. */
function isLater(time: string, status: string, thanTime: string, thanStatus: string): boolean {
  return time > thanTime || (time === thanTime && statusRank(status) > statusRank(thanStatus));
}

/**
 * The same rule in SQL: the incoming status (`time`, `status`) comes after the stored one. Stored times are
 * compared to the millisecond, the finest the feed keeps. `rank` is the parameter holding STATUS_RANK as JSON.
 */
const isLaterSql = (time: string, status: string, stored: string, storedStatus: string, rank: string) =>
  `(${stored} < ${time} OR (date_trunc('milliseconds', ${stored}) = ${time}
     AND (${rank}::jsonb ->> ${status})::int > (${rank}::jsonb ->> ${storedStatus})::int))`;
const STATUS_RANK_JSON = JSON.stringify(STATUS_RANK);

type StoredMessage = {
  id: number;
  dataset_id: number;
  channel: Channel;
  status: string;
  status_ms: number;
  /** The row version read; the write checks it is unchanged (optimistic concurrency, no lock writes). */
  version: string;
};

/**
 * Reads the batch's existing messages without locking them. The writes that follow only touch a row whose
 * version (xmin) is still the one read here; if a concurrent batch changed one in between, the counts of
 * rows written fall short and the whole transaction runs again, then locking the rows (in id order) so
 * that it cannot lose again. Locking every row on the first try would write each tuple twice.
 */
async function readMessages(
  client: DbClient,
  ids: number[],
  lock: boolean,
): Promise<Map<number, StoredMessage>> {
  const { rows } = await client.query<StoredMessage>(
    `SELECT id, dataset_id, channel, status, floor(extract(epoch FROM status_at) * 1000)::bigint AS status_ms,
            xmin::text AS version
       FROM messages WHERE id = ANY($1::bigint[]) ${lock ? 'ORDER BY id FOR UPDATE' : ''}`,
    [ids],
  );
  return new Map(rows.map((m) => [m.id, m]));
}

/** Net change of the batch per campaign x channel x status; one statement, keys in a fixed order. */
class RollupDelta {
  private readonly deltas = new Map<string, number>();
  add(datasetId: number, channel: string, status: string, n: number) {
    const key = `${datasetId}\t${channel}\t${status}`;
    this.deltas.set(key, (this.deltas.get(key) ?? 0) + n);
  }
  move(datasetId: number, channel: string, from: string, to: string) {
    if (from === to) return;
    this.add(datasetId, channel, from, -1);
    this.add(datasetId, channel, to, 1);
  }
  async apply(client: DbClient) {
    const entries = [...this.deltas].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
    if (!entries.length) return;
    const parts = entries.map(([k]) => k.split('\t'));
    await client.query(
      `INSERT INTO dataset_rollups AS r (dataset_id, channel, status, count)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[])
       ON CONFLICT (dataset_id, channel, status) DO UPDATE SET count = r.count + excluded.count, updated_at = now()`,
      [parts.map((p) => p[0]), parts.map((p) => p[1]), parts.map((p) => p[2]), entries.map(([, n]) => n)],
    );
  }
}

async function upsertMessages(
  client: DbClient,
  recs: (MessageRec & { index: number })[],
  lock: boolean,
): Promise<IngestAnswer> {
  // A message's channel and campaign never change, within one batch as across batches: the newest record alone would
  // otherwise be kept and the other counted as a replay.
  const firstOf = new Map<number, MessageRec & { index: number }>();
  const conflicts: IngestIssue[] = [];
  for (const r of recs) {
    const first = firstOf.get(r.id_bint);
    if (!first) firstOf.set(r.id_bint, r);
    else if (first.channel !== r.channel) {
      conflicts.push({
        index: r.index,
        field: 'channel',
        reason: `cannot change (record ${first.index} of this batch: ${first.channel})`,
      });
    } else if (first.dataset_id_bint !== r.dataset_id_bint) {
      conflicts.push({
        index: r.index,
        field: 'dataset_id_bint',
        reason: `cannot change (record ${first.index} of this batch: ${first.dataset_id_bint})`,
      });
    }
  }
  if (conflicts.length) rejectBatch(conflicts);
  const rows = lastById(
    recs,
    (r) => r.id_bint,
    (seen, r) => isLater(seen.status_dt, seen.status_vch, r.status_dt, r.status_vch),
  );
  const datasetIds = [...new Set(rows.map((r) => r.dataset_id_bint))];
  const { rows: datasets } = await client.query<{ id: number; customer_class: string | null }>(
    'SELECT id, customer_class FROM datasets WHERE id = ANY($1::bigint[])',
    [datasetIds],
  );
  const classOf = new Map(datasets.map((d) => [d.id, d.customer_class]));
  const stored = await readMessages(
    client,
    rows.map((r) => r.id_bint),
    lock,
  );

  const issues: IngestIssue[] = [];
  const changed: (MessageRec & { index: number })[] = [];
  const delta = new RollupDelta();
  const created = new Map<string, number>();
  for (const r of rows) {
    const cls = classOf.get(r.dataset_id_bint);
    if (cls === undefined) {
      issues.push({ index: r.index, field: 'dataset_id_bint', reason: 'is not a known campaign' });
      continue;
    }
    if (cls === null) {
      issues.push({
        index: r.index,
        field: 'dataset_id_bint',
        reason: 'is a root campaign; messages belong to a child campaign',
      });
      continue;
    }
    const old = stored.get(r.id_bint);
    if (old) {
      if (old.dataset_id !== r.dataset_id_bint) {
        issues.push({
          index: r.index,
          field: 'dataset_id_bint',
          reason: `cannot change (stored: ${old.dataset_id})`,
        });
        continue;
      }
      if (old.channel !== r.channel) {
        issues.push({ index: r.index, field: 'channel', reason: `cannot change (stored: ${old.channel})` });
        continue;
      }
      const storedAt = new Date(Number(old.status_ms)).toISOString();
      if (!isLater(r.status_dt, r.status_vch, storedAt, old.status)) continue; // replay or out of order: ignored
      delta.move(r.dataset_id_bint, r.channel, old.status, r.status_vch);
    } else {
      delta.add(r.dataset_id_bint, r.channel, r.status_vch, 1);
      const createdAt = r.created_dt ?? new Date().toISOString();
      const slot = Math.floor(Date.parse(createdAt) / SLOT_MS) * SLOT_MS;
      const key = `${slot}\t${r.channel}`;
      created.set(key, (created.get(key) ?? 0) + 1);
    }
    changed.push(r);
  }
  if (issues.length) rejectBatch(issues);
  if (!changed.length) return { received: recs.length, inserted: 0, updated: 0, ignored: recs.length };

  // In id order, as every batch writes (see upsertEvents).
  changed.sort((a, b) => a.id_bint - b.id_bint);
  const fresh = changed.filter((r) => !stored.has(r.id_bint));
  const updates = changed.filter((r) => stored.has(r.id_bint));
  const col = <K extends keyof MessageRec>(list: MessageRec[], k: K) => list.map((r) => r[k] ?? null);
  const values = (list: MessageRec[]) => [
    col(list, 'id_bint'),
    col(list, 'dataset_id_bint'),
    col(list, 'channel'),
    col(list, 'person_id_vch'),
    col(list, 'service_agreement_id_vch'),
    col(list, 'premise_id_vch'),
    col(list, 'premise_address_vch'),
    col(list, 'contact_vch'),
    col(list, 'language_vch'),
    col(list, 'status_vch'),
    col(list, 'status_dt'),
    col(list, 'attempts_int'),
    col(list, 'link_click_dt'),
  ];
  const unnestSql = `unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
      $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::int[], $13::timestamptz[], $14::text[])
      AS u(id, dataset_id, channel, person_id, sa_id, premise_id, address, contact, language, status, status_at,
           attempts, clicked_at, extra)`;
  if (fresh.length) {
    const res = await client.query(
      `INSERT INTO messages (id, dataset_id, channel, customer_class, person_id, service_agreement_id, premise_id,
                             premise_address, contact, language, status, status_at, attempts, link_clicked_at, created_at)
       SELECT u.id, u.dataset_id, u.channel, d.customer_class, u.person_id, u.sa_id, u.premise_id, u.address,
              u.contact, u.language, u.status, u.status_at, u.attempts, u.clicked_at,
              coalesce(u.extra::timestamptz, now())
         FROM ${unnestSql} JOIN datasets d ON d.id = u.dataset_id
        ORDER BY u.id
       ON CONFLICT (id) DO NOTHING`,
      [...values(fresh), fresh.map((r) => r.created_dt ?? null)],
    );
    // A concurrent batch inserted some of these meanwhile: the deltas above would be wrong, run again.
    if (res.rowCount !== fresh.length) throw new RaceDetected();
  }
  if (updates.length) {
    const res = await client.query(
      `UPDATE messages m SET person_id = u.person_id, service_agreement_id = u.sa_id, premise_id = u.premise_id,
              premise_address = u.address, contact = u.contact, language = u.language, status = u.status,
              status_at = u.status_at, attempts = u.attempts,
              link_clicked_at = coalesce(least(m.link_clicked_at, u.clicked_at), m.link_clicked_at, u.clicked_at)
         FROM ${unnestSql}
        WHERE m.id = u.id AND m.xmin = u.extra::xid
          AND ${isLaterSql('u.status_at', 'u.status', 'm.status_at', 'm.status', '$15')}`,
      [
        ...values(updates),
        updates.map((r) => (stored.get(r.id_bint) as StoredMessage).version),
        STATUS_RANK_JSON,
      ],
    );
    if (res.rowCount !== updates.length) throw new RaceDetected();
  }
  const inserted = fresh.length;
  await delta.apply(client);
  await addCreatedCounts(client, created);
  return {
    received: recs.length,
    inserted,
    updated: changed.length - inserted,
    ignored: recs.length - changed.length,
  };
}

async function addCreatedCounts(client: DbClient, created: Map<string, number>) {
  if (!created.size) return;
  const entries = [...created].sort(([a], [b]) => (a < b ? -1 : 1));
  const parts = entries.map(([k]) => k.split('\t'));
  await client.query(
    `INSERT INTO message_created_counts AS c (slot, channel, count)
     SELECT to_timestamp(s / 1000.0), ch, n FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS u(s, ch, n)
     ON CONFLICT (slot, channel) DO UPDATE SET count = c.count + excluded.count`,
    [parts.map((p) => p[0]), parts.map((p) => p[1]), entries.map(([, n]) => n)],
  );
}

/** `CHANNEL:STATUS` of every status a channel has: the statuses update checks them in SQL. */
const CHANNEL_STATUS_KEYS = Object.entries(CHANNEL_STATUSES).flatMap(([channel, statuses]) =>
  statuses.map((status) => `${channel}:${status}`),
);

/**
 * Status updates in one statement: each message row is updated only if the update is later (isLater), its status
 * belongs to the message's channel and the row is still the version the statement read (`o`, a second
 * read of the same row; under a concurrent change the re-checked row's xmin differs and it is skipped).
 * The rollups move by the old -> new statuses of exactly the rows written, in the same statement. Only
 * when fewer rows were written than sent does a second query find out why: unknown messages and statuses
 * of another channel reject the batch, older updates are ignored, and a row skipped because a concurrent
 * batch changed it makes the transaction run again, then with the rows locked first (in id order).
 */
async function applyStatuses(
  client: DbClient,
  recs: (StatusRec & { index: number })[],
  lock: boolean,
): Promise<IngestAnswer> {
  const rows = lastById(
    recs,
    (r) => r.id_bint,
    (seen, r) => isLater(seen.status_dt, seen.status_vch, r.status_dt, r.status_vch),
  ).sort((a, b) => a.id_bint - b.id_bint);
  const ids = rows.map((r) => r.id_bint);
  const statuses = rows.map((r) => r.status_vch);
  const times = rows.map((r) => r.status_dt);
  if (lock) {
    await client.query('SELECT 1 FROM messages WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
  }
  const { rows: done } = await client.query<{ updated: number }>({
    name: 'ingest-statuses',
    text: `WITH u AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::int[])
                        AS u(id, status, status_at, attempts)),
            upd AS (UPDATE messages m
                       SET status = u.status, status_at = u.status_at, attempts = coalesce(u.attempts, m.attempts)
                      FROM u JOIN messages o ON o.id = u.id
                     WHERE m.id = u.id AND m.xmin = o.xmin
                       AND ${isLaterSql('u.status_at', 'u.status', 'o.status_at', 'o.status', '$6')}
                       AND o.channel || ':' || u.status = ANY($5::text[])
                 RETURNING m.dataset_id, m.channel, o.status AS before, m.status AS after),
            moved AS (SELECT dataset_id, channel, status, sum(n)::bigint AS n
                        FROM (SELECT dataset_id, channel, before AS status, -1 AS n FROM upd WHERE before <> after
                              UNION ALL
                              SELECT dataset_id, channel, after, 1 FROM upd WHERE before <> after) x
                       GROUP BY 1, 2, 3 HAVING sum(n) <> 0),
            rolled AS (INSERT INTO dataset_rollups AS r (dataset_id, channel, status, count)
                       SELECT * FROM moved ORDER BY 1, 2, 3
                       ON CONFLICT (dataset_id, channel, status)
                       DO UPDATE SET count = r.count + excluded.count, updated_at = now())
       SELECT count(*)::int AS updated FROM upd`,
    values: [
      ids,
      statuses,
      times,
      rows.map((r) => r.attempts_int ?? null),
      CHANNEL_STATUS_KEYS,
      STATUS_RANK_JSON,
    ],
  });
  const updated = done[0]?.updated ?? 0;
  if (updated < rows.length) {
    // Why some were not written (rare: replays, out-of-order updates, invalid records, a concurrent batch).
    const later = isLaterSql('u.status_at', 'u.status', 'm.status_at', 'm.status', '$5');
    const { rows: left } = await client.query<{ i: number; channel: Channel | null; behind: boolean }>(
      `SELECT u.i::int AS i, m.channel, ${later} AS behind
         FROM unnest($1::bigint[], $2::timestamptz[], $3::text[]) WITH ORDINALITY AS u(id, status_at, status, i)
         LEFT JOIN messages m ON m.id = u.id
        WHERE m.id IS NULL OR ${later} OR NOT m.channel || ':' || u.status = ANY($4::text[])`,
      [ids, times, statuses, CHANNEL_STATUS_KEYS, STATUS_RANK_JSON],
    );
    const issues: IngestIssue[] = [];
    let raced = false;
    for (const l of left) {
      const r = rows[l.i - 1] as StatusRec & { index: number };
      if (!l.channel) issues.push({ index: r.index, field: 'id_bint', reason: 'is not a known message' });
      else if (!isChannelStatus(l.channel, r.status_vch))
        issues.push({ index: r.index, field: 'status_vch', reason: notAChannelStatus(l.channel) });
      else if (l.behind) raced = true;
    }
    if (issues.length) rejectBatch(issues);
    if (raced) throw new RaceDetected();
  }
  return { received: recs.length, inserted: 0, updated, ignored: recs.length - updated };
}

async function applyClicks(client: DbClient, recs: (ClickRec & { index: number })[]): Promise<IngestAnswer> {
  const rows = lastById(
    recs,
    (r) => r.id_bint,
    (seen, r) => r.clicked_dt > seen.clicked_dt,
  );
  const ids = rows.map((r) => r.id_bint);
  const known = await client.query<{ id: number }>('SELECT id FROM messages WHERE id = ANY($1::bigint[])', [
    ids,
  ]);
  const knownIds = new Set(known.rows.map((k) => k.id));
  const issues = rows
    .filter((r) => !knownIds.has(r.id_bint))
    .map((r) => ({ index: r.index, field: 'id_bint', reason: 'is not a known message' }));
  if (issues.length) rejectBatch(issues);
  // The first click is what the LinkClick report needs: a later or repeated click changes nothing.
  const res = await client.query(
    `UPDATE messages m SET link_clicked_at = u.clicked_at
       FROM unnest($1::bigint[], $2::timestamptz[]) AS u(id, clicked_at)
      WHERE m.id = u.id AND (m.link_clicked_at IS NULL OR m.link_clicked_at > u.clicked_at)`,
    [ids, rows.map((r) => r.clicked_dt)],
  );
  const updated = res.rowCount ?? 0;
  return { received: recs.length, inserted: 0, updated, ignored: recs.length - updated };
}
