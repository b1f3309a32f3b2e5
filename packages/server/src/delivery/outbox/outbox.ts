import type { NotifyBy } from '@psps/contracts';
import type { Db, DbClient } from '../../db/pool.ts';

/**
 * Who and what a send belongs to, recorded with each outbox row so the console can show the test
 * sends of a template. The real adapters (SMTP, Twilio) do not need it.
 */
export interface OutboxOrigin {
  campaignId: number | null;
  language: string | null;
  userId: number | null;
  actor: string;
}

export interface OutboxRow {
  channel: NotifyBy;
  to: string;
  from: string;
  fromName?: string | undefined;
  subject?: string | undefined;
  preview?: string | undefined;
  body?: string | undefined;
  bodyText?: string | undefined;
  audioFile?: string | undefined;
  audioUrl?: string | undefined;
}

/** Writes one send to adhoc_outbox and answers its id, which the adapters give back as the message id. */
export async function recordOutboxSend(
  db: Pick<Db | DbClient, 'query'>,
  origin: OutboxOrigin,
  row: OutboxRow,
): Promise<string> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO adhoc_outbox (channel, campaign_id, language, to_address, from_address, from_display_name,
                               subject, preview, body, body_text, audio_file, audio_url, created_by, created_by_actor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      row.channel,
      origin.campaignId,
      origin.language,
      row.to,
      row.from,
      row.fromName ?? null,
      row.subject ?? null,
      row.preview ?? null,
      row.body ?? null,
      row.bodyText ?? null,
      row.audioFile ?? null,
      row.audioUrl ?? null,
      origin.userId,
      origin.actor,
    ],
  );
  return `outbox-${rows[0]?.id}`;
}
