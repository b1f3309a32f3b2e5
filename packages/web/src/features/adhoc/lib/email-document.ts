import { EMAIL_HTML_PURIFY_OPTIONS, findLanguage, textDirection } from '@psps/contracts';
import DOMPurify from 'dompurify';

/**
 * An e-mail body as a document for a sandboxed frame (the preview, the conflict panel): sanitised first, as the server
 * sanitises what it keeps and sends (EMAIL_HTML_PURIFY_OPTIONS: no scripts, event handlers, javascript: links or forms), and the empty sandbox keeps it from running anything or reaching the
 * console. Right to left for Arabic and Farsi.
 */
export function emailDocument(html: string, language: string): string {
  const clean = DOMPurify.sanitize(html, EMAIL_HTML_PURIFY_OPTIONS);
  const code = findLanguage(language)?.code ?? 'en';
  return `<!doctype html><html dir="${textDirection(language)}" lang="${code}"><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222;margin:16px;overflow-wrap:anywhere}img{max-width:100%}</style></head><body>${clean}</body></html>`;
}
