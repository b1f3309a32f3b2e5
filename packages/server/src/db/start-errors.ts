import { ConfigError } from '../config.ts';

/**
 * Where DATABASE_URL points, in words, without its password: `role "psps" on 127.0.0.1:5432, database "psps"`.
 * An address that cannot be read gives only what was read.
 */
function target(databaseUrl: string | undefined) {
  let host = 'localhost';
  let port = '5432';
  let database = '';
  let user = '';
  try {
    const url = new URL(databaseUrl ?? '');
    host = url.hostname || host;
    port = url.port || port;
    database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    user = decodeURIComponent(url.username);
  } catch {
    // config.ts refuses an unreadable DATABASE_URL before any connection; the embedded database's is always readable
  }
  return { address: `${host}:${port}`, host, database: database || user, user };
}

/** The first line of a message: node-pg-migrate puts a whole stack trace into some of its own. */
function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.replace(/^(Unable to ensure migrations table: )?(error: )?/i, '').trim();
}

/**
 * Why the server, worker or command-line tool could not start, in one line a person can act on: what failed, where
 * (host, port, database, role; never the password), and what to check. PostgreSQL's own words are kept after a colon,
 * so a server speaking another language still says what happened.
 */
export function explainStartFailure(err: unknown, databaseUrl: string | undefined): string {
  if (err instanceof ConfigError) return err.message;
  const {
    code,
    syscall,
    hostname,
    message = String(err),
  } = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    syscall?: unknown;
    hostname?: unknown;
    message?: string;
  };
  const { address, host, database, user } = target(databaseUrl);
  const where = databaseUrl ? ' (DATABASE_URL)' : '';
  const said = firstLine(message);
  if (syscall === 'listen') {
    return `Cannot serve HTTP: ${said}. ${code === 'EADDRINUSE' ? 'Another process uses that port: stop it, or set PORT.' : 'Check PORT and HOST.'}`;
  }
  if ((code === 'ENOTFOUND' || code === 'EAI_AGAIN') && typeof hostname === 'string' && hostname !== host) {
    return `The host name "${hostname}" is not known: ${said}. Check HOST.`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach PostgreSQL at ${address}${where}: the connection was refused. Is PostgreSQL running and listening on that address and port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach PostgreSQL: the host "${host}"${where} is not known. Check the host name.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ECONNRESET':
      return `Cannot reach PostgreSQL at ${address}${where}: ${said}. Check the address, the port and the network (firewall).`;
    case '28P01':
      return `PostgreSQL at ${address} refused the password of role "${user}"${where}: ${said}.`;
    case '28000':
      return `PostgreSQL at ${address} refused role "${user}"${where}: ${said}. Check the role's name and pg_hba.conf.`;
    case '3D000':
      return `The database "${database}" does not exist on PostgreSQL at ${address}${where}. Create it first (createdb -O ${user || 'ROLE'} ${database}).`;
    case '53300':
      return `PostgreSQL at ${address} has no connection left: ${said}. Raise max_connections or run fewer processes (each opens up to 33).`;
    case '57P03':
      return `PostgreSQL at ${address} is starting or stopping: ${said}. Start again once it is up.`;
    case '42501':
      return `Role "${user}" may not create what the database needs in "${database}"${where}: ${said}. Make the role the database's owner, or grant it CREATE on the database and on schema public.`;
  }
  if (/^Unable to ensure migrations table/.test(message)) {
    return `Role "${user}" cannot create the migrations table in "${database}"${where}: ${said}. Make the role the database's owner, or grant it CREATE on the database and on schema public.`;
  }
  if (/^(Connection terminated|timeout expired|timeout exceeded when trying to connect)/.test(message)) {
    return `Cannot reach PostgreSQL at ${address}${where}: ${said}. Check the address, the port and the network (firewall), and that it is PostgreSQL that listens there.`;
  }
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return `PostgreSQL at ${address}${where} answered an error while starting: ${said} (SQLSTATE ${code}).`;
  }
  return said || 'an unknown error';
}
