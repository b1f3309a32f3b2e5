import { describe, expect, it } from 'vitest';
import {
  ADHOC_LANGUAGES,
  EMAIL_LANGUAGES,
  findLanguage,
  languageById,
  languageDisplayName,
  languageMatchKey,
  languagesFor,
  SMS_LANGUAGES,
  textDirection,
  VOICE_LANGUAGES,
  withLanguageMarked,
} from './languages.ts';

describe('template languages (doc 2 §3)', () => {
  it('lists the 17 languages with their codes in the order of the specification', () => {
    expect(ADHOC_LANGUAGES.map((language) => `${language.name} ${language.code}`)).toEqual([
      'english en',
      'arabic ar',
      'chinese-cantonese zh-cn',
      'chinese-mandarin zh-cn',
      'farsi fa',
      'hmong hmn',
      'japanese ja',
      'khmer km',
      'korean ko',
      'punjabi pa-in',
      'russian ru',
      'spanish es',
      'tagalog tl-ph',
      'vietnamese vi',
      'hindi hi',
      'portuguese pt',
      'thai th',
    ]);
  });

  it('numbers each language by its position, english being 1 and thai 17', () => {
    expect(ADHOC_LANGUAGES.map((language) => language.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    expect(languageById(1)?.name).toBe('english');
    expect(languageById(4)?.displayName).toBe('Chinese (Mandarin)');
    expect(languageById(17)?.name).toBe('thai');
    expect(languageById(18)).toBeUndefined();
  });

  it('lists 17 languages in the SMS and voice editors and 16 in the e-mail editor, without chinese-cantonese', () => {
    expect(SMS_LANGUAGES).toHaveLength(17);
    expect(VOICE_LANGUAGES).toHaveLength(17);
    expect(EMAIL_LANGUAGES).toHaveLength(16);
    expect(EMAIL_LANGUAGES.map((language) => language.name)).not.toContain('chinese-cantonese');
    expect(EMAIL_LANGUAGES.map((language) => language.name)).toContain('chinese-mandarin');
    expect(languagesFor('EML')).toHaveLength(16);
    expect(languagesFor('SMS')).toHaveLength(17);
    expect(languagesFor('PHON')).toHaveLength(17);
  });

  it('maps a name with a chinese prefix to the chinese form when matching', () => {
    expect(languageMatchKey('chinese-cantonese')).toBe('chinese');
    expect(languageMatchKey('Chinese-Mandarin')).toBe('chinese');
    expect(languageMatchKey('chinese')).toBe('chinese');
    expect(languageMatchKey(' Spanish ')).toBe('spanish');
  });

  it('finds the exact language first, so voice and SMS keep Cantonese and Mandarin apart', () => {
    expect(findLanguage('chinese-cantonese', 'SMS')?.id).toBe(3);
    expect(findLanguage('chinese-mandarin', 'PHON')?.id).toBe(4);
    expect(findLanguage('ENGLISH')?.id).toBe(1);
  });

  it('finds chinese-mandarin for any other chinese name, which is the Chinese of the e-mail editor', () => {
    expect(findLanguage('chinese-cantonese', 'EML')?.name).toBe('chinese-mandarin');
    expect(findLanguage('chinese', 'SMS')?.name).toBe('chinese-mandarin');
    expect(findLanguage('klingon')).toBeUndefined();
  });
});

describe('language names shown to people', () => {
  it('names a language as the language list does, and gives back a name that is no template language', () => {
    expect(['english', 'chinese-cantonese', 'tagalog', 'Spanish'].map(languageDisplayName)).toEqual([
      'English',
      'Chinese (Cantonese)',
      'Tagalog',
      'Spanish',
    ]);
    expect(languageDisplayName('klingon')).toBe('klingon');
  });
});

describe('right-to-left languages', () => {
  it('writes Arabic and Farsi right to left and every other language left to right', () => {
    expect(
      ADHOC_LANGUAGES.filter((language) => textDirection(language.name) === 'rtl').map((l) => l.name),
    ).toEqual(['arabic', 'farsi']);
  });

  it("marks an e-mail's language on its html element, its body, or a wrapping div, and Arabic and Farsi right to left", () => {
    expect(withLanguageMarked('<p>مرحبا</p>', 'arabic')).toBe('<div dir="rtl" lang="ar"><p>مرحبا</p></div>');
    expect(withLanguageMarked('<html><body><p>سلام</p></body></html>', 'farsi')).toBe(
      '<html dir="rtl" lang="fa"><body><p>سلام</p></body></html>',
    );
    expect(withLanguageMarked('<body class="x"><p>سلام</p></body>', 'farsi')).toBe(
      '<body dir="rtl" lang="fa" class="x"><p>سلام</p></body>',
    );
    // What the element already says is kept; what it leaves out is added.
    expect(withLanguageMarked('<html dir="ltr"><p>x</p></html>', 'arabic')).toBe(
      '<html lang="ar" dir="ltr"><p>x</p></html>',
    );
    expect(withLanguageMarked('<html lang="ar" dir="rtl"><p>x</p></html>', 'arabic')).toBe(
      '<html lang="ar" dir="rtl"><p>x</p></html>',
    );
    expect(withLanguageMarked('<p>Hello</p>', 'english')).toBe('<div lang="en"><p>Hello</p></div>');
    expect(withLanguageMarked('<p>日本語</p>', 'japanese')).toBe('<div lang="ja"><p>日本語</p></div>');
    expect(withLanguageMarked('<body data-lang="x"><p>Hola</p></body>', 'spanish')).toBe(
      '<body lang="es" data-lang="x"><p>Hola</p></body>',
    );
    // A name that is no template language: nothing to mark.
    expect(withLanguageMarked('<p>x</p>', 'klingon')).toBe('<p>x</p>');
  });
});
