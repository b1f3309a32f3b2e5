import type { SuppressionType, SuppressionUploadError } from '@psps/contracts';

/**
 * Every statement of the suppression feature, with $n parameters. "Current" rows have ended_by IS NULL (the
 * partial indexes hold only them); "active" rows are current and inside their start/end (DESIGN §4).
 */

const ACTIVE = 'ended_by IS NULL AND start_ts <= now() AND (end_ts IS NULL OR end_ts > now())';
const ROW = 'row_id_bint, group_vch, supress_type, value_vch, start_ts, end_ts, created_ts';

export type RowFromDb = {
  row_id_bint: number;
  group_vch: string;
  supress_type: SuppressionType;
  value_vch: string;
  start_ts: Date;
  end_ts: Date | null;
  created_ts: Date;
};

export type UploadRow = {
  id: number;
  group_vch: string;
  mode: 'full' | 'incremental';
  status: 'receiving' | 'staged' | 'applied' | 'failed' | 'expired' | 'discarded';
  group_version: number | null;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: SuppressionUploadError[];
  created_by: string;
  /** Null for an upload made before users were recorded by id. */
  created_by_user_id: number | null;
  expired: boolean;
  previewed_added: number | null;
  previewed_removed: number | null;
};

// Lists ----------------------------------------------------------------------------------------------------------

/**
 * Active values per group and type: the current count kept by the triggers of suppression_counts, less the current
 * values not active now (own end passed; start still ahead: a start later than the row's creation, since a row is
 * never created in the future), each read from a small partial index. Only groups and types with active values.
 */
const ACTIVE_COUNTS = `SELECT c.group_vch, c.supress_type,
         (c.current_count - coalesce(sum(i.n), 0))::bigint AS valid_count
    FROM suppression_counts c
    LEFT JOIN (SELECT group_vch, supress_type, count(*) AS n FROM suppressions
                WHERE ended_by IS NULL AND end_ts IS NOT NULL AND end_ts <= now()
                GROUP BY group_vch, supress_type
               UNION ALL
               SELECT group_vch, supress_type, count(*) FROM suppressions
                WHERE ended_by IS NULL AND start_ts > created_ts AND start_ts > now()
                  AND (end_ts IS NULL OR end_ts > now())
                GROUP BY group_vch, supress_type) i
      ON i.group_vch = c.group_vch AND i.supress_type = c.supress_type
   GROUP BY c.group_vch, c.supress_type, c.current_count
  HAVING c.current_count - coalesce(sum(i.n), 0) > 0`;

/**
 * Page totals are counted from the indexes (COUNT_ACTIVE, SEARCH_GROUP_COUNT) in one statement with nothing kept
 * aside. The kept counts (KEPT_ACTIVE, KEPT_GROUP_ACTIVE, ~1 ms) only say early where a page lies, so that the page
 * is read while the count is taken (see pageWhileCounting in service.ts): every page then costs about one count,
 * whatever its depth.
 */
export const COUNT_ACTIVE = `SELECT count(*) AS n FROM suppressions WHERE ${ACTIVE}`;
export const KEPT_ACTIVE = `SELECT coalesce(sum(valid_count), 0)::bigint AS n FROM (${ACTIVE_COUNTS}) a`;
export const KEPT_GROUP_ACTIVE = `SELECT coalesce(sum(valid_count), 0)::bigint AS n FROM (${ACTIVE_COUNTS}) a
  WHERE group_vch = $1`;
/**
 * A page of current rows in (group, type, value) order: the page's keys come from an index-only scan of
 * suppressions_current_key (skipping `offset` entries costs no table visits), then the page's 50 rows are fetched.
 */
const ROW_S = ROW.split(', ')
  .map((column) => `s.${column}`)
  .join(', ');
const pageOfKeys = (keys: string, order: string) => `SELECT ${ROW_S} FROM (${keys}) k
  JOIN suppressions s ON s.group_vch = k.group_vch AND s.supress_type = k.supress_type AND s.value_vch = k.value_vch
   AND s.ended_by IS NULL
  ORDER BY ${order}`;

export const LIST_PAGE_ASC = pageOfKeys(
  `SELECT group_vch, supress_type, value_vch FROM suppressions WHERE ${ACTIVE}
    ORDER BY group_vch, supress_type, value_vch LIMIT $1 OFFSET $2`,
  'k.group_vch, k.supress_type, k.value_vch',
);
export const LIST_PAGE_DESC = pageOfKeys(
  `SELECT group_vch, supress_type, value_vch FROM suppressions WHERE ${ACTIVE}
    ORDER BY group_vch DESC, supress_type DESC, value_vch DESC LIMIT $1 OFFSET $2`,
  'k.group_vch DESC, k.supress_type DESC, k.value_vch DESC',
);

export const SUMMARY = `SELECT group_vch, supress_type, valid_count FROM (${ACTIVE_COUNTS}) a
  ORDER BY group_vch, supress_type`;

/** The names of the groups holding active values (the summary's groups), in name order. */
export const GROUP_NAMES = `SELECT DISTINCT group_vch FROM (${ACTIVE_COUNTS}) a ORDER BY group_vch`;

// Search: three disjoint parts (group; value ranges outside that group; type outside both) -----------------------

const IN_RANGES = '((value_vch >= $2 AND value_vch < $3) OR (value_vch >= $4 AND value_vch < $5))';
const ALL_TYPES = `supress_type = ANY('{PHONE,SMS,EMAIL,ACCOUNT}'::text[])`;

export const SEARCH_GROUP_COUNT = `SELECT count(*) AS n FROM suppressions WHERE group_vch = $1 AND ${ACTIVE}`;
export const SEARCH_GROUP_ASC = pageOfKeys(
  `SELECT group_vch, supress_type, value_vch FROM suppressions WHERE group_vch = $1 AND ${ACTIVE}
    ORDER BY supress_type, value_vch LIMIT $2 OFFSET $3`,
  'k.supress_type, k.value_vch',
);
export const SEARCH_GROUP_DESC = pageOfKeys(
  `SELECT group_vch, supress_type, value_vch FROM suppressions WHERE group_vch = $1 AND ${ACTIVE}
    ORDER BY supress_type DESC, value_vch DESC LIMIT $2 OFFSET $3`,
  'k.supress_type DESC, k.value_vch DESC',
);

const VALUE_MATCH = `${ALL_TYPES} AND ${IN_RANGES} AND group_vch <> $1 AND ${ACTIVE}`;
export const SEARCH_VALUE_COUNT = `SELECT count(*) AS n FROM suppressions WHERE ${VALUE_MATCH}`;
export const SEARCH_VALUE_ASC = `SELECT ${ROW} FROM suppressions WHERE ${VALUE_MATCH}
  ORDER BY supress_type, value_vch, group_vch LIMIT $6 OFFSET $7`;
export const SEARCH_VALUE_DESC = `SELECT ${ROW} FROM suppressions WHERE ${VALUE_MATCH}
  ORDER BY supress_type DESC, value_vch DESC, group_vch DESC LIMIT $6 OFFSET $7`;

const TYPE_MATCH = `supress_type = $1 AND group_vch <> $2
  AND NOT ((value_vch >= $3 AND value_vch < $4) OR (value_vch >= $5 AND value_vch < $6)) AND ${ACTIVE}`;
export const SEARCH_TYPE_COUNT = `SELECT count(*) AS n FROM suppressions WHERE ${TYPE_MATCH}`;
export const SEARCH_TYPE_ASC = `SELECT ${ROW} FROM suppressions WHERE ${TYPE_MATCH}
  ORDER BY value_vch, group_vch LIMIT $7 OFFSET $8`;
export const SEARCH_TYPE_DESC = `SELECT ${ROW} FROM suppressions WHERE ${TYPE_MATCH}
  ORDER BY value_vch DESC, group_vch DESC LIMIT $7 OFFSET $8`;

// The messaging engine's check: (index asked, type, normalised value) triples, one index probe each ---------------

export const CHECK_VALUES = `SELECT q.i, s.group_vch, s.supress_type
  FROM unnest($1::int[], $2::text[], $3::text[]) AS q(i, t, v)
  JOIN suppressions s ON s.supress_type = q.t AND s.value_vch = q.v
  WHERE s.ended_by IS NULL AND s.start_ts <= now() AND (s.end_ts IS NULL OR s.end_ts > now())
  ORDER BY q.i, s.group_vch, s.supress_type`;

// Download through a cursor --------------------------------------------------------------------------------------

/** Times as ISO 8601 UTC text, as Date.toISOString() writes them (milliseconds). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** One download line (data.csv, without its CRLF): group, type, value, start_ts, end_ts, created_ts. */
const DOWNLOAD_LINE = `suppression_csv_cell(group_vch) || ',' || suppression_csv_cell(supress_type) || ','
  || suppression_csv_cell(value_vch) || ',' || ${isoText('start_ts')} || ',' || coalesce(${isoText('end_ts')}, '')
  || ',' || ${isoText('created_ts')}`;
/** The download, as COPY text (one line a row); one group's (and type's) through SET_DOWNLOAD_GROUP (and _TYPE). */
export const COPY_DOWNLOAD_ALL = `COPY (SELECT ${DOWNLOAD_LINE} FROM suppressions WHERE ${ACTIVE}
  ORDER BY group_vch, supress_type, value_vch) TO STDOUT`;
export const COPY_DOWNLOAD_GROUP = `COPY (SELECT ${DOWNLOAD_LINE} FROM suppressions
  WHERE group_vch = current_setting('psps.suppression_download') AND ${ACTIVE}
  ORDER BY supress_type, value_vch) TO STDOUT`;
export const COPY_DOWNLOAD_GROUP_TYPE = `COPY (SELECT ${DOWNLOAD_LINE} FROM suppressions
  WHERE group_vch = current_setting('psps.suppression_download')
    AND supress_type = current_setting('psps.suppression_download_type') AND ${ACTIVE}
  ORDER BY value_vch) TO STDOUT`;
export const SET_DOWNLOAD_GROUP = "SELECT set_config('psps.suppression_download', $1, true)";
export const SET_DOWNLOAD_TYPE = "SELECT set_config('psps.suppression_download_type', $1, true)";
/** For tests: the download's cell for a text. */
export const CSV_CELL = 'SELECT suppression_csv_cell($1) AS cell';

// Groups ---------------------------------------------------------------------------------------------------------

/** Groups whose name equals $1 but for capitals (ASCII letters): a search for 'opt-out 2026' finds 'Opt-out 2026'. */
export const GROUPS_NAMED_LIKE = `SELECT group_vch FROM suppression_groups WHERE lower(group_vch) = lower($1)
  ORDER BY group_vch LIMIT 3`;

export const GROUP_HAS_CURRENT = `SELECT 1 FROM suppressions WHERE group_vch = $1 AND ${ACTIVE} LIMIT 1`;
export const ENSURE_GROUP = 'INSERT INTO suppression_groups (group_vch) VALUES ($1) ON CONFLICT DO NOTHING';
export const LOCK_GROUP = 'SELECT version FROM suppression_groups WHERE group_vch = $1 FOR UPDATE';
export const BUMP_GROUP =
  'UPDATE suppression_groups SET version = version + 1, updated_ts = now() WHERE group_vch = $1';

// Changes --------------------------------------------------------------------------------------------------------

/** Current rows whose own end has passed leave the current set, so that a value listed again starts afresh. */
export const RETIRE_ENDED = `UPDATE suppressions SET ended_by = 'system: end passed'
  WHERE group_vch = $1 AND ended_by IS NULL AND end_ts IS NOT NULL AND end_ts <= now()`;

/**
 * Incremental upload: staged values not current in the group start (at their start column, else the start of the
 * row END_REDATED_STAGED just ended for them — $4 types, $5 values, $6 starts — else now). Inserted in index
 * order (type, value): the index entries of a file in any order then go in page by page, not at random (a shuffled
 * million-line file into a new group: apply 17.8 s unsorted, 11.8 s sorted).
 */
export const INSERT_STAGED = `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by, upload_id)
  SELECT $1, s.supress_type, s.value_vch, coalesce(s.start_ts, r.start_ts, now()), s.end_ts, $3, $2
    FROM suppression_staging s
    LEFT JOIN unnest($4::text[], $5::text[], $6::timestamptz[]) AS r(t, v, start_ts)
      ON r.t = s.supress_type AND r.v = s.value_vch
   WHERE s.upload_id = $2
     AND NOT EXISTS (SELECT 1 FROM suppressions c
                      WHERE c.group_vch = $1 AND c.supress_type = s.supress_type AND c.value_vch = s.value_vch
                        AND c.ended_by IS NULL)
   ORDER BY s.supress_type, s.value_vch`;

/**
 * A full upload's preview reads the group's version and current values in one snapshot (repeatable read): the
 * values whose own end has not passed, with whether they have an end, and their row id (all from
 * suppressions_current_key: an index-only scan). COPY takes no parameters, so the group name
 * travels in a transaction-local setting (set with SET_COPY_GROUP).
 */
export const GROUP_VERSION = 'SELECT version FROM suppression_groups WHERE group_vch = $1';
/** The group's current values per type, as kept by the triggers of suppression_counts. */
export const GROUP_KEPT_COUNTS =
  'SELECT supress_type, current_count AS n FROM suppression_counts WHERE group_vch = $1';
export const SET_COPY_GROUP = "SELECT set_config('psps.suppression_group', $1, true)";
export const COPY_GROUP_CURRENT = `COPY (SELECT supress_type, value_vch, end_ts IS NOT NULL, row_id_bint FROM suppressions
  WHERE group_vch = current_setting('psps.suppression_group')
    AND ended_by IS NULL AND (end_ts IS NULL OR end_ts > now())) TO STDOUT`;

/**
 * A full upload's difference, kept in its staging partition: 'add' rows (file values the group lacks), 'remove'
 * rows (group values the file lacks) and 'keep' rows (file values current in the group with an end, which may pass
 * before the apply).
 */
export const COPY_STAGING_KINDS =
  'COPY suppression_staging (upload_id, line, supress_type, value_vch, start_ts, end_ts, kind, row_id) FROM STDIN';

/** The staging partition's difference rows: counted before applying. */
export const STAGING_KINDS = `SELECT count(*) FILTER (WHERE kind = 'add') AS added,
    count(*) FILTER (WHERE kind = 'remove') AS removed
  FROM suppression_staging WHERE upload_id = $1`;

/**
 * Full upload apply: the previewed 'remove' rows end now (those still current), found by their row ids: primary key
 * probes (the array is sorted by the index scan) rather than a join of the whole group by value. $1 upload, $2 who.
 * The row ids were read from the group's current rows by the preview, and the apply runs only while the group's
 * version is the preview's, so they are still the group's. The group is not named here on purpose: with it, a
 * planner whose statistics do not know a group yet (one created or filled since the table was last analysed is
 * estimated at one row) walks the whole group and tests each row against the whole array, 10,000 removals from a
 * 20,000-value group taking 1.9 s instead of milliseconds, and a million-value group hours.
 */
export const END_PREVIEWED = `UPDATE suppressions SET end_ts = now(), ended_by = $2
 WHERE row_id_bint = ANY(ARRAY(SELECT row_id FROM suppression_staging
                                WHERE upload_id = $1 AND kind = 'remove'))
   AND ended_by IS NULL`;

/**
 * The staged values (`where`, on the staging row `s`) whose current row in group $1 (`c`) has dates other than the
 * file gives: another end (or none where the row has one), or a start the file gives that is not the row's.
 * Compared to the millisecond: a file holds no finer times (data.csv writes milliseconds, the database keeps
 * microseconds), so a downloaded list uploaded again unchanged leaves every value as it is.
 *
 * Each staged value looks up its current row (an index probe of suppressions_current_key; LIMIT 1: there is at most
 * one). The lookup is kept apart from the rest of the query so that the staging always drives it: as a plain join,
 * a planner that estimates a group unknown to its statistics at one row puts the group's rows outside and reads the
 * whole staging partition once for each of them (a 20,000-value group: 37 s instead of milliseconds; a
 * million-value group: hours, with the group locked).
 */
const STAGED_REDATED = (where: string) => `SELECT c.row_id_bint
  FROM suppression_staging s
  CROSS JOIN LATERAL (SELECT c.row_id_bint, c.start_ts, c.end_ts FROM suppressions c
                       WHERE c.group_vch = $1 AND c.supress_type = s.supress_type AND c.value_vch = s.value_vch
                         AND c.ended_by IS NULL
                       LIMIT 1) c
 WHERE ${where}
   AND (s.end_ts IS DISTINCT FROM date_trunc('milliseconds', c.end_ts)
        OR (s.start_ts IS NOT NULL AND s.start_ts <> date_trunc('milliseconds', c.start_ts)))`;

/** Ends the current rows STAGED_REDATED finds, answering each with its start. $3: who. */
const END_STAGED_REDATED = (where: string) => `UPDATE suppressions u SET end_ts = now(), ended_by = $3
  FROM (${STAGED_REDATED(where)}) r
 WHERE u.row_id_bint = r.row_id_bint AND u.ended_by IS NULL
 RETURNING u.supress_type, u.value_vch, u.start_ts`;

/** A full upload's 'keep' rows: values the group holds with an end, or that the file gives dates. $2 upload. */
const KEPT = "s.upload_id = $2 AND s.kind = 'keep'";

/** The preview's count of values whose dates the apply would change. $1 group, $2 upload. */
export const REDATED_COUNT = `SELECT count(*) AS n FROM (${STAGED_REDATED(KEPT)}) r`;

/**
 * Full upload apply, after RETIRE_ENDED_RETURNING: ends the current rows of redated values, answering them with
 * their start (kept by the rows that replace them, unless the file gives one). $1 group, $2 upload, $3 who.
 */
export const END_REDATED = END_STAGED_REDATED(KEPT);

/**
 * Incremental upload, after RETIRE_ENDED: a value already current whose file line gives dates other than its own
 * (a line without dates leaves the value as it is) ends, answered with its start; INSERT_STAGED puts it back with
 * the file's dates. $1 group, $2 upload, $3 who.
 */
export const END_REDATED_STAGED = END_STAGED_REDATED(
  's.upload_id = $2 AND (s.start_ts IS NOT NULL OR s.end_ts IS NOT NULL)',
);

/** RETIRE_ENDED, answering the values retired. */
export const RETIRE_ENDED_RETURNING = `${RETIRE_ENDED} RETURNING supress_type, value_vch`;

/**
 * Full upload apply, after RETIRE_ENDED_RETURNING and END_REDATED: inserts the previewed 'add' rows, and the 'keep'
 * rows no longer current ($4 types, $5 values, $6 starts): those the retirement just removed (their end passed after
 * the preview counted them unchanged; start null: they start afresh) and the redated ones (their original start
 * unless the file gives one), so that every value of the file is current afterwards, with the file's dates. In index
 * order, as INSERT_STAGED.
 */
export const INSERT_PREVIEWED = `INSERT INTO suppressions (group_vch, supress_type, value_vch, start_ts, end_ts, created_by, upload_id)
  SELECT $1, s.supress_type, s.value_vch, coalesce(s.start_ts, now()), s.end_ts, $3, $2
    FROM suppression_staging s
   WHERE s.upload_id = $2 AND s.kind = 'add'
  UNION ALL
  SELECT $1, s.supress_type, s.value_vch, coalesce(s.start_ts, r.start_ts, now()), s.end_ts, $3, $2
    FROM suppression_staging s JOIN unnest($4::text[], $5::text[], $6::timestamptz[]) AS r(t, v, start_ts)
      ON r.t = s.supress_type AND r.v = s.value_vch
   WHERE s.upload_id = $2 AND s.kind = 'keep'
  ORDER BY 2, 3`;

/** Memory for the hash joins of an upload (one transaction): a million values hash in about 60 MB. */
export const UPLOAD_WORK_MEM = "SET LOCAL work_mem = '256MB'";

export const END_ROW = `UPDATE suppressions SET end_ts = now(), ended_by = $3
  WHERE row_id_bint = $1 AND group_vch = $2 AND ended_by IS NULL AND (end_ts IS NULL OR end_ts > now())
  RETURNING supress_type, value_vch`;

/**
 * The group of a row, ended or not, and whether its value is active in that group under another row (an upload gave
 * it new dates since): what a refused row delete says.
 */
export const ROW_GROUP = `SELECT o.group_vch,
    EXISTS (SELECT 1 FROM suppressions c
             WHERE c.group_vch = o.group_vch AND c.supress_type = o.supress_type AND c.value_vch = o.value_vch
               AND ${ACTIVE}) AS still_active
  FROM suppressions o WHERE o.row_id_bint = $1`;

export const END_GROUP_TYPE = `UPDATE suppressions SET end_ts = now(), ended_by = $3
  WHERE group_vch = $1 AND supress_type = $2 AND ended_by IS NULL AND (end_ts IS NULL OR end_ts > now())`;

// Uploads --------------------------------------------------------------------------------------------------------

export const INSERT_UPLOAD = `INSERT INTO suppression_uploads (group_vch, mode, created_by, created_by_user_id)
  VALUES ($1, $2, $3, $4) RETURNING id`;

export const COPY_STAGING =
  'COPY suppression_staging (upload_id, line, supress_type, value_vch, start_ts, end_ts) FROM STDIN';

export const MARK_STAGED = `UPDATE suppression_uploads
  SET status = 'staged', staged_ts = now(), lines = $2::bigint + $3::bigint + $4::bigint, accepted = $2, duplicates = $3, rejected = $4,
      errors = $5::jsonb, group_version = $6, expires_ts = $7
  WHERE id = $1`;

/** The first values a full upload would remove (type, then value), for the preview. */
export const REMOVED_SAMPLE = `SELECT supress_type AS type, value_vch AS value FROM suppression_staging
  WHERE upload_id = $1 AND kind = 'remove' ORDER BY supress_type, value_vch LIMIT $2`;

/** Other groups holding values whose name equals $1 but for capitals and runs of spaces. */
export const SIMILAR_GROUPS = `SELECT group_vch FROM suppression_counts
  WHERE current_count > 0 AND group_vch <> $1
    AND lower(regexp_replace(btrim(group_vch), '\\s+', ' ', 'g')) = lower(regexp_replace(btrim($1), '\\s+', ' ', 'g'))
  GROUP BY group_vch ORDER BY group_vch LIMIT 5`;

export const SET_PREVIEW =
  'UPDATE suppression_uploads SET added = $2, removed = $3, unchanged = $4, redated = $5 WHERE id = $1';

export const MARK_APPLIED = `UPDATE suppression_uploads
  SET status = 'applied', applied_ts = now(), applied_by = $2, added = $3, removed = $4, unchanged = $5, redated = $6
  WHERE id = $1`;

export const MARK_FAILED = `UPDATE suppression_uploads SET status = 'failed', failure = $2
  WHERE id = $1 AND status IN ('receiving', 'staged')`;

export const CLOSE_UPLOAD = `UPDATE suppression_uploads SET status = $2, failure = $3
  WHERE id = $1 AND status = 'staged'`;

export const LOCK_UPLOAD = `SELECT id, group_vch, mode, status, group_version, accepted, duplicates, rejected, errors,
    created_by, created_by_user_id, coalesce(expires_ts <= now(), false) AS expired
    , added AS previewed_added, removed AS previewed_removed
  FROM suppression_uploads WHERE id = $1 FOR UPDATE`;

/**
 * Uploads left open become expired (a preview past its time) or failed (a file still being received after an hour:
 * its server stopped); returned with the closed uploads whose staging partition is still there, to be dropped.
 */
export const SWEEP_UPLOADS = `WITH swept AS (
    UPDATE suppression_uploads
       SET status = CASE WHEN status = 'staged' THEN 'expired' ELSE 'failed' END,
           failure = CASE WHEN status = 'receiving'
                          THEN 'The upload stopped before its file was read to the end.' ELSE failure END
     WHERE (status = 'staged' AND expires_ts <= now())
        OR (status = 'receiving' AND created_ts < now() - interval '1 hour')
    RETURNING id)
  SELECT id FROM swept
  UNION
  SELECT u.id FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN suppression_uploads u ON c.relname = 'suppression_staging_' || u.id
   WHERE i.inhparent = 'suppression_staging'::regclass AND u.status IN ('applied', 'failed', 'expired')`;
