import { describe, expect, it } from 'vitest';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError, failure } from './file-transfer.ts';

function configError(url: string): FileTransferError {
  try {
    createFileTransfer(url);
  } catch (err) {
    expect(err).toBeInstanceOf(FileTransferError);
    return err as FileTransferError;
  }
  throw new Error(`${url} was accepted`);
}

describe('createFileTransfer', () => {
  it('chooses an adapter for each supported scheme', () => {
    for (const url of [
      'sftp://u:p@host/dir',
      'ftp://u:p@host/dir',
      'ftps://u:p@host/dir',
      'file:///srv/outbox',
    ]) {
      expect(createFileTransfer(url).send).toBeTypeOf('function');
    }
  });

  it('refuses an unsupported scheme, naming it without the password', () => {
    const error = configError('http://user:Top-Secret@host/dir');
    expect(error.stage).toBe('config');
    expect(error.message).toContain('unsupported scheme http:');
    expect(error.message).not.toContain('Top-Secret');
  });

  it('refuses a URL that does not parse without echoing it', () => {
    const error = configError('sftp://user:Top Secret@bad host/dir');
    expect(error.message).toContain('<invalid URL>');
    expect(error.message).not.toContain('Top Secret');
  });

  it('refuses an SFTP URL without a user', () => {
    expect(configError('sftp://host/dir').message).toContain('names no user');
  });
});

describe('failure', () => {
  it('says an address without a network route to it is unreachable, in words', () => {
    // As Node reports a connection to an address no route leads to (no route, or a firewall answering so).
    for (const code of ['EHOSTUNREACH', 'ENETUNREACH']) {
      const err = Object.assign(new Error(`connect ${code} 10.20.30.40:22`), { code });
      const error = failure('sftp://psps:***@10.20.30.40:22/in', 'connect', err, ['Hidden-Pw-1']);

      expect(error.message).toBe(
        `Cannot connect or sign in: there is no network route to the server: check the address, and the network and firewall on the way to it (connect ${code} 10.20.30.40:22). File transfer to sftp://psps:***@10.20.30.40:22/in.`,
      );
      expect(error.code).toBe(code);
    }
  });
});
