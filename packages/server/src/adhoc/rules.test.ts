import { describe, expect, it } from 'vitest';
import { htmlToText } from './rules.ts';

describe('plain-text part of a test e-mail', () => {
  it('keeps the words, line breaks and link addresses and drops markup', () => {
    expect(
      htmlToText(
        '<html><head><style>p{color:red}</style></head><body><p>Dear Ana &amp; Luis,</p><p>See <a href="https://example.com/psps">updates</a>.<br>Thanks</p></body></html>',
      ),
    ).toBe('Dear Ana & Luis,\nSee updates (https://example.com/psps).\nThanks');
  });
});
