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

  it('decodes each character reference once, so text written as "&#65;" stays as written', () => {
    // The body as the sanitiser writes it: a typed '&' is '&amp;'. Decoded twice, '&#99999999;' (no character)
    // failed the test send with 'Invalid code point 99999999.' and '&#65;' became 'A'.
    expect(htmlToText('<p>Codes &amp;#65; and &amp;#99999999; &amp;amp; &#65;&#x42; &#1114112;</p>')).toBe(
      'Codes &#65; and &#99999999; &amp; AB \uFFFD',
    );
  });
});
