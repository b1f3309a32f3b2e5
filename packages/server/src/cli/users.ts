import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { INGEST_PERMISSION } from '@psps/contracts';
import { z } from 'zod';
import { clientHashOf } from '../auth/passwords.ts';
import { authService } from '../auth/service.ts';
import { parsePermissions, UserError, userService } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { explainStartFailure } from '../db/start-errors.ts';
import { commandLineActor, connectForCli } from './connect.ts';

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

const NO_PASSWORD_ARGUMENT =
  'A password is never taken from an argument (it would stay in the shell history and the process list): ' +
  'type it when asked, or give it on the first line of standard input.';

/** How many positional arguments each command takes after its name. */
const ARITY: Record<string, number> = {
  add: 1,
  list: 0,
  disable: 1,
  enable: 1,
  'set-permissions': 2,
  'set-password': 1,
  'api-key-create': 1,
  'api-key-revoke': 1,
};

function parseCommandLine() {
  // A password given as an option is refused by name; its value is never repeated.
  if (process.argv.slice(2).some((a) => /^--?(password|pw|pass)(=|$)/i.test(a))) {
    throw new UserError(NO_PASSWORD_ARGUMENT);
  }
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        permissions: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // Node's own words ('Unknown option ...'), without the value of the option.
    throw new UserError(`${(err as Error).message.split('.')[0]}.\n\n${USAGE}`);
  }
}

async function main() {
  const { positionals, values } = parseCommandLine();
  const [command, arg1, arg2] = positionals;
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const arity = ARITY[command];
  if (arity === undefined) throw new UserError(`Unknown command "${command}".\n\n${USAGE}`);
  if (positionals.length - 1 > (command === 'set-permissions' && values.permissions ? 1 : arity)) {
    // e.g. `add ana@utility.com secret-pw`: the extra word is not echoed, it may be a password.
    throw new UserError(
      `${command} takes ${arity === 1 ? 'one argument' : `${arity} arguments`}; there are more. ${
        command === 'add' || command === 'set-password' ? NO_PASSWORD_ARGUMENT : ''
      }\n\n${USAGE}`,
    );
  }
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new UserError(`Missing ${what}.\n\n${USAGE}`);
    return v;
  };
  const config = loadConfig();
  const { db, close } = await connectForCli(config);
  try {
    const who = commandLineActor();
    const users = userService(db, who);
    switch (command) {
      case 'add': {
        const email = need(arg1, 'e-mail').trim();
        if (!z.email().safeParse(email).success) {
          throw new UserError(`"${email}" is not an e-mail address: a user signs in with their e-mail.`);
        }
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
        const name = need(arg1, 'key name');
        const keys = authService(db, config);
        if (await keys.hasApiKey(name)) {
          // api-key-revoke revokes by name: two keys of one name could not be told apart.
          throw new UserError(
            `An API key named ${name} exists already. To replace it without a gap, create one with another name, ` +
              `give it to the messaging engine, then revoke the old one (api-key-revoke ${name}).`,
          );
        }
        const key = await keys.createApiKey(name, [INGEST_PERMISSION], who);
        process.stdout.write(`${key}\n`);
        process.stderr.write('Store this key now: it is shown once and kept only as a hash.\n');
        break;
      }
      case 'api-key-revoke': {
        const n = await authService(db, config).revokeApiKey(need(arg1, 'key name'), who);
        if (n === 0) throw new UserError(`No API key named ${arg1} is in use; nothing was revoked.`);
        process.stdout.write(
          `Revoked the API key named ${arg1}${n > 1 ? ` (${n} keys of that name)` : ''}: it stops working within 5 seconds.\n`,
        );
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
  process.stderr.write(
    `${err instanceof UserError ? err.message : explainStartFailure(err, process.env.DATABASE_URL)}\n`,
  );
  process.exit(1);
});
