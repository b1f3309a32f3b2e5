import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Channel,
  type CsvCell,
  type MessageStatus,
  phaseOf,
  REPORT_COLUMNS,
  type ReportKind,
  toCsvRow,
} from '@psps/contracts';
import type { Db } from '../db/pool.ts';

/**
 * Writes a report file (REPORT_COLUMNS of contracts, README: report files) by streaming rows from a
 * server-side cursor, so a campaign of a million contacts never sits in memory: at most FETCH_ROWS
 * messages and one customer are held at a time.
 */

const FETCH_ROWS = 2_000;

/**
 * unreachedInProgress: rows of customers not reached whose messages were not all final when the file was made
 * (IN_PROGRESS = Y, REACHED = N): people the campaign was still trying, not yet for a field visit. Counted for
 * the MedBase and MB Unreached reports; null for the others.
 */
export type ReportFileStats = {
  rows: number;
  bytes: number;
  sha256: string;
  unreachedInProgress: number | null;
};

/** A dataset's messages: a root campaign's are its children's; a child campaign's its own. */
const SCOPE = 'm.dataset_id IN (SELECT id FROM datasets WHERE id = $1 OR root_id = $1)';

/**
 * Messages grouped by customer contact (campaign, person, service agreement, premise), and within a
 * customer by channel with the message that decides the channel's outcome first: a reached one, else the
 * latest. $2..$4: reached statuses of PHON, SMS, EMAIL.
 */
export function customerMessagesSql(medicalBaselineOnly: boolean): string {
  return `SELECT m.dataset_id, m.person_id, m.service_agreement_id, m.premise_id, m.customer_class,
                 m.premise_address, m.language, m.channel, m.contact, m.status, m.status_at, m.attempts,
                 m.status = ANY (CASE m.channel WHEN 'PHON' THEN $2::text[] WHEN 'SMS' THEN $3::text[]
                                                ELSE $4::text[] END) AS reached
            FROM messages m
           WHERE ${SCOPE}${medicalBaselineOnly ? " AND m.customer_class = 'MEDICAL_BASELINE'" : ''}
           ORDER BY m.dataset_id, m.person_id COLLATE "C", m.service_agreement_id COLLATE "C",
                    m.premise_id COLLATE "C", m.channel,
                    reached DESC, m.status_at DESC, m.id`;
}

export const LINKCLICK_SQL = `
  SELECT m.dataset_id, m.id, m.person_id, m.service_agreement_id, m.customer_class, m.channel, m.contact,
         m.language, m.link_clicked_at,
         coalesce((SELECT sum(l.click_count) FROM link_codes l WHERE l.message_id = m.id), 0) AS clicks
    FROM messages m
   WHERE ${SCOPE} AND m.link_clicked_at IS NOT NULL
   ORDER BY m.link_clicked_at, m.id`;

type MessageRow = {
  dataset_id: number;
  person_id: string;
  service_agreement_id: string;
  premise_id: string;
  customer_class: string;
  premise_address: string | null;
  language: string | null;
  channel: Channel;
  contact: string;
  status: MessageStatus;
  status_at: Date;
  attempts: number;
  reached: boolean;
};

/** lastAttemptAt: the latest status time of the channel's messages that were attempted (attempts > 0). */
type ChannelOutcome = {
  status: string;
  statusAt: Date;
  attempts: number;
  lastAttemptAt: Date | null;
  contacts: string[];
};

type Customer = {
  key: string;
  first: MessageRow;
  address: string | null;
  language: string | null;
  reached: boolean;
  /** Some message of the customer has no final status yet (more attempts may come). */
  inProgress: boolean;
  channels: Partial<Record<Channel, ChannelOutcome>>;
};

/** ISO 8601 in UTC to the second: `2026-11-21T17:04:05Z`. */
export function csvTime(d: Date | null | undefined): string | null {
  return d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

const CHANNEL_ORDER: readonly Channel[] = ['PHON', 'SMS', 'EMAIL'];

function outcomeCells(c: Customer, withContacts: boolean): CsvCell[] {
  return CHANNEL_ORDER.flatMap((ch) => {
    const o = c.channels[ch];
    const cells: CsvCell[] = o ? [o.status, o.attempts, csvTime(o.statusAt)] : [null, null, null];
    return withContacts ? [o ? o.contacts.join('; ') : null, ...cells] : cells;
  });
}

function customerRow(kind: 'completion' | 'medbase' | 'mb_unreached', c: Customer): CsvCell[] | null {
  const m = c.first;
  switch (kind) {
    case 'completion':
      return [
        m.dataset_id,
        m.person_id,
        m.service_agreement_id,
        m.customer_class,
        m.premise_id,
        c.language,
        ...outcomeCells(c, false),
        c.reached ? 'Y' : 'N',
      ];
    case 'medbase':
      return [
        m.dataset_id,
        m.person_id,
        m.service_agreement_id,
        m.premise_id,
        c.address,
        c.language,
        ...outcomeCells(c, false),
        c.reached ? 'Y' : 'N',
        c.inProgress ? 'Y' : 'N',
      ];
    case 'mb_unreached': {
      if (c.reached) return null;
      const outcomes = Object.values(c.channels);
      const total = outcomes.reduce((n, o) => n + o.attempts, 0);
      // A customer never attempted (every message still pending) has no last attempt time: a status time of a
      // message that was never tried would read as a contact that never happened.
      const last = outcomes.reduce<Date | null>(
        (t, o) => (o.lastAttemptAt && (!t || o.lastAttemptAt > t) ? o.lastAttemptAt : t),
        null,
      );
      return [
        m.dataset_id,
        m.person_id,
        m.service_agreement_id,
        m.premise_id,
        c.address,
        c.language,
        ...outcomeCells(c, true),
        total,
        csvTime(last),
        c.inProgress ? 'Y' : 'N',
      ];
    }
  }
}

/** Customers whose rows were written, of a kind with IN_PROGRESS: unreached ones still being tried. */
type CustomerTally = { unreachedInProgress: number };

async function* customerLines(
  kind: 'completion' | 'medbase' | 'mb_unreached',
  batches: AsyncIterable<MessageRow[]>,
  tally: CustomerTally,
): AsyncGenerator<CsvCell[]> {
  let current: Customer | undefined;
  const written = (c: Customer) => {
    const row = customerRow(kind, c);
    if (row && !c.reached && c.inProgress) tally.unreachedInProgress++;
    return row;
  };
  for await (const batch of batches) {
    for (const m of batch) {
      const key = JSON.stringify([m.dataset_id, m.person_id, m.service_agreement_id, m.premise_id]);
      if (current && current.key !== key) {
        const row = written(current);
        if (row) yield row;
        current = undefined;
      }
      current ??= {
        key,
        first: m,
        address: null,
        language: null,
        reached: false,
        inProgress: false,
        channels: {},
      };
      // An empty address or language (the feed stores blank text as empty) is none: another message may carry it.
      current.address ||= m.premise_address || null;
      current.language ||= m.language || null;
      current.reached ||= m.reached;
      current.inProgress ||= phaseOf(m.status) !== 'completed';
      const o = current.channels[m.channel];
      if (!o) {
        // Rows arrive deciding message first (see customerMessagesSql).
        current.channels[m.channel] = {
          status: m.status,
          statusAt: m.status_at,
          attempts: m.attempts,
          lastAttemptAt: m.attempts > 0 ? m.status_at : null,
          contacts: [m.contact],
        };
      } else {
        o.attempts += m.attempts;
        if (m.attempts > 0 && (!o.lastAttemptAt || m.status_at > o.lastAttemptAt))
          o.lastAttemptAt = m.status_at;
        if (!o.contacts.includes(m.contact)) o.contacts.push(m.contact);
      }
    }
  }
  if (current) {
    const row = written(current);
    if (row) yield row;
  }
}

type ClickRow = {
  dataset_id: number;
  id: number;
  person_id: string;
  service_agreement_id: string;
  customer_class: string;
  channel: string;
  contact: string;
  language: string | null;
  link_clicked_at: Date;
  clicks: number;
};

async function* clickLines(batches: AsyncIterable<ClickRow[]>): AsyncGenerator<CsvCell[]> {
  for await (const batch of batches) {
    for (const r of batch) {
      yield [
        r.dataset_id,
        r.id,
        r.person_id,
        r.service_agreement_id,
        r.customer_class,
        r.channel,
        r.contact,
        r.language,
        csvTime(r.link_clicked_at),
        Math.max(1, r.clicks),
      ];
    }
  }
}

/**
 * Rows of a query through a server-side cursor (DECLARE / FETCH) in a read-only, repeatable-read
 * transaction: the file is one consistent snapshot even while the ingest feed keeps writing.
 */
async function* cursorBatches<T>(db: Db, sql: string, params: unknown[]): AsyncGenerator<T[]> {
  const client = await db.connect();
  let ok = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE report_cursor NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const { rows } = await client.query<T & object>(`FETCH FORWARD ${FETCH_ROWS} FROM report_cursor`);
      if (!rows.length) break;
      yield rows;
    }
    await client.query('COMMIT');
    ok = true;
  } finally {
    if (!ok) await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** Writes the report of `kind` for a dataset to `path` and answers its data rows, bytes and SHA-256. */
export async function writeReportFile(
  db: Db,
  kind: ReportKind,
  datasetId: number,
  reached: Readonly<Record<Channel, readonly MessageStatus[]>>,
  path: string,
): Promise<ReportFileStats> {
  const tally: CustomerTally = { unreachedInProgress: 0 };
  const rows =
    kind === 'linkclick'
      ? clickLines(cursorBatches<ClickRow>(db, LINKCLICK_SQL, [datasetId]))
      : customerLines(
          kind,
          cursorBatches<MessageRow>(db, customerMessagesSql(kind !== 'completion'), [
            datasetId,
            reached.PHON,
            reached.SMS,
            reached.EMAIL,
          ]),
          tally,
        );
  const hash = createHash('sha256');
  const stats = { rows: 0, bytes: 0 };
  async function* lines(): AsyncGenerator<Buffer> {
    const emit = (cells: readonly CsvCell[]) => {
      const buf = Buffer.from(toCsvRow(cells), 'utf8');
      hash.update(buf);
      stats.bytes += buf.length;
      return buf;
    };
    yield emit(REPORT_COLUMNS[kind]);
    for await (const cells of rows) {
      stats.rows++;
      yield emit(cells);
    }
  }
  // Flushed to disk before it is closed: the file is renamed into place and recorded next, and a power loss after
  // that must not leave a file of the recorded size with other bytes in it.
  await pipeline(Readable.from(lines()), createWriteStream(path, { flags: 'wx', mode: 0o640, flush: true }));
  const counted = kind === 'medbase' || kind === 'mb_unreached';
  return {
    ...stats,
    sha256: hash.digest('hex'),
    unreachedInProgress: counted ? tally.unreachedInProgress : null,
  };
}
