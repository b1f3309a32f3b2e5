import { createTransport } from 'nodemailer';
import { errorText, redactUrl, scrubSecrets } from '../redact.ts';
import { EmailError, type EmailMessage, type EmailSender, withPreheader } from './email-sender.ts';

export interface SmtpOptions {
  /** Time allowed to connect and receive the greeting. Default 30 s. */
  connectTimeoutMs?: number;
  /** Time the connection may stay idle during a command. Default 30 s. */
  operationTimeoutMs?: number;
  /** smtp:// only: refuse to send unless the server offers STARTTLS (else STARTTLS is used when offered). */
  requireTls?: boolean;
  /** Extra trusted certificate authorities (PEM). */
  ca?: string | Buffer;
  /** Accept a self-signed or otherwise untrusted certificate. For tests and demos only. */
  allowSelfSigned?: boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS from the
 * start). User and password are optional. One connection per message: test sends are rare.
 */
export function createSmtpEmailSender(url: string, options: SmtpOptions = {}): EmailSender {
  const target = redactUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EmailError(`E-mail via ${target}: not a valid URL`);
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new EmailError(`E-mail via ${target}: unsupported scheme ${parsed.protocol}`);
  }
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  // The password as AUTH PLAIN and AUTH LOGIN send it (base64) is the password too: a refusal may quote it.
  const secrets = [
    password,
    Buffer.from(`\0${user}\0${password}`).toString('base64'),
    Buffer.from(password).toString('base64'),
  ];
  const transport = createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: options.requireTls ?? false,
    auth: user ? { user, pass: password } : undefined,
    connectionTimeout: options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    greetingTimeout: options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    socketTimeout: options.operationTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    tls: {
      rejectUnauthorized: !options.allowSelfSigned,
      ...(options.ca ? { ca: options.ca } : {}),
    },
    // nodemailer logs nothing unless given a logger; keep it that way so credentials never reach a log.
    logger: false,
    debug: false,
  });

  return {
    async send(message: EmailMessage): Promise<{ messageId: string }> {
      try {
        const info = await transport.sendMail({
          from: message.fromName ? { name: message.fromName, address: message.from } : message.from,
          to: message.to,
          subject: message.subject,
          html: withPreheader(message.html, message.previewText),
          text: message.text,
        });
        return { messageId: info.messageId };
      } catch (err) {
        const { code: rawCode, responseCode: rawResponse } = err as {
          code?: unknown;
          responseCode?: unknown;
        };
        const code = typeof rawCode === 'string' ? rawCode : undefined;
        const responseCode = typeof rawResponse === 'number' ? rawResponse : undefined;
        const detail = scrubSecrets(errorText(err), password ? secrets : []);
        const meaning = SMTP_EXPLANATIONS.find((e) => e.test(code ?? '', responseCode, detail))?.text;
        throw new EmailError(
          `E-mail via ${target} failed: ${meaning ? `${meaning} (${detail})` : detail}`,
          code,
          responseCode,
        );
      }
    },
  };
}

/**
 * What an SMTP failure usually means, in words the operator acts on, from nodemailer's code, the server's reply code
 * or its words; the server's own words follow in brackets.
 */
const SMTP_EXPLANATIONS: {
  test: (code: string, responseCode: number | undefined, detail: string) => boolean;
  text: string;
}[] = [
  {
    // A 4xx reply is temporary by definition (RFC 5321 §4.2.1): busy, greylisting, a mailbox locked for now. The same
    // send later may well pass; the rules below would take it for a wrong password (454 to
    // the sign-in, RFC 4954), a wrong address or a broken server.
    test: (_code, reply) => reply !== undefined && reply >= 400 && reply < 500,
    text: 'the mail server refused it for now (a temporary answer): try again in a few minutes',
  },
  {
    test: (code, reply) => code === 'EAUTH' || reply === 535,
    text: 'the mail server refused the sign-in: wrong user name or password',
  },
  {
    test: (_code, reply, detail) =>
      reply === 552 || reply === 523 || /exceeds|too large|size limit/i.test(detail),
    text: 'the message is larger than the mail server accepts',
  },
  {
    test: (code, _reply, detail) => code === 'EENVELOPE' && /recipient/i.test(detail),
    text: 'the mail server refused the recipient address',
  },
  {
    test: (code, _reply, detail) => code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(detail),
    text: "the mail server's host name cannot be found",
  },
  {
    test: (_code, _reply, detail) => /ECONNREFUSED/.test(detail),
    text: 'the mail server refused the connection: it is down, or nothing listens on that port',
  },
  {
    test: (code, _reply, detail) => code === 'ETIMEDOUT' || /timed? ?out|timeout/i.test(detail),
    text: 'the mail server stopped answering in time',
  },
];
