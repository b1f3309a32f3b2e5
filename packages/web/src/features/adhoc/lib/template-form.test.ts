import { inTimeZone } from '@psps/contracts/testing';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { blankForm, toSave } from './template-form.ts';

describe('toSave: the record an autosave sends', () => {
  it('sends the data with the rest when it is valid template data', () => {
    const form = {
      ...blankForm('english', 'SMS'),
      body: 'Hello ^customerName^',
      data: '{"customerName":"Jane"}',
    };
    const record = toSave(form, 7, 'SMS');
    expect(record).toMatchObject({
      id_bint_adhoc_campaign: 7,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'Hello ^customerName^',
      dataMB_txt: '{"customerName":"Jane"}',
      renderMB_txt: 'Hello Jane',
    });
  });

  it('leaves out data that is not valid, so that the body and the other fields are still saved', () => {
    for (const data of ['{ "customerName": ', '[1, 2]', '']) {
      const form = { ...blankForm('spanish', 'SMS'), body: 'Hola ^customerName^', data };
      const record = toSave(form, 7, 'SMS');
      expect(record.templatePGE_txt).toBe('Hola ^customerName^');
      expect(record).not.toHaveProperty('dataMB_txt');
      expect(record.renderMB_txt).toBeNull();
    }
  });
});

describe('blankForm: a language without a saved template', () => {
  it("fills the sample data's 'now' on the operator's clocks, not UTC's", () => {
    inTimeZone('America/Los_Angeles');
    vi.useFakeTimers({ now: new Date('2026-11-22T01:30:00Z'), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const data = JSON.parse(blankForm('english', 'SMS').data);
    // 01:30 UTC on 22 November is 17:30 on 21 November in California.
    expect(data.now_date).toBe('11/21/2026');
    expect(data.now_dateTime).toBe('11/21/2026 5:30 PM');
  });
});
