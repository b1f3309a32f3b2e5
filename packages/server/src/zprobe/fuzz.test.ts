import { it } from 'vitest';
import { bearer, createTestApp } from '../../test/harness.ts';

it('fuzz', async () => {
  const t = await createTestApp({ loginLimits: { maxFailuresPerEmail: 5, maxAttemptsPerClient: 100000, windowMs: 1 } } as never);
  const tok = await t.signIn(['REPORTING', 'SUPPRESSION', 'SETTINGS', 'MB_INTERNAL_PERMISSION', 'OBJECT_ONE']);
  const vals = ['1', '0', '-1', '99999999999999999999', 'abc', '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5000), '1e3', '%E0%A4%A', '__proto__'];
  const bodies: unknown[] = [{}, [], null, 'x', { id_bint_adhoc_campaign: 1 }, { id_bint_adhoc_campaign: '1' }, { a: { b: { c: 1 } } }, { id_bint_adhoc_campaign: 1, language_vch: 'all', notifyBy_vch: 'EML' }, { constructor: { prototype: 1 } }];
  const hits = new Set<string>();
  for (const route of t.app.accessTable) {
    if (route.url.includes('login')) continue;
    for (const v of vals) {
      const url = route.url.replace(/:sessionToken\b/g, tok).replace(/:[A-Za-z_]+/g, v).replace(/\*$/, v);
      for (const q of ['', `?tz=${v}&page=${v}&id_bint_adhoc_campaign=${v}&stamp=${v}&search=${v}&group=${v}&type=${v}`]) {
        const bs = route.method === 'GET' || route.method === 'HEAD' ? [undefined] : bodies;
        for (const b of bs) {
          const r = await t.app.inject({ method: route.method as 'GET', url: url + q, headers: bearer(tok), ...(b === undefined ? {} : { payload: JSON.stringify(b), headers: { ...bearer(tok), 'content-type': 'application/json' } }) });
          if (r.statusCode >= 500 && r.statusCode !== 502 && r.statusCode !== 503) hits.add(`${r.statusCode} ${route.method} ${route.url} v=${v.slice(0, 20)} q=${q !== ''} b=${JSON.stringify(b)?.slice(0, 60)} ${r.body.slice(0, 150)}`);
        }
      }
    }
  }
  console.log('HITS\n' + [...hits].join('\n'));
  await t.close();
}, 600000);
