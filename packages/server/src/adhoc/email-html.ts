/// <reference path="./jsdom.d.ts" />
import { EMAIL_HTML_PURIFY_OPTIONS } from '@psps/contracts';
import type { DOMPurify as Purifier } from 'dompurify';

/**
 * The e-mail body's HTML made safe on the server, when saved and again when sent: no script, event handler,
 * javascript: (or other non-web) link, frame, object or form, whatever the caller sent. The console's editor
 * (tiptap) never writes any of these, so its markup passes unchanged; only a body sent by other means is cleaned.
 * Sanitising again after the variables are filled in also catches a data value that makes a link
 * (`href="{{{url}}}"` with url `javascript:…`). DOMPurify on jsdom, loaded at the first use (the server needs it
 * only for e-mail templates).
 */

let purifier: Promise<Purifier> | undefined;

function load(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    return createDOMPurify(new JSDOM('').window);
  })();
  return purifier;
}

export async function sanitizeEmailHtml(html: string): Promise<string> {
  if (html === '') return html;
  const purify = await load();
  return purify.sanitize(html, EMAIL_HTML_PURIFY_OPTIONS);
}
