import type { FastifyBodyParser } from 'fastify';
import { badRequest, HttpError } from './errors.ts';

/** What a JSON text would build, counted in one pass over its characters, before JSON.parse builds it. */
export interface JsonSize {
  /** Items of the top-level array; undefined when the text is not an array. */
  items: number | undefined;
  /** Values inside objects and arrays (one per opening bracket or comma outside strings): what parsing allocates. */
  values: number;
}

/**
 * Counts without parsing or allocating: a 64 MB body is scanned in a fraction of a second, where JSON.parse of a
 * body of a million empty objects holds the server (every operator's console, every report job) for seconds and
 * gigabytes. Malformed text is counted as far as it goes; JSON.parse then says what is wrong with it.
 */
export function measureJson(text: string): JsonSize {
  let depth = 0;
  let values = 0;
  let commas = 0;
  let topLevelContent = false;
  let inString = false;
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const isArray = text.charCodeAt(i) === 0x5b;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    if (c === 0x5b || c === 0x7b) {
      if (depth === 1) topLevelContent = true;
      depth++;
      values++;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c) {
      values++;
      if (depth === 1) commas++;
    } else if (depth === 1 && !isSpace(c)) {
      topLevelContent = true;
    }
  }
  return { items: isArray ? (topLevelContent ? commas + 1 : 0) : undefined, values };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** More values than any body of the call can hold: refused unread. */
export function tooManyJsonValues(limit: number): HttpError {
  return new HttpError(
    413,
    'too_large',
    `The request body holds more than ${limit.toLocaleString('en-US')} values (items of lists and fields), more than this call ever needs. Nothing was read.`,
  );
}

/**
 * Values a console call's JSON body may hold: the largest are the ingest side calls (10,000 links of three fields,
 * 10,000 suppression checks of two), about 40,000. The ingest batches have their own limit (ingest/routes.ts).
 */
export const JSON_VALUES_MAX = 100_000;

/**
 * Fastify's JSON parser, its refusal of prototype poisoning told as what it is: the parser refuses a key named
 * __proto__ (or constructor.prototype) with the same error as broken JSON, which sent a sender looking for a syntax
 * error in JSON that parses. Used by every JSON body, the ingest feed's included.
 */
export function refusingPrototypeKeys(jsonParser: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return (req, body, done) =>
    jsonParser(req, body, (err, parsed) => {
      if (err && isPlainJson(body)) {
        done(
          badRequest(
            'The request body has a key named __proto__ (or constructor.prototype), which is never accepted. Remove it and try again.',
          ),
          undefined,
        );
      } else done(err, parsed);
    });
}

/** Whether text is JSON to a plain parser (one that does not refuse __proto__ keys). */
function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
