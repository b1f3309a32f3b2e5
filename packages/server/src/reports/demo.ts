import {
  CHANNEL_STATUSES,
  type Channel,
  CUSTOMER_CLASS_LABELS,
  CUSTOMER_CLASSES,
  type CustomerClass,
  INGEST_MAX_BATCH,
  type IngestDataset,
  type IngestMessage,
  type IngestStatus,
  type MessageStatus,
  NOTIFICATION_WAVES,
  phaseOf,
} from '@psps/contracts';
import type pino from 'pino';
import type { AppContext } from '../context.ts';
import { type Db, isDatabaseUnavailable } from '../db/pool.ts';
import type { DemoSeeder } from '../demo/seed.ts';
import { ingestService } from '../ingest/service.ts';
import { writeSummarySnapshots } from '../ingest/summary.ts';

type Wave = keyof typeof NOTIFICATION_WAVES;
const WAVES = Object.keys(NOTIFICATION_WAVES) as Wave[];

const TAGS: Record<Wave, [string, string]> = {
  ADVANCE_48H: [
    'PSPS Watch: power may be shut off in 48 hours',
    'Prepare now: charge devices and plan for medical needs.',
  ],
  ADVANCE_24H: [
    'PSPS Warning: shutoff likely within 24 hours',
    'Have a plan: backup power, medication, a place to go.',
  ],
  IMMINENT: ['Shutoff imminent', 'Power will be turned off in your area within hours.'],
  DEENERGIZED: [
    'Power is now off for public safety',
    'Crews will inspect the lines once the weather clears.',
  ],
  ALL_CLEAR: ['All clear: power is being restored', 'Inspections are complete; restoration is under way.'],
};

/** Final-status mixes per channel, weights in percent; realistic for PSPS outreach. */
const MIX: Record<Channel, [string, number][]> = {
  PHON: [
    ['ANSWERED', 44],
    ['MACHINE', 28],
    ['NO_ANSWER', 14],
    ['BUSY', 5],
    ['FAILED', 4],
    ['INVALID_NUMBER', 5],
  ],
  SMS: [
    ['DELIVERED', 90],
    ['UNDELIVERED', 7],
    ['FAILED', 3],
  ],
  EMAIL: [
    ['DELIVERED', 55],
    ['OPENED', 31],
    ['BOUNCED', 10],
    ['DEFERRED', 4],
  ],
};
/**
 * The mixes of a finished (processed) campaign: only final statuses. An e-mail still DEFERRED would be under way,
 * which a campaign counted complete cannot have; the live simulator resolves those of the live wave.
 */
const FINISHED_MIX = Object.fromEntries(
  Object.entries(MIX).map(([channel, mix]) => [
    channel,
    mix.filter(([status]) => phaseOf(status as MessageStatus) === 'completed'),
  ]),
) as Record<Channel, [string, number][]>;

const STREETS = [
  'Oak St',
  'Ridge Rd',
  'Pine Ave',
  'Canyon Dr',
  'Vista Way',
  'Madrone Ln',
  'Summit Blvd',
  'Creek Rd',
];
const TOWNS = [
  'Paradise',
  'Magalia',
  'Calistoga',
  'Santa Rosa',
  'Napa',
  'Sonoma',
  'Oroville',
  'Grass Valley',
];

/** Deterministic pseudo-random numbers (mulberry32), so the demo looks the same at every fresh start. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function weighted(mix: [string, number][], r: number): string {
  let x = r * mix.reduce((sum, [, w]) => sum + w, 0);
  for (const [status, w] of mix) {
    x -= w;
    if (x < 0) return status;
  }
  return mix[mix.length - 1]?.[0] as string;
}

/** Customer n of an event: 8% Medical Baseline, 4% Critical Essential, the rest General. */
function classOf(n: number): CustomerClass {
  const k = n % 100;
  return k < 8 ? 'MEDICAL_BASELINE' : k < 12 ? 'CRITICAL_ESSENTIAL' : 'GENERAL';
}
/** Everyone has a phone; 60% also take SMS, 50% e-mail. */
function channelsOf(n: number): Channel[] {
  return [
    'PHON',
    ...((n * 7) % 10 < 6 ? ['SMS' as const] : []),
    ...((n * 3) % 10 < 5 ? ['EMAIL' as const] : []),
  ];
}

type WavePlan = {
  eventId: number;
  eventName: string;
  rootId: number;
  wave: Wave;
  customers: number;
  createdAt: Date;
  launchedAt: Date | null;
  /** Share of messages with a final status; the rest are pending or queued. */
  done: number;
  processed: boolean;
};

export function waveDatasets(p: WavePlan, now = new Date()): IngestDataset[] {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  // Two hours after the launch, but never later than now: a wave seeded soon after midnight (launched 00:01 to
  // count as today's) finished at once rather than in the future.
  const retry = p.launchedAt
    ? new Date(Math.min(p.launchedAt.getTime() + 2 * 3_600_000, now.getTime()))
    : null;
  const common = {
    event_id_bint: p.eventId,
    CMD: p.wave,
    tag_title_vch: TAGS[p.wave][0],
    tag_line_vch: TAGS[p.wave][1],
    created_dt: p.createdAt.toISOString(),
    launched_dt: iso(p.launchedAt),
    processed_dt: p.processed && retry ? iso(retry) : null,
    medbaseRetry_dt: p.processed ? iso(retry) : null,
  };
  const title = `${p.eventName}: ${NOTIFICATION_WAVES[p.wave]}`;
  return [
    { ...common, dataset_id_bint: p.rootId, title_vch: title },
    ...CUSTOMER_CLASSES.map((cls, i) => ({
      ...common,
      dataset_id_bint: p.rootId + 1 + i,
      rootDataset_bint: p.rootId,
      customer_class: cls,
      title_vch: `${title} (${CUSTOMER_CLASS_LABELS[cls]})`,
    })),
  ];
}

export function waveMessages(
  p: WavePlan,
  firstId: number,
): (IngestMessage & { link_click_dt?: string | null })[] {
  const random = prng(p.rootId);
  const out: (IngestMessage & { link_click_dt?: string | null })[] = [];
  const launched = (p.launchedAt ?? p.createdAt).getTime();
  const now = Date.now();
  let id = firstId;
  for (let n = 1; n <= p.customers; n++) {
    const cls = classOf(n);
    const datasetId = p.rootId + 1 + CUSTOMER_CLASSES.indexOf(cls);
    const lang = random();
    for (const channel of channelsOf(n)) {
      const final = p.launchedAt !== null && random() < p.done;
      const status = final
        ? weighted(p.processed ? FINISHED_MIX[channel] : MIX[channel], random())
        : p.launchedAt && random() < 0.5
          ? 'QUEUED'
          : 'PENDING';
      const at = Math.min(now, launched + Math.floor(random() * 90 * 60_000));
      const clicked =
        final && (status === 'OPENED' || status === 'DELIVERED') && channel !== 'PHON' && random() < 0.12;
      out.push({
        id_bint: id++,
        dataset_id_bint: datasetId,
        channel,
        person_id_vch: `P${p.eventId}${String(n).padStart(7, '0')}`,
        service_agreement_id_vch: `SA${String(n * 7 + 1000003).padStart(10, '0')}`,
        premise_id_vch: `PR${String(n * 13 + 500009).padStart(9, '0')}`,
        premise_address_vch: `${100 + (n % 9000)} ${STREETS[n % STREETS.length]}, ${TOWNS[(n >> 3) % TOWNS.length]}, CA`,
        contact_vch:
          channel === 'EMAIL'
            ? `customer${n}@example.net`
            : `+1707${String(5_550_000 + (n % 9_999_999)).slice(-7)}`,
        language_vch: lang < 0.9 ? 'english' : lang < 0.97 ? 'spanish' : 'chinese',
        status_vch: status,
        status_dt: new Date(at).toISOString(),
        attempts_int: final
          ? channel === 'PHON' && cls === 'MEDICAL_BASELINE'
            ? 1 + Math.floor(random() * 3)
            : 1
          : 0,
        created_dt: p.createdAt.toISOString(),
        link_click_dt: clicked ? new Date(at + 5 * 60_000).toISOString() : null,
      });
    }
  }
  return out;
}

/** The two seeded events: one past, fully notified; one live, its 24-hour wave in progress. */
export function seedPlans(scale: number, now = new Date()): WavePlan[] {
  const h = 3_600_000;
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const today = (hoursAgo: number) => new Date(Math.max(midnight + 60_000, now.getTime() - hoursAgo * h));
  const pastBegin = now.getTime() - 48 * h;
  const pastOffsets: [Wave, number][] = [
    ['ADVANCE_48H', -48],
    ['ADVANCE_24H', -24],
    ['IMMINENT', -2],
    ['DEENERGIZED', 0],
    ['ALL_CLEAR', 30],
  ];
  const past: WavePlan[] = pastOffsets.map(([wave, offset], i) => ({
    eventId: 9001,
    eventName: 'Sierra Foothills PSPS',
    rootId: 40_001 + i * 10,
    wave,
    customers: Math.round(6000 * scale),
    createdAt: new Date(pastBegin + offset * h - h),
    launchedAt: new Date(pastBegin + offset * h),
    done: 1,
    processed: true,
  }));
  const live: WavePlan[] = [
    {
      eventId: 9002,
      eventName: 'North Bay Wind Event',
      rootId: 40_101,
      wave: 'ADVANCE_48H',
      customers: Math.round(8000 * scale),
      createdAt: today(6),
      launchedAt: today(5),
      done: 1,
      processed: true,
    },
    {
      eventId: 9002,
      eventName: 'North Bay Wind Event',
      rootId: 40_111,
      wave: 'ADVANCE_24H',
      customers: Math.round(8000 * scale),
      createdAt: today(1),
      launchedAt: today(0.5),
      done: 0.35,
      processed: false,
    },
  ];
  return [...past, ...live];
}

/**
 * The seeded events, each beginning when its first wave was created: an event's notifications go out after it
 * begins, so the events dropdown's begin time precedes every campaign of the event.
 */
export function seedEvents(plans: readonly WavePlan[]): { id: number; name: string; beginAt: Date }[] {
  const events = new Map<number, { id: number; name: string; beginAt: Date }>();
  for (const p of plans) {
    const event = events.get(p.eventId);
    if (!event) events.set(p.eventId, { id: p.eventId, name: p.eventName, beginAt: p.createdAt });
    else if (p.createdAt < event.beginAt) event.beginAt = p.createdAt;
  }
  return [...events.values()];
}

/**
 * Seeds the reporting demo once (DESIGN.md §6), straight into the tables with set-based SQL (rollups
 * computed once at the end), then starts the live simulator, which moves the live event forward through
 * the ingest service like the messaging engine would.
 */
export const reportsDemo: DemoSeeder = async (ctx, log) => {
  const { rows } = await ctx.db.query('SELECT 1 FROM events LIMIT 1');
  if (!rows.length) {
    const started = Date.now();
    const count = await seed(ctx.db, ctx.config.demoScale);
    log.info({ messages: count, ms: Date.now() - started }, 'demo campaigns seeded');
  }
  return startSimulator(ctx, log);
};

async function seed(db: Db, scale: number): Promise<number> {
  const plans = seedPlans(scale);
  const events = seedEvents(plans);
  const client = await db.connect();
  let total = 0;
  try {
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO events (id, name, begin_at) SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[])',
      [events.map((e) => e.id), events.map((e) => e.name), events.map((e) => e.beginAt)],
    );
    for (const p of plans) {
      const ds = waveDatasets(p);
      await client.query(
        `INSERT INTO datasets (id, event_id, root_id, customer_class, title, cmd, tag_title, tag_line, created_at,
                               launched_at, processed_at, medbase_retry_at)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])`,
        [
          ds.map((d) => d.dataset_id_bint),
          ds.map((d) => d.event_id_bint),
          ds.map((d) => d.rootDataset_bint ?? null),
          ds.map((d) => d.customer_class ?? null),
          ds.map((d) => d.title_vch),
          ds.map((d) => d.CMD),
          ds.map((d) => d.tag_title_vch),
          ds.map((d) => d.tag_line_vch),
          ds.map((d) => d.created_dt),
          ds.map((d) => d.launched_dt),
          ds.map((d) => d.processed_dt),
          ds.map((d) => d.medbaseRetry_dt),
        ],
      );
      const messages = waveMessages(p, total + 1);
      total += messages.length;
      for (let i = 0; i < messages.length; i += 20_000) {
        const part = messages.slice(i, i + 20_000);
        const col = <K extends keyof (typeof part)[number]>(k: K) => part.map((m) => m[k] ?? null);
        await client.query(
          `INSERT INTO messages (id, dataset_id, channel, customer_class, person_id, service_agreement_id, premise_id,
                                 premise_address, contact, language, status, status_at, attempts, link_clicked_at, created_at)
           SELECT u.id, u.dataset_id, u.channel, d.customer_class, u.person_id, u.sa, u.premise, u.address, u.contact,
                  u.language, u.status, u.status_at, u.attempts, u.clicked, u.created
             FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                         $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::int[], $13::timestamptz[],
                         $14::timestamptz[])
                  AS u(id, dataset_id, channel, person_id, sa, premise, address, contact, language, status, status_at,
                       attempts, clicked, created)
             JOIN datasets d ON d.id = u.dataset_id`,
          [
            col('id_bint'),
            col('dataset_id_bint'),
            col('channel'),
            col('person_id_vch'),
            col('service_agreement_id_vch'),
            col('premise_id_vch'),
            col('premise_address_vch'),
            col('contact_vch'),
            col('language_vch'),
            col('status_vch'),
            col('status_dt'),
            col('attempts_int'),
            col('link_click_dt'),
            col('created_dt'),
          ],
        );
      }
    }
    // Rollups and Today counts once, from the seeded rows; from here on ingest keeps them exact.
    await client.query(
      `INSERT INTO dataset_rollups (dataset_id, channel, status, count)
       SELECT dataset_id, channel, status, count(*) FROM messages GROUP BY 1, 2, 3`,
    );
    await client.query(
      `INSERT INTO message_created_counts (slot, channel, count)
       SELECT to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), channel, count(*) FROM messages GROUP BY 1, 2`,
    );
    const { rows } = await client.query<{ id: number }>('SELECT id FROM datasets ORDER BY id');
    await writeSummarySnapshots(
      client,
      rows.map((r) => r.id),
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return total;
}

// ---- live simulator ----

const TICK_MS = 3_000;
/** A finished wave waits this long before the next one is created. */
const PAUSE_BETWEEN_WAVES_MS = 30_000;

/**
 * Every few seconds: moves a slice of the live wave's messages forward (pending -> queued -> a final
 * status, a few link clicks), completes the wave when every message is final, then creates the next wave;
 * after the all-clear a new event starts. Everything goes through the ingest service.
 */
/**
 * The simulator numbers its events, campaigns and messages below these, after the highest it finds there: an
 * engine that feeds the demo server through the ingest API with ids above (the browser tests use 990,001 and up
 * for events and campaigns, 990,000,000 and up for messages) never meets a demo id, whenever a new wave starts.
 */
const DEMO_IDS_BELOW = { event: 900_000, dataset: 900_000, message: 900_000_000 } as const;

export function startSimulator(ctx: AppContext, log: pino.Logger): () => Promise<void> {
  const ingest = ingestService(ctx.db);
  // About 100 messages a tick: a wave lasts some 15 minutes, so the 10-minute summaries of All Channels move too.
  const step = Math.max(50, Math.round(100 * ctx.config.demoScale));
  let running: Promise<void> | null = null;
  let tickNo = 0;

  async function tick() {
    tickNo++;
    // The live wave is the demo's own newest: a campaign an engine sends meanwhile (ids from DEMO_IDS_BELOW up)
    // is newer, but the simulator must neither move its messages nor complete it.
    const { rows } = await ctx.db.query<{
      id: number;
      event_id: number;
      event_name: string;
      cmd: Wave;
      processed_at: Date | null;
    }>(
      `SELECT d.id, d.event_id, e.name AS event_name, d.cmd, d.processed_at
         FROM datasets d JOIN events e ON e.id = d.event_id
        WHERE d.root_id IS NULL AND d.id < $1 ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
      [DEMO_IDS_BELOW.dataset],
    );
    const live = rows[0];
    if (!live) return;
    if (!live.processed_at) return advance(live.id);
    if (Date.now() - live.processed_at.getTime() < PAUSE_BETWEEN_WAVES_MS) return;
    const next = WAVES[WAVES.indexOf(live.cmd) + 1];
    if (next) return createWave(live.event_id, live.event_name, next);
    const { rows: ev } = await ctx.db.query<{ id: number }>(
      'SELECT max(id) + 1 AS id FROM events WHERE id < $1',
      [DEMO_IDS_BELOW.event],
    );
    const eventId = ev[0]?.id ?? 9003;
    const name = `${TOWNS[eventId % TOWNS.length]} Wind Event`;
    await ingest.ingest('events', [
      // It begins with its first wave, created next.
      { id_bint: eventId, name_vch: name, begin_dt: new Date().toISOString() },
    ]);
    return createWave(eventId, name, 'ADVANCE_48H');
  }

  async function advance(rootId: number) {
    const { rows } = await ctx.db.query<{ id: number; channel: Channel; status: string; dataset_id: number }>(
      `SELECT m.id, m.channel, m.status, m.dataset_id FROM datasets d
         JOIN messages m ON m.dataset_id = d.id AND m.channel = ANY($3)
        WHERE d.root_id = $1 AND m.status IN ('PENDING', 'QUEUED', 'DEFERRED')
        ORDER BY m.status = 'PENDING', m.id LIMIT $2`,
      [rootId, step, ['PHON', 'SMS', 'EMAIL']],
    );
    const now = new Date().toISOString();
    if (!rows.length) {
      const { rows: ds } = await ctx.db.query<{
        id: number;
        event_id: number;
        root_id: number | null;
        customer_class: CustomerClass | null;
        title: string;
      }>(
        'SELECT id, event_id, root_id, customer_class, title FROM datasets WHERE id = $1 OR root_id = $1 ORDER BY id',
        [rootId],
      );
      await ingest.ingest(
        'datasets',
        ds.map((d) => ({
          dataset_id_bint: d.id,
          event_id_bint: d.event_id,
          rootDataset_bint: d.root_id,
          customer_class: d.customer_class,
          title_vch: d.title,
          processed_dt: now,
          medbaseRetry_dt: now,
        })),
      );
      log.info({ dataset: rootId }, 'demo wave completed');
      return;
    }
    const random = prng(rootId + tickNo);
    const updates: IngestStatus[] = rows.map((m) => {
      let status: string;
      if (m.status === 'PENDING') status = 'QUEUED';
      else if (m.status === 'DEFERRED') status = 'DELIVERED';
      else {
        status = weighted(MIX[m.channel], random());
        // Deferred stays a minority of the final picture: half of them come back as delivered later.
        if (status === 'DEFERRED' && random() < 0.5) status = 'DELIVERED';
      }
      if (!(CHANNEL_STATUSES[m.channel] as readonly string[]).includes(status)) status = 'FAILED';
      return { id_bint: m.id, status_vch: status, status_dt: now, attempts_int: status === 'QUEUED' ? 0 : 1 };
    });
    await ingest.ingest('statuses', updates);
    const clicks = updates
      .filter(
        (u, i) => rows[i]?.channel !== 'PHON' && (u.status_vch === 'DELIVERED' || u.status_vch === 'OPENED'),
      )
      .filter(() => random() < 0.1)
      .map((u) => ({ id_bint: u.id_bint, clicked_dt: now }));
    if (clicks.length) await ingest.ingest('clicks', clicks);
  }

  async function createWave(eventId: number, eventName: string, wave: Wave) {
    const { rows } = await ctx.db.query<{ root: number; message: number }>(
      `SELECT coalesce(max(id), 40000) AS root,
              (SELECT coalesce(max(id), 0) FROM messages WHERE id < $2) AS message
         FROM datasets WHERE id < $1`,
      [DEMO_IDS_BELOW.dataset, DEMO_IDS_BELOW.message],
    );
    const rootId = Math.ceil(((rows[0]?.root ?? 40_000) + 1) / 10) * 10 + 1;
    const now = new Date();
    const plan: WavePlan = {
      eventId,
      eventName,
      rootId,
      wave,
      customers: Math.round(8000 * ctx.config.demoScale),
      createdAt: now,
      launchedAt: now,
      done: 0,
      processed: false,
    };
    await ingest.ingest('datasets', waveDatasets(plan));
    const messages = waveMessages(plan, (rows[0]?.message ?? 0) + 1).map((m) => ({
      ...m,
      status_vch: 'PENDING',
    }));
    for (let i = 0; i < messages.length; i += INGEST_MAX_BATCH) {
      await ingest.ingest('messages', messages.slice(i, i + INGEST_MAX_BATCH));
    }
    // The demo's first summary at launch (the seeded campaigns have theirs too), so All Channels is not empty
    // until the next 10-minute slot.
    await writeSummarySnapshots(ctx.db, [
      rootId,
      ...waveDatasets(plan).map((d) => Number(d.dataset_id_bint)),
    ]);
    log.info({ dataset: rootId, wave, messages: messages.length }, 'demo wave launched');
  }

  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err) =>
        // The database restarting is said in one line like every call does (app.ts); anything else with its stack.
        isDatabaseUnavailable(err)
          ? log.warn({ error: (err as Error).message }, 'demo simulator: database unreachable, trying again')
          : log.warn({ err }, 'demo simulator step failed'),
      )
      .finally(() => {
        running = null;
      });
  }, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
