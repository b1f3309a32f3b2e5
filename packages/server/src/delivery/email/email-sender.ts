import { escapeHtml } from '../../http/html.ts';
/**
 * Sends one e-mail (ad hoc template test sends). Adapters: `smtp.ts` (nodemailer); an `outbox`
 * adapter that records sends in the database can implement the same interface.
 */
export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

export interface EmailMessage {
  to: string;
  from: string;
  /** Display name shown with the sender address. */
  fromName?: string;
  subject: string;
  /** The line mail clients show after the subject; sent as a hidden preheader at the start of the body. */
  previewText?: string;
  html: string;
  text: string;
}

export class EmailError extends Error {
  override readonly name = 'EmailError';
  constructor(
    message: string,
    /** The library's error code (`EAUTH`, `ECONNECTION`, `EENVELOPE`, `ETIMEDOUT`, …) when there was one. */
    readonly code?: string,
    /** The SMTP reply code when the server refused (e.g. 535, 550). */
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

const PREHEADER_STYLE =
  'display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;';

/**
 * Puts the preview text first in the body, hidden, so that clients show it as the preview line
 * instead of the first visible words of the message.
 */
export function withPreheader(html: string, previewText: string | undefined): string {
  if (!previewText) return html;
  const preheader = `<div style="${PREHEADER_STYLE}">${escapeHtml(previewText)}</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return preheader + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + preheader + html.slice(at);
}
