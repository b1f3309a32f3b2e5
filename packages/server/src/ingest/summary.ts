import { CHANNEL_STATUSES, CHANNELS, inPhase, type MessageStatus, type Phase } from '@psps/contracts';
import type { Db, DbClient } from '../db/pool.ts';

/** `CHANNEL:STATUS` keys of the statuses counted in a phase (phases are cumulative, see contracts). */
function phaseKeys(phase: Phase): string[] {
  return CHANNELS.flatMap((c) =>
    (CHANNEL_STATUSES[c] as readonly MessageStatus[])
      .filter((s) => inPhase(s, phase))
      .map((s) => `${c}:${s}`),
  );
}
const QUEUED_KEYS = phaseKeys('queued');
const COMPLETED_KEYS = phaseKeys('completed');

/**
 * Writes a summary snapshot (insert time + the 12 phase counts) for each given campaign, from the rollups
 * of the campaign and of its children (a root's counts are its children's sums). Exact at that instant:
 * it runs inside the caller's transaction when called from ingest.
 */
export async function writeSummarySnapshots(db: Db | DbClient, datasetIds: number[]): Promise<number> {
  if (!datasetIds.length) return 0;
  const perChannel = CHANNELS.map((_channel, i) => {
    const ch = `$${4 + i}`;
    return `coalesce(sum(s.n) FILTER (WHERE s.channel = ${ch}), 0),
            coalesce(sum(s.n) FILTER (WHERE s.channel = ${ch} AND s.key = ANY($2)), 0),
            coalesce(sum(s.n) FILTER (WHERE s.channel = ${ch} AND s.key = ANY($3)), 0)`;
  }).join(',\n');
  const res = await db.query(
    `WITH targets AS (SELECT DISTINCT unnest($1::bigint[]) AS id),
          members AS (SELECT t.id AS target, t.id AS member FROM targets t
                      UNION ALL SELECT t.id, d.id FROM targets t JOIN datasets d ON d.root_id = t.id),
          s AS (SELECT m.target, r.channel, r.channel || ':' || r.status AS key, r.count AS n
                  FROM members m JOIN dataset_rollups r ON r.dataset_id = m.member)
     INSERT INTO summary_snapshots (dataset_id, insert_at, imported_all, queued_all, completed_all,
                                    imported_phon, queued_phon, completed_phon, imported_sms, queued_sms, completed_sms,
                                    imported_email, queued_email, completed_email)
     SELECT t.id, now(),
            coalesce(sum(s.n), 0), coalesce(sum(s.n) FILTER (WHERE s.key = ANY($2)), 0),
            coalesce(sum(s.n) FILTER (WHERE s.key = ANY($3)), 0),
            ${perChannel}
       FROM targets t JOIN datasets d ON d.id = t.id LEFT JOIN s ON s.target = t.id
      GROUP BY t.id`,
    [datasetIds, QUEUED_KEYS, COMPLETED_KEYS, ...CHANNELS],
  );
  return res.rowCount ?? 0;
}

/**
 * How long before a campaign's last snapshot a change of its rollups still counts as one the snapshot may have missed.
 * A rollup's `updated_at` is its batch's start (now()), and a batch that began before a snapshot and committed after it
 * is not in it, though its time is earlier: far longer than any ingest transaction. Such a campaign gets one snapshot
 * more (the same counts when nothing was missed).
 */
const SNAPSHOT_OVERLAP_SECONDS = 5 * 60;

/**
 * Campaigns whose counts changed since their last snapshot (or that have none yet), and the roots of
 * those campaigns: the ones the 10-minute job writes a snapshot for.
 */
export async function activeDatasets(db: Db | DbClient): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH active AS (
       SELECT r.dataset_id AS id FROM dataset_rollups r GROUP BY r.dataset_id
       HAVING max(r.updated_at) > coalesce(
         (SELECT max(s.insert_at) FROM summary_snapshots s WHERE s.dataset_id = r.dataset_id), '-infinity')
         - make_interval(secs => $1))
     SELECT id FROM active
     UNION SELECT d.root_id FROM active a JOIN datasets d ON d.id = a.id WHERE d.root_id IS NOT NULL
     ORDER BY 1`,
    [SNAPSHOT_OVERLAP_SECONDS],
  );
  return rows.map((r) => r.id);
}
