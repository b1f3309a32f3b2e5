import { Readable } from 'node:stream';
import type { DemoSeeder } from '../demo/seed.ts';
import { suppressionService } from './service.ts';

/** The demo groups: name, and the file uploaded to create it (a full upload, previewed then applied). */
const DEMO_GROUPS: { group: string; file: () => string }[] = [
  { group: 'Opt-out 2026', file: () => lines(2_500, (i) => `+1415${String(3_000_000 + i * 7)},PHONE`) },
  {
    group: 'Medical exemptions',
    file: () =>
      lines(600, (i) => `+1510${String(4_000_000 + i * 13)},SMS`) +
      lines(400, (i) => `PGE-${String(7_000_000 + i * 3)},ACCOUNT`),
  },
  {
    group: 'Bounced e-mails',
    file: () => lines(1_800, (i) => `customer${i}@example.${i % 3 === 0 ? 'org' : 'com'},EMAIL`),
  },
];

function lines(count: number, line: (i: number) => string): string {
  let text = '';
  for (let i = 0; i < count; i++) text += `${line(i)}\n`;
  return text;
}

/** Suppression groups with a few thousand values, uploaded through the same path operators use; seeds once. */
export const seedSuppressionDemo: DemoSeeder = async (ctx, log) => {
  const { rows } = await ctx.db.query('SELECT 1 FROM suppression_groups LIMIT 1');
  if (rows.length > 0) return undefined;
  const service = suppressionService(ctx.db, ctx.config, ctx.streamDb);
  const actor = { userId: null, actor: 'demo-seed' };
  for (const { group, file } of DEMO_GROUPS) {
    const upload = await service.openUpload('full', group, actor);
    const preview = await service.receiveFull(upload, Readable.from([Buffer.from(`value,type\n${file()}`)]));
    await service.applyFullUpload(preview.uploadId, actor);
  }
  log.info({ groups: DEMO_GROUPS.length }, 'suppression demo groups seeded');
  return undefined;
};
