/** Values a template can be rendered with: the parsed sample data (dataMB_txt) of the language. */
export type TemplateData = Readonly<Record<string, unknown>>;

const CARET_VARIABLE = /\^([A-Za-z_][A-Za-z0-9_]*)\^/g;
// Whitespace inside the braces is tolerated, as Handlebars-style templates commonly allow it.
const TRIPLE_BRACE_VARIABLE = /\{\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\}/g;
// Exactly two braces on each side: a brace before the opening pair or after the closing pair makes it
// (part of) a triple-brace variable, which is allowed.
const DOUBLE_BRACE_VARIABLE = /(?<!\{)\{\{(?!\{)([^{}]*)\}\}(?!\})/g;

/**
 * A data value as text. null renders empty; objects and arrays render as JSON. `undefined` means the
 * variable is missing and is handled by the renderers.
 */
function valueText(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function lookup(data: TemplateData, name: string): unknown {
  return Object.hasOwn(data, name) ? data[name] : undefined;
}

/**
 * Renders an SMS or voice template: each ^name^ becomes the data value. A variable the data lacks stays
 * as written (^name^), so the operator sees a misspelt or unfilled variable in the preview instead of a
 * silently missing word.
 */
export function renderCaret(template: string, data: TemplateData, maxLength?: number): string {
  return fill(template, CARET_VARIABLE, data, valueText, maxLength);
}

/**
 * Longest text the server renders a template to: a variable shown many times with a long value made a 1 MB request
 * store (and answer at every read) a rendered SMS of 333 MB, or fail building it. A message that long is no message.
 */
export const RENDERED_TEXT_MAX_LENGTH = 200_000;

/** Thrown by a renderer given a `maxLength` that the rendered text would exceed, before the text is built. */
export class RenderedTooLongError extends Error {
  constructor(readonly maxLength: number) {
    super(
      `The message filled in with its data would be over ${maxLength.toLocaleString('en-US')} characters long.`,
    );
  }
}

/** Each variable of `pattern` in the template replaced by its value's text (a missing value keeps the variable). */
function fill(
  template: string,
  pattern: RegExp,
  data: TemplateData,
  text: (value: unknown) => string,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  let length = template.length;
  if (length > maxLength) throw new RenderedTooLongError(maxLength);
  return template.replace(pattern, (token, name: string) => {
    const value = lookup(data, name);
    const filled = value === undefined ? token : text(value);
    length += filled.length - token.length;
    if (length > maxLength) throw new RenderedTooLongError(maxLength);
    return filled;
  });
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Renders an e-mail HTML template: each {{{name}}} becomes the data value, HTML-escaped. Unlike
 * Handlebars, where triple braces insert raw HTML, the values here are customer data (names, addresses)
 * that reach the template as text, so a '<' or '&' in them must show as itself and can never inject
 * markup into the e-mail. A variable the data lacks stays as written ({{{name}}}), as in renderCaret.
 * Double-brace tokens are not rendered (see findDoubleBraces).
 */
export function renderTripleBrace(html: string, data: TemplateData, maxLength?: number): string {
  return fill(html, TRIPLE_BRACE_VARIABLE, data, (value) => escapeHtml(valueText(value)), maxLength);
}

/**
 * Renders plain text written with e-mail variables (the subject and preview line): each {{{name}}} becomes
 * the data value as it is, without HTML escaping, since these texts are never read as HTML. A variable
 * the data lacks stays as written, as in renderTripleBrace.
 */
export function renderTripleBraceText(text: string, data: TemplateData, maxLength?: number): string {
  return fill(text, TRIPLE_BRACE_VARIABLE, data, valueText, maxLength);
}

export interface DoubleBrace {
  /** As written, e.g. '{{customerName}}'. */
  token: string;
  /** The text between the braces, trimmed. */
  name: string;
  index: number;
}

/**
 * The double-brace tokens ({{name}}, not {{{name}}}) of an e-mail body. They are not supported, and their
 * presence raises the E-MAIL TEMPLATE WARNING (doc 2 §5); saving still proceeds.
 */
export function findDoubleBraces(body: string): DoubleBrace[] {
  return Array.from(body.matchAll(DOUBLE_BRACE_VARIABLE), (match) => ({
    token: match[0],
    name: (match[1] ?? '').trim(),
    index: match.index,
  }));
}

export interface TemplateDataError {
  error: 'invalid data';
  message: string;
}

/**
 * Parses the data field (dataMB_txt). Text that is not valid JSON, or JSON that is not an object (a
 * template variable needs a named value), gives the 'invalid data' error object of doc 2 §4, which the
 * editor shows in place of the data.
 */
export function parseTemplateData(text: string): Record<string, unknown> | TemplateDataError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: 'invalid data', message: error instanceof Error ? error.message : String(error) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: 'invalid data', message: 'Template data must be a JSON object.' };
  }
  if (nestedDeeperThan(parsed, TEMPLATE_DATA_MAX_DEPTH)) {
    return {
      error: 'invalid data',
      message: `Template data is nested more than ${TEMPLATE_DATA_MAX_DEPTH} levels deep.`,
    };
  }
  return parsed as Record<string, unknown>;
}

/**
 * Levels of objects and arrays template data may have (the data object itself is the first). A customer record is
 * flat; a value nested thousands deep would overflow the stack when a variable renders it as JSON (a 500 on the
 * server, a broken preview in the console).
 */
export const TEMPLATE_DATA_MAX_DEPTH = 32;

/** Whether a parsed JSON value has more than `limit` levels of objects and arrays; walked without recursion. */
function nestedDeeperThan(value: object, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}

export function isTemplateDataError(value: unknown): value is TemplateDataError {
  return (
    typeof value === 'object' && value !== null && (value as { error?: unknown }).error === 'invalid data'
  );
}

/** Data is shown pretty-printed (doc 2 §4): two-space JSON. */
export function formatTemplateData(data: unknown): string {
  return JSON.stringify(data, null, 2);
}
