// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { previewFixture } from '../utils/preview-fixture.ts';
import { pendingPreview } from './pending-preview.ts';

const WAITING_PREVIEW = previewFixture({ expiresAt: '2026-11-23T03:00:00.000Z' });

const signedInAs = (email: string) => {
  localStorage.setItem('sessionToken', 'tok');
  localStorage.setItem('userEmail', email);
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a full upload preview waiting when the session ends', () => {
  it('is found again by the same user signed in again, until it can no longer be applied', () => {
    signedInAs('operator@example.com');
    pendingPreview.keep(WAITING_PREVIEW);
    localStorage.clear(); // the session ended
    signedInAs('operator@example.com');
    expect(pendingPreview.find(Date.parse('2026-11-23T02:45:00Z'))).toEqual(WAITING_PREVIEW);
    expect(pendingPreview.find(Date.parse('2026-11-23T03:00:00Z'))).toBeNull();
    // Forgotten once past: not offered later either.
    expect(sessionStorage.getItem('suppressionPendingPreview')).toBeNull();
  });

  it('is never shown to another user who signs in on this tab', () => {
    signedInAs('operator@example.com');
    pendingPreview.keep(WAITING_PREVIEW);
    signedInAs('suppress@example.com');
    expect(pendingPreview.find(Date.parse('2026-11-23T02:45:00Z'))).toBeNull();
  });

  it('is forgotten when applied or left', () => {
    signedInAs('operator@example.com');
    pendingPreview.keep(WAITING_PREVIEW);
    pendingPreview.forget();
    expect(pendingPreview.find(Date.parse('2026-11-23T02:45:00Z'))).toBeNull();
  });
});
