// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { emailDocument } from './email-document.ts';

const body = (html: string) => /<body>(.*)<\/body>/s.exec(emailDocument(html, 'english'))?.[1];

describe('emailDocument (the e-mail preview frame)', () => {
  it('drops scripts, event handlers, javascript: links, SVG and forms: the preview shows what the server sends', () => {
    expect(
      body(
        '<p>Hi<img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg></p><script>alert(1)</script>' +
          '<a href="javascript:alert(1)">pay</a><form action="https://evil.test"><input name="card"></form>',
      ),
    ).toBe('<p>Hi<img src="x"></p><a>pay</a>');
  });

  it("keeps the editor's own markup as it is, links opening in a new window included", () => {
    const html =
      '<p style="text-align: center">Power <strong>off</strong></p>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://utility.test/map">Map</a></p>';
    expect(body(html)).toBe(html);
  });
});
