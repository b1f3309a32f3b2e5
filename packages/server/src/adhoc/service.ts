import {
  ADHOC_LANGUAGES,
  ADHOC_LIST_MAX_ROWS,
  ADHOC_OUTBOX_MAX_ROWS,
  type AdhocCampaign,
  type AdhocLanguageName,
  type AdhocLanguageRecord,
  type AudioKind,
  adhocIdLabel,
  emailFromRefusal,
  formatTemplateData,
  isAdhocLocked,
  isTemplateDataError,
  languageDisplayName,
  languagesFor,
  lockedTemplateAlert,
  NOTIFY_BY_LABELS,
  type NotifyBy,
  notConfigured,
  type OutboxSend,
  PUBLISH_EMPTY_MESSAGE,
  type PublishSnapshot,
  parseTemplateData,
  publishGaps,
  publishIncompleteMessage,
  RENDERED_TEXT_MAX_LENGTH,
  RenderedTooLongError,
  renderCaret,
  renderTripleBrace,
  SMS_SHORT_CODE,
  type StaleTitleDetails,
  type SummarySelectAnswer,
  sampleData,
  staleSaveMessage,
  staleTitleMessage,
  type TESTER_FIELDS,
  type TemplateInsertUpdate,
  unpublishedEdits,
  VOICE_CALLER_ID,
  voiceDialerAddress,
} from '@psps/contracts';
import { type Actor, recordAudit } from '../audit/log.ts';
import { type Db, type DbClient, type Queryable, withTransaction } from '../db/pool.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { sanitizeEmailHtml } from './email-html.ts';

/** Who made a change: from the session or API key, never from the request body (http/access.ts). */

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

const CAMPAIGN_COLUMNS = `
  c.id AS "id_bint", c.name AS "name_vch", c.status AS "status_vch", c.item_update_dt AS "itemUpdate_dt",
  c.tester_phone AS "testerPhon_vch", c.tester_sms AS "testerSms_vch", c.tester_email AS "testerEmail_vch",
  c.publish_dt AS "publish_dt",
  (SELECT count(DISTINCT t.language) FROM adhoc_templates t WHERE t.campaign_id = c.id) AS "languageCount_bint"`;

type CampaignRow = Omit<AdhocCampaign, 'itemUpdate_dt' | 'publish_dt' | 'unpublishedEdits_bint'> & {
  itemUpdate_dt: Date;
  publish_dt: Date | null;
};

function campaignOf(row: CampaignRow, unpublished: number): AdhocCampaign {
  return {
    ...row,
    itemUpdate_dt: row.itemUpdate_dt.toISOString(),
    publish_dt: iso(row.publish_dt),
    unpublishedEdits_bint: unpublished,
  };
}

const RECORD_COLUMNS = `
  id AS "id_bint", campaign_id AS "id_bint_adhoc_campaign", notify_by AS "notifyBy_vch", language AS "language_vch",
  template_pge AS "templatePGE_txt", template_mb AS "templateMB_txt", data_mb AS "dataMB_txt",
  render_mb AS "renderMB_txt", subject AS "subject_vch", preview AS "preview_txt", from_address AS "from_vch",
  from_display_name AS "fromDisplayName_vch", upload_live_dt AS "uploadLive_dt",
  upload_machine_dt AS "uploadMachine_dt", retries AS "retries_bint", replay_digit AS "replayDigit_chr",
  dialer_address AS "dialerAddress", version AS "version_bint", updated_at AS "updated_dt",
  updated_by_actor AS "updatedBy_vch"`;

type RecordRow = Omit<AdhocLanguageRecord, 'uploadLive_dt' | 'uploadMachine_dt' | 'updated_dt'> & {
  uploadLive_dt: Date | null;
  uploadMachine_dt: Date | null;
  updated_dt: Date;
};

const languageIndex = (name: string) => ADHOC_LANGUAGES.findIndex((language) => language.name === name);

/** Records in tab order, then in the order of the language list (english first). */
function recordsOf(rows: RecordRow[]): AdhocLanguageRecord[] {
  const order = (r: RecordRow) =>
    ['PHON', 'SMS', 'EML'].indexOf(r.notifyBy_vch) * 100 + languageIndex(r.language_vch);
  return [...rows]
    .sort((a, b) => order(a) - order(b))
    .map((row) => ({
      ...row,
      uploadLive_dt: iso(row.uploadLive_dt),
      uploadMachine_dt: iso(row.uploadMachine_dt),
      updated_dt: row.updated_dt.toISOString(),
    }));
}

async function audit(db: Queryable, who: Actor, action: string, campaignId: number, details: object) {
  await recordAudit(db, who, action, adhocIdLabel(campaignId), details);
}

const missingTemplate = (id: number) => notFound(`There is no ad hoc template ${adhocIdLabel(id)}.`);

/**
 * Locks the template row for the rest of the transaction and checks that it may be edited: every edit
 * goes through here, so an edit racing the launch report either lands before it or sees LAUNCHED.
 */
async function lockForEdit(client: DbClient, id: number): Promise<{ name: string; status: string }> {
  const { rows } = await client.query<{ name: string; status: string }>(
    'SELECT name, status FROM adhoc_campaigns WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0];
  if (!row) throw missingTemplate(id);
  if (isAdhocLocked(row.status)) throw conflict(lockedTemplateAlert(row.status));
  return row;
}

/**
 * A record's text filled in with its data (the stored preview), refused when that would be over
 * RENDERED_TEXT_MAX_LENGTH: a 1 MB save stored a 333 MB SMS, which every read of the channel then answered.
 */
function filledIn(notifyBy: NotifyBy, language: string, fill: () => string): string {
  try {
    return fill();
  } catch (error) {
    if (!(error instanceof RenderedTooLongError)) throw error;
    throw badRequest(
      `The ${NOTIFY_BY_LABELS[notifyBy]} ${languageDisplayName(language)} message filled in with its data (dataMB_txt) would be over ${RENDERED_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters long. Shorten the data values its variables show, or show them fewer times.`,
    );
  }
}

async function touch(client: Queryable, id: number) {
  await client.query('UPDATE adhoc_campaigns SET item_update_dt = now() WHERE id = $1', [id]);
}

/** A language must be one of its channel's list (e-mail has no chinese-cantonese, DESIGN §5). */
function checkLanguage(notifyBy: NotifyBy, language: string) {
  if (!languagesFor(notifyBy).some((candidate) => candidate.name === language)) {
    throw badRequest(
      `${NOTIFY_BY_LABELS[notifyBy]} templates have no ${language}: written Chinese is shared, use chinese-mandarin.`,
    );
  }
}

export type StoredRecord = AdhocLanguageRecord;

/** What the service needs from the configuration. */
export type AdhocServiceOptions = {
  /** The one From address e-mail templates may use (doc 2 §2.6, §9): EMAIL_FROM_ADDRESS. */
  emailFrom: string;
};

export function adhocService(db: Db, options: AdhocServiceOptions) {
  async function recordsFor(q: Queryable, campaignId: number, notifyBy?: NotifyBy) {
    const { rows } = await q.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM adhoc_templates WHERE campaign_id = $1 AND ($2::text IS NULL OR notify_by = $2)`,
      [campaignId, notifyBy ?? null],
    );
    return recordsOf(rows);
  }

  /** The last publish's snapshot of each campaign given: what the messaging engine has. */
  async function lastSnapshots(q: Queryable, ids: readonly number[]): Promise<Map<number, StoredRecord[]>> {
    if (ids.length === 0) return new Map();
    const { rows } = await q.query<{ campaign_id: number; records: StoredRecord[] }>(
      `SELECT DISTINCT ON (campaign_id) campaign_id, records FROM adhoc_publish_snapshots
        WHERE campaign_id = ANY($1::bigint[])
        ORDER BY campaign_id, published_at DESC, id DESC`,
      [ids],
    );
    return new Map(rows.map((row) => [row.campaign_id, row.records]));
  }

  /**
   * Campaigns as answered, each with how many channel-languages were edited since its last publish: a published
   * template's later edits reach no one until a Re-Publish, so the list says so as the editor does. Only templates
   * still PUBLISHED are compared (a DRAFT has no publish; a LAUNCHED one is locked): one query for their records
   * and one for their snapshots, whatever their number.
   */
  async function campaignsOf(q: Queryable, rows: readonly CampaignRow[]): Promise<AdhocCampaign[]> {
    const published = rows.filter((row) => row.status_vch === 'PUBLISHED').map((row) => row.id_bint);
    const snapshots = await lastSnapshots(q, published);
    const stored = new Map<number, RecordRow[]>();
    if (snapshots.size > 0) {
      const { rows: records } = await q.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM adhoc_templates WHERE campaign_id = ANY($1::bigint[])`,
        [[...snapshots.keys()]],
      );
      for (const record of records) {
        const id = record.id_bint_adhoc_campaign;
        stored.set(id, [...(stored.get(id) ?? []), record]);
      }
    }
    return rows.map((row) => {
      const snapshot = snapshots.get(row.id_bint);
      const edits = snapshot
        ? unpublishedEdits(snapshot, recordsOf(stored.get(row.id_bint) ?? [])).length
        : 0;
      return campaignOf(row, edits);
    });
  }

  async function campaignById(q: Queryable, id: number): Promise<AdhocCampaign | undefined> {
    const { rows } = await q.query<CampaignRow>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM adhoc_campaigns c WHERE c.id = $1`,
      [id],
    );
    return rows[0] && (await campaignsOf(q, rows))[0];
  }

  return {
    recordsFor: (campaignId: number, notifyBy?: NotifyBy) => recordsFor(db, campaignId, notifyBy),

    async campaign(id: number): Promise<AdhocCampaign | undefined> {
      return campaignById(db, id);
    },

    /**
     * The template list: newest first, at most the first 100 (doc 2 §2.1); with a search text, only the templates
     * whose title contains it, or the one whose id (ADHOC-{id}) it names.
     */
    async list(search?: string): Promise<AdhocCampaign[]> {
      const text = search?.trim() ?? '';
      const id = ADHOC_ID_SEARCH.exec(text)?.[1];
      // Titles are matched here rather than in SQL: PostgreSQL's lower() changes only A-Z under the C locale the
      // database is made with, and compares code points, so 'отключение' missed 'ОТКЛЮЧЕНИЕ' and 'café' typed
      // missed 'café' pasted with a combining accent. The titles are a few short lines per PSPS event.
      let matching: number[] = [];
      if (text !== '') {
        const wanted = searchKey(text);
        const { rows: titles } = await db.query<{ id: number; name: string }>(
          'SELECT id, name FROM adhoc_campaigns',
        );
        matching = titles.filter((row) => searchKey(row.name).includes(wanted)).map((row) => row.id);
      }
      const { rows } = await db.query<CampaignRow>(
        `SELECT ${CAMPAIGN_COLUMNS} FROM adhoc_campaigns c
          WHERE $2 = '' OR c.id = $3::bigint OR c.id = ANY($4::bigint[])
          ORDER BY c.id DESC LIMIT $1`,
        [ADHOC_LIST_MAX_ROWS, text, id ?? null, matching],
      );
      return campaignsOf(db, rows);
    },

    async create(name: string, who: Actor): Promise<AdhocCampaign> {
      return withTransaction(db, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          'INSERT INTO adhoc_campaigns (name, created_by) VALUES ($1, $2) RETURNING id',
          [name, who.userId],
        );
        const id = rows[0]!.id;
        await audit(client, who, 'adhoc.template.create', id, { name });
        return (await campaignById(client, id))!;
      });
    },

    /**
     * Deleting carries no launch lock (doc 2 §4). Publish snapshots and outbox rows are kept. Answers the voice
     * records deleted, whose recordings the caller removes: read once the template is locked, so a voice language an
     * upload created meanwhile is among them (its recording would otherwise stay behind for good).
     */
    async remove(id: number, who: Actor): Promise<StoredRecord[]> {
      return withTransaction(db, async (client) => {
        const { rows: found } = await client.query('SELECT 1 FROM adhoc_campaigns WHERE id = $1 FOR UPDATE', [
          id,
        ]);
        if (!found[0]) throw missingTemplate(id);
        const voice = await recordsFor(client, id, 'PHON');
        const { rows } = await client.query<{ name: string; status: string }>(
          'DELETE FROM adhoc_campaigns WHERE id = $1 RETURNING name, status',
          [id],
        );
        if (!rows[0]) throw missingTemplate(id);
        await audit(client, who, 'adhoc.template.delete', id, { name: rows[0].name, status: rows[0].status });
        return voice;
      });
    },

    /** A `baseTitle` that is no longer the title is refused (409): a colleague's newer title is never lost unseen. */
    async rename(id: number, title: string, who: Actor, baseTitle?: string): Promise<void> {
      await withTransaction(db, async (client) => {
        const before = await lockForEdit(client, id);
        if (baseTitle !== undefined && baseTitle.trim() !== before.name) {
          throw conflict(staleTitleMessage(before.name), {
            current: before.name,
          } satisfies StaleTitleDetails);
        }
        await client.query('UPDATE adhoc_campaigns SET name = $2, item_update_dt = now() WHERE id = $1', [
          id,
          title,
        ]);
        await audit(client, who, 'adhoc.template.rename', id, { from: before.name, to: title });
      });
    },

    async setTester(
      id: number,
      field: (typeof TESTER_FIELDS)[number],
      value: string,
      who: Actor,
    ): Promise<void> {
      const column = {
        testerPhon_vch: 'tester_phone',
        testerSms_vch: 'tester_sms',
        testerEmail_vch: 'tester_email',
      }[field];
      await withTransaction(db, async (client) => {
        await lockForEdit(client, id);
        // The column name comes from the fixed map above, never from the request.
        await client.query(
          `UPDATE adhoc_campaigns SET ${column} = NULLIF(trim($2), ''), item_update_dt = now() WHERE id = $1`,
          [id, value],
        );
        await audit(client, who, 'adhoc.template.tester', id, { field, value });
      });
    },

    /**
     * Saves one language record (upsert by template × channel × language). Fields the call leaves out keep
     * their saved value. The server owns: renderMB_txt (rendered here from the body and the data), the
     * upload times (set only by uploads) and the voice dialer address. A new record without data gets the
     * sample data record (doc 2 §3).
     */
    async saveLanguage(input: TemplateInsertUpdate, who: Actor): Promise<StoredRecord[]> {
      const { id_bint_adhoc_campaign: id, notifyBy_vch: notifyBy, language_vch: language } = input;
      checkLanguage(notifyBy, language);
      return withTransaction(db, async (client) => {
        await lockForEdit(client, id);
        const { rows } = await client.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM adhoc_templates
            WHERE campaign_id = $1 AND notify_by = $2 AND language = $3 FOR UPDATE`,
          [id, notifyBy, language],
        );
        const saved = rows[0];
        // Optimistic concurrency: a save based on a version that is no longer the saved one would overwrite a
        // colleague's text unseen. Refused with the saved record, so the console can show both texts.
        if (input.baseVersion_bint !== undefined && input.baseVersion_bint !== (saved?.version_bint ?? 0)) {
          const what = !saved ? 'deleted' : input.baseVersion_bint === 0 ? 'created' : 'changed';
          const by = saved?.updatedBy_vch ?? null;
          const byCaller = by !== null && by.toLowerCase() === who.actor.toLowerCase();
          throw conflict(staleSaveMessage(notifyBy, language, what, by, byCaller), {
            current: saved ? recordsOf([saved])[0] : null,
          });
        }
        const pick = <K extends keyof TemplateInsertUpdate & keyof RecordRow>(key: K) =>
          input[key] !== undefined ? input[key] : (saved?.[key] ?? null);

        // An e-mail body (as authored, as launched, as rendered) is kept only as safe HTML (see email-html.ts),
        // whoever sent it.
        const safe = async (text: string | null): Promise<string | null> =>
          notifyBy === 'EML' && text !== null ? sanitizeEmailHtml(text) : text;
        const body = await safe(pick('templatePGE_txt') as string | null);
        const dataText =
          (pick('dataMB_txt') as string | null) ?? formatTemplateData(sampleData(language, notifyBy));
        const data = parseTemplateData(dataText);
        if (isTemplateDataError(data)) {
          throw badRequest(`The data field (dataMB_txt) is not valid template data: ${data.message}`);
        }
        const render =
          body === null
            ? null
            : notifyBy === 'EML'
              ? await safe(
                  filledIn(notifyBy, language, () => renderTripleBrace(body, data, RENDERED_TEXT_MAX_LENGTH)),
                )
              : filledIn(notifyBy, language, () => renderCaret(body, data, RENDERED_TEXT_MAX_LENGTH));
        const launched = input.templateMB_txt !== undefined ? await safe(input.templateMB_txt) : body;
        const voice = notifyBy === 'PHON';
        const given = (pick('from_vch') as string | null) ?? (notifyBy === 'SMS' ? SMS_SHORT_CODE : null);
        // Doc 2 §2.5: the short-code selector has the single option 97633.
        if (notifyBy === 'SMS' && input.from_vch != null && input.from_vch !== SMS_SHORT_CODE) {
          throw badRequest(
            `An SMS goes out from the short code ${SMS_SHORT_CODE}, not from "${input.from_vch}".`,
          );
        }
        // Doc 2 §5: the caller ID is the one toll-free option or none. Any other number would let a test call (and
        // the launched campaign) show someone else's number as the caller.
        if (
          voice &&
          input.from_vch != null &&
          input.from_vch.trim() !== '' &&
          input.from_vch.trim() !== VOICE_CALLER_ID
        ) {
          throw badRequest(
            `A voice call shows the caller ID ${VOICE_CALLER_ID} or none, not "${input.from_vch}".`,
          );
        }
        // Doc 2 §2.6/§9: the From list has one address besides the placeholder. Any other address would let a
        // template (and its test sends) go out in someone else's name.
        const emailFromProblem =
          notifyBy === 'EML' && input.from_vch != null
            ? emailFromRefusal(input.from_vch, options.emailFrom)
            : null;
        if (emailFromProblem) throw badRequest(emailFromProblem);
        // An accepted e-mail From is stored as the configured address itself (not as typed, with other spaces or
        // capitals), so the From list finds it again; blank stays the placeholder.
        const from =
          notifyBy === 'EML' && given !== null
            ? given.trim() === ''
              ? ''
              : options.emailFrom
            : voice && given !== null
              ? given.trim() || null
              : given;

        await client.query(
          `INSERT INTO adhoc_templates (campaign_id, notify_by, language, template_pge, template_mb, data_mb, render_mb,
                                        subject, preview, from_address, from_display_name, retries, replay_digit,
                                        dialer_address, version, updated_by_actor)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15)
           ON CONFLICT (campaign_id, notify_by, language) DO UPDATE SET
             template_pge = EXCLUDED.template_pge, template_mb = EXCLUDED.template_mb, data_mb = EXCLUDED.data_mb,
             render_mb = EXCLUDED.render_mb, subject = EXCLUDED.subject, preview = EXCLUDED.preview,
             from_address = EXCLUDED.from_address, from_display_name = EXCLUDED.from_display_name,
             retries = EXCLUDED.retries, replay_digit = EXCLUDED.replay_digit,
             dialer_address = EXCLUDED.dialer_address, updated_at = now(),
             version = adhoc_templates.version + 1, updated_by_actor = EXCLUDED.updated_by_actor`,
          [
            id,
            notifyBy,
            language,
            body,
            // What the messaging engine launches: as sent, else the authored body.
            launched,
            dataText,
            render,
            notifyBy === 'SMS' ? null : pick('subject_vch'),
            notifyBy === 'SMS' ? null : pick('preview_txt'),
            from,
            notifyBy === 'EML' ? pick('fromDisplayName_vch') : null,
            voice ? pick('retries_bint') : null,
            voice ? pick('replayDigit_chr') : null,
            voice ? voiceDialerAddress(id, language) : null,
            who.actor,
          ],
        );
        await touch(client, id);
        const fields = Object.keys(input).filter(
          (key) =>
            !['id_bint_adhoc_campaign', 'notifyBy_vch', 'language_vch', 'baseVersion_bint'].includes(key),
        );
        await audit(client, who, saved ? 'adhoc.language.update' : 'adhoc.language.create', id, {
          notifyBy,
          language,
          fields,
        });
        return recordsFor(client, id, notifyBy);
      });
    },

    /**
     * Deletes one language of one channel; answers the deleted record. Its audio files go with it, removed by
     * `removeFiles` while the template is still locked: removed after the commit, they could be the files of an
     * upload that got the lock at that commit and recorded them.
     */
    async removeLanguage(
      id: number,
      notifyBy: NotifyBy,
      language: string,
      who: Actor,
      removeFiles: () => Promise<void> = async () => {},
    ): Promise<StoredRecord> {
      return withTransaction(db, async (client) => {
        await lockForEdit(client, id);
        const { rows } = await client.query<RecordRow>(
          `DELETE FROM adhoc_templates WHERE campaign_id = $1 AND notify_by = $2 AND language = $3
           RETURNING ${RECORD_COLUMNS}`,
          [id, notifyBy, language],
        );
        if (!rows[0]) {
          throw notFound(
            `${adhocIdLabel(id)} has no ${NOTIFY_BY_LABELS[notifyBy]} template in ${languageDisplayName(language)}.`,
          );
        }
        await touch(client, id);
        await audit(client, who, 'adhoc.language.delete', id, { notifyBy, language });
        // Last: a statement that failed after them would keep the record of recordings already gone.
        await removeFiles();
        return recordsOf(rows)[0]!;
      });
    },

    /**
     * Records an uploaded recording, stored by `store` once the record is written (inside the lock, so a template
     * launched meanwhile gets no new audio). Creates the voice record when the language has none.
     */
    async saveUpload(
      id: number,
      language: AdhocLanguageName,
      kind: AudioKind,
      fileName: string,
      store: () => Promise<void>,
      who: Actor,
    ): Promise<string> {
      return withTransaction(db, async (client) => {
        await lockForEdit(client, id);
        const column = kind === 'live' ? 'upload_live_dt' : 'upload_machine_dt';
        const { rows } = await client.query<{ at: Date }>(
          // A record made by an upload has no text yet: version 0, as "no record" (a recording never
          // conflicts with a text, the upload times being the server's alone).
          `INSERT INTO adhoc_templates (campaign_id, notify_by, language, data_mb, dialer_address, ${column},
                                        version, updated_by_actor)
           VALUES ($1, 'PHON', $2, $3, $4, now(), 0, $5)
           ON CONFLICT (campaign_id, notify_by, language) DO UPDATE SET ${column} = now(), updated_at = now()
           RETURNING ${column} AS at`,
          [
            id,
            language,
            formatTemplateData(sampleData(language, 'PHON')),
            voiceDialerAddress(id, language),
            who.actor,
          ],
        );
        await touch(client, id);
        await audit(client, who, 'adhoc.audio.upload', id, { language, kind, fileName });
        // Last, before the commit: a statement that failed after it would leave the new recording in place, the record
        // saying the old one (or none) is there.
        await store();
        return rows[0]!.at.toISOString();
      });
    },

    /** Whether a recording of this kind was uploaded for the language. */
    async uploadedAt(id: number, language: string, kind: AudioKind): Promise<Date | null> {
      const { rows } = await db.query<{ at: Date | null }>(
        `SELECT ${kind === 'live' ? 'upload_live_dt' : 'upload_machine_dt'} AS at FROM adhoc_templates
          WHERE campaign_id = $1 AND notify_by = 'PHON' AND language = $2`,
        [id, language],
      );
      return rows[0]?.at ?? null;
    },

    /**
     * Publishes: refused (409) while a channel in use lacks a language (contracts, publishGaps); otherwise
     * keeps an immutable snapshot of every language record and marks the template PUBLISHED. Re-publishing
     * is allowed any time before launch.
     */
    async publish(id: number, who: Actor): Promise<string> {
      return withTransaction(db, async (client) => {
        const campaign = await lockForEdit(client, id);
        const records = await recordsFor(client, id);
        if (records.length === 0) throw conflict(PUBLISH_EMPTY_MESSAGE);
        const gaps = publishGaps(records);
        if (gaps.length > 0) throw conflict(publishIncompleteMessage(gaps), gaps);
        const { rows } = await client.query<{ at: Date }>(
          `UPDATE adhoc_campaigns SET status = 'PUBLISHED', publish_dt = now(), item_update_dt = now()
            WHERE id = $1 RETURNING publish_dt AS at`,
          [id],
        );
        await client.query(
          `INSERT INTO adhoc_publish_snapshots (campaign_id, name, records, published_at, published_by, published_by_actor)
           VALUES ($1, $2, $3, now(), $4, $5)`,
          [id, campaign.name, JSON.stringify(records), who.userId, who.actor],
        );
        await audit(client, who, 'adhoc.template.publish', id, { languages: records.length });
        return rows[0]!.at.toISOString();
      });
    },

    async publishHistory(id: number): Promise<PublishSnapshot[] | undefined> {
      const { rows } = await db.query<Omit<PublishSnapshot, 'publish_dt'> & { publish_dt: Date }>(
        `SELECT id AS "id_bint", campaign_id AS "id_bint_adhoc_campaign", name AS "name_vch",
                published_at AS "publish_dt", published_by_actor AS "publishedBy_vch", records
           FROM adhoc_publish_snapshots WHERE campaign_id = $1 ORDER BY published_at DESC, id DESC`,
        [id],
      );
      if (rows.length === 0 && !(await campaignById(db, id))) return undefined;
      return rows.map((row) => ({ ...row, publish_dt: row.publish_dt.toISOString() }));
    },

    /** The messaging engine launched the template: from now on it is locked (doc 2 §4). Idempotent. */
    async markLaunched(id: number, who: Actor): Promise<string> {
      return withTransaction(db, async (client) => {
        const { rows } = await client.query<{ status: string; launched_at: Date | null }>(
          'SELECT status, launched_at FROM adhoc_campaigns WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = rows[0];
        if (!row) throw missingTemplate(id);
        if (row.status === 'LAUNCHED' && row.launched_at) return row.launched_at.toISOString();
        if (row.status !== 'PUBLISHED') {
          throw conflict(`${adhocIdLabel(id)} has not been published, so it cannot be launched.`);
        }
        const updated = await client.query<{ at: Date }>(
          `UPDATE adhoc_campaigns SET status = 'LAUNCHED', launched_at = now(), item_update_dt = now()
            WHERE id = $1 RETURNING launched_at AS at`,
          [id],
        );
        await audit(client, who, 'adhoc.template.launched', id, {});
        return updated.rows[0]!.at.toISOString();
      });
    },

    /** Languages per channel and the publish time, as the publish tab shows them (doc 2 §7). */
    async summary(id: number): Promise<SummarySelectAnswer['response']> {
      const campaign = await campaignById(db, id);
      if (!campaign) throw missingTemplate(id);
      const records = await recordsFor(db, id);
      // 'Languages configured per channel' (doc 2 §2.7): by the same rule publishing checks, so the Publish tab
      // never shows a language as done that publishing would refuse.
      const languages = (channel: NotifyBy) =>
        records
          .filter((r) => r.notifyBy_vch === channel && notConfigured(r) === null)
          .map((r) => ({ language_vch: r.language_vch }));
      // Publishing stores a snapshot: later edits reach no one until a Re-Publish, so say which there are.
      const last = (await lastSnapshots(db, [id])).get(id);
      const editedSincePublish = last ? unpublishedEdits(last, records) : [];
      // Set 5 (added): what publishing would refuse, so the table marks exactly those cells.
      return [
        languages('PHON'),
        languages('SMS'),
        languages('EML'),
        [{ publish_dt: campaign.publish_dt, editedSincePublish }],
        publishGaps(records),
      ];
    },

    async outbox(campaignId: number | undefined): Promise<OutboxSend[]> {
      const { rows } = await db.query<Omit<OutboxSend, 'created_dt'> & { created_dt: Date }>(
        `SELECT id AS "id_bint", channel AS "notifyBy_vch", campaign_id AS "id_bint_adhoc_campaign",
                language AS "language_vch", to_address AS "to_vch", from_address AS "from_vch",
                from_display_name AS "fromDisplayName_vch", subject AS "subject_vch", preview AS "preview_txt",
                body AS "body_txt", audio_file AS "audioFile_vch", status AS "status_vch",
                created_at AS "created_dt", created_by_actor AS "createdBy_vch"
           FROM adhoc_outbox WHERE ($1::bigint IS NULL OR campaign_id = $1)
          ORDER BY created_at DESC, id DESC LIMIT $2`,
        [campaignId ?? null, ADHOC_OUTBOX_MAX_ROWS],
      );
      return rows.map((row) => ({ ...row, created_dt: row.created_dt.toISOString() }));
    },

    audit: (who: Actor, action: string, campaignId: number, details: object) =>
      audit(db, who, action, campaignId, details),
  };
}

export type AdhocService = ReturnType<typeof adhocService>;

/**
 * A search naming a template's id: '7', 'ADHOC-7' as the list shows it, and as people say or retype it, 'ADHOC 7',
 * 'adhoc7', 'ADHOC–7' (a word processor's dash), '#7'.
 */
const ADHOC_ID_SEARCH = /^(?:adhoc\s*[-\u2010-\u2015_:#]?\s*|#)?(\d{1,15})$/i;

/** A title as searched: composed (NFC) and lower-cased in every script, so the same words typed any way match. */
function searchKey(text: string): string {
  return text.normalize('NFC').toLowerCase().normalize('NFC');
}
