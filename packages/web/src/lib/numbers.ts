/**
 * A count with thousands separators, written the same on every screen whatever the browser's language (12,345):
 * an operator comparing a file's count with the console's must read the same digits.
 */
export function grouped(n: number): string {
  return n.toLocaleString('en-US');
}
