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
/** A campaign row with its message counts (its children's included). */
type CountedRow = DatasetRow & { total: number; phon: number; sms: number; email: number };

const D_DATASET_COLUMNS = [
  'id',
  'event_id',
  'root_id',
  'customer_class',
  'title',
  'cmd',
  'tag_title',
  'tag_line',
]
  .concat(['created_at', 'launched_at', 'processed_at', 'medbase_retry_at'])
  .map((c) => `d.${c}`)
  .join(', ');
const CLASS_ORDER = `array_position(ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'], d.customer_class)`;
/** The rows of one campaign tree `d`: its root first, then its children by customer class, oldest first. */
const TREE_ORDER = `d.root_id NULLS FIRST, ${CLASS_ORDER}, d.created_at, d.id`;
/** The root campaigns of an event as proc_events_getCampaigns lists them: launch order, not yet launched last. */
const eventOrder = (root: 'd' | 't') => `${root}.launched_at NULLS LAST, ${root}.id`;

/**
 * Message counts per channel of campaign `d`, its children included: a few dozen rollup rows (campaign x
 * channel x status) however many messages there are. Used as `CROSS JOIN LATERAL (${COUNTS}) n`.
 */
const COUNTS = `SELECT coalesce(sum(r.count), 0)::bigint AS total,
                       coalesce(sum(r.count) FILTER (WHERE r.channel = 'PHON'), 0)::bigint AS phon,
                       coalesce(sum(r.count) FILTER (WHERE r.channel = 'SMS'), 0)::bigint AS sms,
                       coalesce(sum(r.count) FILTER (WHERE r.channel = 'EMAIL'), 0)::bigint AS email
                  FROM datasets m JOIN dataset_rollups r ON r.dataset_id = m.id
                 WHERE m.id = d.id OR m.root_id = d.id`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * Each report call is one SQL statement (one round trip, a named statement so PostgreSQL keeps its plan per
 * connection): the campaigns and their counts together, an unknown id answering no rows. Every count is read
 * from dataset_rollups (kept exact by ingest), never from messages, so a report costs the same for ten
 * thousand or ten million messages. A root campaign's counts are the sums of its children's.
 */
export function reportsService(db: Db) {
  function campaign(d: CountedRow): Campaign {
    return {
      dataset_id_bint: d.id,
      title_vch: d.title,
      launched_dt: iso(d.launched_at),
      created_dt: d.created_at.toISOString(),
      processed_dt: iso(d.processed_at),
      totalrecords_int: d.total,
      voicecount_int: d.phon,
      smscount_int: d.sms,
      emailcount_int: d.email,
    };
  }

  /** A campaign tree: its root's card, then its children's cards by customer class (in TREE_ORDER already). */
  function tree(root: CountedRow, children: CountedRow[]): CampaignTreeAnswer {
    const ofClass = (cls: CustomerClass) =>
      children.filter((c) => c.customer_class === cls).map((c) => campaign(c));
    return [[campaign(root)], ofClass('MEDICAL_BASELINE'), ofClass('CRITICAL_ESSENTIAL'), ofClass('GENERAL')];
  }

  /**
   * The campaigns `d` of event $1 that `joins` reaches from `events e`, with their counts, in `order`: one statement.
   * An unknown event throws 404; an event without campaigns answers no rows (its one row has no campaign).
   */
  async function eventRows(name: string, eventId: number, joins: string, order: string) {
    const { rows } = await db.query<CountedRow & { event_name: string }>({
      name,
      text: `SELECT e.name AS event_name, ${D_DATASET_COLUMNS}, n.*
               FROM events e
               ${joins}
               LEFT JOIN LATERAL (${COUNTS}) n ON true
              WHERE e.id = $1
              ORDER BY ${order}`,
      values: [eventId],
    });
    if (!rows[0]) throw notFound(`There is no event ${eventId}.`);
    return rows.filter((d) => d.id !== null);
  }

  function listItem(d: CountedRow): CampaignListItem {
    return {
      ...campaign(d),
      event_id_bint: d.event_id,
      CMD: d.cmd,
      medbaseRetry_dt: iso(d.medbase_retry_at),
    };
  }

  return {
    async campaignList(): Promise<[CampaignListItem[]]> {
      const { rows } = await db.query<CountedRow>({
        name: 'reports-campaign-list',
        text: `SELECT ${D_DATASET_COLUMNS}, n.* FROM datasets d CROSS JOIN LATERAL (${COUNTS}) n
                WHERE d.root_id IS NULL ORDER BY d.launched_at DESC NULLS FIRST, d.id DESC`,
      });
      return [rows.map(listItem)];
    },

    async campaignTree(datasetId: number): Promise<CampaignTreeAnswer> {
      const { rows } = await db.query<CountedRow>({
        name: 'reports-campaign-tree',
        text: `SELECT ${D_DATASET_COLUMNS}, n.*
                 FROM (SELECT coalesce(root_id, id) AS root FROM datasets WHERE id = $1) t
                 JOIN datasets d ON d.id = t.root OR d.root_id = t.root
                CROSS JOIN LATERAL (${COUNTS}) n
                ORDER BY ${TREE_ORDER}`,
        values: [datasetId],
      });
      const [root, ...children] = rows;
      if (!root) throw notFound(`There is no campaign ${datasetId}.`);
      return tree(root, children);
    },

    /**
     * The tree of every root campaign of an event, in one statement: the rows of campaignTree for each root, the
     * roots in eventCampaigns' order, so that each tree is the one campaignTree answers for that campaign.
     */
    async eventTrees(eventId: number): Promise<[CampaignTreeAnswer[]]> {
      const rows = await eventRows(
        'reports-event-trees',
        eventId,
        `LEFT JOIN datasets t ON t.event_id = e.id AND t.root_id IS NULL
         LEFT JOIN datasets d ON d.id = t.id OR d.root_id = t.id`,
        `${eventOrder('t')}, ${TREE_ORDER}`,
      );
      const trees: CampaignTreeAnswer[] = [];
      let root: CountedRow | undefined;
      let children: CountedRow[] = [];
      for (const d of rows) {
        if (d.root_id === null) {
          if (root) trees.push(tree(root, children));
          root = d;
          children = [];
        } else children.push(d);
      }
      if (root) trees.push(tree(root, children));
      return [trees];
    },

    async grid(eventId: number): Promise<[GridRow[]]> {
      const rows = await eventRows(
        'reports-grid',
        eventId,
        `LEFT JOIN datasets d ON d.event_id = e.id
         LEFT JOIN datasets r ON r.id = d.root_id`,
        `coalesce(r.launched_at, d.launched_at) NULLS LAST, coalesce(d.root_id, d.id), ${TREE_ORDER}`,
      );
      return [
        rows.map((d) => ({
          ...campaign(d),
          id_bint: eventId,
          name_vch: d.event_name,
          rootDataset_bint: d.root_id ?? d.id,
          CMD: d.cmd,
          type: d.customer_class ? CUSTOMER_CLASS_LABELS[d.customer_class] : ROOT_TYPE_LABEL,
          created_dt: d.created_at.toISOString(),
        })),
      ];
    },

    async eventsList(): Promise<[PspsEvent[]]> {
      const { rows } = await db.query<{ id: number; name: string; begin_at: Date; n: number }>({
        name: 'reports-events-list',
        text: `SELECT e.id, e.name, e.begin_at,
                      coalesce((SELECT sum(r.count) FROM datasets d JOIN dataset_rollups r ON r.dataset_id = d.id
                                 WHERE d.event_id = e.id), 0)::bigint AS n
                 FROM events e ORDER BY e.begin_at DESC, e.id DESC`,
      });
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
      const rows = await eventRows(
        'reports-event-campaigns',
        eventId,
        'LEFT JOIN datasets d ON d.event_id = e.id AND d.root_id IS NULL',
        eventOrder('d'),
      );
      return [rows.map(listItem)];
    },

    async summary(datasetId: number): Promise<SummaryAnswer> {
      const { rows } = await db.query({
        name: 'reports-summary',
        text: `SELECT s.insert_at, s.imported_all, s.queued_all, s.completed_all, s.imported_phon, s.queued_phon,
                      s.completed_phon, s.imported_sms, s.queued_sms, s.completed_sms, s.imported_email,
                      s.queued_email, s.completed_email
                 FROM datasets d
                 LEFT JOIN LATERAL (SELECT * FROM summary_snapshots
                                     WHERE dataset_id = d.id ORDER BY insert_at DESC, id DESC LIMIT 1) s ON true
                WHERE d.id = $1`,
        values: [datasetId],
      });
      if (!rows[0]) throw notFound(`There is no campaign ${datasetId}.`);
      const s = rows[0];
      if (!s?.insert_at) return [[]];
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
      const { rows: found } = await db.query<{
        title: string;
        launched_at: Date | null;
        tag_title: string | null;
        tag_line: string | null;
        counts: [CustomerClass, MessageStatus, number][];
      }>({
        name: 'reports-channel',
        text: `SELECT d.title, d.launched_at, d.tag_title, d.tag_line,
                      (SELECT coalesce(json_agg(json_build_array(x.customer_class, x.status, x.n)), '[]')
                         FROM (SELECT m.customer_class, r.status, sum(r.count)::bigint AS n
                                 FROM datasets m JOIN dataset_rollups r ON r.dataset_id = m.id AND r.channel = $2
                                WHERE m.id = d.id OR m.root_id = d.id
                                GROUP BY 1, 2) x) AS counts
                 FROM datasets d WHERE d.id = $1`,
        values: [datasetId, channel],
      });
      const d = found[0];
      if (!d) throw notFound(`There is no campaign ${datasetId}.`);
      const rows = d.counts.map(([customer_class, status, n]) => ({ customer_class, status, n }));
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
