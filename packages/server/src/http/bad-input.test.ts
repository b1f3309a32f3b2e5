import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { createLogger } from '../runtime.ts';
import { redactUrl } from './redact.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['REPORTING', 'SUPPRESSION']);
});
afterAll(() => t.close());

describe("a user's mistake never produces a 500", () => {
  it('answers 400 to a zero byte in a path, even at sign-in', async () => {
    const res = await t.app.inject({ url: '/api/login/a%00b@x.com/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'The address contains a zero byte, which is never a valid value.',
    });
  });

  it('answers a broken %-escape in the address with the usual error shape', async () => {
    const res = await t.app.inject({ url: '/api/login/%E0%A4%A/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'The address cannot be read: it holds a broken %-escape. Check the link.',
    });
    // With the security headers every other answer carries.
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers 400 to a zero byte in a JSON body, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: bearer(token),
      payload: { name_vch: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const { rows } = await t.ctx.db.query('SELECT count(*)::int AS n FROM adhoc_campaigns');
    expect(rows[0].n).toBe(0);
  });

  it('searches suppressions by a text of one or two characters', async () => {
    for (const value of ['ab', '1', 'é']) {
      const res = await t.app.inject({
        url: `/api/suppress/search?value=${encodeURIComponent(value)}&page=1`,
        headers: bearer(token),
      });
      expect(res.statusCode, value).toBe(200);
      expect(res.json()).toEqual({ data: [], rows: 0 });
    }
  });

  it('answers 400 with a plain sentence to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name_vch": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('refuses a JSON body with a __proto__ or constructor.prototype key in words, not as "not valid JSON"', async () => {
    for (const payload of [
      '{"name_vch": "x", "__proto__": {"admin": true}}',
      '{"name_vch": "x", "constructor": {"prototype": {"admin": true}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/adhoc/campaign/insert',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({
        error: 'bad_request',
        message:
          'The request body has a key named __proto__ (or constructor.prototype), which is never accepted. Remove it and try again.',
      });
    }
  });

  it('answers 415 unsupported_media_type to a body of a content type no call reads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'application/xml' },
      payload: '<name_vch>x</name_vch>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'The request body has a content type this call does not accept: send JSON (Content-Type: application/json).',
    });
  });

  it('answers 415 to JSON sent as text/plain, rather than "The request body must be an object"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: '{"name_vch": "x"}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'The request body has a content type this call does not accept: send JSON (Content-Type: application/json).',
    });
  });
});

describe('text no one can store, and dates PostgreSQL cannot hold', () => {
  const surrogateRefusal = {
    error: 'bad_request',
    message:
      'The request contains a character that cannot be stored (half of a UTF-16 surrogate pair, such as \\ud800). Remove it and try again.',
  };

  it('answers 400 to half a surrogate pair in a JSON body (it was a 500), and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name_vch": "Wind \\ud800 event"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(surrogateRefusal);
    const { rows } = await t.ctx.db.query('SELECT count(*)::int AS n FROM adhoc_campaigns');
    expect(rows[0].n).toBe(0);
  });

  it('refuses half a surrogate pair in the ingest feed, JSON or NDJSON, instead of storing U+FFFD', async () => {
    const key = await t.ctx.auth.createApiKey('engine-bad-input', ['INGEST']);
    for (const [type, payload] of [
      [
        'application/json',
        '[{"id_bint": 9101, "name_vch": "a\\udc00b", "begin_dt": "2026-11-22T00:00:00Z"}]',
      ],
      [
        'application/x-ndjson',
        '{"id_bint": 9101, "name_vch": "a\\ud800b", "begin_dt": "2026-11-22T00:00:00Z"}\n',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/events',
        headers: { ...bearer(key), 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual(surrogateRefusal);
    }
    const { rows } = await t.ctx.db.query('SELECT count(*)::int AS n FROM events WHERE id = 9101');
    expect(rows[0].n).toBe(0);
    // A real pair (an emoji) is text like any other.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: '[{"id_bint": 9102, "name_vch": "Wind \\ud83c\\udf2c", "begin_dt": "2026-11-22T00:00:00Z"}]',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('looks through a body nested 90,000 deep without overflowing the stack (400, not 500)', async () => {
    // 90,000 rather than 100,000: a body of over 100,000 values is refused unread (413, below).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/select',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"search": ${'['.repeat(90_000)}${']'.repeat(90_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The field search of the request must be text.');
  });

  it('answers 400 to the year 0000, which PostgreSQL has not (it was a 500)', async () => {
    const key = await t.ctx.auth.createApiKey('engine-year-zero', ['INGEST']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: bearer(key),
      payload: [{ id_bint: 9103, name_vch: 'Year zero', begin_dt: '0000-01-01T00:00:00Z' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message:
        'A date in the request is out of range: the year must be from 0001 to 294276. Nothing was stored.',
    });
  });
});

describe('uploads whose multipart body is broken', () => {
  it('answers 400 for a recording cut short, without boundary or malformed (they were 500s)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: bearer(token),
      payload: { name_vch: 'Upload test' },
    });
    const id = created.json().response.id_bint;
    const part = 'Content-Disposition: form-data; name="file"; filename="a.wav"\r\n';
    for (const [what, type, payload] of [
      ['cut short in the file', 'multipart/form-data; boundary=XX', `--XX\r\n${part}\r\nRIFF`],
      ['cut short in the part headers', 'multipart/form-data; boundary=XX', `--XX\r\n${part}`],
      ['without boundary', 'multipart/form-data', 'garbage'],
      ['not multipart inside', 'multipart/form-data; boundary=XX', 'garbage'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/adhoc/upload/machine/${id}-english`,
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({
        error: 'bad_request',
        message:
          'The upload did not arrive whole: its multipart/form-data body is cut short or malformed. Nothing was changed; send the file again.',
      });
    }
  });
});

describe('refusals of the multipart parser, in plain words', () => {
  it('says an upload (recording or suppression file) holds too many fields, and names a forbidden field', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: bearer(token),
      payload: { name_vch: 'Fields test' },
    });
    const id = created.json().response.id_bint;
    const form = (names: string[]) =>
      `${names.map((n) => `--XX\r\nContent-Disposition: form-data; name="${n}"\r\n\r\nx\r\n`).join('')}--XX--\r\n`;
    const upload = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/adhoc/upload/machine/${id}-english`,
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=XX' },
        payload,
      });
    const many = await upload(form(Array.from({ length: 14 }, (_, i) => `f${i}`)));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({
      error: 'too_large',
      message: 'The upload holds more files or form fields than this call accepts: send the one file alone.',
    });
    // The suppression upload said such a request held a file over 200 MB.
    const suppression = await t.app.inject({
      method: 'POST',
      url: '/api/suppress/upload/fullFileUpload',
      headers: {
        ...bearer(token),
        'content-type': 'multipart/form-data; boundary=XX',
        groupName: 'Fields test',
      },
      payload: form(Array.from({ length: 14 }, (_, i) => `f${i}`)),
    });
    expect(suppression.statusCode).toBe(413);
    expect(suppression.json()).toEqual({
      status: 413,
      error: 'payload_too_large',
      message: 'The upload holds more files or form fields than this call accepts: send the one file alone.',
    });
    const proto = await upload(form(['__proto__']));
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({
      error: 'bad_request',
      message:
        'The upload has a form field named like a built-in property (such as __proto__ or toString), which is not allowed.',
    });
  });
});

describe('query parameters', () => {
  it('says a parameter given twice is given twice (not that it "must be text")', async () => {
    const res = await t.app.inject({
      url: '/api/v1/dashboard?tz=UTC&tz=America/Los_Angeles',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The query parameter tz is given more than once; give it once.');
  });
  it('says so for a suppression upload too (it said "The query parameter tz must be text")', async () => {
    for (const path of ['fullFileUpload', 'incrementalFileUpload']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/suppress/upload/${path}?tz=UTC&tz=America/Los_Angeles`,
        headers: {
          ...bearer(token),
          groupName: 'Twice test',
          'content-type': 'multipart/form-data; boundary=XX',
        },
        payload:
          '--XX\r\nContent-Disposition: form-data; name="fullFileUpload"; filename="a.csv"\r\n\r\n4155550123\n\r\n--XX--\r\n',
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({
        status: 400,
        error: 'bad_request',
        message: 'The query parameter tz is given more than once; give it once.',
      });
    }
  });
});

describe('the HTTP connection', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const send = (
    method: string,
    path: string,
    headers: Record<string, string | number>,
    body?: string | Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> =>
    new Promise((resolve, reject) => {
      // As a browser does: the connection is offered for the next request.
      const h = { connection: 'keep-alive', ...headers };
      const r = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent: false }, (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      r.on('error', reject);
      r.end(body);
    });

  it('answers a path leaving the API documentation files with 403 forbidden in words (it was bad_request "Forbidden")', async () => {
    const res = await send('GET', '/api/docs/static/%2e%2e/%2e%2e/package.json', {});
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({
      error: 'forbidden',
      message: 'This address may not be read (403 Forbidden).',
    });
    const range = await send('GET', '/api/docs/static/swagger-ui.css', { range: 'bytes=99999999-' });
    expect(range.status).toBe(416);
    expect(JSON.parse(range.body)).toEqual({
      error: 'range_not_satisfiable',
      message: 'The part of the file asked for (the Range header) is not in it (416 Range Not Satisfiable).',
    });
  });

  /** A request written byte for byte (Node's client always adds a Host header); the answer's status and body. */
  const rawRequest = (text: string): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body });
      });
      socket.end(text);
    });

  it('answers an HTTP/1.1 request without a Host header with 400 in words (Node sent a bare 400)', async () => {
    const res = await rawRequest('GET /api/v1/config HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: 'bad_request',
      message: 'The request has no Host header, which HTTP/1.1 requires.',
    });
    // HTTP/1.0 has no Host header to require.
    const old = await rawRequest('GET /api/v1/config HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('answers an Expect header it cannot meet with 417 in words (Node sent a bare 417)', async () => {
    const res = await rawRequest(
      'POST /api/v1/adhoc/campaign/select HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n{}',
    );
    expect(res.status).toBe(417);
    expect(JSON.parse(res.body)).toEqual({
      error: 'expectation_failed',
      message:
        "The request's Expect header (200-ok) asks for something this server does not do; send the request without it.",
    });
  });

  it('answers /API/… in capitals or /api\\… with a backslash as an unknown address, not as a console page', async () => {
    for (const [path, shown] of [
      ['/API/V1/DASHBOARD', '/API/V1/DASHBOARD'],
      ['/Api/v1/config', '/Api/v1/config'],
      ['/api\\v1\\config', '/api\\v1\\config'],
      ['/CSV/proc_reports_gridTreeEvents/1', '/CSV/proc_reports_gridTreeEvents/1'],
    ]) {
      const res = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toEqual({
        error: 'not_found',
        message: `There is no GET ${shown}.`,
      });
    }
  });

  it('answers a known address asked with another method with 405 and Allow (it was a 404)', async () => {
    const cases: [string, string, string, string][] = [
      ['POST', '/api/suppress/search?value=x', 'GET, HEAD', 'GET'],
      ['GET', '/api/suppress/upload/fullFileUpload', 'POST', 'POST'],
      ['PUT', '/api/v1/ingest/messages', 'POST', 'POST'],
      ['DELETE', '/api/suppress/downloadActiveSuppressions', 'GET', 'GET'], // no HEAD: it would make the CSV
    ];
    for (const [method, url, allow, named] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(token) });
      const path = url.split('?')[0];
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: 'method_not_allowed',
        message: `There is no ${method} ${path}; that address takes ${named}.`,
      });
    }
    // Unknown under every method, the one-parameter route beside it (GET /api/{sessionToken}) included: 404.
    for (const [method, url] of [
      ['POST', '/api/dashbord'],
      ['POST', '/api/suppress/nothing'],
      ['GET', '/api/v1/nothing'],
    ]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json()).toEqual({ error: 'not_found', message: `There is no ${method} ${url}.` });
    }
  });

  it("names the specification's address when one is asked with or without its slash at the end", async () => {
    for (const [url, message] of [
      [
        '/api/campaign-list',
        'There is no GET /api/campaign-list; did you mean /api/campaign-list/ (with the slash at the end)?',
      ],
      [
        '/api/proc_events_getList',
        'There is no GET /api/proc_events_getList; did you mean /api/proc_events_getList/ (with the slash at the end)?',
      ],
      [
        '/api/v1/dashboard/',
        'There is no GET /api/v1/dashboard/; did you mean /api/v1/dashboard (without the slash at the end)?',
      ],
      // Only where the other address takes the method: POST /api/campaign-list/ does not exist either.
      ['/api/v1/nothing/', 'There is no GET /api/v1/nothing/.'],
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', message });
    }
    // Answered like every other answer: the security headers too.
    const get = await t.app.inject({ url: '/api/campaign-list', headers: bearer(token) });
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
    const post = await t.app.inject({ method: 'POST', url: '/api/campaign-list', headers: bearer(token) });
    expect(post.json()).toEqual({ error: 'not_found', message: 'There is no POST /api/campaign-list.' });
  });

  it('gives a request 10 minutes to arrive whole (Fastify would wait for ever)', () => {
    expect(t.app.server.requestTimeout).toBe(600_000);
  });

  it('answers an address over 16 KB with 431 and {error, message}', async () => {
    const res = await send('GET', `/api/voice-reports/${'1'.repeat(20_000)}`, bearer(token));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: 'too_large',
      message: 'The address or the headers of the request are too long (16 KB at most).',
    });
  });

  it('closes the connection when it answers before reading the body whole, so no next request waits on it', async () => {
    const boundary = 'XBOUNDARYX';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fullFileUpload"; filename="a.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nPHONE\n${'9'.repeat(2_000_000)}\n\r\n--${boundary}--\r\n`,
    );
    const early = await send(
      'POST',
      '/api/suppress/upload/fullFileUpload',
      {
        ...bearer(token),
        groupName: 'Connection test',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
      body,
    );
    expect(early.status).toBe(400);
    expect(early.headers.connection).toBe('close');
    // Refused before the body was read (no session): closed too, rather than read to its end.
    const unsigned = await send(
      'POST',
      '/api/v1/adhoc/campaign/select',
      { 'content-type': 'application/json', 'content-length': 2_000_010 },
      `{"search":"${'a'.repeat(2_000_000)}"}`,
    );
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.connection).toBe('close');
    // A body read whole keeps the connection.
    const whole = await send(
      'POST',
      '/api/v1/adhoc/campaign/select',
      {
        ...bearer(token),
        'content-type': 'application/json',
        'content-length': 2,
      },
      '{}',
    );
    expect(whole.status).toBe(200);
    expect(whole.headers.connection).toBe('keep-alive');
  });
});

describe('API documentation', () => {
  it("keeps its files on the page's own scheme (no upgrade-insecure-requests, which blanked it over http)", async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'self'; img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self' ; script-src-attr 'none'; style-src 'self' 'unsafe-inline' ;",
    );
  });
});

describe('caching', () => {
  it('answers of the API are never stored by a browser or proxy', async () => {
    const res = await t.app.inject({ url: '/api/v1/config' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('log redaction of paths', () => {
  it('hides tokens but keeps route names readable', () => {
    expect(redactUrl('/api/sql/proc_reports_gridTreeEvents/9002')).toBe(
      '/api/sql/proc_reports_gridTreeEvents/9002',
    );
    expect(redactUrl('/api/completion-reports/_elmdMpdBETbttccWx-Qx9dC1rSA1Gvq4d_WWi9Ou7M/0')).toBe(
      '/api/completion-reports/[token]/0',
    );
    expect(redactUrl('/api/login/ana@example.com/abc')).toBe('/api/login/[redacted]');
  });

  it("hides a tracked link's code: one customer's message, clicked from their phone's address", () => {
    expect(redactUrl('/l/pa-sms-link')).toBe('/l/[code]');
    expect(redactUrl('/l/Xy7_k2?utm=sms')).toBe('/l/[code]');
  });

  it('says an unknown sign-in address is unknown without repeating its e-mail and password hash', async () => {
    const res = await t.app.inject({ url: `/api/login/ana@example.com/${'ab'.repeat(32)}/extra` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'There is no GET /api/login/[redacted].' });
  });
});

describe('ids', () => {
  it('accepts only digits as an id: 1e5, 0x10 and 1.0 are malformed (400)', async () => {
    for (const id of ['1e5', '0x10', '1.0']) {
      const res = await t.app.inject({ url: `/api/proc_reports_campaignTree/${id}`, headers: bearer(token) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe('The datasetId in the address must be a whole number.');
    }
    for (const id of ['-3', '0']) {
      const res = await t.app.inject({ url: `/api/voice-reports/${id}`, headers: bearer(token) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toEqual({
        error: 'bad_request',
        message: 'The datasetId in the address must be a positive number.',
        details: [{ field: 'params.datasetId', reason: 'must be a positive number' }],
      });
    }
  });

  it('names the id of the launch calls datasetId, as document 1 §7 writes their paths', async () => {
    const launches = [
      'launch-completion-report',
      'launch-medicalbaseline-report',
      'launch-mb-unreached-report',
      'launch-linkclick-report',
    ];
    for (const call of launches) {
      const res = await t.app.inject({ url: `/api/${call}/${token}/abc`, headers: bearer(token) });
      expect(res.statusCode, call).toBe(400);
      expect(res.json(), call).toEqual({
        error: 'bad_request',
        message: 'The datasetId in the address must be a whole number.',
        details: [{ field: 'params.datasetId', reason: 'must be a whole number' }],
      });
    }
    const { paths } = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/launch-completion-report/{token}/{datasetId}',
        '/api/launch-medicalbaseline-report/{token}/{datasetId}',
        '/api/launch-mb-unreached-report/{token}/{datasetId}',
        '/api/launch-linkclick-report/{token}/{datasetId}',
      ]),
    );
  });
});

describe('refusals before an upload is read carry its answer shape (they were 500s)', () => {
  const upload = (url: string, headers: Record<string, string>, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), groupName: 'Shape test', ...headers },
      payload,
    });
  const file =
    '--XX\r\nContent-Disposition: form-data; name="fullFileUpload"; filename="a.csv"\r\n\r\n4155550123\n\r\n--XX--\r\n';

  it('a zero byte in the address of either upload: 400 with status, error and message', async () => {
    for (const path of ['fullFileUpload', 'incrementalFileUpload']) {
      const res = await upload(
        `/api/suppress/upload/${path}?tz=%00`,
        { 'content-type': 'multipart/form-data; boundary=XX' },
        file,
      );
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({
        status: 400,
        error: 'bad_request',
        message: 'The address contains a zero byte, which is never a valid value.',
      });
    }
  });

  it('a body sent as broken JSON, or JSON with half a surrogate pair: 400 with status', async () => {
    const broken = await upload(
      '/api/suppress/upload/fullFileUpload',
      { 'content-type': 'application/json' },
      '{"a":',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: 'The request body is not valid JSON.',
    });
    const surrogate = await upload(
      '/api/suppress/upload/incrementalFileUpload',
      { 'content-type': 'application/json' },
      '{"a":"\\ud800"}',
    );
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message:
        'The request contains a character that cannot be stored (half of a UTF-16 surrogate pair, such as \\ud800). Remove it and try again.',
    });
  });

  it('a body of a content type no call reads: 415 with status', async () => {
    const res = await upload('/api/suppress/upload/fullFileUpload', { 'content-type': 'text/plain' }, 'x');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      status: 415,
      error: 'unsupported_media_type',
      message:
        'The request body has a content type this call does not accept: send the file as multipart/form-data.',
    });
  });

  it('the apply step reads its upload id as digits only (0x1 applied upload 1)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suppress/upload/fullFileUpload/0x1/apply',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: 'The uploadId in the address must be a whole number.',
      details: [{ field: 'params.uploadId', reason: 'must be a whole number' }],
    });
  });

  it('the apply step refuses broken JSON with status too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suppress/upload/fullFileUpload/1/apply',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      error: 'bad_request',
      message: 'The request body is not valid JSON.',
    });
  });
});

describe('JSON bodies too big to read', () => {
  it('refuses a console call whose JSON holds over 100,000 values before reading it (each such body held the server for seconds)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/select',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"search": [${'{},'.repeat(100_000)}{}]}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'too_large',
      message:
        'The request body holds more than 100,000 values (items of lists and fields), more than this call ever needs. Nothing was read.',
    });
    // Commas and brackets inside text are text, not values.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/select',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ search: ',[{'.repeat(66) }),
    });
    expect(text.statusCode).toBe(200);
  });
});

describe('compressed bodies', () => {
  it('refuses a body sent compressed (Content-Encoding: gzip) with 415 in words, rather than "not valid JSON"', async () => {
    const key = await t.ctx.auth.createApiKey('engine-gzip', ['INGEST']);
    const records = [{ id_bint: 9201, name_vch: 'Gzip', begin_dt: '2026-11-22T00:00:00Z' }];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: { ...bearer(key), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(records)),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'The request body is compressed (Content-Encoding: gzip), which this server does not read: send it uncompressed.',
    });
    const { rows } = await t.ctx.db.query('SELECT count(*)::int AS n FROM events WHERE id = 9201');
    expect(rows[0].n).toBe(0);
    // 'identity' is no compression.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: { ...bearer(key), 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: JSON.stringify(records),
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('a header Node refuses', () => {
  it("answers the usual 500 in words, not Fastify's own body naming the header and its error code", async () => {
    const app = await buildApp(t.ctx, { webDist: null });
    app.get('/api/v1/test-bad-header', { config: { access: 'public' } }, async (_req, reply) =>
      reply.header('location', 'https://utility.example/停电').code(302).send(),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/test-bad-header`, { redirect: 'manual' });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: 'internal',
        message: 'Something went wrong on the server. The error has been logged.',
      });
    } finally {
      await app.close();
    }
  });
});

describe('a 500 caused by the database', () => {
  it("logs PostgreSQL's code, table and constraint, never the failing row's phone number or address", async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        output += chunk.toString();
        cb();
      },
    });
    const app = await buildApp(t.ctx, { logger: createLogger('info', sink), webDist: null });
    app.get('/api/v1/test-row-error', { config: { access: 'public' } }, async () => {
      const client = await t.ctx.db.connect();
      try {
        await client.query(
          'CREATE TEMP TABLE probe_contacts (contact text, attempts int CONSTRAINT attempts_positive CHECK (attempts > 0))',
        );
        await client.query('INSERT INTO probe_contacts VALUES ($1, 0)', [
          '+14155550123 privacy-probe@example.org',
        ]);
      } finally {
        client.release(true);
      }
    });
    try {
      const res = await app.inject({ url: '/api/v1/test-row-error' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'internal',
        message: 'Something went wrong on the server. The error has been logged.',
      });
    } finally {
      await app.close();
    }
    const logged = output.split('\n').find((line) => line.includes('request failed'));
    expect(JSON.parse(logged ?? '{}').err).toMatchObject({
      message: 'new row for relation "probe_contacts" violates check constraint "attempts_positive"',
      code: '23514',
      table: 'probe_contacts',
      constraint: 'attempts_positive',
    });
    expect(output).not.toContain('14155550123');
    expect(output).not.toContain('privacy-probe@example.org');
  });
});
