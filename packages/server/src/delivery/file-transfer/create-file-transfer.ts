import { redactUrl } from '../redact.ts';
import { type FileTransfer, type FileTransferOptions, failure } from './file-transfer.ts';
import { createFtpTransfer } from './ftp.ts';
import { createLocalFolderTransfer } from './local-folder.ts';
import { createSftpTransfer } from './sftp.ts';

/**
 * Chooses the adapter by the URL's scheme: `sftp://`, `ftp://`, `ftps://` (explicit TLS) or
 * `file:///absolute/folder`. Throws a FileTransferError (stage `config`) for anything else.
 */
export function createFileTransfer(url: string, options: FileTransferOptions = {}): FileTransfer {
  const target = redactUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw failure(target, 'config', new Error('not a valid URL'));
  }
  switch (parsed.protocol) {
    case 'sftp:':
      return createSftpTransfer(parsed, options);
    case 'ftp:':
    case 'ftps:':
      return createFtpTransfer(parsed, options);
    case 'file:':
      return createLocalFolderTransfer(parsed, options);
    default:
      throw failure(target, 'config', new Error(`unsupported scheme ${parsed.protocol}`));
  }
}
