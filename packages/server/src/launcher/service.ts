import {
  CUSTOM_REPORT_KINDS,
  type CustomReportKind,
  type CustomReportState,
  type LauncherCampaign,
  type TransferState,
} from '@psps/contracts';
import {
  type DeliveryProgressDbRow,
  deliveryProgressOf,
  NEXT_ATTEMPT_SQL,
} from '../completion/delivery-progress.ts';
import type { Db } from '../db/pool.ts';

type Row = {
  dataset_id: number;
  title: string;
  launched_at: Date | null;
  dataset_xt: number;
  reports: (DeliveryProgressDbRow & {
    id: number;
    kind: CustomReportKind;
    file_name: string | null;
    requested_at: string;
    generated_at: string | null;
    transferred_at: string | null;
    transfer_state: TransferState;
    last_error: string | null;
    attempts: number;
    row_count: number | null;
    unreached_in_progress: number | null;
    update_xt: number;
  })[];
};

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

/** The Custom Reports list (doc 1 §2): root campaigns and the last custom report of each kind. */
export function launcherService(db: Db) {
  return {
    async campaigns(): Promise<[LauncherCampaign[]]> {
      const { rows } = await db.query<Row>(
        `SELECT d.id AS dataset_id, d.title, d.launched_at,
                (extract(epoch FROM d.updated_at) * 1000000)::bigint AS dataset_xt,
                coalesce((SELECT json_agg(json_build_object(
                            'id', r.id, 'kind', r.kind, 'file_name', r.file_name, 'requested_at', r.requested_at,
                            'generated_at', r.generated_at, 'transferred_at', r.transferred_at,
                            'transfer_state', r.transfer_state, 'last_error', r.last_error,
                            'attempts', r.attempts, 'row_count', r.row_count,
                            'unreached_in_progress', r.unreached_in_progress, 'update_xt', r.update_xt,
                            'previous_transferred_at', r.previous_transferred_at,
                            'previous_file_name', r.previous_file_name, 'attempt_limit', r.attempt_limit,
                            'next_attempt_at', ${NEXT_ATTEMPT_SQL})
                            ORDER BY r.id DESC)
                            FROM (SELECT DISTINCT ON (kind) * FROM report_files
                                   WHERE dataset_id = d.id AND kind <> 'completion'
                                   ORDER BY kind, id DESC) r), '[]') AS reports
           FROM datasets d
          WHERE d.root_id IS NULL
          ORDER BY d.launched_at DESC NULLS FIRST, d.id DESC`,
      );
      return [
        rows.map((r) => {
          const latest = r.reports[0]; // ordered newest launch first
          const reports = Object.fromEntries(CUSTOM_REPORT_KINDS.map((k) => [k, null])) as Record<
            CustomReportKind,
            CustomReportState | null
          >;
          for (const f of r.reports) {
            reports[f.kind] = {
              ID: f.id,
              FILE_NAME: f.file_name,
              LAUNCHED_TIME: iso(f.requested_at)!,
              REPORT_TIME: iso(f.generated_at),
              FILE_TRANSFER_TIME: iso(f.transferred_at),
              TRANSFER_STATE: f.transfer_state,
              LAST_ERROR: f.last_error,
              ATTEMPTS: f.attempts,
              ROWS: f.row_count,
              UNREACHED_IN_PROGRESS: f.unreached_in_progress,
              UPDATE_XT: Number(f.update_xt),
              ...deliveryProgressOf(f),
            };
          }
          return {
            title_vch: r.title,
            dataset_id_bint: r.dataset_id,
            launched_dt: iso(r.launched_at),
            UPDATE_XT: latest ? Number(latest.update_xt) : r.dataset_xt,
            FILE_TRANSFER_TIME: latest ? iso(latest.transferred_at) : null,
            reports,
          };
        }),
      ];
    },
  };
}
