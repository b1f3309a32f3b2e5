/// <reference path="./jsdom.d.ts" />
import type { DOMPurify as Purifier } from 'dompurify';

/**
 * The e-mail body's HTML made safe on the server, when saved and again when sent: no script, event handler,
 * javascript: (or other non-web) link, frame, object or form, whatever the caller sent. The console's editor
 * (tiptap) never writes any of these, so its markup passes unchanged; only a body sent by other means is cleaned.
 * Sanitising again after the variables are filled in also catches a data value that makes a link
 * (`href="{{{url}}}"` with url `javascript:…`). DOMPurify on jsdom, loaded at the first use (the server needs it
 * only for e-mail templates).
 */
const CONFIG = {
  USE_PROFILES: { html: true },
  // tiptap writes target="_blank" on links.
  ADD_ATTR: ['target'],
  // A form in an e-mail asks the reader for data (phishing); nothing in the editor makes one.
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'meta', 'base', 'link'],
};

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
  return purify.sanitize(html, CONFIG);
}
