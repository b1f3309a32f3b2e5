/// <reference path="./jsdom.d.ts" />
import { EMAIL_HTML_PURIFY_OPTIONS } from '@psps/contracts';
import type { DOMPurify as Purifier } from 'dompurify';
import { badRequest } from '../http/errors.ts';

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

/**
 * Limits checked before the sanitiser parses a body: building the document of a body nested thousands of elements
 * deep took jsdom and DOMPurify over a minute (100 KB of `<div>`), and 3 MB of plain paragraphs 11 s, each time
 * holding up every other request. The editor writes a few levels; mail programs cut long messages off (Gmail past
 * 102 KB).
 */
export const EMAIL_HTML_MAX_LENGTH = 200_000;
export const EMAIL_HTML_MAX_NESTING = 100;

const VOID_ELEMENTS = new Set(
  'area base br col embed hr img input keygen link meta param source track wbr'.split(' '),
);
const TAG_START = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/g;

/**
 * How deep the body's elements can nest, from its tags alone (no parsing): every opening tag of an element that has
 * content counts until a closing tag of that name. It counts at least as deep as a browser nests (a tag the browser
 * closes by itself, a tag in a comment or attribute counts on), never much less: the check costs one pass.
 */
function nestingUpperBound(html: string, limit: number): number {
  const open = new Map<string, number>();
  let depth = 0;
  for (const [, closing, rawName] of html.matchAll(TAG_START)) {
    const name = (rawName ?? '').toLowerCase();
    if (VOID_ELEMENTS.has(name)) continue;
    const count = open.get(name) ?? 0;
    if (closing) {
      if (count > 0) {
        open.set(name, count - 1);
        depth -= 1;
      }
    } else {
      open.set(name, count + 1);
      depth += 1;
      if (depth > limit) return depth;
    }
  }
  return depth;
}

export async function sanitizeEmailHtml(html: string): Promise<string> {
  if (html === '') return html;
  if (html.length > EMAIL_HTML_MAX_LENGTH) {
    throw badRequest(
      `The e-mail body is ${html.length.toLocaleString('en-US')} characters long; at most ${EMAIL_HTML_MAX_LENGTH.toLocaleString('en-US')} are accepted (mail programs cut long messages off). Shorten it.`,
    );
  }
  if (nestingUpperBound(html, EMAIL_HTML_MAX_NESTING) > EMAIL_HTML_MAX_NESTING) {
    throw badRequest(
      `The e-mail body nests its elements more than ${EMAIL_HTML_MAX_NESTING} levels deep (or leaves that many unclosed), which no e-mail needs. Simplify its HTML.`,
    );
  }
  const purify = await load();
  return purify.sanitize(html, EMAIL_HTML_PURIFY_OPTIONS);
}
