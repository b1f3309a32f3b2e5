import { describe, expect, it } from 'vitest';
import { redactUrl, scrubSecrets } from './redact.ts';

describe('redactUrl', () => {
  it('hides the password and keeps everything an operator needs to recognise the target', () => {
    expect(redactUrl('sftp://user:pass@host:22/dir')).toBe('sftp://user:***@host:22/dir');
    expect(redactUrl('smtps://mailer:p%40ss@smtp.example.com:465')).toBe(
      'smtps://mailer:***@smtp.example.com:465',
    );
    expect(redactUrl('ftp://anonymous@host/in')).toBe('ftp://anonymous@host/in');
    expect(redactUrl('file:///srv/outbox')).toBe('file:///srv/outbox');
  });

  it('hides secret query values and inline key material but keeps a key path', () => {
    expect(redactUrl('sftp://u@h/d?key=/etc/psps/id_ed25519&passphrase=hunter2')).toBe(
      'sftp://u@h/d?key=%2Fetc%2Fpsps%2Fid_ed25519&passphrase=***',
    );
    expect(redactUrl('sftp://u@h/d?key=-----BEGIN%20OPENSSH%20PRIVATE%20KEY-----abc')).toBe(
      'sftp://u@h/d?key=***',
    );
    expect(redactUrl('https://h/x?authToken=abc&token=def')).toBe('https://h/x?authToken=***&token=***');
  });

  it('prints an unparsable URL as <invalid URL>', () => {
    expect(redactUrl('sftp://user:pa ss@bad host')).toBe('<invalid URL>');
  });

  it('prints a URL with a fragment or an @ after its host as <invalid URL>: a password cut there, the rest in the clear', () => {
    // Parsed, 'Pa@ss#w0rd' is the password 'Pa', the host 'ss' and the fragment 'w0rd@sftp.utility.test:22/incoming'.
    expect(redactUrl('sftp://psps:Pa@ss#w0rd@sftp.utility.test:22/incoming')).toBe('<invalid URL>');
    expect(redactUrl('ftp://psps:Pa@ss#w0rd@ftp.utility.test/in')).toBe('<invalid URL>');
    // '2026/Fire': the digits read as a port, 'Fire@…' as the path.
    expect(redactUrl('sftp://psps:2026/Fire@sftp.utility.test/in')).toBe('<invalid URL>');
    expect(redactUrl('sftp://psps:2026?Fire@sftp.utility.test/in')).toBe('<invalid URL>');
  });
});

describe('scrubSecrets', () => {
  it('replaces secrets as written and percent-encoded', () => {
    expect(scrubSecrets('login p@ss failed (p%40ss)', ['p@ss', undefined, ''])).toBe(
      'login *** failed (***)',
    );
  });

  it('hides a short secret where it stands alone, without mangling the words around it', () => {
    expect(scrubSecrets('connect to sftp://u:p@127.0.0.1:1/x failed: p refused', ['p'])).toBe(
      'connect to sftp://u:***@127.0.0.1:1/x failed: *** refused',
    );
    expect(scrubSecrets('ftp login a.b rejected', ['a.b'])).toBe('ftp login *** rejected');
  });
});
