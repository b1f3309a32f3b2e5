import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../test-support/files.ts';
import { EmailError, withPreheader } from './email-sender.ts';
import { createSmtpEmailSender } from './smtp.ts';

const PASSWORD = 'smtp-Secret-5';
const fixtures = join(import.meta.dirname, '..', 'test-support', 'fixtures');
const tls = {
  key: readFileSync(join(fixtures, 'test-tls-key.pem'), 'utf8'),
  cert: readFileSync(join(fixtures, 'test-tls-cert.pem'), 'utf8'),
};

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read the HTML part of a message. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

async function startSmtpServer(extra: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === PASSWORD) return callback(null, { user: 'mailer' });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...extra,
  });
  // A client that refuses our certificate closes mid-handshake; the server reports that as an error.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message = {
  to: 'customer@example.com',
  from: 'psps@utility.example',
  fromName: 'PSPS Notifications',
  subject: 'Power shutoff test message',
  previewText: 'Power may be shut off in your area',
  html: '<html><body><p>Dear customer, a Public Safety Power Shutoff may affect 123 Main St. on 10/21.</p></body></html>',
  text: 'Dear customer, a Public Safety Power Shutoff may affect 123 Main St. on 10/21.',
};

describe('SMTP e-mail sender', () => {
  let server: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('delivers the test message with its subject, sender name, recipient and rendered body', async () => {
    const sender = createSmtpEmailSender(`smtp://mailer:${PASSWORD}@127.0.0.1:${server.port}`);
    const { messageId } = await sender.send(message);

    expect(messageId).toMatch(/^<.+@.+>$/);
    const mail = server.received.at(-1);
    expect(mail?.from).toBe('psps@utility.example');
    expect(mail?.to).toEqual(['customer@example.com']);
    const raw = decodeQuotedPrintable(mail?.raw ?? '');
    expect(raw).toContain('Subject: Power shutoff test message');
    expect(raw).toMatch(/From: "?PSPS Notifications"? <psps@utility\.example>/);
    expect(raw).toContain(`Message-ID: ${messageId}`);
    expect(raw).toContain(
      '<p>Dear customer, a Public Safety Power Shutoff may affect 123 Main St. on 10/21.</p>',
    );
    expect(raw).toMatch(/<body><div style="display:none;[^"]*">Power may be shut off in your area<\/div><p>/);
  });

  it('reports refused credentials without printing the password', async () => {
    const sender = createSmtpEmailSender(`smtp://mailer:Wrong-Pw-3@127.0.0.1:${server.port}`);
    const error = await sender.send(message).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(EmailError);
    expect((error as EmailError).code).toBe('EAUTH');
    expect((error as EmailError).responseCode).toBe(535);
    expect((error as EmailError).message).toMatch(
      new RegExp(
        `^E-mail via smtp://mailer:\\*\\*\\*@127\\.0\\.0\\.1:${server.port} failed: the mail server refused the sign-in: wrong user name or password \\(.*535.*\\)$`,
      ),
    );
    expect((error as EmailError).message).not.toContain('Wrong-Pw-3');
  });

  it('never repeats the credentials a refusal quotes as they were sent (AUTH PLAIN, base64-encoded)', async () => {
    const echoing = await startSmtpServer({
      onAuth(auth, _session, callback) {
        const sent = Buffer.from(`\0${auth.username}\0${auth.password}`).toString('base64');
        callback(new Error(`Authentication failed for AUTH PLAIN ${sent}`));
      },
    });
    try {
      const error = await createSmtpEmailSender(`smtp://mailer:${PASSWORD}@127.0.0.1:${echoing.port}`)
        .send(message)
        .catch((err: unknown) => err);
      expect((error as EmailError).message).toBe(
        `E-mail via smtp://mailer:***@127.0.0.1:${echoing.port} failed: the mail server refused the sign-in: wrong user name or password (Invalid login: 535 Authentication failed for AUTH PLAIN ***)`,
      );
    } finally {
      await echoing.close();
    }
  });

  it('fails quickly and clearly when the server is down', async () => {
    const port = await closedPort();
    const started = Date.now();
    const error = await createSmtpEmailSender(`smtp://mailer:${PASSWORD}@127.0.0.1:${port}`)
      .send(message)
      .catch((err: unknown) => err);

    expect(error).toBeInstanceOf(EmailError);
    expect((error as EmailError).code).toBe('ESOCKET');
    expect((error as EmailError).message).toContain('ECONNREFUSED');
    expect((error as EmailError).message).not.toContain(PASSWORD);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** Sends the message to a server that refuses it: the sender's error (nothing delivered) and the server's port. */
async function refusal(options: Partial<SMTPServerOptions>): Promise<{ error: EmailError; port: number }> {
  const server = await startSmtpServer(options);
  try {
    const error = await createSmtpEmailSender(`smtp://mailer:${PASSWORD}@127.0.0.1:${server.port}`)
      .send(message)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(EmailError);
    expect(server.received).toEqual([]);
    return { error: error as EmailError, port: server.port };
  } finally {
    await server.close();
  }
}

describe('SMTP e-mail sender, refusals', () => {
  it('says which recipient the server refused, without the password', async () => {
    const { error, port } = await refusal({
      onRcptTo(address, _session, callback) {
        const error = Object.assign(
          new Error(`<${address.address}>: Recipient address rejected: User unknown`),
          {
            responseCode: 550,
          },
        );
        callback(error);
      },
    });
    expect(error.responseCode).toBe(550);
    expect(error.message).toBe(
      `E-mail via smtp://mailer:***@127.0.0.1:${port} failed: the mail server refused the recipient address (Can't send mail - all recipients were rejected: 550 <customer@example.com>: Recipient address rejected: User unknown)`,
    );
  });

  it('says a 4xx answer is a refusal for now, not a wrong recipient address nor a broken server', async () => {
    const busy = await refusal({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('4.2.1 Mailbox busy, try again later'), { responseCode: 450 }));
      },
    });
    expect(busy.error.responseCode).toBe(450);
    expect(busy.error.message).toBe(
      `E-mail via smtp://mailer:***@127.0.0.1:${busy.port} failed: the mail server refused it for now (a temporary answer): try again in a few minutes (Can't send mail - all recipients were rejected: 450 4.2.1 Mailbox busy, try again later)`,
    );
    const overloaded = await refusal({
      onConnect(_session, callback) {
        callback(Object.assign(new Error('4.7.0 Too many connections'), { responseCode: 421 }));
      },
    });
    expect(overloaded.error.message).toBe(
      `E-mail via smtp://mailer:***@127.0.0.1:${overloaded.port} failed: the mail server refused it for now (a temporary answer): try again in a few minutes (Invalid greeting. response=421 4.7.0 Too many connections: 421 4.7.0 Too many connections)`,
    );
    // RFC 4954: 454 is a temporary sign-in failure (the server's own trouble), not a wrong password.
    const authLater = await refusal({
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error('4.7.0 Temporary authentication failure'), { responseCode: 454 }));
      },
    });
    expect(authLater.error.code).toBe('EAUTH');
    expect(authLater.error.message).toMatch(
      new RegExp(
        `^E-mail via smtp://mailer:\\*\\*\\*@127\\.0\\.0\\.1:${authLater.port} failed: the mail server refused it for now \\(a temporary answer\\): try again in a few minutes \\(.*454 4\\.7\\.0 Temporary authentication failure.*\\)$`,
      ),
    );
  });

  it('says the message is too large for the server', async () => {
    // As a real server: SIZE announced, and a message over it refused with 552 once its data is in.
    const { error, port } = await refusal({
      size: 200,
      onData(stream, _session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          if (!stream.sizeExceeded) return callback();
          const error = Object.assign(new Error('Error: message exceeds fixed maximum message size 200'), {
            responseCode: 552,
          });
          callback(error);
        });
      },
    });
    expect(error.responseCode).toBe(552);
    expect(error.message).toBe(
      `E-mail via smtp://mailer:***@127.0.0.1:${port} failed: the message is larger than the mail server accepts (Message failed: 552 Error: message exceeds fixed maximum message size 200)`,
    );
  });

  it('says the host name cannot be found', async () => {
    const error = await createSmtpEmailSender(`smtp://mailer:${PASSWORD}@no-such-host.invalid:587`, {
      connectTimeoutMs: 2_000,
    })
      .send(message)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(EmailError);
    expect((error as EmailError).message).toBe(
      "E-mail via smtp://mailer:***@no-such-host.invalid:587 failed: the mail server's host name cannot be found (getaddrinfo ENOTFOUND no-such-host.invalid)",
    );
  });
});

describe('SMTPS e-mail sender', () => {
  it('delivers over TLS to a server whose certificate is trusted through the ca option', async () => {
    const server = await startSmtpServer({ secure: true, key: tls.key, cert: tls.cert });
    try {
      const url = `smtps://mailer:${PASSWORD}@127.0.0.1:${server.port}`;
      await createSmtpEmailSender(url, { ca: tls.cert }).send(message);
      expect(server.received.at(-1)?.to).toEqual(['customer@example.com']);

      const refused = await createSmtpEmailSender(url)
        .send(message)
        .catch((err: unknown) => err);
      expect((refused as EmailError).message).toMatch(/certificate/i);
    } finally {
      await server.close();
    }
  });
});

describe('withPreheader', () => {
  it('puts the escaped preview text first in the body, hidden', () => {
    expect(withPreheader('<html><BODY class="x"><p>Hi</p></BODY></html>', 'Fire <risk> & "wind"')).toBe(
      '<html><BODY class="x"><div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;' +
        'opacity:0;overflow:hidden;mso-hide:all;">Fire &lt;risk&gt; &amp; &quot;wind&quot;</div><p>Hi</p></BODY></html>',
    );
  });

  it('prepends it to a fragment without a body tag, and leaves the HTML alone without preview text', () => {
    expect(withPreheader('<p>Hi</p>', 'Soon')).toMatch(
      /^<div style="display:none;[^"]*">Soon<\/div><p>Hi<\/p>$/,
    );
    expect(withPreheader('<p>Hi</p>', '')).toBe('<p>Hi</p>');
  });
});
