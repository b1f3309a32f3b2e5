/// <reference path="./jsdom.d.ts" />
import { EMAIL_HTML_PURIFY_OPTIONS } from '@psps/contracts';
import type { DOMPurify as Purifier } from 'dompurify';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
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
 * Limits checked before the sanitiser builds its document: building the document of a body nested thousands of
 * elements deep took jsdom and DOMPurify over a minute (100 KB of `<div>`), and 3 MB of plain paragraphs 11 s, each
 * time holding up every other request. The editor writes a few levels; mail programs cut long messages off (Gmail
 * past 102 KB).
 */
export const EMAIL_HTML_MAX_LENGTH = 200_000;
export const EMAIL_HTML_MAX_NESTING = 100;
/**
 * Attributes one element may carry: the sanitiser's time grows with the square of an element's attributes (30,000 on
 * one paragraph held the server 4.7 s); the editor writes two or three.
 */
export const EMAIL_HTML_MAX_ATTRIBUTES = 100;

/**
 * How deep the body's elements nest in the document the sanitiser builds, and the most attributes one of them
 * carries: parsed by parse5, jsdom's own parser, as DOMPurify parses a body (a whole document), depth counted from
 * the body's children. Counting tags was not enough: an end tag the parser does not take as one (in a comment, an
 * attribute, inside a table cell) hid any depth, and a body nested 11,000 deep held the server for 40 s, then failed.
 * parse5 alone builds such a body in a fraction of a second.
 */
function shape(html: string): { depth: number; attributes: number } {
  let deepest = 0;
  let attributes = 0;
  // Below the document: html is 1, head and body 2.
  const pending: [DefaultTreeAdapterTypes.ParentNode, number][] = [[parse(html), 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    if ('attrs' in node) attributes = Math.max(attributes, node.attrs.length);
    for (const child of node.childNodes) if ('childNodes' in child) pending.push([child, depth + 1]);
    if ('content' in node) pending.push([node.content, depth]);
  }
  return { depth: deepest - 2, attributes };
}

export async function sanitizeEmailHtml(html: string): Promise<string> {
  if (html === '') return html;
  if (html.length > EMAIL_HTML_MAX_LENGTH) {
    throw badRequest(
      `The e-mail body is ${html.length.toLocaleString('en-US')} characters long; at most ${EMAIL_HTML_MAX_LENGTH.toLocaleString('en-US')} are accepted (mail programs cut long messages off). Shorten it.`,
    );
  }
  const { depth, attributes } = shape(html);
  if (depth > EMAIL_HTML_MAX_NESTING) {
    throw badRequest(
      `The e-mail body nests its elements more than ${EMAIL_HTML_MAX_NESTING} levels deep (or leaves that many unclosed), which no e-mail needs. Simplify its HTML.`,
    );
  }
  if (attributes > EMAIL_HTML_MAX_ATTRIBUTES) {
    throw badRequest(
      `An element of the e-mail body carries ${attributes.toLocaleString('en-US')} attributes; at most ${EMAIL_HTML_MAX_ATTRIBUTES} are accepted, which no e-mail needs. Simplify its HTML.`,
    );
  }
  const purify = await load();
  return purify.sanitize(html, EMAIL_HTML_PURIFY_OPTIONS);
}
