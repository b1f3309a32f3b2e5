import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INGEST_KINDS, INGEST_MAX_BATCH, type IngestIssue, type IngestKind } from '@psps/contracts';
import { loadConfig } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { parseCsv, parseNdjson } from '../ingest/parse.ts';
import { ingestService } from '../ingest/service.ts';
import { connectForCli } from './connect.ts';

const USAGE = `Usage: npm run ingest -- <file.csv|file.ndjson|file.json> --kind ${INGEST_KINDS.join('|')}

Imports records of one kind, exactly as the ingest API does (same checks, same transactions), in
batches of ${INGEST_MAX_BATCH.toLocaleString('en-US')}. CSV needs a header row naming the record fields
(e.g. id_bint,status_vch,status_dt); empty cells are left out. Each batch is atomic: the import stops at
the first rejected batch, with the file's record numbers; the batches before it are kept, and importing
the same file again is safe (replays change nothing).`;

class CliError extends Error {}

async function readRecords(file: string): Promise<unknown[]> {
  const text = await readFile(file, 'utf8');
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return parseCsv(text);
  if (ext === '.json') {
    const parsed = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new CliError('A .json file must hold an array of records.');
    return parsed;
  }
  const { records, issues } = parseNdjson(text);
  if (issues.length) throw new CliError(issues.map((i) => `record ${i.index + 1}: ${i.reason}`).join('\n'));
  return records;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { kind: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [file] = positionals;
  if (!file || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const kind = values.kind as IngestKind;
  if (!INGEST_KINDS.includes(kind))
    throw new CliError(`--kind must be one of ${INGEST_KINDS.join(', ')}.\n\n${USAGE}`);
  const records = await readRecords(file);
  const { db, close } = await connectForCli(loadConfig());
  const totals = { received: 0, inserted: 0, updated: 0, ignored: 0 };
  try {
    const service = ingestService(db);
    for (let start = 0; start < records.length; start += INGEST_MAX_BATCH) {
      try {
        const r = await service.ingest(kind, records.slice(start, start + INGEST_MAX_BATCH));
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
      } catch (err) {
        if (err instanceof HttpError && Array.isArray(err.details)) {
          const lines = (err.details as IngestIssue[]).map(
            (i) => `  record ${start + i.index + 1}: ${i.field} ${i.reason}`,
          );
          throw new CliError(
            `Records ${start + 1}-${Math.min(start + INGEST_MAX_BATCH, records.length)} were rejected; nothing of them was written` +
              `${start ? ` (records 1-${start} were imported)` : ''}:\n${lines.join('\n')}`,
          );
        }
        throw err;
      }
    }
  } finally {
    await close();
  }
  process.stdout.write(
    `${totals.received} ${kind} records: ${totals.inserted} inserted, ${totals.updated} updated, ${totals.ignored} unchanged.\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof CliError ? err.message : `Error: ${(err as Error).message}`}\n`);
  process.exit(1);
});
