import { parseArgs } from 'node:util';
import { toCsvRow } from '@psps/contracts';
import { type AuditEntry, type AuditFilter, readAuditLog } from '../audit/log.ts';
import { UserError } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { explainStartFailure } from '../db/start-errors.ts';
import { connectForCli } from './connect.ts';

const USAGE = `Usage: npm run audit-log -- [options]

Prints the audit log (who changed what, and when) oldest first, one entry a line:
time (UTC), who, action, target, details.

  --since <time>    from this time (default: 24 hours ago)
  --until <time>    up to this time, not included (default: now)
  --action <text>   only actions beginning with this, e.g. suppression. or user.
  --actor <who>     only what this one did: an e-mail, api-key:NAME, cli:USER or system
  --csv             CSV with a header row (for a spreadsheet) instead of lines

A time is a date (2026-11-23, midnight UTC), a date and time with its offset (2026-11-23T08:00:00-08:00, or Z
for UTC), or a span back from now: 30m, 12h, 7d.

Actions: auth.sign-in, auth.sign-out, user.*, api-key.*, suppression.*, adhoc.*, completion.*, report.launch.*,
report.alert.`;

const SPAN = /^(\d{1,6})([mhd])$/;
const SPAN_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A --since or --until value as a time, or why it is not one. */
export function parseTime(option: string, text: string, now: Date): Date {
  const span = SPAN.exec(text);
  if (span) return new Date(now.getTime() - Number(span[1]) * SPAN_MS[span[2] as keyof typeof SPAN_MS]);
  const iso = DATE.test(text) ? `${text}T00:00:00Z` : DATE_TIME.test(text) ? text : null;
  const at = iso === null ? null : new Date(iso);
  // new Date('2026-02-30T00:00:00Z') rolls over to March: a date that does not read back the same is not one.
  if (
    at === null ||
    Number.isNaN(at.getTime()) ||
    (DATE.test(text) && at.toISOString().slice(0, 10) !== text)
  ) {
    throw new UserError(
      `--${option} ${text} is not a time: write a date (2026-11-23), a date and time with its offset ` +
        `(2026-11-23T08:00:00-08:00) or a span back from now (30m, 12h, 7d).`,
    );
  }
  return at;
}

/** The filter the command line asks for. */
export function filterOf(args: string[], now = new Date()): { filter: AuditFilter; csv: boolean } {
  let values: ReturnType<typeof parse>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parse(args));
  } catch (err) {
    // Node's own words ('Unknown option ...'), its first sentence.
    throw new UserError(`${(err as Error).message.split('.')[0]}.\n\n${USAGE}`);
  }
  if (positionals.length > 0) throw new UserError(`Unexpected argument "${positionals[0]}".\n\n${USAGE}`);
  const since =
    values.since === undefined ? new Date(now.getTime() - SPAN_MS.d) : parseTime('since', values.since, now);
  const until = values.until === undefined ? now : parseTime('until', values.until, now);
  if (since >= until) {
    throw new UserError(
      `--since (${since.toISOString()}) must come before --until (${until.toISOString()}): nothing lies between.`,
    );
  }
  return {
    filter: { since, until, action: values.action || undefined, actor: values.actor || undefined },
    csv: values.csv === true,
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      until: { type: 'string' },
      action: { type: 'string' },
      actor: { type: 'string' },
      csv: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const CSV_HEADER = ['TIME', 'ACTOR', 'ACTION', 'TARGET', 'DETAILS'];

/** The time to the second in UTC (the report files' form); entries of one second keep the order they were written. */
const timeOf = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export function entryLine(e: AuditEntry): string {
  return `${[timeOf(e.at), e.actor, e.action, e.target ?? '-', JSON.stringify(e.details)].join('  ')}\n`;
}

export function entryCsv(e: AuditEntry): string {
  return toCsvRow([timeOf(e.at), e.actor, e.action, e.target, JSON.stringify(e.details)]);
}

/**
 * Set when the reader of standard output has gone (`| head`): the rest is not wanted, and the command ends as if
 * done (its database closed, the embedded one stopped) instead of dying of the broken pipe with a stack trace.
 */
let readerGone = false;

/** Writes and waits when the reader (a pipe, a slow terminal) is behind, so a long log never piles up in memory. */
async function write(text: string): Promise<void> {
  if (readerGone || process.stdout.write(text)) return;
  await new Promise((resolve) => {
    process.stdout.once('drain', resolve);
    process.stdout.once('error', resolve);
  });
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { filter, csv } = filterOf(args);
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    readerGone = true;
  });
  const { db, close } = await connectForCli(loadConfig());
  try {
    if (csv) await write(toCsvRow(CSV_HEADER));
    let count = 0;
    for await (const entry of readAuditLog(db, filter)) {
      await write(csv ? entryCsv(entry) : entryLine(entry));
      if (readerGone) return;
      count++;
    }
    process.stderr.write(
      `${count === 1 ? '1 entry' : `${count.toLocaleString('en-US')} entries`} from ${filter.since.toISOString()} to ${filter.until.toISOString()}.\n`,
    );
  } finally {
    await close();
  }
}

// Run as a command, not when a test imports the parsing above.
if (process.argv[1] && /audit-log\.ts$/.test(process.argv[1])) {
  main().catch((err) => {
    process.stderr.write(
      `${err instanceof UserError ? err.message : explainStartFailure(err, process.env.DATABASE_URL)}\n`,
    );
    process.exit(1);
  });
}
