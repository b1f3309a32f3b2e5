import type { NotifyBy } from './channels.ts';

/**
 * The template languages of doc 2 §3, in the specification's order. The language id is the position in this
 * list (english = 1); it names the audio files (DESIGN §4), so the order must never change: append only.
 * Both Chinese entries carry the code zh-cn, as the specification lists them.
 */
export const ADHOC_LANGUAGES = [
  { id: 1, name: 'english', code: 'en', displayName: 'English' },
  { id: 2, name: 'arabic', code: 'ar', displayName: 'Arabic' },
  { id: 3, name: 'chinese-cantonese', code: 'zh-cn', displayName: 'Chinese (Cantonese)' },
  { id: 4, name: 'chinese-mandarin', code: 'zh-cn', displayName: 'Chinese (Mandarin)' },
  { id: 5, name: 'farsi', code: 'fa', displayName: 'Farsi' },
  { id: 6, name: 'hmong', code: 'hmn', displayName: 'Hmong' },
  { id: 7, name: 'japanese', code: 'ja', displayName: 'Japanese' },
  { id: 8, name: 'khmer', code: 'km', displayName: 'Khmer' },
  { id: 9, name: 'korean', code: 'ko', displayName: 'Korean' },
  { id: 10, name: 'punjabi', code: 'pa-in', displayName: 'Punjabi' },
  { id: 11, name: 'russian', code: 'ru', displayName: 'Russian' },
  { id: 12, name: 'spanish', code: 'es', displayName: 'Spanish' },
  { id: 13, name: 'tagalog', code: 'tl-ph', displayName: 'Tagalog' },
  { id: 14, name: 'vietnamese', code: 'vi', displayName: 'Vietnamese' },
  { id: 15, name: 'hindi', code: 'hi', displayName: 'Hindi' },
  { id: 16, name: 'portuguese', code: 'pt', displayName: 'Portuguese' },
  { id: 17, name: 'thai', code: 'th', displayName: 'Thai' },
] as const;

export type AdhocLanguage = (typeof ADHOC_LANGUAGES)[number];
export type AdhocLanguageName = AdhocLanguage['name'];

export const ADHOC_LANGUAGE_NAMES = ADHOC_LANGUAGES.map((language) => language.name) as unknown as readonly [
  AdhocLanguageName,
  ...AdhocLanguageName[],
];

export const DEFAULT_ADHOC_LANGUAGE: AdhocLanguageName = 'english';

/**
 * Voice and SMS list all 17 languages. E-mail lists 16: written Chinese is shared, so chinese-cantonese is
 * left out and chinese-mandarin carries the Chinese e-mail (DESIGN §5).
 */
export const VOICE_LANGUAGES: readonly AdhocLanguage[] = ADHOC_LANGUAGES;
export const SMS_LANGUAGES: readonly AdhocLanguage[] = ADHOC_LANGUAGES;
export const EMAIL_LANGUAGES: readonly AdhocLanguage[] = ADHOC_LANGUAGES.filter(
  (language) => language.name !== 'chinese-cantonese',
);

export function languagesFor(notifyBy: NotifyBy): readonly AdhocLanguage[] {
  return notifyBy === 'EML' ? EMAIL_LANGUAGES : notifyBy === 'SMS' ? SMS_LANGUAGES : VOICE_LANGUAGES;
}

export function isAdhocLanguageName(value: unknown): value is AdhocLanguageName {
  return typeof value === 'string' && ADHOC_LANGUAGES.some((language) => language.name === value);
}

export function languageById(id: number): AdhocLanguage | undefined {
  return ADHOC_LANGUAGES.find((language) => language.id === id);
}

/** The Chinese form every chinese-prefixed name is compared by. */
export const CHINESE_FORM = 'chinese';

/**
 * The key a language name is matched by (doc 2 §3: "a chinese prefix in a language name is mapped to the
 * chinese form when matching"): lower-cased and trimmed, and any name beginning with 'chinese'
 * ('chinese', 'Chinese-Mandarin', 'chinese-cantonese', …) becomes 'chinese'.
 */
export function languageMatchKey(name: string): string {
  const normalised = name.trim().toLowerCase();
  return normalised.startsWith(CHINESE_FORM) ? CHINESE_FORM : normalised;
}

/**
 * Finds the language a (possibly differently written) name stands for in a channel's list.
 * An exact name wins, so voice and SMS keep Cantonese and Mandarin apart. Any other chinese-prefixed name
 * falls back to chinese-mandarin, the Chinese present in every channel (the only one e-mail lists).
 */
export function findLanguage(name: string, notifyBy?: NotifyBy): AdhocLanguage | undefined {
  const list = notifyBy === undefined ? ADHOC_LANGUAGES : languagesFor(notifyBy);
  const normalised = name.trim().toLowerCase();
  const exact = list.find((language) => language.name === normalised);
  if (exact !== undefined || languageMatchKey(normalised) !== CHINESE_FORM) return exact;
  return list.find((language) => language.name === 'chinese-mandarin');
}

/**
 * How the console names a language to people ('English', 'Chinese (Mandarin)'): in toasts, tables and messages,
 * as the language list does. A name that is no template language is given back as written.
 */
export function languageDisplayName(name: string): string {
  return findLanguage(name)?.displayName ?? name;
}

/** The template languages written right to left (Arabic script): their editors, previews and e-mails say so. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set<AdhocLanguageName>(['arabic', 'farsi']);

/** The writing direction of a language, for `dir` attributes. */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/**
 * An e-mail's HTML marked with its language, as the console's rendered preview is: `lang` always (a mail client
 * picks fonts and a screen reader its voice by it; Japanese and Chinese share characters drawn differently), and
 * `dir="rtl"` when the language is written right to left. On its <html> or <body> element when it has one (an
 * attribute the element already has is kept), else wrapped in a <div>.
 */
export function withLanguageMarked(html: string, language: string): string {
  const code = findLanguage(language)?.code;
  const wanted = [
    ...(textDirection(language) === 'rtl' ? [['dir', 'rtl']] : []),
    ...(code ? [['lang', code]] : []),
  ];
  const attributes = (list: string[][]) => list.map(([name, value]) => ` ${name}="${value}"`).join('');
  for (const tag of ['html', 'body']) {
    const open = new RegExp(`<${tag}\\b([^>]*)>`, 'i').exec(html);
    if (open) {
      const own = open[1] ?? '';
      const missing = wanted.filter(([name]) => !new RegExp(`(^|\\s)${name}\\s*=`, 'i').test(own));
      return missing.length === 0 ? html : html.replace(open[0], `<${tag}${attributes(missing)}${own}>`);
    }
  }
  return wanted.length === 0 ? html : `<div${attributes(wanted)}>${html}</div>`;
}
