import { describe, expect, it } from 'vitest';
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
