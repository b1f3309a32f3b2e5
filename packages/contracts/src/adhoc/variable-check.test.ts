import { describe, expect, it } from 'vitest';
import { findVariableProblems } from './variable-check.ts';

describe('variables that would reach the customer as written are warned of', () => {
  it('names a misspelt SMS variable, an unclosed caret and e-mail syntax in an SMS body, in the order written', () => {
    expect(
      findVariableProblems('Hi ^custmerName^ and ^customerName and {{{address}}}', 'SMS').map((problem) => [
        problem.kind,
        problem.message,
      ]),
    ).toEqual([
      ['unknown', '^custmerName^ is not an SMS variable: did you mean ^customerName^?'],
      ['unclosed', '^customerName is not closed: write ^customerName^.'],
      ['otherSyntax', '{{{address}}} is e-mail syntax: SMS variables are written ^address^.'],
    ]);
  });

  it('accepts every variable of the list, and text without variables', () => {
    expect(findVariableProblems('PSPS for ^customerName^ at ^address^ (^circuit^).', 'SMS')).toEqual([]);
    expect(findVariableProblems('<p>Dear {{{customerName}}}, {{{ premCity }}}</p>', 'EML')).toEqual([]);
    expect(findVariableProblems('No variables here.', 'PHON')).toEqual([]);
  });

  it('in an e-mail: a name not in the e-mail list, an open triple brace, caret syntax and double braces', () => {
    expect(
      findVariableProblems(
        '<p>{{{zipcode}}} {{{premCity ^address^ {{saId}} {{{allClearDateTime}}} {{{nonsenseWord}}}</p>',
        'EML',
      ).map((problem) => [problem.kind, problem.token, problem.message]),
    ).toEqual([
      ['unknown', '{{{zipcode}}}', '{{{zipcode}}} is not an e-mail variable: did you mean {{{zipCode}}}?'],
      ['unclosed', '{{{premCity', '{{{premCity is not closed: write {{{premCity}}}.'],
      [
        'otherSyntax',
        '^address^',
        '^address^ is SMS and voice syntax: e-mail variables are written {{{address}}}.',
      ],
      ['doubleBrace', '{{saId}}', '{{saId}}: double braces are not supported, write {{{saId}}}.'],
      ['unknown', '{{{nonsenseWord}}}', '{{{nonsenseWord}}} is not an e-mail variable.'],
    ]);
  });

  it('holds voice texts to the SMS list (an e-mail-only name is unknown there)', () => {
    expect(findVariableProblems('Hello ^premCity^', 'PHON').map((problem) => problem.message)).toEqual([
      '^premCity^ is not a voice variable.',
    ]);
  });

  it('leaves text that only looks like a variable alone: a caret inside a word, unknown names in other syntax', () => {
    expect(
      findVariableProblems('Wind^Gust and 2^10 {note} https://x.com/a^b Press ^ to skip :^)', 'SMS'),
    ).toEqual([]);
    expect(findVariableProblems('Use {{ }} here, {{{backup}}} and {{{PIN}}}', 'SMS')).toEqual([]);
    expect(findVariableProblems('Power back {{{allClearDateTime}}}, 50% ^_^ {x} x^y', 'EML')).toEqual([]);
  });

  it('suggests only real variables: an open misspelt caret, the other syntax, and braces miscounted in an e-mail', () => {
    expect(
      findVariableProblems('Hi ^custmerName and {{{premCity}}} and {{customerNam}}', 'SMS').map(
        (p) => p.message,
      ),
    ).toEqual([
      '^custmerName is not closed: did you mean ^customerName^?',
      '{{{premCity}}} is e-mail syntax, and premCity is not an SMS variable.',
      '{{customerNam}} is e-mail syntax: SMS variables are written ^customerName^.',
    ]);
    expect(
      findVariableProblems('<p>{{customerName}}} {{{{address}}}} {{{zipCode}}}}</p>', 'EML').map((p) => [
        p.kind,
        p.message,
      ]),
    ).toEqual([
      ['braces', '{{customerName}}} has 2 opening and 3 closing braces: write {{{customerName}}}.'],
      ['braces', '{{{{address}}}} has 4 opening and 4 closing braces: write {{{address}}}.'],
      ['braces', '{{{zipCode}}}} has 3 opening and 4 closing braces: write {{{zipCode}}}.'],
    ]);
  });
});
