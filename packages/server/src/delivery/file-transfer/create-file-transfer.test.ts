import { describe, expect, it } from 'vitest';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError } from './file-transfer.ts';

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
