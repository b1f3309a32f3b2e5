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
