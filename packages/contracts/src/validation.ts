import { z } from 'zod';

const KINDS: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'empty (null)',
};

const FORMATS: Readonly<Record<string, string>> = {
  email: 'an e-mail address',
  datetime: 'a date and time in ISO 8601 form, e.g. 2026-10-21T17:05:00Z',
  date: 'a date in the form YYYY-MM-DD',
  url: 'a web address',
  uuid: 'an id in UUID form',
};

const count = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What an input must be, in plain words, for zod's built-in checks (a schema's own message wins over this):
 * "must be a whole number", "is too large", "is required". The server's 400 answers say which field this is
 * about (app.ts); nothing reads like developer output ("Too big: expected int to be <=9007199254740991").
 * Undefined leaves zod's own text.
 */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const { origin, maximum, inclusive } = issue;
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        if (Number(maximum) >= Number.MAX_SAFE_INTEGER) return 'is too large';
        return inclusive === false ? `must be less than ${maximum}` : `must be at most ${maximum}`;
      }
      if (origin === 'string') return `must be at most ${count(maximum, 'character', 'characters')} long`;
      if (origin === 'array' || origin === 'set')
        return `must have at most ${count(maximum, 'item', 'items')}`;
      if (origin === 'file') return `must be at most ${maximum} bytes`;
      return 'is too large';
    }
    case 'too_small': {
      const { origin, minimum, inclusive } = issue;
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        if (Number(minimum) === 0 && inclusive === false) return 'must be greater than 0';
        // The whole-number check's own lower bound (-2^53 + 1), met by -1e308 before a schema's positive check.
        if (Number(minimum) <= -Number.MAX_SAFE_INTEGER) return 'is too small';
        return inclusive === false ? `must be greater than ${minimum}` : `must be at least ${minimum}`;
      }
      if (origin === 'string') {
        return Number(minimum) === 1
          ? 'must not be empty'
          : `must be at least ${count(minimum, 'character', 'characters')} long`;
      }
      if (origin === 'array' || origin === 'set')
        return `must have at least ${count(minimum, 'item', 'items')}`;
      return 'is too small';
    }
    case 'invalid_value': {
      const values = issue.values.map((value) => String(value));
      if (values.length === 1) return `must be ${values[0]}`;
      const shown = values.length > 20 ? [...values.slice(0, 20), '…'] : values;
      return `must be one of: ${shown.join(', ')}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex') return 'is not in the expected form';
      return `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
    case 'invalid_union':
      return issue.input === undefined ? 'is required' : 'is not in any of the accepted forms';
    case 'unrecognized_keys':
      return `has fields that are not accepted: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

// Installed wherever the contracts are used (server and console), so every schema's built-in checks speak
// plainly; a schema's own message still comes first.
z.config({ customError: plainIssueMessage });
