import { describe, expect, it } from 'vitest';
import { ingestDatasetSchema, ingestMessageSchema } from '../ingest/schemas.ts';
import { CHANNEL_STATUSES, CHANNELS, inPhase, phaseOf, STATUS_LABELS } from './constants.ts';

describe('message statuses and phases', () => {
  it('gives every status of every channel a label', () => {
    for (const c of CHANNELS) for (const s of CHANNEL_STATUSES[c]) expect(STATUS_LABELS[s]).toBeTruthy();
  });
  it('counts phases cumulatively: a completed message is also queued and imported', () => {
    expect(phaseOf('PENDING')).toBe('imported');
    expect(phaseOf('QUEUED')).toBe('queued');
    expect(phaseOf('DEFERRED')).toBe('queued');
    expect(phaseOf('ANSWERED')).toBe('completed');
    expect(inPhase('BOUNCED', 'queued')).toBe(true);
    expect(inPhase('PENDING', 'queued')).toBe(false);
  });
});

describe('ingest records', () => {
  const message = {
    id_bint: 1,
    dataset_id_bint: 2,
    channel: 'SMS',
    person_id_vch: 'P1',
    service_agreement_id_vch: 'SA1',
    premise_id_vch: 'PR1',
    contact_vch: '+14155550100',
    status_vch: 'DELIVERED',
    status_dt: '2026-11-21T10:00:00Z',
  };
  it('accepts a message and defaults attempts to 0', () => {
    expect(ingestMessageSchema.parse(message).attempts_int).toBe(0);
  });
  it('refuses a status of another channel', () => {
    const r = ingestMessageSchema.safeParse({ ...message, status_vch: 'ANSWERED' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['status_vch']);
  });
  it('needs a customer class for a child campaign', () => {
    const r = ingestDatasetSchema.safeParse({
      dataset_id_bint: 5,
      event_id_bint: 1,
      rootDataset_bint: 4,
      title_vch: 'x',
    });
    expect(r.error?.issues[0]?.path).toEqual(['customer_class']);
  });
});
