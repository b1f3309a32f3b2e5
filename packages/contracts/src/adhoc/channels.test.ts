import { describe, expect, it } from 'vitest';
import { ADHOC_STATUSES, isAdhocLocked, isNotifyBy, NOTIFY_BY, NOTIFY_BY_LABELS } from './channels.ts';

describe('channels and statuses', () => {
  it('names the channels PHON (voice), SMS and EML (e-mail)', () => {
    expect(NOTIFY_BY).toEqual(['PHON', 'SMS', 'EML']);
    expect(NOTIFY_BY_LABELS).toEqual({ PHON: 'Voice', SMS: 'SMS', EML: 'e-Mail' });
    expect(isNotifyBy('EML')).toBe(true);
    expect(isNotifyBy('EMAIL')).toBe(false);
  });

  it('has the statuses DRAFT, PUBLISHED and LAUNCHED, and only LAUNCHED locks a template', () => {
    expect(ADHOC_STATUSES).toEqual(['DRAFT', 'PUBLISHED', 'LAUNCHED']);
    expect(isAdhocLocked('LAUNCHED')).toBe(true);
    expect(isAdhocLocked('PUBLISHED')).toBe(false);
    expect(isAdhocLocked('DRAFT')).toBe(false);
  });
});
