/** COPY's text format (tab-separated, backslash escapes), as the uploads write it and the downloads read it. */

/** A field for COPY FROM: backslash and the characters COPY reads as delimiters escaped. */
export function copyEscape(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : value;
}

/** A field from COPY TO: its backslash escapes undone. */
export function copyTextField(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, escaped: string) => COPY_ESCAPES[escaped] ?? escaped);
}
const COPY_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };
