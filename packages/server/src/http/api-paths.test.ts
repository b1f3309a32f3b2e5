import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The calls of document 1 §7 and document 2 §7, at their own paths (route patterns as registered). */
const SPECIFICATION_CALLS = new Set([
  'GET /api/login/:email/:hash',
  'GET /api/:sessionToken',
  'GET /api/campaign-list/',
  'GET /api/proc_reports_campaignTree/:datasetId',
  'GET /api/sql/proc_reports_gridTreeEvents/:eventId',
  'GET /csv/proc_reports_gridTreeEvents/:eventId',
  'GET /api/proc_events_getList/',
  'GET /api/proc_events_getCampaigns/:eventId',
  'GET /api/all-reports-summary/:datasetId',
  'GET /api/voice-reports/:datasetId',
  'GET /api/sms-reports/:datasetId',
  'GET /api/email-reports/:datasetId',
  'GET /api/completion-reports/:sessionToken/:lastUpdateStamp',
  'GET /api/refresh-completion-report/:token/:id',
  'GET /api/resend-completion-report/:token/:id',
  'GET /api/launch-completion-report/:token/:datasetId',
  'GET /api/launch-medicalbaseline-report/:token/:datasetId',
  'GET /api/launch-mb-unreached-report/:token/:datasetId',
  'GET /api/launch-linkclick-report/:token/:datasetId',
  'GET /api/suppress/getPaginatedCampaigns',
  'GET /api/suppress/search',
  'POST /api/suppress/upload/fullFileUpload',
  'POST /api/suppress/upload/incrementalFileUpload',
  'DELETE /api/suppress/deleteById/:row_id_bint',
  'DELETE /api/suppress/deleteById/groupNameAndType',
  'GET /api/suppress/downloadActiveSuppressions',
]);

/**
 * Addresses DESIGN.md names outside /api/v1: the health checks and the API documentation; the console's own pages
 * (index.html for every client route); and the short link a customer's message carries (/l/{code}), which is no call.
 */
const OUTSIDE_API_V1 = [/^\/healthz$/, /^\/readyz$/, /^\/api\/docs(\/|$)/, /^\/\*$/, /^\/l\/:code$/];

describe('API paths (DESIGN.md §3)', () => {
  it('serves every call the specification lacks under /api/v1/', () => {
    const misplaced = t.app.accessTable
      .map((route) => `${route.method} ${route.url}`)
      .filter((call) => !SPECIFICATION_CALLS.has(call))
      .filter((call) => {
        const url = call.slice(call.indexOf(' ') + 1);
        return !url.startsWith('/api/v1/') && !OUTSIDE_API_V1.some((pattern) => pattern.test(url));
      });
    expect(misplaced).toEqual([]);
  });

  it('serves every call of the specification at its own path', () => {
    const registered = new Set(t.app.accessTable.map((route) => `${route.method} ${route.url}`));
    expect([...SPECIFICATION_CALLS].filter((call) => !registered.has(call))).toEqual([]);
  });
});
