import { REPORT_KIND_LABELS, type ReportKind } from '@psps/contracts';
import { recordAudit, SYSTEM } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import { emailSenderFor } from '../delivery/channels.ts';
import { errorText } from '../delivery/redact.ts';
import { escapeHtml } from '../http/html.ts';

/**
 * The e-mail sent to REPORT_ALERT_EMAILS when a report file has failed for good (its last attempt used): after
 * that nothing is tried by itself, and a completion report is the utility's proof of who was reached, so someone
 * must hear of it even when nobody has the console open. The row's error is already free of secrets.
 */
export type FailedReport = {
  kind: ReportKind;
  datasetId: number;
  title: string | null;
  fileName: string | null;
  attempts: number;
  lastError: string | null;
};

export function failureAlert(
  report: FailedReport,
  utility: string,
  publicUrl: string | undefined,
): { subject: string; lines: string[] } {
  const label = REPORT_KIND_LABELS[report.kind];
  const campaign = `campaign ${report.datasetId}${report.title ? ` (${report.title})` : ''}`;
  const tries = report.attempts === 1 ? '1 attempt' : `${report.attempts} attempts`;
  const where =
    report.kind === 'completion'
      ? 'An operator with MB_INTERNAL_PERMISSION can resend it from Report History > Completion'
      : 'It can be launched again from Custom Reports';
  const screen = report.kind === 'completion' ? '/admin/completion' : '/admin/launcher';
  return {
    subject: `${utility} PSPS: the ${label} of campaign ${report.datasetId} did not arrive`,
    lines: [
      report.attempts > 0
        ? `The ${label} of ${campaign} did not reach the utility's server after ${tries}.`
        : `The ${label} of ${campaign} could not be made.`,
      ...(report.fileName ? [`File: ${report.fileName}`] : []),
      `Last error: ${report.lastError ?? 'not recorded'}`,
      `Nothing more is tried by itself. ${where}${publicUrl ? `: ${publicUrl}${screen}` : '.'}`,
    ],
  };
}

/**
 * Tells REPORT_ALERT_EMAILS that the report row's current request failed for good. Never throws: a report's
 * failure is recorded on its row whatever happens here; each address sent to, or why not, goes to the audit log.
 */
export async function sendFailureAlert(ctx: AppContext, reportId: number, seq: number): Promise<void> {
  const { db, config } = ctx;
  const to = config.fileTransfer.alertEmails;
  if (to.length === 0) return;
  try {
    const { rows } = await db.query<{
      kind: ReportKind;
      dataset_id: number;
      title: string | null;
      file_name: string | null;
      attempts: number;
      last_error: string | null;
    }>(
      `SELECT r.kind, r.dataset_id, d.title, r.file_name, r.attempts, r.last_error
         FROM report_files r LEFT JOIN datasets d ON d.id = r.dataset_id
        WHERE r.id = $1 AND r.request_seq = $2 AND r.transfer_state = 'failed'`,
      [reportId, seq],
    );
    const row = rows[0];
    if (!row) return;
    const { subject, lines } = failureAlert(
      {
        kind: row.kind,
        datasetId: Number(row.dataset_id),
        title: row.title,
        fileName: row.file_name,
        attempts: row.attempts,
        lastError: row.last_error,
      },
      config.utilityAbbreviation,
      config.delivery.publicUrl,
    );
    const sender = emailSenderFor(config, db, {
      campaignId: null,
      language: null,
      userId: null,
      actor: 'system',
    });
    const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
    for (const address of to) {
      const outcome = await sender
        .send({ to: address, from: config.delivery.emailFrom, subject, html, text: lines.join('\n') })
        .then(
          () => ({ sent: true }),
          (err: unknown) => ({ sent: false, error: errorText(err) }),
        );
      await recordAudit(db, SYSTEM, 'report.alert', `dataset ${row.dataset_id}`, {
        report: reportId,
        to: address,
        subject,
        ...outcome,
      });
    }
  } catch {
    // The database is unreachable: the row could not be read nor the audit written; the job's own failure is logged.
  }
}
