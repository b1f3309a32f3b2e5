import type { Config } from './config.ts';
import { redactUrl } from './delivery/redact.ts';

/**
 * The lines printed once the server is up. They name where report files go (password hidden), so whoever set
 * FILE_TRANSFER_URL sees at start which destination the server took, and whether an SFTP server's host key is
 * checked.
 */
export function startBanner(
  config: Pick<Config, 'port' | 'databaseUrl' | 'dataDir' | 'fileTransfer'>,
  readySeconds: number,
  demoUsers: readonly { email: string; password: string; permissions: readonly string[] }[] = [],
): string[] {
  const { url } = config.fileTransfer;
  const lines = [
    '',
    `  PSPS Console is running at http://localhost:${config.port}  (ready in ${readySeconds.toFixed(1)} s)`,
    `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL, data in ${config.dataDir}`}`,
    `  Report files go to: ${redactUrl(url)}${unpinnedSftp(url) ? ' (any host key accepted: add ?fingerprint=SHA256:… to pin it)' : ''}`,
  ];
  if (demoUsers.length > 0) {
    lines.push('  Demo users (e-mail / password):');
    for (const u of demoUsers)
      lines.push(`    ${u.email.padEnd(24)} ${u.password.padEnd(16)} ${u.permissions.join(', ')}`);
  }
  lines.push('  Press Ctrl-C to stop.', '');
  return lines;
}

function unpinnedSftp(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === 'sftp:' && !parsed.searchParams.get('fingerprint');
}
