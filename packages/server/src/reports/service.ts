import {
  type Campaign,
  type CampaignListItem,
  type CampaignTreeAnswer,
  CHANNEL_STATUSES,
  type Channel,
  type ChannelReportAnswer,
  CUSTOMER_CLASS_LABELS,
  CUSTOMER_CLASSES,
  type CustomerClass,
  type GridRow,
  type MessageStatus,
  type PspsEvent,
  ROOT_TYPE_LABEL,
  type SummaryAnswer,
} from '@psps/contracts';
import type { Db } from '../db/pool.ts';
import { notFound } from '../http/errors.ts';

type DatasetRow = {
  id: number;
  event_id: number;
  root_id: number | null;
  customer_class: CustomerClass | null;
  title: string;
  cmd: string | null;
  tag_title: string | null;
  tag_line: string | null;
  created_at: Date;
  launched_at: Date | null;
  processed_at: Date | null;
  medbase_retry_at: Date | null;
};
type Counts = { total: number; PHON: number; SMS: number; EMAIL: number };

const COLUMNS = ['id', 'event_id', 'root_id', 'customer_class', 'title', 'cmd', 'tag_title', 'tag_line']
  .concat(['created_at', 'launched_at', 'processed_at', 'medbase_retry_at'])
  .join(', ');
const DATASET_COLUMNS = COLUMNS;
const D_DATASET_COLUMNS = COLUMNS.split(', ')
  .map((c) => `d.${c}`)
  .join(', ');
const CLASS_ORDER = `array_position(ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'], customer_class)`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The report calls of document 1 §7. Every count is read from dataset_rollups (kept exact by ingest), never
 * from messages, so a report costs the same for ten thousand or ten million messages. A root campaign's
 * counts are the sums of its children's.
 */
export function reportsService(db: Db) {
  /** Message counts per channel of each campaign, its children included. */
  async function countsOf(ids: number[]): Promise<Map<number, Counts>> {
    const { rows } = await db.query<{ id: number; channel: Channel; n: number }>(
      `SELECT x.target AS id, r.channel, sum(r.count)::bigint AS n
         FROM (SELECT id AS target, id AS member FROM datasets WHERE id = ANY($1::bigint[])
               UNION ALL SELECT root_id, id FROM datasets WHERE root_id = ANY($1::bigint[])) x
         JOIN dataset_rollups r ON r.dataset_id = x.member
        GROUP BY 1, 2`,
      [ids],
    );
    const out = new Map<number, Counts>(ids.map((id) => [id, { total: 0, PHON: 0, SMS: 0, EMAIL: 0 }]));
    for (const r of rows) {
      const c = out.get(r.id);
      if (!c) continue;
      c[r.channel] += r.n;
      c.total += r.n;
    }
    return out;
  }

  function campaign(d: DatasetRow, counts: Map<number, Counts>): Campaign {
    const c = counts.get(d.id) ?? { total: 0, PHON: 0, SMS: 0, EMAIL: 0 };
    return {
      dataset_id_bint: d.id,
      title_vch: d.title,
      launched_dt: iso(d.launched_at),
      created_dt: d.created_at.toISOString(),
      processed_dt: iso(d.processed_at),
      totalrecords_int: c.total,
      voicecount_int: c.PHON,
      smscount_int: c.SMS,
      emailcount_int: c.EMAIL,
    };
  }

  async function listItems(rows: DatasetRow[]): Promise<CampaignListItem[]> {
    const counts = await countsOf(rows.map((d) => d.id));
    return rows.map((d) => ({
      ...campaign(d, counts),
      event_id_bint: d.event_id,
      CMD: d.cmd,
      medbaseRetry_dt: iso(d.medbase_retry_at),
    }));
  }

  async function dataset(id: number): Promise<DatasetRow> {
    const { rows } = await db.query<DatasetRow>(`SELECT ${DATASET_COLUMNS} FROM datasets WHERE id = $1`, [
      id,
    ]);
    if (!rows[0]) throw notFound(`There is no campaign ${id}.`);
    return rows[0];
  }

  async function requireEvent(id: number): Promise<{ id: number; name: string }> {
    const { rows } = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM events WHERE id = $1',
      [id],
    );
    if (!rows[0]) throw notFound(`There is no event ${id}.`);
    return rows[0];
  }

  return {
    async campaignList(): Promise<[CampaignListItem[]]> {
      const { rows } = await db.query<DatasetRow>(
        `SELECT ${DATASET_COLUMNS} FROM datasets WHERE root_id IS NULL
          ORDER BY launched_at DESC NULLS FIRST, id DESC`,
      );
      return [await listItems(rows)];
    },

    async campaignTree(datasetId: number): Promise<CampaignTreeAnswer> {
      const d = await dataset(datasetId);
      const rootId = d.root_id ?? d.id;
      const { rows } = await db.query<DatasetRow>(
        `SELECT ${DATASET_COLUMNS} FROM datasets WHERE id = $1 OR root_id = $1
          ORDER BY root_id NULLS FIRST, ${CLASS_ORDER}, created_at, id`,
        [rootId],
      );
      const counts = await countsOf(rows.map((r) => r.id));
      const [root, ...children] = rows;
      const ofClass = (cls: CustomerClass) =>
        children.filter((c) => c.customer_class === cls).map((c) => campaign(c, counts));
      return [
        [campaign(root as DatasetRow, counts)],
        ofClass('MEDICAL_BASELINE'),
        ofClass('CRITICAL_ESSENTIAL'),
        ofClass('GENERAL'),
      ];
    },

    async grid(eventId: number): Promise<[GridRow[]]> {
      const event = await requireEvent(eventId);
      const { rows } = await db.query<DatasetRow>(
        `SELECT ${D_DATASET_COLUMNS}
           FROM datasets d LEFT JOIN datasets r ON r.id = d.root_id
          WHERE d.event_id = $1
          ORDER BY coalesce(r.launched_at, d.launched_at) NULLS LAST, coalesce(d.root_id, d.id),
                   d.root_id NULLS FIRST, array_position(ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'],
                   d.customer_class), d.created_at, d.id`,
        [eventId],
      );
      const counts = await countsOf(rows.map((r) => r.id));
      return [
        rows.map((d) => ({
          ...campaign(d, counts),
          id_bint: event.id,
          name_vch: event.name,
          rootDataset_bint: d.root_id ?? d.id,
          CMD: d.cmd,
          type: d.customer_class ? CUSTOMER_CLASS_LABELS[d.customer_class] : ROOT_TYPE_LABEL,
          created_dt: d.created_at.toISOString(),
        })),
      ];
    },

    async eventsList(): Promise<[PspsEvent[]]> {
      const { rows } = await db.query<{ id: number; name: string; begin_at: Date; n: number }>(
        `SELECT e.id, e.name, e.begin_at,
                coalesce((SELECT sum(r.count) FROM datasets d JOIN dataset_rollups r ON r.dataset_id = d.id
                           WHERE d.event_id = e.id), 0)::bigint AS n
           FROM events e ORDER BY e.begin_at DESC, e.id DESC`,
      );
      return [
        rows.map((e) => ({
          id_bint: e.id,
          name_vch: e.name,
          begin_dt: e.begin_at.toISOString(),
          recordCount: e.n,
        })),
      ];
    },

    async eventCampaigns(eventId: number): Promise<[CampaignListItem[]]> {
      await requireEvent(eventId);
      const { rows } = await db.query<DatasetRow>(
        `SELECT ${DATASET_COLUMNS} FROM datasets WHERE event_id = $1 AND root_id IS NULL
          ORDER BY launched_at NULLS LAST, id`,
        [eventId],
      );
      return [await listItems(rows)];
    },

    async summary(datasetId: number): Promise<SummaryAnswer> {
      await dataset(datasetId);
      const { rows } = await db.query(
        `SELECT insert_at, imported_all, queued_all, completed_all, imported_phon, queued_phon, completed_phon,
                imported_sms, queued_sms, completed_sms, imported_email, queued_email, completed_email
           FROM summary_snapshots WHERE dataset_id = $1 ORDER BY insert_at DESC, id DESC LIMIT 1`,
        [datasetId],
      );
      const s = rows[0];
      if (!s) return [[]];
      return [
        [
          {
            insert_dt: (s.insert_at as Date).toISOString(),
            importedALL_bint: s.imported_all,
            queuedALL_bint: s.queued_all,
            completedALL_bint: s.completed_all,
            importedPHON_bint: s.imported_phon,
            queuedPHON_bint: s.queued_phon,
            completedPHON_bint: s.completed_phon,
            importedSMS_bint: s.imported_sms,
            queuedSMS_bint: s.queued_sms,
            completedSMS_bint: s.completed_sms,
            importedEMAIL_bint: s.imported_email,
            queuedEMAIL_bint: s.queued_email,
            completedEMAIL_bint: s.completed_email,
          },
        ],
      ];
    },

    async channelReport(datasetId: number, channel: Channel): Promise<ChannelReportAnswer> {
      const d = await dataset(datasetId);
      const { rows } = await db.query<{ customer_class: CustomerClass; status: MessageStatus; n: number }>(
        `SELECT m.customer_class, r.status, sum(r.count)::bigint AS n
           FROM datasets m JOIN dataset_rollups r ON r.dataset_id = m.id AND r.channel = $2
          WHERE m.id = $1 OR m.root_id = $1
          GROUP BY 1, 2`,
        [datasetId, channel],
      );
      const byClass = new Map<CustomerClass, number>();
      const byStatus = new Map<MessageStatus, number>();
      let total = 0;
      for (const r of rows) {
        total += r.n;
        byClass.set(r.customer_class, (byClass.get(r.customer_class) ?? 0) + r.n);
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.n);
      }
      return [
        [{ TOTAL_COUNT: total }],
        [{ launched_dt: iso(d.launched_at), title_vch: d.title }],
        CUSTOMER_CLASSES.filter((c) => (byClass.get(c) ?? 0) > 0).map((c) => ({
          customer_class: c,
          COUNT: byClass.get(c) ?? 0,
        })),
        [{ tag_title_vch: d.tag_title, tag_line_vch: d.tag_line }],
        (CHANNEL_STATUSES[channel] as readonly MessageStatus[])
          .filter((s) => (byStatus.get(s) ?? 0) > 0)
          .map((s) => ({ STATUS: s, COUNT: byStatus.get(s) ?? 0 })),
      ];
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;
