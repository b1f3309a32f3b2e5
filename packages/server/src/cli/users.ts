import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { INGEST_PERMISSION } from '@psps/contracts';
import { clientHashOf } from '../auth/passwords.ts';
import { authService } from '../auth/service.ts';
import { parsePermissions, UserError, userService } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { connectForCli } from './connect.ts';

const USAGE = `Usage: npm run users -- <command>

  add <email> --name "Full Name" --permissions REPORTING,SUPPRESSION   (asks for the password)
  list
  disable <email>            ends the user's sessions at once
  enable <email>
  set-permissions <email> REPORTING,OBJECT_ONE
  set-password <email>       (asks for the password; ends the user's sessions)
  api-key-create <name>      prints a new key for the messaging engine (permission INGEST)
  api-key-revoke <name>

Passwords are read from the terminal without echo, or from the first line of standard input
(e.g. printf '%s\\n' "$PW" | npm run users -- set-password a@b.c); never from an argument.
Permissions: REPORTING, SUPPRESSION, SETTINGS, MB_INTERNAL_PERMISSION, OBJECT_ONE.`;

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.includes(prompt)) out.output.write(prompt);
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function newPassword(): Promise<string> {
  const pw = await readPassword('Password: ');
  if (pw.length < 8) throw new UserError('The password must have at least 8 characters.');
  if (process.stdin.isTTY && (await readPassword('Repeat password: ')) !== pw) {
    throw new UserError('The two passwords differ.');
  }
  return pw;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      permissions: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg1, arg2] = positionals;
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new UserError(`Missing ${what}.\n\n${USAGE}`);
    return v;
  };
  const config = loadConfig();
  const { db, close } = await connectForCli(config);
  try {
    const users = userService(db);
    switch (command) {
      case 'add': {
        const email = need(arg1, 'e-mail');
        const permissions = parsePermissions((values.permissions ?? '').split(',').filter(Boolean));
        const password = await newPassword();
        const created = await users.add({
          email,
          fullname: values.name ?? email,
          clientHash: clientHashOf(password),
          permissions,
        });
        process.stdout.write(created ? `Added ${email}.\n` : `${email} already exists; nothing changed.\n`);
        break;
      }
      case 'list':
        for (const u of await users.list()) {
          process.stdout.write(
            `${u.email.padEnd(32)} ${u.fullname.padEnd(24)} ${u.disabled ? 'DISABLED' : 'active  '} ${u.permissions.join(',')}\n`,
          );
        }
        break;
      case 'disable':
      case 'enable':
        await users.setDisabled(need(arg1, 'e-mail'), command === 'disable');
        process.stdout.write(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${arg1}.\n`);
        break;
      case 'set-permissions':
        await users.setPermissions(
          need(arg1, 'e-mail'),
          parsePermissions(
            need(arg2 ?? values.permissions, 'permissions')
              .split(',')
              .filter(Boolean),
          ),
        );
        process.stdout.write(`Permissions of ${arg1} set.\n`);
        break;
      case 'set-password': {
        const email = need(arg1, 'e-mail');
        await users.setPassword(email, clientHashOf(await newPassword()));
        process.stdout.write(`Password of ${email} set; their sessions were ended.\n`);
        break;
      }
      case 'api-key-create': {
        const key = await authService(db, config).createApiKey(need(arg1, 'key name'), [INGEST_PERMISSION]);
        process.stdout.write(`${key}\n`);
        process.stderr.write('Store this key now: it is shown once and kept only as a hash.\n');
        break;
      }
      case 'api-key-revoke': {
        const n = await authService(db, config).revokeApiKey(need(arg1, 'key name'));
        process.stdout.write(`Revoked ${n} key(s) named ${arg1}.\n`);
        break;
      }
      default:
        throw new UserError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof UserError ? err.message : `Error: ${(err as Error).message}`}\n`);
  process.exit(1);
});
