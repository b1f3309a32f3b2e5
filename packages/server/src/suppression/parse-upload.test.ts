import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GroupValues } from './group-values.ts';
import { type ParseUploadOptions, parseTimestamp, parseUpload, UploadFileError } from './parse-upload.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

async function parseChunks(chunks: Buffer[], options: ParseUploadOptions = {}) {
  const upload = parseUpload(Readable.from(chunks), { now: NOW, ...options });
  const batches = [];
  for await (const batch of upload) batches.push(batch);
  return {
    batches,
    records: batches.flatMap((batch) => batch.records),
    rejections: batches.flatMap((batch) => batch.rejections),
    totals: upload.totals,
    errors: upload.errors,
    header: upload.header,
  };
}

const parseText = (text: string, options: ParseUploadOptions = {}) =>
  parseChunks([Buffer.from(text)], options);

const FIXTURE = [
  'Value,Type,Start,End',
  '415-555-0123',
  '(415) 555-0123',
  'Alice@Example.com',
  'alice@example.com,EMAIL',
  '',
  '4155550123,SMS',
  'ACCT-1001,ACCOUNT,2024-08-01,2030-01-01T00:00:00Z',
  'ACCT-1001',
  '555-1234',
  '"Smith, Jr.",ACCOUNT',
  '12345,FAX',
  'bob@example.com,,2024-13-01',
  'carol@example.com,,2030-01-02,2030-01-01',
  'dave@example.com,,,2020-01-01',
  '"+1 212 555 0100"',
  '   ',
  '212.555.0100,phone',
  'a,b,c,d,e',
  '',
].join('\n');

describe('parseUpload of a file with valid, duplicate and invalid lines', () => {
  it('counts 16 data lines: 5 accepted, 3 duplicates, 8 rejected; blank lines and the header are not counted', async () => {
    const { totals } = await parseText(FIXTURE);
    expect(totals).toEqual({ lines: 16, accepted: 5, duplicates: 3, rejected: 8 });
  });

  it('yields the accepted values normalised, with the line each came from', async () => {
    const { records } = await parseText(FIXTURE);
    expect(records).toEqual([
      { line: 2, type: 'PHONE', value: '+14155550123' },
      { line: 4, type: 'EMAIL', value: 'alice@example.com' },
      { line: 7, type: 'SMS', value: '+14155550123' },
      {
        line: 8,
        type: 'ACCOUNT',
        value: 'ACCT-1001',
        start: '2024-08-01T00:00:00.000Z',
        end: '2030-01-01T00:00:00.000Z',
      },
      { line: 16, type: 'PHONE', value: '+12125550100' },
    ]);
  });

  it('lists each rejected line with its 1-based line number and reason', async () => {
    const expected = [
      {
        line: 9,
        reason:
          '"ACCT-1001" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
      },
      { line: 10, reason: '"555-1234" is not a phone number: wrong number of digits' },
      { line: 11, reason: '"Smith, Jr." is not an account number: it contains spaces' },
      { line: 12, reason: 'Unknown type "FAX": use PHONE, SMS, EMAIL or ACCOUNT' },
      {
        line: 13,
        reason:
          'The start "2024-13-01" is not a date; write dates as ISO 8601, for example 2024-08-01 or 2024-08-01T07:00:00Z, or as the console shows them, month first, 08/01/2024 07:00:00',
      },
      { line: 14, reason: 'The end must be after the start' },
      {
        line: 15,
        reason:
          'The end "2020-01-01" has already passed: give a later end, or none for a value that never ends',
      },
      { line: 19, reason: 'The line has 5 cells but the header only 4' },
    ];
    const { errors, rejections } = await parseText(FIXTURE);
    expect(errors).toEqual(expected);
    expect(rejections).toEqual(expected);
  });
});

describe('parseUpload file formats', () => {
  it('reads a plain text file of one value a line, without a header (line 1 is data)', async () => {
    const { records, totals } = await parseText('bob@example.com\r\n+1 415 555 0123\r\n');
    expect(records).toEqual([
      { line: 1, type: 'EMAIL', value: 'bob@example.com' },
      { line: 2, type: 'PHONE', value: '+14155550123' },
    ]);
    expect(totals).toEqual({ lines: 2, accepted: 2, duplicates: 0, rejected: 0 });
  });

  it('takes the columns value, type, start, end in that order when there is no header', async () => {
    const { records } = await parseText('ACCT-9,ACCOUNT,2025-01-01T08:00:00-08:00,2030-06-30\n');
    expect(records).toEqual([
      {
        line: 1,
        type: 'ACCOUNT',
        value: 'ACCT-9',
        start: '2025-01-01T16:00:00.000Z',
        end: '2030-06-30T00:00:00.000Z',
      },
    ]);
  });

  it('drops a UTF-8 byte order mark before the header', async () => {
    const { records, totals } = await parseText('\uFEFFTYPE,VALUE\nEMAIL,Zoe@Example.com\n');
    expect(records).toEqual([{ line: 2, type: 'EMAIL', value: 'zoe@example.com' }]);
    expect(totals).toEqual({ lines: 1, accepted: 1, duplicates: 0, rejected: 0 });
  });

  it('decodes a character split between two chunks of the stream', async () => {
    const bytes = Buffer.from('user@bücher.de\n');
    const { records } = await parseChunks([bytes.subarray(0, 7), bytes.subarray(7)]);
    expect(records).toEqual([{ line: 1, type: 'EMAIL', value: 'user@xn--bcher-kva.de' }]);
  });

  it('reads quoted cells with doubled quotes, and gives a value spanning lines the line it starts on', async () => {
    const { records, errors } = await parseText('"ACCT""7",ACCOUNT\n"two\nlines",ACCOUNT\nx@example.com\n');
    expect(records).toEqual([
      { line: 1, type: 'ACCOUNT', value: 'ACCT"7' },
      { line: 4, type: 'EMAIL', value: 'x@example.com' },
    ]);
    expect(errors).toEqual([
      { line: 2, reason: 'The value contains a line break, tab or other control character' },
    ]);
  });

  it("reads a line 1 of one header word as the header, the values taking the type it names ('Account', 'E-mail', 'SMS')", async () => {
    const account = await parseText('Account\nACCT-1001\n4155550123\n');
    expect(account.header).toEqual({ text: 'Account', type: 'ACCOUNT' });
    expect(account.records).toEqual([
      { line: 2, type: 'ACCOUNT', value: 'ACCT-1001' },
      { line: 3, type: 'ACCOUNT', value: '4155550123' },
    ]);
    expect(account.totals).toEqual({ lines: 2, accepted: 2, duplicates: 0, rejected: 0 });
    const email = await parseText('E-mail\r\nA@Example.com\r\n4155550123\r\n');
    expect(email.header).toEqual({ text: 'E-mail', type: 'EMAIL' });
    expect(email.records).toEqual([{ line: 2, type: 'EMAIL', value: 'a@example.com' }]);
    expect(email.errors).toEqual([
      { line: 3, reason: `"4155550123" is not an e-mail address: it needs exactly one '@'` },
    ]);
    // A type cell on a line still decides; a trailing comma after the word is no second column.
    const sms = await parseText('SMS,\n4155550123\n4155550124,PHONE\n');
    expect(sms.header).toEqual({ text: 'SMS', type: 'SMS' });
    expect(sms.records.map((record) => [record.type, record.value])).toEqual([
      ['SMS', '+14155550123'],
      ['PHONE', '+14155550124'],
    ]);
  });

  it('reads the spellings of a header word alike, and leaves the type to each value under a word naming none', async () => {
    const cases: [string, string | undefined, number][] = [
      ['Phone Number', 'PHONE', 1],
      ['phone_number', 'PHONE', 1],
      ['Numbers', undefined, 0],
      ['value', undefined, 0],
    ];
    for (const [word, type, rejected] of cases) {
      const { header, records, totals } = await parseText(`${word}\n4155550123\nb@example.com\n`);
      expect(header).toEqual(type === undefined ? { text: word } : { text: word, type });
      expect(totals.rejected).toBe(rejected);
      expect(records[0]).toEqual({ line: 2, type: 'PHONE', value: '+14155550123', number: 14155550123 });
    }
  });

  it("reads a header word followed by the names of the next columns as the header ('Phone,Type', 'E-mail,Type,Start,End')", async () => {
    const phone = await parseText('Phone,Type\n4155550123,PHONE\n4155550124\n4155550125,SMS\n');
    expect(phone.header).toEqual({ text: 'Phone,Type', type: 'PHONE' });
    expect(phone.errors).toEqual([]);
    expect(phone.totals).toEqual({ lines: 3, accepted: 3, duplicates: 0, rejected: 0 });
    expect(phone.records.map((record) => [record.line, record.type, record.value])).toEqual([
      [2, 'PHONE', '+14155550123'],
      [3, 'PHONE', '+14155550124'],
      [4, 'SMS', '+14155550125'],
    ]);
    const email = await parseText('E-mail,Type,Start,End\nA@Example.com,,2030-01-01\n');
    expect(email.header).toEqual({ text: 'E-mail,Type,Start,End', type: 'EMAIL' });
    expect(email.records).toEqual([
      { line: 2, type: 'EMAIL', value: 'a@example.com', start: '2030-01-01T00:00:00.000Z' },
    ]);
    // The columns keep their order: a name out of place, or another word, is data as before.
    for (const first of ['Phone,Start', 'Account,Type,End']) {
      const { header, errors } = await parseText(`${first}\n4155550123\n`);
      expect(header).toBeUndefined();
      expect(errors.map((error) => error.line)).toEqual([1]);
    }
  });

  it('reads a line 1 that is no header word as data (and says there is no header)', async () => {
    for (const first of ['constructor', 'Phones please', 'ACCOUNT-1', 'Phone,SMS']) {
      const { header, errors } = await parseText(`${first}\n4155550123\n`);
      expect(header).toBeUndefined();
      expect(errors.map((error) => error.line)).toEqual([1]);
    }
    expect((await parseText('Value,Type\n4155550123\n')).header).toEqual({ text: 'Value,Type' });
  });

  it('says a rejected line 1 that names the next columns looks like a header with an unknown first name', async () => {
    const { header, errors, totals } = await parseText('Customer Phone,Type\n4155550123\n');
    expect(header).toBeUndefined();
    expect(totals).toEqual({ lines: 2, accepted: 1, duplicates: 0, rejected: 1 });
    expect(errors).toEqual([
      {
        line: 1,
        reason:
          'Line 1 looks like a header, but "Customer Phone" is not a column name the upload knows: name the first column value (or Phone, E-mail, SMS, Account), or remove the line',
      },
    ]);
    // The second cell names no column: the line's own reason stays.
    const { errors: other } = await parseText('Fax,PHONES\n4155550123\n');
    expect(other).toEqual([
      {
        line: 1,
        reason:
          'Unknown type "PHONES": use PHONE, SMS, EMAIL or ACCOUNT; the second column is read as the type (value, type, start, end)',
      },
    ]);
  });

  it('says a rejected line 1 of a header word and a column of other data looks like a header, naming that column', async () => {
    const { header, errors, totals } = await parseText('Phone,Name\n(415) 555-0160,Jane Doe\n4155550161\n');
    expect(header).toBeUndefined();
    expect(totals).toEqual({ lines: 3, accepted: 1, duplicates: 0, rejected: 2 });
    expect(errors).toEqual([
      {
        line: 1,
        reason:
          'Line 1 looks like a header, but "Name" is not a column the upload knows: after the first column (the values) come type, start and end, in that order; remove the other columns',
      },
      {
        line: 2,
        reason:
          'Unknown type "JANE DOE": use PHONE, SMS, EMAIL or ACCOUNT; the second column is read as the type (value, type, start, end)',
      },
    ]);
    const { errors: email } = await parseText('E-mail,Type,Customer Name\nann@example.com,EMAIL,Ann\n');
    expect(email[0]).toEqual({
      line: 1,
      reason:
        'Line 1 looks like a header, but "Customer Name" is not a column the upload knows: after the first column (the values) come type, start and end, in that order; remove the other columns',
    });
    // A type word in the second cell ('Phone,SMS') is a line of data: the line's own reason stays.
    const { errors: data } = await parseText('Phone,SMS\n4155550123\n');
    expect(data).toEqual([
      { line: 1, reason: '"Phone" is not a phone number: use digits, spaces and + ( ) - . / only' },
    ]);
  });

  it("reads a type cell written as a header word of one value ('E-mail', 'Phone Number'); other words are refused", async () => {
    const { totals, errors, records } = await parseText(
      'value,type\nb@example.com,E-MAIL\n4155551001,Phone Number\nPGE-1,account #\n4155551002,TEXT\n4155551003,Phones\n',
    );
    expect(totals).toEqual({ lines: 5, accepted: 3, duplicates: 0, rejected: 2 });
    expect(records).toEqual([
      { line: 2, type: 'EMAIL', value: 'b@example.com' },
      { line: 3, type: 'PHONE', value: '+14155551001' },
      { line: 4, type: 'ACCOUNT', value: 'PGE-1' },
    ]);
    expect(errors).toEqual([
      { line: 5, reason: 'Unknown type "TEXT": use PHONE, SMS, EMAIL or ACCOUNT' },
      { line: 6, reason: 'Unknown type "PHONES": use PHONE, SMS, EMAIL or ACCOUNT' },
    ]);
  });

  it('says a second column of other data (an export with names) is read as the type', async () => {
    const { totals, errors } = await parseText('4155550121,John Smith\n4155550122,Jane Roe\n');
    expect(totals).toEqual({ lines: 2, accepted: 0, duplicates: 0, rejected: 2 });
    expect(errors.map((error) => error.reason)).toEqual([
      'Unknown type "JOHN SMITH": use PHONE, SMS, EMAIL or ACCOUNT; the second column is read as the type (value, type, start, end)',
      'Unknown type "JANE ROE": use PHONE, SMS, EMAIL or ACCOUNT; the second column is read as the type (value, type, start, end)',
    ]);
  });

  it('only takes line 1 as a header: a later "value" line is data', async () => {
    const { errors } = await parseText('bob@example.com\nvalue\n');
    expect(errors).toEqual([
      {
        line: 2,
        reason:
          '"value" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
      },
    ]);
  });

  it('rejects a line with more than four cells when there is no header', async () => {
    const { errors } = await parseText('a@example.com,EMAIL,,,extra\n');
    expect(errors).toEqual([
      { line: 1, reason: 'The line has 5 cells; at most 4 are read: value, type, start, end' },
    ]);
  });

  it("refuses the lines of a downloaded data.csv that belong to another group than the upload's", async () => {
    const download =
      'group,type,value,start_ts,end_ts,created_ts\r\n' +
      'North,PHONE,+14155550123,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n' +
      'South,PHONE,+14155550124,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n' +
      "'=North,PHONE,+14155550125,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n" +
      ',PHONE,+14155550126,,,\r\n';
    const { records, rejections } = await parseText(download, { group: 'North' });
    expect(records.map((record) => [record.line, record.value])).toEqual([
      [2, '+14155550123'],
      [5, '+14155550126'],
    ]);
    expect(rejections).toEqual([
      {
        line: 3,
        reason: 'The line is of the group "South", not "North": upload each group\'s lines to that group',
      },
      {
        line: 4,
        reason: 'The line is of the group "=North", not "North": upload each group\'s lines to that group',
      },
    ]);
    // A group named like a formula is written with a leading quote by the download, and read back without it.
    const formulaGroup = await parseText("group,value\r\n'=North,+14155550125\r\n", { group: '=North' });
    expect(formulaGroup.records.map((record) => record.value)).toEqual(['+14155550125']);
  });

  it('uploads a downloaded data.csv again: download columns, formula quotes removed', async () => {
    const download =
      'group,type,value,start_ts,end_ts,created_ts\r\n' +
      "North,EMAIL,'-dash@example.com,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n" +
      'North,PHONE,+14155550123,2025-05-01T10:00:00.000Z,2027-01-01T00:00:00.000Z,2025-05-01T10:00:00.000Z\r\n';
    const { records } = await parseText(download);
    expect(records).toEqual([
      { line: 2, type: 'EMAIL', value: '-dash@example.com', start: '2025-05-01T10:00:00.000Z' },
      {
        line: 3,
        type: 'PHONE',
        value: '+14155550123',
        start: '2025-05-01T10:00:00.000Z',
        end: '2027-01-01T00:00:00.000Z',
      },
    ]);
  });
});

describe('parseUpload of files it cannot read', () => {
  it('refuses a file that is not UTF-8, naming the line', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('alice@example.com\nbob@example.com\n'),
      Buffer.from([0x6a, 0xf6, 0x0a]),
    ]);
    await expect(parseChunks([latin1])).rejects.toThrow(
      new UploadFileError('The file is not UTF-8 text; save it as CSV UTF-8 and upload it again', 3),
    );
    await expect(parseChunks([latin1])).rejects.toThrow(
      'Line 3: The file is not UTF-8 text; save it as CSV UTF-8 and upload it again',
    );
  });

  it('refuses a file that ends in the middle of a UTF-8 character', async () => {
    await expect(parseChunks([Buffer.from([0x61, 0x0a, 0xc3])])).rejects.toThrow(
      'Line 2: The file is not UTF-8 text; save it as CSV UTF-8 and upload it again',
    );
  });

  it('names an Excel workbook, even when its first bytes arrive in pieces', async () => {
    const zip = [
      Buffer.from([0x50, 0x4b]),
      Buffer.from([0x03, 0x04, 0x14]),
      Buffer.from([0x00, 0x06, 0x00, 0x08, 0x00]),
    ];
    await expect(parseChunks(zip)).rejects.toThrow(
      new UploadFileError(
        'The file is an Excel workbook (or another Office or zip file), not CSV text; in Excel choose Save As, CSV UTF-8 (Comma delimited) (*.csv), and upload that file',
      ),
    );
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]);
    await expect(parseChunks([xls])).rejects.toThrow('The file is an Excel workbook');
  });

  it('names a UTF-16 file by its byte order mark', async () => {
    await expect(parseChunks([Buffer.from('\uFEFFvalue\n', 'utf16le')])).rejects.toThrow(
      'The file is UTF-16 text (Excel\'s "Unicode Text"); save it as CSV UTF-8 (Comma delimited) and upload it again',
    );
  });

  it('still reads files shorter than the bytes it looks at first, and text arriving a byte at a time', async () => {
    expect((await parseText('4155550123')).records).toEqual([
      { line: 1, type: 'PHONE', value: '+14155550123', number: 14155550123 },
    ]);
    const bytes = [...Buffer.from('\uFEFFa@b.org\n4155550123\n')].map((byte) => Buffer.from([byte]));
    expect((await parseChunks(bytes)).records).toEqual([
      { line: 1, type: 'EMAIL', value: 'a@b.org' },
      { line: 2, type: 'PHONE', value: '+14155550123', number: 14155550123 },
    ]);
  });

  it('refuses a header whose columns are separated by semicolons or tabs, saying so', async () => {
    await expect(parseText('\uFEFFValue;Type\r\n4155550123;PHONE\r\n')).rejects.toThrow(
      new UploadFileError(
        "The header's columns are separated by semicolons; they must be separated by commas: in Excel choose Save As, CSV UTF-8 (Comma delimited) (*.csv)",
        1,
      ),
    );
    await expect(parseText('value\ttype\n4155550123\tPHONE\n')).rejects.toThrow(
      "Line 1: The header's columns are separated by tabs;",
    );
  });

  it('refuses a header of a header word whose columns are separated by semicolons or tabs, saying so', async () => {
    await expect(parseText('Phone;Type\r\n4155550123;PHONE\r\n')).rejects.toThrow(
      "Line 1: The header's columns are separated by semicolons;",
    );
    await expect(parseText('E-mail\tType\tStart\nann@example.com\tEMAIL\t2026-01-01\n')).rejects.toThrow(
      "Line 1: The header's columns are separated by tabs;",
    );
    // A single value holding a semicolon is not a header: its line is rejected, as before.
    const { errors } = await parseText('Phone;SMS\n');
    expect(errors).toEqual([
      {
        line: 1,
        reason:
          '"Phone;SMS" holds a semicolon: cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited))',
      },
    ]);
  });

  it('refuses a header with a column it does not know', async () => {
    await expect(parseText('value,phone\n4155550123,x\n')).rejects.toThrow(
      'Line 1: Unknown column "phone" in the header; the columns are value, type, start, end',
    );
  });

  it('ignores cells under an empty header name', async () => {
    const { records } = await parseText('value,type,\nann@example.com,EMAIL,\n');
    expect(records).toEqual([{ line: 2, type: 'EMAIL', value: 'ann@example.com' }]);
  });

  it('refuses a header naming a column twice', async () => {
    await expect(parseText('value,type,TYPE\n')).rejects.toThrow('Line 1: The header names "type" twice');
  });

  it('refuses a file with a quote that is never closed', async () => {
    await expect(parseText('a@example.com\n"b@example.com\nc@example.com\n')).rejects.toThrow(
      'Line 2: A quoted value is never closed: a closing quote (") is missing',
    );
  });

  it('refuses a quote in the middle of a quoted cell', async () => {
    await expect(parseText('a@example.com\n"b"c@example.com\n')).rejects.toThrow(
      'Line 2: A quote (") inside a value must be doubled (""), and the whole value put in quotes',
    );
  });

  it("says a line of cells separated by tabs (Excel's Text (Tab delimited)) holds a tab, not a control character", async () => {
    const { errors, totals } = await parseText(
      '4155550100\tSMS\r\njane@example.com\tEMAIL\r\n4155550101\r\n',
    );
    expect(totals).toEqual({ lines: 3, accepted: 1, duplicates: 0, rejected: 2 });
    const reason =
      'The line holds a tab: cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited), not Text (Tab delimited))';
    expect(errors).toEqual([
      { line: 1, reason },
      { line: 2, reason },
    ]);
  });

  it('says a quoted cell followed by a semicolon is a file separated by semicolons', async () => {
    await expect(parseText('"4155550101";PHONE\n"4155550102";SMS\n')).rejects.toThrow(
      'Line 1: A semicolon follows a closing quote ("): cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited))',
    );
  });

  it("refuses a quote in the middle of an unquoted cell, at the file's line, in words", async () => {
    await expect(
      parseText('value,type\n+14155550199,PHONE\n+14155550198,PHONE\nACC-1 "north",ACCOUNT\n'),
    ).rejects.toThrow(
      new UploadFileError(
        'A quote (") is in the middle of a value: put the whole value in quotes, with any quote inside it doubled ("")',
        4,
      ),
    );
  });

  it('refuses text after a closing quote, at the line it is on, in words', async () => {
    await expect(
      parseText('4155550101\n4155550102\n"4155550103"\n4155550104\n"Smith, John" <js@example.com>\n'),
    ).rejects.toThrow(
      new UploadFileError(
        'Only a comma or the end of the line may follow a closing quote ("): put the whole value in quotes, with any quote inside it doubled ("")',
        5,
      ),
    );
  });

  it('refuses a line longer than any value (a file that is not a list, or a quote never closed)', async () => {
    await expect(parseText(`a@example.com\n${'x'.repeat(5000)}\n`)).rejects.toThrow(
      'Line 2: A value runs over 4096 characters, longer than any phone number, e-mail address or account: is a closing quote (") missing, or is the file not a list of values?',
    );
  });

  it('can be read only once', async () => {
    const upload = parseUpload(Readable.from([Buffer.from('a@example.com\n')]));
    for await (const _ of upload) {
      // drain
    }
    expect(() => upload[Symbol.asyncIterator]()).toThrow('An upload file can be read only once');
  });
});

describe('parseUpload batches and limits', () => {
  it('yields records in batches of the given size', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `user${i}@example.com`).join('\n');
    const { batches } = await parseText(lines, { batchSize: 5 });
    expect(batches.map((batch) => batch.records.length)).toEqual([5, 5, 2]);
  });

  it('counts every rejected line but lists only the first 100', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `bad value ${i}`).join('\n');
    const { totals, errors, rejections } = await parseText(lines);
    expect(totals).toEqual({ lines: 150, accepted: 0, duplicates: 0, rejected: 150 });
    expect(errors.length).toBe(100);
    expect(errors.at(-1)?.line).toBe(100);
    expect(rejections.length).toBe(150);
  });

  it('counts a value repeated in different spellings once', async () => {
    const { totals } = await parseText('4155550123\n+14155550123\n1 (415) 555-0123\n415.555.0123,PHONE\n');
    expect(totals).toEqual({ lines: 4, accepted: 1, duplicates: 3, rejected: 0 });
  });
});

describe('parseUpload of dates as Excel in the United States saves them', () => {
  it("reads a start and an end written month first, in the operator's time zone", async () => {
    const { records, rejections } = await parseText(
      'value,type,start,end\r\n4155550123,PHONE,1/15/2026 8:00,12/31/2099 23:59\r\n4155550124,PHONE,31/12/2026,\r\n',
      { timeZone: 'America/Los_Angeles' },
    );
    expect(records).toEqual([
      {
        line: 2,
        type: 'PHONE',
        value: '+14155550123',
        start: '2026-01-15T16:00:00.000Z',
        end: '2100-01-01T07:59:00.000Z',
      },
    ]);
    expect(rejections).toEqual([
      {
        line: 3,
        reason:
          'The start "31/12/2026" is not a date; write dates as ISO 8601, for example 2024-08-01 or 2024-08-01T07:00:00Z, or as the console shows them, month first, 08/01/2024 07:00:00',
      },
    ]);
  });
});

describe('parseTimestamp', () => {
  it("reads a date in the console's form as a wall time in the time zone given, like an ISO one", () => {
    expect(parseTimestamp('11/22/2026 08:00:00', 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-22T16:00:00Z'),
    );
    expect(parseTimestamp('07/04/2026', 'America/Los_Angeles')).toBe(Date.parse('2026-07-04T07:00:00Z'));
  });

  it('reads a time the console shows in the hour repeated when summer time ends, with its offset, as that instant', () => {
    // 2026-11-01 in California: 01:30 PDT is 08:30 UTC, and an hour later clocks show 01:30 again, PST, 09:30 UTC.
    // The SUPPRESSION screen shows the second '11/01/2026 01:30:00 -08:00' (formatSuppressionDate).
    expect(parseTimestamp('11/01/2026 01:30:00 -08:00', 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-01T09:30:00Z'),
    );
    expect(parseTimestamp('11/01/2026 01:30:00 -07:00', 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-01T08:30:00Z'),
    );
    expect(parseTimestamp('11/1/2026 1:30 AM -08:00', 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-01T09:30:00Z'),
    );
    // Without the offset, the wall time is its first occurrence (README).
    expect(parseTimestamp('11/01/2026 01:30:00', 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-01T08:30:00Z'),
    );
    // The offset is read as written whatever the zone given, as in ISO 8601.
    expect(parseTimestamp('11/01/2026 01:30:00 -08:00')).toBe(Date.parse('2026-11-01T09:30:00Z'));
  });

  it.each([
    ['2024-08-01', '2024-08-01T00:00:00.000Z'],
    ['2024-08-01T07:30', '2024-08-01T07:30:00.000Z'],
    ['2024-08-01 07:30:15', '2024-08-01T07:30:15.000Z'],
    ['2024-08-01T07:30:15.250Z', '2024-08-01T07:30:15.250Z'],
    ['2024-08-01T07:30:15-07:00', '2024-08-01T14:30:15.000Z'],
    ['2024-08-01T07:30:15+0530', '2024-08-01T02:00:15.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    // The console's own form (MM/DD/YYYY HH:mm:ss) and what Excel in the United States saves
    ['08/01/2024 07:30:15', '2024-08-01T07:30:15.000Z'],
    ['08/01/2024', '2024-08-01T00:00:00.000Z'],
    ['8/1/2024 7:30', '2024-08-01T07:30:00.000Z'],
    ['12/31/2099 23:59', '2099-12-31T23:59:00.000Z'],
    ['8/1/2024 7:30 PM', '2024-08-01T19:30:00.000Z'],
    ['8/1/2024 12:05 AM', '2024-08-01T00:05:00.000Z'],
    ['8/1/2024 12:05 pm', '2024-08-01T12:05:00.000Z'],
    ['02/29/2024', '2024-02-29T00:00:00.000Z'],
  ])('reads %j as %s', (text, iso) => {
    expect(new Date(parseTimestamp(text) ?? Number.NaN).toISOString()).toBe(iso);
  });

  it.each([
    ['2023-02-29'],
    ['2024-13-01'],
    ['2024-04-31'],
    ['2024-08-01T24:00'],
    ['2024-08-01T07:60'],
    ['13/01/2024'],
    ['02/29/2023'],
    ['31/12/2099'],
    ['08/01/24'],
    ['8/1/2024 13:00 PM'],
    ['8/1/2024 0:30 AM'],
    ['8/1/2024 24:00'],
    ['8/1/2024Z'],
    ['8/1/2024 -07:00'],
    ['8/1/2024 7:30 -25:00'],
    ['yesterday'],
    ['2024-08-01T07:00+25:00'],
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});

describe('parseUpload reads plain lines fast and hands the rest of the file to the CSV parser', () => {
  const files = [
    FIXTURE,
    '415-555-0123\n415-555-0124\n"415-555-0125"\n415-555-0126\n"two\nlines",ACCOUNT\n415-555-0127',
    '415-555-0123\r\n415-555-0124\r\n"x@example.com"\r\n',
    '415-555-0123\n415-555-0124\r\n a@example.com \t\n\n,,\n b@example.com ,EMAIL , \n',
    'value,type\n4155550123,SMS\n4155550123,PHONE\nfoo@bar.com\nbücher@example.com\n415-555-0199',
    'a@example.com\n4155550123\r4155550124\r\nb@example.com\r"c\r\nd",ACCOUNT\r4155550125\r',
    'Phone\r4155550123\n4155550124,SMS\r\nx@example.com',
  ];

  it.each(files.map((file, index) => [index, file]))(
    'gives file %i the same answer whatever the chunks',
    async (_index, file) => {
      const whole = await parseText(file as string);
      const bytes = Buffer.from(file as string);
      for (const size of [1, 2, 5, 13]) {
        const chunks: Buffer[] = [];
        for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
        const chunked = await parseChunks(chunks);
        expect(chunked.records).toEqual(whole.records);
        expect(chunked.errors).toEqual(whole.errors);
        expect(chunked.totals).toEqual(whole.totals);
      }
    },
  );

  it('numbers the lines read by the CSV parser after plain ones', async () => {
    const { records, errors } = await parseText(
      '415-555-0123\n415-555-0124\n"a@example.com"\n"two\nlines",ACCOUNT\nb@example.com\n',
    );
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 6]);
    expect(errors.map((error) => error.line)).toEqual([4]);
  });

  it('ends a line at a lone CR too (old Mac tools), in a file whose other lines end with LF or CRLF', async () => {
    const { records, errors, totals } = await parseText(
      'a@example.com\n4155550123\r4155550124\r\nb@example.com\r4155550125',
    );
    expect(records.map((record) => [record.line, record.type, record.value])).toEqual([
      [1, 'EMAIL', 'a@example.com'],
      [2, 'PHONE', '+14155550123'],
      [3, 'PHONE', '+14155550124'],
      [4, 'EMAIL', 'b@example.com'],
      [5, 'PHONE', '+14155550125'],
    ]);
    expect(errors).toEqual([]);
    expect(totals).toEqual({ lines: 5, accepted: 5, duplicates: 0, rejected: 0 });
  });

  it('reads a lone CR after CRLF lines as a line end, and keeps the line breaks of quoted cells in their cell', async () => {
    const { records, errors } = await parseText(
      '4155550123\r\n"ACCT\r\n1",ACCOUNT\r4155550124\r"ACCT\r2",ACCOUNT\n4155550125\r\n',
    );
    expect(records.map((record) => [record.line, record.value])).toEqual([
      [1, '+14155550123'],
      [4, '+14155550124'],
      [7, '+14155550125'],
    ]);
    expect(errors).toEqual([
      { line: 2, reason: 'The value contains a line break, tab or other control character' },
      { line: 5, reason: 'The value contains a line break, tab or other control character' },
    ]);
  });

  it('names the line of a byte that is not UTF-8 in a file whose lines end with a lone CR', async () => {
    const bytes = Buffer.concat([Buffer.from('4155550123\r4155550124\r\n4155550125\r'), Buffer.from([0xff])]);
    // Split after the CR of the CRLF, so that its LF starts the next chunk.
    const cut = bytes.indexOf('\r\n') + 1;
    await expect(parseChunks([bytes.subarray(0, cut), bytes.subarray(cut)])).rejects.toThrow(
      'Line 4: The file is not UTF-8 text; save it as CSV UTF-8 and upload it again',
    );
  });

  it('trims spaces and tabs around cells of CRLF lines after plain ones', async () => {
    const { records } = await parseText('415-555-0123\n\t a@example.com \r\n');
    expect(records).toEqual([
      { line: 1, type: 'PHONE', value: '+14155550123' },
      { line: 2, type: 'EMAIL', value: 'a@example.com' },
    ]);
  });
});

describe('parseUpload with known values (a full upload against its group)', () => {
  it('tells each accepted value whether the group holds it, and counts a repeat once either way', async () => {
    const group = new GroupValues();
    group.addNumber('PHONE', 14155550123, false, 1);
    group.add('EMAIL', 'jane@example.com', true, 2);
    const { records, totals } = await parseText(
      [
        '4155550123', // held by the group (fast path)
        'Jane@Example.com', // held, with an end there
        '4155550124', // new
        '+1 415 555 0123', // the first again: a repeat
        'jane@example.com', // a repeat
        '4155550124', // a repeat of a new value
        '4155550123,SMS', // same number, another type: new
      ].join('\n'),
      { known: group },
    );
    // Line 1 is accepted, but makes no record: the group holds it as it is, so applying the file changes nothing.
    expect(records).toEqual([
      { line: 2, type: 'EMAIL', value: 'jane@example.com', known: 'ending' },
      { line: 3, type: 'PHONE', value: '+14155550124', number: 14155550124, known: 'new' },
      { line: 7, type: 'SMS', value: '+14155550123', known: 'new' },
    ]);
    expect(totals).toEqual({ lines: 7, accepted: 4, duplicates: 3, rejected: 0 });
    expect(group.matched).toBe(2);
  });
});

describe('parseUpload of bare North American numbers', () => {
  it('refuses one that is not valid with the reason normalizeValue gives, and reads a Canadian one', async () => {
    const { records, rejections, totals } = await parseText(
      '+12002000000\n3682472960\n12002000001\n4155550123\n',
    );
    expect(rejections).toEqual([
      { line: 1, reason: '"+12002000000" is not a valid phone number for its country or area code' },
      { line: 3, reason: '"12002000001" is not a valid phone number for its country or area code' },
    ]);
    expect(records).toEqual([
      { line: 2, type: 'PHONE', value: '+13682472960', number: 13682472960 },
      { line: 4, type: 'PHONE', value: '+14155550123', number: 14155550123 },
    ]);
    expect(totals).toEqual({ lines: 4, accepted: 2, duplicates: 0, rejected: 2 });
  });
});
