import { formatTemplateData, sampleData } from '@psps/contracts';
import { describe, expect, it } from 'vitest';
import { conflictFields } from './conflict-fields.ts';
import { blankForm } from './template-form.ts';

const at = (iso: string) => formatTemplateData(sampleData('english', 'PHON', new Date(iso)));

describe('conflictFields', () => {
  it("shows a colleague's voice settings that differ, and not the text that does not", () => {
    const mine = { ...blankForm('english', 'PHON'), body: 'Power may be shut off.', retries: 1 };
    const theirs = { ...mine, retries: 3, replayDigit: '9' };
    expect(conflictFields('PHON', mine, theirs)).toEqual([
      { key: 'retries', label: 'Retries', kind: 'setting', mine: '1', theirs: '3' },
      { key: 'replayDigit', label: 'Replay digit', kind: 'setting', mine: 'none', theirs: '9' },
    ]);
  });

  it('shows every e-mail field that differs: From, display name, subject and body', () => {
    const theirs = {
      ...blankForm('spanish', 'EML', 'psps@utility.test'),
      fromDisplayName: 'PG&E',
      subject: 'Aviso',
      body: '<p>Hola</p>',
    };
    const mine = {
      ...theirs,
      from: null,
      fromDisplayName: 'PGE',
      subject: 'Aviso PSPS',
      body: '<p>Hola!</p>',
    };
    expect(conflictFields('EML', mine, theirs).map((field) => [field.label, field.kind])).toEqual([
      ['From', 'setting'],
      ['From Display Name', 'text'],
      ['Subject', 'text'],
      ['Body', 'html'],
    ]);
  });

  it("leaves out preview data that differs only in its generated 'now'", () => {
    const mine = { ...blankForm('english', 'PHON'), data: at('2026-11-21T08:00:00Z') };
    const theirs = { ...mine, data: at('2026-11-21T09:30:00Z') };
    expect(conflictFields('PHON', mine, theirs)).toEqual([]);
  });

  it('shows only the preview data keys that differ', () => {
    const theirs = { ...blankForm('english', 'SMS'), data: at('2026-11-21T08:00:00Z') };
    const mine = {
      ...theirs,
      data: formatTemplateData({ ...JSON.parse(at('2026-11-21T09:00:00Z')), customerName: 'Ana' }),
    };
    expect(conflictFields('SMS', mine, theirs)).toEqual([
      {
        key: 'data',
        label: 'Preview data',
        kind: 'setting',
        mine: 'customerName: "Ana"',
        theirs: 'customerName: "Jane Doe"',
      },
    ]);
  });
});
