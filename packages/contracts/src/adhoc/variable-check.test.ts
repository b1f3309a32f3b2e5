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
});
