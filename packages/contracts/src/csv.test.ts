import { describe, expect, it } from 'vitest';
import { neutralizeCsvCell, toCsvRow, unneutralizeCsvCell } from './csv.ts';

describe('neutralizeCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['+1 415 555 0123', "'+1 415 555 0123"],
    ['+1415555012a', "'+1415555012a"],
    ['+0123456789', "'+0123456789"],
    ['+1234567890123456', "'+1234567890123456"],
    ['+14155550104; =1', "'+14155550104; =1"],
    ['+14155550104;+14155550103', "'+14155550104;+14155550103"],
  ])('prefixes a single quote to %j, which a spreadsheet would read as a formula', (cell, expected) => {
    expect(neutralizeCsvCell(cell)).toBe(expected);
  });

  it.each([
    ['+14155550123'],
    ['+442079460958'],
    ['+123456789012345'],
    ['+14155550104; +14155550103'],
    ['alice@example.com'],
    ['4155550123'],
    ['a=b'],
    [''],
  ])('leaves %j as it is: a pure E.164 number or a cell without a leading formula character', (cell) => {
    expect(neutralizeCsvCell(cell)).toBe(cell);
  });
});

describe('unneutralizeCsvCell', () => {
  it('drops the quote that neutralizeCsvCell added', () => {
    expect(unneutralizeCsvCell("'=1+2")).toBe('=1+2');
    expect(unneutralizeCsvCell("'-foo@example.com")).toBe('-foo@example.com');
  });

  it("keeps a quote that is not followed by a formula character (o'brien@example.com)", () => {
    expect(unneutralizeCsvCell("'quoted")).toBe("'quoted");
    expect(unneutralizeCsvCell("o'brien@example.com")).toBe("o'brien@example.com");
  });
});

describe('toCsvRow', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(toCsvRow(['North', 'PHONE', '+14155550123'])).toBe('North,PHONE,+14155550123\r\n');
  });

  it('quotes cells holding a quote, comma or line break and doubles inner quotes (RFC 4180)', () => {
    expect(toCsvRow(['a,b', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\rhere"\r\n',
    );
  });

  it('neutralises formula cells before quoting them', () => {
    expect(toCsvRow(['=cmd|"/c calc"!A0', '@x'])).toBe(`"'=cmd|""/c calc""!A0",'@x\r\n`);
    expect(toCsvRow(['\r=1'])).toBe(`"'\r=1"\r\n`);
  });

  it('writes numbers as they are and null or undefined as empty cells', () => {
    expect(toCsvRow([-5, 12n, true, null, undefined, ''])).toBe('-5,12,true,,,\r\n');
  });
});
