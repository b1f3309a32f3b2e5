/** Server-only ad hoc rules. The publish rule lives in contracts (publishGaps), shared with the Publish tab. */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * The plain-text part of a test e-mail, from its HTML: block ends become line breaks, links keep their
 * address, tags, styles and scripts are dropped, the common entities and numeric references are decoded, each once
 * ('&amp;#65;', text written as '&#65;', stays as written).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(
      /<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_, href: string, label: string) =>
        label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(#39|amp|lt|gt|quot|apos|nbsp|#[0-9]+|#[xX][0-9a-fA-F]+);/g,
      (_, name: string) => ENTITIES[name] ?? referencedCharacter(name),
    )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The character of a numeric reference ('#65', '#x42'); one that names none reads as U+FFFD, as in HTML. */
function referencedCharacter(reference: string): string {
  const hex = reference[1] === 'x' || reference[1] === 'X';
  const code = hex ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1));
  const none = code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff;
  return none ? '\uFFFD' : String.fromCodePoint(code);
}
