import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startBanner } from './start-banner.ts';

describe('startBanner', () => {
  it('names where report files go, password hidden, and says an SFTP host key is not checked', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/psps',
      FILE_TRANSFER_URL: 'sftp://psps:Hidden-Pw-1@sftp.utility.test:22/incoming',
    });

    expect(startBanner(config, 15.94)).toEqual([
      '',
      '  PSPS Console is running at http://localhost:8080  (ready in 15.9 s)',
      '  Database: embedded PostgreSQL, data in /srv/psps',
      '  Report files go to: sftp://psps:***@sftp.utility.test:22/incoming (any host key accepted: add ?fingerprint=SHA256:… to pin it)',
      '  Press Ctrl-C to stop.',
      '',
    ]);
  });

  it('names a pinned SFTP destination, the default folder and the demo users as they are', () => {
    const pinned = loadConfig({
      DATABASE_URL: 'postgres://psps:db-pw@db.utility.test:5432/psps',
      FILE_TRANSFER_URL: 'sftp://psps@sftp.utility.test/in?fingerprint=SHA256:abc',
    });
    expect(startBanner(pinned, 2).slice(2, 4)).toEqual([
      '  Database: DATABASE_URL',
      '  Report files go to: sftp://psps@sftp.utility.test/in?fingerprint=SHA256:abc',
    ]);

    const demo = loadConfig({ DATA_DIR: '/srv/psps' });
    expect(
      startBanner(demo, 2, [
        { email: 'operator@example.com', password: 'operator-demo', permissions: ['REPORTING'] },
      ]),
    ).toEqual([
      '',
      '  PSPS Console is running at http://localhost:8080  (ready in 2.0 s)',
      '  Database: embedded PostgreSQL, data in /srv/psps',
      '  Report files go to: file:///srv/psps/outbox',
      '  Demo users (e-mail / password):',
      '    operator@example.com     operator-demo    REPORTING',
      '  Press Ctrl-C to stop.',
      '',
    ]);
  });
});
