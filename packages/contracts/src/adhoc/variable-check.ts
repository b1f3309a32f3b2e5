import { NOTIFY_BY_LABELS, type NotifyBy } from './channels.ts';
import { findDoubleBraces } from './render.ts';
import { variablesFor, variableToken } from './variables.ts';

/**
 * A variable written so that it will not be filled: a name not in the channel's list (doc 2 §2.5, §2.6), a caret
 * or triple brace left open, the other channel's syntax, double braces in an e-mail (doc 2 §5), or an e-mail
 * variable with too many or too few braces. Each stays in the message as written, so the customer would read it.
 * Warned of, never refused: the specification blocks none. Only what was plainly meant as a variable is warned
 * of: a closed ^name^ or {{{name}}} of the channel's own syntax, or else a name that is (nearly) a variable
 * ('Wind^Gust', '2^10', a URL's 'a^b', '^_^' or '{{{backup}}}' in an SMS are text).
 */
export interface VariableProblem {
  kind: 'unknown' | 'unclosed' | 'otherSyntax' | 'doubleBrace' | 'braces';
  /** As written, e.g. '^custmerName^'. */
  token: string;
  /** The operator's words: what is wrong and how to write it. */
  message: string;
}

/** Which field of a language record the text is, for the message: the body, or an e-mail's subject or preview. */
export type CheckedField = 'body' | 'subject' | 'preview';

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
// A caret, a name, and the closing caret when there is one (absent: left open).
const CARET = new RegExp(`\\^(${NAME})(\\^)?`, 'g');
// Three braces, a name, and the closing braces when there are (spaces inside are tolerated, as the renderer does).
const TRIPLE = new RegExp(`\\{\\{\\{\\s*(${NAME})\\s*(\\}\\}\\})?`, 'g');
// Any number of braces around a name: '{{customerName}}}', '{{{{customerName}}}}'.
const BRACES = new RegExp(`(\\{+)\\s*(${NAME})\\s*(\\}+)`, 'g');

const A_CHANNEL: Readonly<Record<NotifyBy, string>> = { PHON: 'a voice', SMS: 'an SMS', EML: 'an e-mail' };

/** The known name nearest to a misspelt one (case aside, or one or two letters off), if any. */
function nearest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const exact = known.find((candidate) => candidate.toLowerCase() === lower);
  if (exact) return exact;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The variable problems of one text of a template of the channel, in the order they are written. */
export function findVariableProblems(text: string, notifyBy: NotifyBy): VariableProblem[] {
  const email = notifyBy === 'EML';
  const own = email ? TRIPLE : CARET;
  const other = email ? CARET : TRIPLE;
  const known = variablesFor(notifyBy);
  const channel = A_CHANNEL[notifyBy];
  const found: (VariableProblem & { index: number })[] = [];
  const report = (kind: VariableProblem['kind'], token: string, index: number, message: string) => {
    found.push({ kind, token, index, message });
  };

  for (const match of text.matchAll(own)) {
    const [whole, name = '', closing] = match;
    const token = whole.trimEnd();
    if (!closing) {
      // Left open: a variable only when the name is one (or nearly): '2^x' and 'Wind^Gust' are text.
      const guess = nearest(name, known);
      if (guess === undefined) continue;
      report(
        'unclosed',
        token,
        match.index,
        guess === name
          ? `${token} is not closed: write ${variableToken(name, notifyBy)}.`
          : `${token} is not closed: did you mean ${variableToken(guess, notifyBy)}?`,
      );
    } else if (!known.includes(name)) {
      const guess = nearest(name, known);
      report(
        'unknown',
        token,
        match.index,
        `${token} is not ${channel} variable${guess ? `: did you mean ${variableToken(guess, notifyBy)}?` : '.'}`,
      );
    }
  }
  /** The other channel's syntax around `name`: a mistake only when the name is (nearly) a variable of either. */
  const otherSyntax = (token: string, name: string, index: number, what: string) => {
    const guess = nearest(name, known);
    if (guess === undefined && nearest(name, variablesFor(email ? 'SMS' : 'EML')) === undefined) return;
    report(
      'otherSyntax',
      token,
      index,
      guess
        ? `${token} is ${what}: ${email ? 'e-mail' : NOTIFY_BY_LABELS[notifyBy]} variables are written ${variableToken(guess, notifyBy)}.`
        : `${token} is ${what}, and ${name} is not ${channel} variable.`,
    );
  };
  for (const match of text.matchAll(other)) {
    const [token, name = '', closing] = match;
    // An open caret in an e-mail is ordinary text (2^10); only a whole variable of the other syntax is a mistake.
    if (!closing) continue;
    otherSyntax(token, name, match.index, email ? 'SMS and voice syntax' : 'e-mail syntax');
  }
  if (email) {
    for (const brace of findDoubleBraces(text)) {
      report(
        'doubleBrace',
        brace.token,
        brace.index,
        `${brace.token}: double braces are not supported, write ${variableToken(brace.name, notifyBy)}.`,
      );
    }
    for (const match of text.matchAll(BRACES)) {
      const [token, open = '', name = '', close = ''] = match;
      // Three and three is a variable, two and two a double brace, three left open is reported as unclosed.
      if ((open.length === 3 && close.length === 3) || (open.length === 2 && close.length === 2)) continue;
      if (open.length >= 3 && close.length < 3) continue;
      const guess = nearest(name, known);
      if (guess === undefined) continue;
      report(
        'braces',
        token,
        match.index,
        `${token} has ${open.length} opening and ${close.length} closing braces: write ${variableToken(guess, notifyBy)}.`,
      );
    }
  } else {
    // Double braces in an SMS or voice text: e-mail-like syntax too ('{{name}}').
    for (const brace of findDoubleBraces(text)) {
      otherSyntax(brace.token, brace.name, brace.index, 'e-mail syntax');
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...problem }) => problem);
}

/** The texts of a language record that hold variables, in screen order: an e-mail's subject and preview, the body. */
export function checkedFields(notifyBy: NotifyBy): readonly CheckedField[] {
  return notifyBy === 'EML' ? ['subject', 'preview', 'body'] : ['body'];
}

/** A variable problem and the text it is in. */
export interface FieldVariableProblem extends VariableProblem {
  field: CheckedField;
}

/** The variable problems of a language's texts (the body; an e-mail's subject and preview too), field by field. */
export function templateVariableProblems(
  texts: Partial<Record<CheckedField, string | null>>,
  notifyBy: NotifyBy,
): FieldVariableProblem[] {
  return checkedFields(notifyBy).flatMap((field) =>
    findVariableProblems(texts[field] ?? '', notifyBy).map((problem) => ({ ...problem, field })),
  );
}
