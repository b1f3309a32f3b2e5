import { describe, expect, it } from 'vitest';
import { emailFromRefusal } from './email.ts';

describe('the e-mail From address (doc 2 §2.6: one address besides the placeholder)', () => {
  it('accepts the configured address, in any capitals, and the placeholder (blank)', () => {
    expect(emailFromRefusal('psps@utility.test', 'psps@utility.test')).toBeNull();
    expect(emailFromRefusal(' PSPS@Utility.test ', 'psps@utility.test')).toBeNull();
    expect(emailFromRefusal('', 'psps@utility.test')).toBeNull();
  });

  it('refuses any other address with a sentence naming the one allowed', () => {
    expect(emailFromRefusal('ceo@evil.com', 'psps@utility.test')).toBe(
      'An e-mail goes out from psps@utility.test, the one From address this console offers; "ceo@evil.com" cannot be used.',
    );
  });
});
