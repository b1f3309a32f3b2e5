import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  findDoubleBraces,
  formatTemplateData,
  isTemplateDataError,
  parseTemplateData,
  renderCaret,
  renderTripleBrace,
  renderTripleBraceText,
} from './render.ts';

describe('renderCaret (SMS and voice)', () => {
  it('replaces each ^name^ by its value', () => {
    expect(
      renderCaret('Hello ^customerName^, power off at ^shutOffStartDateTime^.', {
        customerName: 'Jane Doe',
        shutOffStartDateTime: '11/23/2026 8:00 AM',
      }),
    ).toBe('Hello Jane Doe, power off at 11/23/2026 8:00 AM.');
  });

  it('renders numbers as digits and null as nothing', () => {
    expect(
      renderCaret('^multiPremiseCount^ premises;^pinCode^;', { multiPremiseCount: 2, pinCode: null }),
    ).toBe('2 premises;;');
  });

  it('leaves a variable the data lacks visibly as written', () => {
    expect(renderCaret('Hi ^custName^!', { customerName: 'Jane' })).toBe('Hi ^custName^!');
  });

  it('does not take inherited object properties for variables', () => {
    expect(renderCaret('^toString^ ^constructor^', {})).toBe('^toString^ ^constructor^');
  });

  it('leaves lone carets and text that is not a variable name alone', () => {
    expect(renderCaret('2^10 is ^ not ^a b^', { a: 'x' })).toBe('2^10 is ^ not ^a b^');
  });
});

describe('renderTripleBrace (e-mail)', () => {
  it('replaces each {{{name}}} by its value', () => {
    expect(renderTripleBrace('<p>Dear {{{customerName}}},</p>', { customerName: 'Jane Doe' })).toBe(
      '<p>Dear Jane Doe,</p>',
    );
  });

  it('tolerates spaces inside the braces', () => {
    expect(renderTripleBrace('{{{ premCity }}}', { premCity: 'Santa Rosa' })).toBe('Santa Rosa');
  });

  it('HTML-escapes the value, since sample data is text and must never become markup', () => {
    expect(renderTripleBrace('<p>{{{address}}}</p>', { address: '<b>1 & 2</b> "Main" St\'s' })).toBe(
      '<p>&lt;b&gt;1 &amp; 2&lt;/b&gt; &quot;Main&quot; St&#39;s</p>',
    );
  });

  it('leaves a variable the data lacks visibly as written', () => {
    expect(renderTripleBrace('<p>{{{nope}}}</p>', {})).toBe('<p>{{{nope}}}</p>');
  });

  it('does not render double-brace tokens', () => {
    expect(renderTripleBrace('{{customerName}}', { customerName: 'Jane' })).toBe('{{customerName}}');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'x`)).toBe('&amp;&lt;&gt;&quot;&#39;x');
  });
});

describe('findDoubleBraces (E-MAIL TEMPLATE WARNING)', () => {
  it('finds {{name}} with its position', () => {
    expect(findDoubleBraces('<p>Dear {{customerName}}</p>')).toEqual([
      { token: '{{customerName}}', name: 'customerName', index: 8 },
    ]);
  });

  it('does not report triple-brace variables', () => {
    expect(findDoubleBraces('<p>{{{customerName}}} {{{ premCity }}}</p>')).toEqual([]);
  });

  it('finds every double-brace token in a body that mixes both', () => {
    expect(findDoubleBraces('{{{a}}} {{ b }} {{c}}').map((found) => found.name)).toEqual(['b', 'c']);
  });

  it('finds nothing in a body without braces', () => {
    expect(findDoubleBraces('<p>No variables</p>')).toEqual([]);
  });
});

describe('parseTemplateData (doc 2 §4)', () => {
  it('returns the parsed object', () => {
    expect(parseTemplateData('{"customerName":"Jane","rowNumber":1}')).toEqual({
      customerName: 'Jane',
      rowNumber: 1,
    });
  });

  it("gives the 'invalid data' error object for text that is not valid JSON", () => {
    const result = parseTemplateData('{"customerName": ');
    expect(isTemplateDataError(result)).toBe(true);
    expect(result).toMatchObject({ error: 'invalid data' });
  });

  it("gives the 'invalid data' error object for JSON that is not an object", () => {
    expect(parseTemplateData('[1,2]')).toEqual({
      error: 'invalid data',
      message: 'Template data must be a JSON object.',
    });
    expect(parseTemplateData('null')).toMatchObject({ error: 'invalid data' });
    expect(parseTemplateData('"text"')).toMatchObject({ error: 'invalid data' });
  });

  it("gives the 'invalid data' error object for data nested deeper than 32 levels (rendering it would overflow the stack)", () => {
    const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(parseTemplateData(nested(32))).toEqual({ a: expect.any(Array) });
    expect(parseTemplateData(nested(33))).toEqual({
      error: 'invalid data',
      message: 'Template data is nested more than 32 levels deep.',
    });
    const deep = parseTemplateData(`{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(deep).toMatchObject({ error: 'invalid data' });
  });

  it('shows data pretty-printed with two spaces', () => {
    expect(formatTemplateData({ a: 1, b: ['x'] })).toBe('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}');
  });
});

describe('renderTripleBraceText (e-mail subject and preview)', () => {
  it('replaces each {{{name}}} by its value without HTML escaping', () => {
    expect(renderTripleBraceText('Outage at {{{address}}} & more', { address: '1 A & B St' })).toBe(
      'Outage at 1 A & B St & more',
    );
  });
});
