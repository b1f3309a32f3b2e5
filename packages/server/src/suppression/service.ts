import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  SUPPRESSION_GROUP_NAME_SPACES,
  SUPPRESSION_PREVIEW_REMOVED_MAX,
  SUPPRESSION_RESULTS_PAGE_SIZE,
  SUPPRESSION_SEARCH_PREFIX_MIN,
  SUPPRESSION_SUMMARY_PAGE_SIZE,
  SUPPRESSION_TEXTS,
  SUPPRESSION_TYPES,
  type SuppressionCheckBody,
  type SuppressionCheckResult,
  type SuppressionFullUploadApplied,
  type SuppressionFullUploadDiscarded,
  type SuppressionFullUploadPreview,
  type SuppressionGroupsAnswer,
  type SuppressionRow,
  type SuppressionRowsAnswer,
  type SuppressionSummaryAnswer,
  type SuppressionType,
  type SuppressionUploadAnswer,
  type SuppressionUploadError,
  type SuppressionUploadHeader,
  type SuppressionUploadKind,
} from '@psps/contracts';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type Actor, recordAudit } from '../audit/log.ts';
import type { Config } from '../config.ts';
import { type Db, type DbClient, type Queryable, withTransaction } from '../db/pool.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { type CheckHit, checkBatcher } from './check-batcher.ts';
import { copyEscape } from './copy-text.ts';
import { csvFromCopyText } from './csv-out.ts';
import { GroupCopyReader, GroupValues } from './group-values.ts';
import { mayBeAccountNumber, normalizeValue } from './normalize.ts';
import { parseUpload, type StartsLater, type UploadBatch, UploadFileError } from './parse-upload.ts';
import * as sql from './sql.ts';

/** Who made a change, from the session (never a header): recorded on rows and in the audit log. */
export type UploadMode = 'full' | 'incremental';

/** An upload whose file is being read; created before the file is read so that a crash leaves a trace. */
/** `timeZone`: of the file's dates and times written without an offset (UTC when absent). */
export type OpenUpload = { id: number; group: string; mode: UploadMode; actor: Actor; timeZone?: string };

/** What reading the file gave: its counts and first errors, the values being in the staging partition. */
type StagedFile = {
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: SuppressionUploadError[];
  /** Line 1 read as a header (absent when it is data). */
  header?: SuppressionUploadHeader;
  /** Accepted values whose start is still to come (absent when none). */
  startsLater?: StartsLater;
};

/** A full upload's file matched against its group: the staging partition holds the difference. */
type StagedDiff = StagedFile & { version: number; added: number; removed: number };

export class UploadTooLargeError extends HttpError {
  /** `kind`: of the upload refused, whose advice differs (an incremental upload is already one of changes). */
  constructor(maxBytes: number, kind: SuppressionUploadKind = 'full') {
    super(
      413,
      'payload_too_large',
      `The file is larger than the ${formatBytes(maxBytes)} an upload may have. ${
        kind === 'full'
          ? 'Split it, or upload only the changes with an incremental upload.'
          : 'Split it into smaller files and upload them one after another.'
      }`,
    );
  }
}

/**
 * Suppression lists: reading (list, summary, search, download, the engine's check) and changing (uploads, deletes).
 *
 * Invariants:
 * - Changes to a group lock its suppression_groups row first and bump its version in the same transaction.
 * - An upload's file is read completely into its staging partition before any list changes; the change itself is
 *   one transaction. A failure or crash at any point before COMMIT leaves the lists exactly as they were.
 * - Every change writes an audit_log row in its own transaction: who (session), what, how many rows.
 */
export function suppressionService(db: Db, config: Config, streamDb: Db) {
  const { previewMs } = config.suppression;
  // A named statement: each connection parses and plans it once, not on every call.
  const checks = checkBatcher<SuppressionType>(async (pairs) => {
    const { rows } = await db.query<CheckHit<SuppressionType>>({
      name: 'suppression-check',
      text: sql.CHECK_VALUES,
      values: [pairs.index, pairs.type, pairs.value],
    });
    return rows;
  });

  return {
    /** getPaginatedCampaigns: active values ordered by group, type, value; a page past the end gives page 1. */
    async list(page: number): Promise<SuppressionRowsAnswer> {
      const size = SUPPRESSION_RESULTS_PAGE_SIZE;
      const rows: PageQuery = (offset, limit, reverse) =>
        db.query(reverse ? sql.LIST_PAGE_DESC : sql.LIST_PAGE_ASC, [limit, offset]);
      const { count: total, early } = await pageWhileCounting(
        countOf(db, sql.COUNT_ACTIVE, []),
        countOf(db, sql.KEPT_ACTIVE, []),
        (page - 1) * size,
        size,
        rows,
      );
      const offset = (page - 1) * size < total ? (page - 1) * size : 0;
      const data = (await early(offset)) ?? (await pageOfPart(total, offset, size, rows));
      return { data, rows: total };
    },

    /** getPaginatedCampaigns?data=groupNameAndType: active counts per group and type, 5 a page. */
    /** The names of the groups holding active values, for the upload dialog's group name. */
    async groups(): Promise<SuppressionGroupsAnswer> {
      const { rows } = await db.query<{ group_vch: string }>(sql.GROUP_NAMES);
      return { data: rows.map((row) => row.group_vch) };
    },

    async summary(page: number): Promise<SuppressionSummaryAnswer> {
      const { rows } = await db.query<{
        group_vch: string;
        supress_type: SuppressionType;
        valid_count: number;
      }>(sql.SUMMARY);
      const size = SUPPRESSION_SUMMARY_PAGE_SIZE;
      const start = (page - 1) * size < rows.length ? (page - 1) * size : 0;
      return { data: rows.slice(start, start + size), rows: rows.length };
    },

    /**
     * Search active values by group (exact name), value (exact or prefix, of the text as typed and as normalised:
     * '(415) 555' finds '+1415555…', 'Jane@X' finds 'jane@x…') or type (exact name). Results come in that order:
     * the group's values, then values matching the text, then values of the type; each part is a range of one
     * index, so a page costs a count and one index range whatever the page.
     */
    async search(text: string, page: number): Promise<SuppressionRowsAnswer> {
      const query = searchTerms(text);
      query.group = await groupNamed(db, query.group);
      const parts: SearchPart[] = [
        {
          count: () => countOf(db, sql.SEARCH_GROUP_COUNT, [query.group]),
          rows: (offset, limit, reverse) =>
            db.query(reverse ? sql.SEARCH_GROUP_DESC : sql.SEARCH_GROUP_ASC, [query.group, limit, offset]),
        },
      ];
      if (query.ranges.length > 0) {
        const [a, b] = [query.ranges[0]!, query.ranges[1] ?? query.ranges[0]!];
        const params = [query.group, a.from, a.to, b.from, b.to];
        parts.push({
          count: () => countOf(db, sql.SEARCH_VALUE_COUNT, params),
          rows: (offset, limit, reverse) =>
            db.query(reverse ? sql.SEARCH_VALUE_DESC : sql.SEARCH_VALUE_ASC, [...params, limit, offset]),
        });
      }
      if (query.type !== undefined) {
        const [a, b] = [query.ranges[0] ?? NO_RANGE, query.ranges[1] ?? query.ranges[0] ?? NO_RANGE];
        const params = [query.type, query.group, a.from, a.to, b.from, b.to];
        parts.push({
          count: () => countOf(db, sql.SEARCH_TYPE_COUNT, params),
          rows: (offset, limit, reverse) =>
            db.query(reverse ? sql.SEARCH_TYPE_DESC : sql.SEARCH_TYPE_ASC, [...params, limit, offset]),
        });
      }
      const size = SUPPRESSION_RESULTS_PAGE_SIZE;
      // The group part comes first: its page is read while the counts are taken.
      const [groupCounted, ...otherCounts] = await Promise.all([
        pageWhileCounting(
          parts[0]!.count(),
          countOf(db, sql.KEPT_GROUP_ACTIVE, [query.group]),
          (page - 1) * size,
          size,
          parts[0]!.rows,
        ),
        ...parts.slice(1).map((part) => part.count()),
      ]);
      const counts = [groupCounted!.count, ...(otherCounts as number[])];
      const total = counts.reduce((sum, n) => sum + n, 0);
      let offset = (page - 1) * size < total ? (page - 1) * size : 0;
      let wanted = size;
      const data: SuppressionRow[] = [];
      for (const [index, part] of parts.entries()) {
        const count = counts[index]!;
        if (wanted === 0) break;
        if (offset >= count) {
          offset -= count;
          continue;
        }
        const early = index === 0 ? await groupCounted!.early(offset) : undefined;
        const rows = early ?? (await pageOfPart(count, offset, wanted, part.rows));
        data.push(...rows);
        wanted -= rows.length;
        offset = 0;
      }
      return { data, rows: total };
    },

    /**
     * Starts an upload: refuses an incremental upload to a group without active values, clears uploads left behind
     * (crashed, failed, expired), records the upload and opens its staging partition.
     */
    async openUpload(mode: UploadMode, group: string, actor: Actor, timeZone?: string): Promise<OpenUpload> {
      await sweepUploads(db);
      // A new group named with a run of spaces would show as its single-spaced twin everywhere ('Opt-out  2026'
      // beside 'Opt-out 2026'): refused before the file is read. A group that already holds values keeps working.
      if (mode === 'full' && REPEATED_SPACE.test(group)) {
        const { rows } = await db.query(sql.GROUP_HAS_CURRENT, [group]);
        if (rows.length === 0) throw badRequest(SUPPRESSION_GROUP_NAME_SPACES);
      }
      if (mode === 'incremental') await refuseUnknownGroup(db, group);
      const { rows } = await db.query<{ id: number }>(sql.INSERT_UPLOAD, [
        group,
        mode,
        actor.actor,
        actor.userId,
      ]);
      const id = rows[0]!.id;
      await db.query('SELECT suppression_staging_open($1)', [id]);
      return { id, group, mode, actor, ...(timeZone === undefined ? {} : { timeZone }) };
    },

    /** Incremental upload: reads the file into staging, then adds its new values to the group in one transaction. */
    async receiveIncremental(
      upload: OpenUpload,
      file: AsyncIterable<Uint8Array | string>,
    ): Promise<SuppressionUploadAnswer> {
      return receiveWith(db, upload, async () => {
        const staged = await stageFile(streamDb, upload, file);
        // An upload that adds nothing must not look like one that worked ('File Uploaded Successfuly!').
        if (staged.accepted === 0) throw noValidValue(staged);
        return applyIncremental(db, upload, staged);
      });
    },

    /** Full upload, step 1: reads the file into staging and answers what applying it would change. */
    async receiveFull(
      upload: OpenUpload,
      file: AsyncIterable<Uint8Array | string>,
    ): Promise<SuppressionFullUploadPreview> {
      return receiveWith(db, upload, async () => {
        const group = await loadGroup(db, upload.group);
        const staged = await stageFile(streamDb, upload, file, group.values);
        return preview(db, upload, { ...staged, ...group.diffOf(staged) }, previewMs);
      });
    },

    /** Marks an upload failed when its request ended before the file was read (no file, too large, aborted). */
    async abandonUpload(upload: OpenUpload, error: unknown): Promise<void> {
      await failUpload(db, upload.id, error);
    },

    /**
     * Applies a previewed full upload in one transaction: values absent from the file end now, values new to the
     * group start, values in both stay as they are (with their original start). Refused when the preview expired,
     * was already applied, or the group changed since it was computed.
     */
    async applyFullUpload(
      uploadId: number,
      actor: Actor,
      group?: string,
    ): Promise<SuppressionFullUploadApplied> {
      // A preview that can never be applied any more is closed after the refusal, and its staging dropped.
      let close: { status: 'failed' | 'expired'; reason: string } | undefined;
      const refuse = (status: 'failed' | 'expired', message: string) => {
        close = { status, reason: message };
        return conflict(message);
      };
      const answer = await withTransaction(db, async (client) => {
        const upload = await lockPreview(client, uploadId, group, actor, 'apply');
        if (upload.status === 'applied') throw conflict('This upload has already been applied.');
        if (upload.status === 'expired' || (upload.status === 'staged' && upload.expired)) {
          throw refuse('expired', 'This preview has expired. Upload the file again to see a fresh preview.');
        }
        if (upload.status === 'discarded') {
          throw conflict('This preview was discarded. Upload the file again to see a fresh preview.');
        }
        if (upload.status !== 'staged') {
          throw conflict('This upload did not finish reading its file. Upload the file again.');
        }
        const version = await lockGroup(client, upload.group_vch);
        if (version !== upload.group_version) {
          throw refuse(
            'failed',
            `The group "${upload.group_vch}" changed after this preview. Upload the file again to see a fresh preview.`,
          );
        }
        const { rows: kinds } = await client.query<{ added: number; removed: number }>(sql.STAGING_KINDS, [
          uploadId,
        ]);
        const staged = kinds[0]!;
        if (staged.added !== upload.previewed_added || staged.removed !== upload.previewed_removed) {
          // The staging partition is unlogged: after a database crash it comes back empty. Applying it would
          // silently leave out the previewed changes, so refuse.
          throw refuse('failed', 'The uploaded values are no longer available. Upload the file again.');
        }
        await client.query(sql.UPLOAD_WORK_MEM);
        // The difference computed by the preview still holds: the group's version has not changed since.
        const { rows: retired } = await client.query<{ supress_type: string; value_vch: string }>(
          sql.RETIRE_ENDED_RETURNING,
          [upload.group_vch],
        );
        const removed = (await client.query(sql.END_PREVIEWED, [uploadId, actor.actor])).rowCount ?? 0;
        const { rows: redated } = await client.query<{
          supress_type: string;
          value_vch: string;
          start_ts: Date;
        }>(sql.END_REDATED, [upload.group_vch, uploadId, actor.actor]);
        const again = [
          ...retired.map((row) => ({ ...row, start_ts: null })),
          ...redated.map((row) => ({ ...row, start_ts: row.start_ts.toISOString() })),
        ];
        const inserted =
          (
            await client.query(sql.INSERT_PREVIEWED, [
              upload.group_vch,
              uploadId,
              actor.actor,
              again.map((row) => row.supress_type),
              again.map((row) => row.value_vch),
              again.map((row) => row.start_ts),
            ])
          ).rowCount ?? 0;
        const added = inserted - redated.length;
        const unchanged = upload.accepted - added - redated.length;
        await client.query(sql.BUMP_GROUP, [upload.group_vch]);
        await client.query(sql.MARK_APPLIED, [
          uploadId,
          actor.actor,
          added,
          removed,
          unchanged,
          redated.length,
        ]);
        await recordAudit(client, actor, 'suppression.upload.full', upload.group_vch, {
          uploadId,
          added,
          removed,
          unchanged,
          redated: redated.length,
          duplicates: upload.duplicates,
          rejected: upload.rejected,
          rows: added + removed + redated.length,
        });
        return {
          status: 200 as const,
          applied: true as const,
          uploadId,
          group: upload.group_vch,
          inserted: added,
          added,
          removed,
          unchanged,
          redated: redated.length,
          duplicates: upload.duplicates,
          rejected: upload.rejected,
          errors: upload.errors,
        };
      }).catch(async (error) => {
        if (close !== undefined) {
          await db.query(sql.CLOSE_UPLOAD, [uploadId, close.status, close.reason]);
          await dropStaging(db, uploadId);
        }
        throw error;
      });
      await dropStaging(db, uploadId);
      return answer;
    },

    /**
     * Discards a previewed full upload: it can never be applied afterwards, and its staging is dropped. A preview
     * that expired or failed is already beyond applying, so discarding it again answers the same.
     */
    async discardFullUpload(
      uploadId: number,
      actor: Actor,
      group?: string,
    ): Promise<SuppressionFullUploadDiscarded> {
      await withTransaction(db, async (client) => {
        const upload = await lockPreview(client, uploadId, group, actor, 'discard');
        if (upload.status === 'applied') throw conflict('This upload has already been applied.');
        if (upload.status === 'receiving') {
          throw conflict('This upload is still reading its file: there is no preview to discard yet.');
        }
        if (upload.status === 'staged') {
          await client.query(sql.CLOSE_UPLOAD, [uploadId, 'discarded', `discarded by ${actor.actor}`]);
          await recordAudit(client, actor, 'suppression.upload.discarded', upload.group_vch, {
            uploadId,
            rows: 0,
          });
        }
      });
      await dropStaging(db, uploadId);
      return { status: 200, discarded: true, uploadId };
    },

    /** deleteById/{row_id_bint}: ends one active value of the group. */
    async deleteRow(rowId: number, group: string, actor: Actor): Promise<number> {
      return withTransaction(db, async (client) => {
        await lockGroup(client, group);
        const { rows } = await client.query<{ supress_type: string; value_vch: string }>(sql.END_ROW, [
          rowId,
          group,
          actor.actor,
        ]);
        const row = rows[0];
        if (row === undefined) {
          const { rows: found } = await client.query<{ group_vch: string; still_active: boolean }>(
            sql.ROW_GROUP,
            [rowId],
          );
          const other = found[0]?.group_vch;
          // A script's mistake (the console sends the row's own group): said with the row id it sent.
          if (other === undefined)
            throw notFound(`There is no suppressed value with row id ${rowId}. Nothing was deleted.`);
          if (other !== group) {
            throw notFound(
              `Row ${rowId} is a value of the group "${other}", not of "${group}". Nothing was deleted.`,
            );
          }
          // Said for the operator, who sees values, not row ids (the id is in the request for whoever needs it). A
          // value given new dates has a row of its own: 'no longer active' would have the person taken for cleared.
          if (found[0]?.still_active) {
            throw notFound(
              `This value was changed after the list was shown (an upload or another operator gave it new dates) and is still active in the group "${group}". Nothing was deleted. Reload the list to delete it.`,
            );
          }
          throw notFound(
            `This value is no longer active in the group "${group}": another operator or an upload ended it first. Nothing was deleted.`,
          );
        }
        await client.query(sql.BUMP_GROUP, [group]);
        await recordAudit(client, actor, 'suppression.delete.row', group, {
          rowId,
          type: row.supress_type,
          value: row.value_vch,
          rows: 1,
        });
        return 1;
      });
    },

    /**
     * deleteById/groupNameAndType: ends every active value of one group and type; 404 when there is none (a
     * mistyped group, or another operator deleted them first): a success that deleted nothing would mislead.
     */
    async deleteGroupAndType(group: string, type: SuppressionType, actor: Actor): Promise<number> {
      return withTransaction(db, async (client) => {
        await lockGroup(client, group);
        const deleted = (await client.query(sql.END_GROUP_TYPE, [group, type, actor.actor])).rowCount ?? 0;
        if (deleted === 0) {
          throw notFound(`The group "${group}" has no active ${type} values. Nothing was deleted.`);
        }
        await client.query(sql.BUMP_GROUP, [group]);
        await recordAudit(client, actor, 'suppression.delete.group', group, { type, rows: deleted });
        return deleted;
      });
    },

    /** Records a download in the audit log: these are people's contact details. */
    async auditDownload(
      group: string | undefined,
      type: SuppressionType | undefined,
      actor: Actor,
    ): Promise<void> {
      await recordAudit(db, actor, 'suppression.download', group ?? null, {
        group: group ?? 'all',
        ...(type === undefined ? {} : { type }),
      });
    },

    /**
     * The download (data.csv) of the active values, all or one group's: one COPY whose text (each line formatted and
     * made formula-safe by suppression_csv_cell) streams through to the reader as fast as it reads (COPY pauses
     * while the reader is behind), so memory stays flat and no row becomes an object. One snapshot. A reader that
     * goes away ends the COPY by dropping its connection.
     */
    async activeCsv(group?: string, type?: SuppressionType): Promise<Readable> {
      const client = await streamDb.connect();
      let streaming = false;
      try {
        await client.query('BEGIN READ ONLY');
        if (group !== undefined) await client.query(sql.SET_DOWNLOAD_GROUP, [group]);
        if (type !== undefined) await client.query(sql.SET_DOWNLOAD_TYPE, [type]);
        const statement =
          group === undefined
            ? sql.COPY_DOWNLOAD_ALL
            : type === undefined
              ? sql.COPY_DOWNLOAD_GROUP
              : sql.COPY_DOWNLOAD_GROUP_TYPE;
        const copy = client.query(copyTo(statement));
        const csv = csvFromCopyText();
        pipeline(copy, csv)
          .then(() => client.query('COMMIT'))
          .then(
            () => client.release(),
            () => client.release(true),
          );
        streaming = true;
        return csv;
      } finally {
        if (!streaming) client.release(true);
      }
    },

    /** The messaging engine's check: for each value, the groups whose active list holds it (normalised). */
    async check(values: SuppressionCheckBody['values']): Promise<SuppressionCheckResult[]> {
      const results: SuppressionCheckResult[] = [];
      const asked = { index: [] as number[], type: [] as string[], value: [] as string[] };
      values.forEach((item, index) => {
        const lookup = checkLookup(item.value, item.type ?? undefined);
        if (!lookup.ok) {
          results.push({
            value: item.value,
            normalized: null,
            suppressed: false,
            groups: [],
            reason: lookup.reason,
          });
          return;
        }
        results.push({ value: item.value, normalized: lookup.value, suppressed: false, groups: [] });
        for (const type of lookup.types) {
          asked.index.push(index);
          asked.type.push(type);
          asked.value.push(lookup.value);
        }
      });
      if (asked.index.length > 0) {
        const rows = await checks.lookup(asked);
        for (const row of rows) {
          const result = results[row.i]!;
          result.suppressed = true;
          result.groups.push({ group: row.group_vch, type: row.supress_type });
        }
      }
      return results;
    },
  };
}

export type SuppressionService = ReturnType<typeof suppressionService>;

type PageQuery = (offset: number, limit: number, reverse: boolean) => Promise<{ rows: sql.RowFromDb[] }>;
type SearchPart = { count: () => Promise<number>; rows: PageQuery };

const NO_RANGE = { from: '', to: '' };
/** Two white-space characters in a row. */
const REPEATED_SPACE = /\s\s/;

/**
 * The group a search names: the text itself when a group has exactly that name, else the one group whose name equals
 * it but for capitals (none or several: the text, which then names no group).
 */
async function groupNamed(db: Queryable, text: string): Promise<string> {
  const { rows } = await db.query<{ group_vch: string }>(sql.GROUPS_NAMED_LIKE, [text]);
  if (rows.some((row) => row.group_vch === text)) return text;
  return rows.length === 1 ? rows[0]!.group_vch : text;
}

async function countOf(db: Queryable, text: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(text, params);
  return rows[0]?.n ?? 0;
}

/** One page of `total` rows; a page past the end is page 1 (document 2 §4). */
/**
 * A page of a range read while the range's exact count is taken, rather than after it: the kept count (about 1 ms)
 * says where the page lies; `early(offset)` gives the rows read that way when they are those of `offset` in a range
 * of the exact count (the same count, the same offset), otherwise undefined (a change between the two reads, or a
 * page past the end, which is page 1): the caller then reads the page again. Every page thus costs about one count.
 */
async function pageWhileCounting(
  exact: Promise<number>,
  kept: Promise<number>,
  offset: number,
  limit: number,
  query: PageQuery,
): Promise<{ count: number; early: (offset: number) => Promise<SuppressionRow[] | undefined> }> {
  exact.catch(() => {}); // awaited below; marked handled so that it may fail while `kept` is awaited
  const keptCount = await kept;
  const rows = offset < keptCount ? pageOfPart(keptCount, offset, limit, query) : undefined;
  rows?.catch(() => {}); // awaited by `early` when used; a page not used may fail unseen
  const count = await exact;
  return {
    count,
    early: async (at) => (rows !== undefined && count === keptCount && at === offset ? rows : undefined),
  };
}

/**
 * `limit` rows from `offset` of an index-ordered range of `count` rows. Pages in the second half are read from the
 * end of the range backwards, so the deepest page costs no more than the middle one.
 */
async function pageOfPart(
  count: number,
  offset: number,
  limit: number,
  query: PageQuery,
): Promise<SuppressionRow[]> {
  const take = Math.min(limit, count - offset);
  if (take <= 0) return [];
  const fromEnd = count - offset - take;
  if (fromEnd < offset) {
    const { rows } = await query(fromEnd, take, true);
    return rows.reverse().map(toRow);
  }
  const { rows } = await query(offset, take, false);
  return rows.map(toRow);
}

function toRow(row: sql.RowFromDb): SuppressionRow {
  return {
    row_id_bint: row.row_id_bint,
    group_vch: row.group_vch,
    supress_type: row.supress_type,
    value_vch: row.value_vch,
    start_ts: row.start_ts.toISOString(),
    end_ts: row.end_ts === null ? null : row.end_ts.toISOString(),
    created_ts: row.created_ts.toISOString(),
  };
}

/** The byte after every string starting with `prefix` in "C" order: the exclusive end of a prefix range. */
function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Shortest text searched by prefix; shorter texts must match a whole value. */
const MIN_PREFIX = SUPPRESSION_SEARCH_PREFIX_MIN;

/**
 * The group name, type and value ranges a search text stands for: the text as typed, and the stored form of what it
 * looks like (a phone number or a part of one in E.164, an e-mail or other text lowercased, text in lower case also
 * in capitals for account numbers), at most two ranges.
 */
export function searchTerms(text: string): {
  group: string;
  type: SuppressionType | undefined;
  ranges: { from: string; to: string }[];
} {
  const trimmed = text.trim();
  const upper = trimmed.toUpperCase();
  const type = SUPPRESSION_TYPES.find((known) => known === upper);
  const candidates: string[] = [];
  const digits = trimmed.replace(/[\s().\-/]/g, '');
  if (/^\+?\d+$/.test(digits) && digits.replace('+', '').length >= MIN_PREFIX) {
    const normalized = normalizeValue(trimmed, 'PHONE');
    if (normalized.ok) candidates.push(normalized.value);
    // A part of a number as people write it: '415555' stands for '+1415555…', '1415' and '+1415' for '+1415…'.
    else if (digits.startsWith('+')) candidates.push(digits);
    else if (digits.startsWith('1') && digits.length > 1) candidates.push(`+${digits}`);
    else candidates.push(`+1${digits}`);
  } else if (trimmed.includes('@') || trimmed !== trimmed.toLowerCase()) {
    // E-mails are stored lowercased: 'Ann@Example' and 'ANN' find 'ann@example.com'.
    candidates.push(trimmed.toLowerCase());
  } else if (trimmed !== trimmed.toUpperCase()) {
    // Typed in lower case: account numbers are mostly kept in capitals ('acc-77' finds 'ACC-77').
    candidates.push(trimmed.toUpperCase());
  }
  if (!candidates.includes(trimmed)) candidates.push(trimmed);
  const ranges = candidates.slice(0, 2).map((candidate) =>
    candidate.length >= MIN_PREFIX
      ? { from: candidate, to: prefixEnd(candidate) }
      : // In the C collation nothing sorts between a text and the text followed by U+0001: an exact match.
        { from: candidate, to: `${candidate}\u0001` },
  );
  return { group: trimmed, type, ranges };
}

type CheckLookup = { ok: true; value: string; types: SuppressionType[] } | { ok: false; reason: string };

/** Which lists a value is looked up in: its own type's, or, without a type, those of what it looks like. */
function checkLookup(raw: string, type: SuppressionType | undefined): CheckLookup {
  if (type !== undefined) {
    const normalized = normalizeValue(raw, type);
    return normalized.ok ? { ok: true, value: normalized.value, types: [type] } : normalized;
  }
  const normalized = normalizeValue(raw);
  if (normalized.ok) {
    return {
      ok: true,
      value: normalized.value,
      types: normalized.type === 'EMAIL' ? ['EMAIL'] : ['PHONE', 'SMS'],
    };
  }
  if (!mayBeAccountNumber(raw)) return normalized;
  const account = normalizeValue(raw, 'ACCOUNT');
  return account.ok ? { ok: true, value: account.value, types: ['ACCOUNT'] } : account;
}

/**
 * Refuses an incremental upload to a group without active values (it needs an existing group), with the specification's
 * text and the groups the operator probably meant ('opt-out 2026').
 */
async function refuseUnknownGroup(q: Queryable, group: string): Promise<void> {
  const { rows } = await q.query(sql.GROUP_HAS_CURRENT, [group]);
  if (rows.length > 0) return;
  const { rows: similar } = await q.query<{ group_vch: string }>(sql.SIMILAR_GROUPS, [group]);
  throw badRequest(SUPPRESSION_TEXTS.groupNameUnknown, {
    similarGroups: similar.map((row) => row.group_vch),
  });
}

/** Locks the group's row (creating it) and returns its version. */
async function lockGroup(client: Queryable, group: string): Promise<number> {
  await client.query(sql.ENSURE_GROUP, [group]);
  const { rows } = await client.query<{ version: number }>(sql.LOCK_GROUP, [group]);
  return rows[0]!.version;
}

/**
 * Runs an upload's reading and what follows. Any failure marks the upload failed and drops its staging; the lists
 * were never touched.
 */
async function receiveWith<T>(db: Db, upload: OpenUpload, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await failUpload(db, upload.id, error);
    if (error instanceof UploadFileError) {
      throw new HttpError(400, 'bad_file', error.message, {
        errors: error.line === undefined ? [] : [{ line: error.line, reason: error.reason }],
      });
    }
    throw error;
  }
}

/**
 * A full upload's group as the preview sees it: its version and current values, read in one snapshot (so the
 * version vouches for the values: the apply refuses if it changed). Read with COPY, a million values in well under a
 * second, into GroupValues.
 */
async function loadGroup(
  db: Db,
  group: string,
): Promise<{ values: GroupValues; diffOf: (staged: StagedFile) => Omit<StagedDiff, keyof StagedFile> }> {
  await db.query(sql.ENSURE_GROUP, [group]);
  const client = await db.connect();
  let broken = true;
  let version = 0;
  let values: GroupValues;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    version = (await client.query<{ version: number }>(sql.GROUP_VERSION, [group])).rows[0]?.version ?? 0;
    // The sets are made at their size at once, instead of growing (and rehashing) as a million values come in.
    const { rows: counts } = await client.query<{ supress_type: string; n: number }>(sql.GROUP_KEPT_COUNTS, [
      group,
    ]);
    values = new GroupValues(new Map(counts.map((row) => [row.supress_type, Number(row.n)])));
    await client.query(sql.SET_COPY_GROUP, [group]);
    const reader = new GroupCopyReader(values);
    for await (const chunk of client.query(copyTo(sql.COPY_GROUP_CURRENT)) as AsyncIterable<Buffer>) {
      reader.write(chunk);
    }
    reader.end();
    await client.query('COMMIT');
    broken = false;
  } finally {
    client.release(broken);
  }
  return {
    values,
    diffOf: (staged) => ({
      version,
      added: staged.accepted - values.matched,
      removed: values.count - values.matched,
    }),
  };
}

/**
 * Streams the file through the parser into the staging partition with one COPY. The parser keeps one batch and the
 * set of distinct values in memory, COPY writes are awaited (backpressure), so memory does not grow with the file.
 * With the group's values (full upload), only the difference is staged: see COPY_STAGING_KINDS.
 */
async function stageFile(
  db: Db,
  upload: OpenUpload,
  file: AsyncIterable<Uint8Array | string>,
  group?: GroupValues,
): Promise<StagedFile> {
  const uploadId = upload.id;
  const parsed = parseUpload(file, {
    group: upload.group,
    ...(upload.timeZone === undefined ? {} : { timeZone: upload.timeZone }),
    ...(group === undefined ? {} : { known: group }),
  });
  const client = await db.connect();
  let broken = false;
  try {
    const copy = client.query(
      copyFrom(group === undefined ? sql.COPY_STAGING : sql.COPY_STAGING_KINDS, {
        highWaterMark: COPY_BUFFER_BYTES,
      }),
    );
    await pipeline(Readable.from(copyLines(uploadId, parsed, group)), copy);
  } catch (error) {
    broken = true; // a COPY cut short may leave the connection mid-protocol
    throw error;
  } finally {
    client.release(broken);
  }
  await db.query('SELECT suppression_staging_analyze($1)', [uploadId]);
  return {
    accepted: parsed.totals.accepted,
    duplicates: parsed.totals.duplicates,
    rejected: parsed.totals.rejected,
    errors: [...parsed.errors],
    ...(parsed.header === undefined ? {} : { header: parsed.header }),
    ...(parsed.startsLater === undefined ? {} : { startsLater: { ...parsed.startsLater } }),
  };
}

/**
 * COPY text format: tab-separated, backslash escapes, \N for null. Without a group, every accepted value; with one,
 * the file's values the group lacks ('add') or holds with an end or that the file gives dates ('keep': the apply
 * compares their dates, see END_REDATED), then the group's values the file lacked ('remove').
 */
async function* copyLines(
  uploadId: number,
  batches: AsyncIterable<UploadBatch>,
  group?: GroupValues,
): AsyncGenerator<string> {
  for await (const batch of batches) {
    let text = '';
    for (const record of batch.records) {
      let kind = '';
      if (group !== undefined) {
        // Matched against the group as the file was read (parseUpload's `known`, which gives no record for a value
        // the group holds without an end, listed without dates: it changes nothing).
        kind = record.known === 'new' ? '\tadd\t\\N' : '\tkeep\t\\N';
      }
      text += `${uploadId}\t${record.line}\t${record.type}\t${copyEscape(record.value)}\t${record.start ?? '\\N'}\t${record.end ?? '\\N'}${kind}\n`;
    }
    if (text !== '') yield text;
  }
  if (group === undefined) return;
  let text = '';
  for (const [type, value, rowId] of group.unmatched()) {
    text += `${uploadId}\t0\t${type}\t${copyEscape(value)}\t\\N\t\\N\tremove\t${rowId}\n`;
    if (text.length >= 256 * 1024) {
      yield text;
      text = '';
    }
  }
  if (text !== '') yield text;
}

async function applyIncremental(
  db: Db,
  upload: OpenUpload,
  staged: StagedFile,
): Promise<SuppressionUploadAnswer> {
  const answer = await withTransaction(db, async (client) => {
    await lockGroup(client, upload.group);
    // Asked again under the lock: a delete of the whole group may have come since the upload began, while its file
    // was read. The file's values would otherwise make the deleted group anew.
    await refuseUnknownGroup(client, upload.group);
    await client.query(sql.UPLOAD_WORK_MEM);
    await client.query(sql.RETIRE_ENDED, [upload.group]);
    const { rows: redated } = await client.query<{ supress_type: string; value_vch: string; start_ts: Date }>(
      sql.END_REDATED_STAGED,
      [upload.group, upload.id, upload.actor.actor],
    );
    const written =
      (
        await client.query(sql.INSERT_STAGED, [
          upload.group,
          upload.id,
          upload.actor.actor,
          redated.map((row) => row.supress_type),
          redated.map((row) => row.value_vch),
          redated.map((row) => row.start_ts.toISOString()),
        ])
      ).rowCount ?? 0;
    const inserted = written - redated.length;
    const duplicates = staged.duplicates + (staged.accepted - written);
    await client.query(sql.BUMP_GROUP, [upload.group]);
    await client.query(sql.MARK_STAGED, [
      upload.id,
      staged.accepted,
      staged.duplicates,
      staged.rejected,
      JSON.stringify(staged.errors),
      null,
      null,
    ]);
    await client.query(sql.MARK_APPLIED, [
      upload.id,
      upload.actor.actor,
      inserted,
      0,
      staged.accepted - written,
      redated.length,
    ]);
    await recordAudit(client, upload.actor, 'suppression.upload.incremental', upload.group, {
      uploadId: upload.id,
      inserted,
      redated: redated.length,
      duplicates,
      rejected: staged.rejected,
      rows: written,
    });
    return {
      status: 200 as const,
      inserted,
      redated: redated.length,
      duplicates,
      rejected: staged.rejected,
      errors: staged.errors,
      ...fileNotes(staged),
    };
  });
  await dropStaging(db, upload.id);
  return answer;
}

/** Records what applying would change (nothing changes yet); the staging waits for the apply call. */
async function preview(
  db: Db,
  upload: OpenUpload,
  staged: StagedDiff,
  previewMs: number,
): Promise<SuppressionFullUploadPreview> {
  const { version, added, removed } = staged;
  // A full upload replaces the group: a file without one valid value would silently empty a do-not-contact list.
  if (staged.accepted === 0) {
    throw noValidValue(staged, removed > 0 ? upload.group : undefined);
  }
  const [{ rows: removedValues }, { rows: similar }, redated] = await Promise.all([
    db.query<{ type: SuppressionType; value: string }>(sql.REMOVED_SAMPLE, [
      upload.id,
      removed > 0 ? SUPPRESSION_PREVIEW_REMOVED_MAX : 0,
    ]),
    db.query<{ group_vch: string }>(sql.SIMILAR_GROUPS, [upload.group]),
    countOf(db, sql.REDATED_COUNT, [upload.group, upload.id]),
  ]);
  const unchanged = staged.accepted - added - redated;
  const expires = new Date(Date.now() + previewMs);
  await withTransaction(db, async (client) => {
    await client.query(sql.MARK_STAGED, [
      upload.id,
      staged.accepted,
      staged.duplicates,
      staged.rejected,
      JSON.stringify(staged.errors),
      version,
      expires,
    ]);
    await client.query(sql.SET_PREVIEW, [upload.id, added, removed, unchanged, redated]);
  });
  return {
    status: 200 as const,
    applied: false as const,
    inserted: 0 as const,
    uploadId: upload.id,
    group: upload.group,
    added,
    removed,
    unchanged,
    redated,
    duplicates: staged.duplicates,
    rejected: staged.rejected,
    errors: staged.errors,
    expiresAt: expires.toISOString(),
    newGroup: removed + unchanged + redated === 0,
    similarGroups: similar.map((row) => row.group_vch),
    removedValues,
    ...fileNotes(staged),
  };
}

/**
 * What an answer says of the file besides its counts, each only when there is something to say: its header, and
 * its values whose start is still to come (how many, and the first start).
 */
function fileNotes(staged: StagedFile): {
  header?: SuppressionUploadHeader;
  startsLater?: number;
  firstStart?: string;
} {
  return {
    ...(staged.header === undefined ? {} : { header: staged.header }),
    ...(staged.startsLater === undefined
      ? {}
      : { startsLater: staged.startsLater.count, firstStart: staged.startsLater.first }),
  };
}

/**
 * The groupName header of an apply or a discard, when sent, must name the preview's group: a preview applied from a
 * screen about another group would replace a list nobody looked at.
 */
/**
 * Locks a full upload for its step 2 (apply or discard), refusing an unknown one, one of another group (when the
 * groupName header was sent) and one uploaded by someone else.
 */
async function lockPreview(
  client: DbClient,
  uploadId: number,
  group: string | undefined,
  actor: Actor,
  step: 'apply' | 'discard',
): Promise<sql.UploadRow> {
  const { rows } = await client.query<sql.UploadRow>(sql.LOCK_UPLOAD, [uploadId]);
  const upload = rows[0];
  if (upload === undefined || upload.mode !== 'full') {
    throw notFound(`There is no full upload ${uploadId}.`);
  }
  refuseOtherGroup(upload, group);
  refuseOtherUser(upload, actor, step);
  return upload;
}

/**
 * A preview is applied or discarded only by the person who uploaded its file and saw it: a colleague with the same
 * permission could otherwise confirm (or throw away) a difference they never looked at, by its upload id.
 */
function refuseOtherUser(upload: sql.UploadRow, actor: Actor, step: 'apply' | 'discard'): void {
  const same =
    upload.created_by_user_id === null || actor.userId === null
      ? upload.created_by === actor.actor
      : upload.created_by_user_id === actor.userId;
  if (!same) {
    throw new HttpError(
      403,
      'forbidden',
      `Upload ${upload.id} is a preview of a file uploaded by ${upload.created_by}: only they can ${step} it. Nothing was changed. Upload the file yourself to see your own preview.`,
    );
  }
}

function refuseOtherGroup(upload: sql.UploadRow, group: string | undefined): void {
  if (group !== undefined && group !== upload.group_vch) {
    throw conflict(
      `Upload ${upload.id} is a preview for the group "${upload.group_vch}", not "${group}". Nothing was changed.`,
    );
  }
}

/**
 * A file without one valid value: refused, whatever the mode, with its rejected lines; `replacing`, the group a full
 * upload would have emptied. A file without a line of data at all (0 bytes, blank lines, a header alone) says so:
 * 'no valid value' would send the operator looking for bad lines that are not there.
 */
function noValidValue(
  staged: Pick<StagedFile, 'accepted' | 'duplicates' | 'rejected' | 'errors'>,
  replacing?: string,
) {
  const empty = staged.accepted + staged.duplicates + staged.rejected === 0;
  const file = empty
    ? 'The file holds no values: it is empty, or has only blank lines or a header line'
    : 'The file has no valid value';
  const message =
    replacing === undefined
      ? `${file}. Nothing was changed.`
      : `${file}, so a full upload would remove every value of the group ${replacing}. Nothing was changed. To empty a group, delete it instead.`;
  return new HttpError(400, 'no_valid_values', message, { errors: staged.errors });
}

async function failUpload(db: Db, uploadId: number, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  await db.query(sql.MARK_FAILED, [uploadId, reason.slice(0, 500)]).catch(() => {});
  await dropStaging(db, uploadId);
}

/**
 * Dropping a partition briefly locks the staging table, so it is done after the change committed, with a short
 * lock timeout; a partition left behind is dropped by the next sweep.
 */
async function dropStaging(db: Db, uploadId: number): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query("SET LOCAL lock_timeout = '2s'");
    await client.query('SELECT suppression_staging_drop($1)', [uploadId]);
  }).catch(() => {});
}

/**
 * Uploads left open: a preview past its expiry becomes expired; a file still 'receiving' after an hour belongs to
 * a server that died mid-upload and becomes failed. Their staging partitions are dropped.
 */
async function sweepUploads(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: number }>(sql.SWEEP_UPLOADS);
  for (const { id } of rows) await dropStaging(db, id);
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${bytes} bytes`;
}

/**
 * How much COPY text may wait for the database: parsing goes on while the database takes the previous batches, so
 * the two use both cores instead of taking turns. A few batches' worth.
 */
const COPY_BUFFER_BYTES = 4 * 1024 * 1024;
