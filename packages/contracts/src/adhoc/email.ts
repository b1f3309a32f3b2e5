/** The first option of the e-mail tab's From list (doc 2 §2.6): no address chosen yet. */
export const EMAIL_FROM_PLACEHOLDER = 'Select the From address';

/**
 * Doc 2 §2.6/§9: the From list has the placeholder and one address, the server's EMAIL_FROM_ADDRESS. Answers
 * why `from` may not be saved, or null when it may (the address itself, or the placeholder: blank). Capitals
 * are ignored, as mail servers ignore them in the domain and practically everywhere else.
 */
export function emailFromRefusal(from: string, allowed: string): string | null {
  const chosen = from.trim();
  if (chosen === '' || chosen.toLowerCase() === allowed.trim().toLowerCase()) return null;
  return `An e-mail goes out from ${allowed}, the one From address this console offers; "${chosen}" cannot be used.`;
}

/**
 * DOMPurify's options for an e-mail body, the same on the server (kept and sent) and in the console's preview, so
 * the preview shows what goes out: HTML only (no SVG or MathML), no script, event handler or javascript: link,
 * no frame or object; tiptap's target="_blank" on links is kept; no form (a form in an e-mail asks the reader for
 * data: phishing) and no element that changes how the rest of the page loads.
 */
export const EMAIL_HTML_PURIFY_OPTIONS = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'meta', 'base', 'link'],
};
