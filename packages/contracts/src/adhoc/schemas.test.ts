import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeBase64Fields } from './base64.ts';
import {
  ADHOC_CALLS,
  adhocCampaignSchema,
  adhocId,
  adhocLanguageRecordSchema,
  audioUploadParams,
  audioUploadPath,
  campaignInsertBody,
  campaignUpdateTesterBody,
  campaignUpdateTitleBody,
  sendTestAnswer,
  sendTestBody,
  summarySelectAnswer,
  templateInsertUpdateBody,
  templateSelectBody,
} from './schemas.ts';

const campaign = {
  id_bint: 42,
  name_vch: 'Sonoma wind event',
  languageCount_bint: 3,
  status_vch: 'DRAFT',
  itemUpdate_dt: '2026-11-21T12:30:00.000Z',
  testerPhon_vch: '+14155550123',
  testerSms_vch: null,
  testerEmail_vch: 'tester@example.com',
  publish_dt: null,
  unpublishedEdits_bint: 0,
};

const languageRecord = {
  id_bint: 7,
  id_bint_adhoc_campaign: 42,
  notifyBy_vch: 'SMS',
  language_vch: 'spanish',
  templatePGE_txt: 'Hola ^customerName^',
  templateMB_txt: 'Hola ^customerName^',
  dataMB_txt: '{"customerName":"Jane Doe"}',
  renderMB_txt: 'Hola Jane Doe',
  subject_vch: null,
  preview_txt: null,
  from_vch: '97633',
  fromDisplayName_vch: null,
  uploadLive_dt: null,
  uploadMachine_dt: null,
  retries_bint: null,
  replayDigit_chr: null,
  dialerAddress: null,
  version_bint: 2,
  updated_dt: '2026-10-21T17:05:00.000Z',
  updatedBy_vch: 'olivia@utility.test',
};

describe('ad hoc ids', () => {
  it('accepts positive integers, also written as strings of digits', () => {
    expect(adhocId.parse(42)).toBe(42);
    expect(adhocId.parse('42')).toBe(42);
  });

  it('refuses zero, negatives, fractions, empty and non-numeric strings', () => {
    for (const value of [0, -1, 1.5, '', '4a', '-3', '1e3', true, null]) {
      expect(adhocId.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('ad hoc entities (doc 2 §3)', () => {
  it('reads a campaign with the fields of the specification', () => {
    expect(adhocCampaignSchema.parse({ ...campaign, id_bint: '42' })).toEqual(campaign);
  });

  it('refuses an unknown status and a timestamp that is not ISO 8601', () => {
    expect(adhocCampaignSchema.safeParse({ ...campaign, status_vch: 'SENT' }).success).toBe(false);
    expect(adhocCampaignSchema.safeParse({ ...campaign, itemUpdate_dt: '11/21/2026' }).success).toBe(false);
  });

  it('reads a language record, voice fields included', () => {
    expect(adhocLanguageRecordSchema.parse(languageRecord)).toEqual(languageRecord);
    const voice = { ...languageRecord, notifyBy_vch: 'PHON', retries_bint: 3, replayDigit_chr: '9' };
    expect(adhocLanguageRecordSchema.parse(voice)).toEqual(voice);
    expect(adhocLanguageRecordSchema.safeParse({ ...voice, retries_bint: 4 }).success).toBe(false);
    expect(adhocLanguageRecordSchema.safeParse({ ...voice, replayDigit_chr: '#' }).success).toBe(false);
  });
});

describe('ad hoc call bodies and answers (doc 2 §7)', () => {
  it('creates a template by name', () => {
    expect(campaignInsertBody.parse({ name_vch: 'New Template' })).toEqual({ name_vch: 'New Template' });
    expect(campaignInsertBody.safeParse({ name_vch: '   ' }).success).toBe(false);
  });

  it('renames a template', () => {
    expect(campaignUpdateTitleBody.parse({ id_bint_adhoc_campaign: '42', title_vch: 'Wind event ' })).toEqual(
      {
        id_bint_adhoc_campaign: 42,
        title_vch: 'Wind event',
      },
    );
  });

  it('saves exactly one tester contact per call, accepting a half-typed value', () => {
    expect(campaignUpdateTesterBody.parse({ id_bint_adhoc_campaign: 42, testerEmail_vch: 'tes' })).toEqual({
      id_bint_adhoc_campaign: 42,
      testerEmail_vch: 'tes',
    });
    expect(campaignUpdateTesterBody.safeParse({ id_bint_adhoc_campaign: 42 }).success).toBe(false);
    expect(
      campaignUpdateTesterBody.safeParse({
        id_bint_adhoc_campaign: 42,
        testerSms_vch: '1',
        testerPhon_vch: '2',
      }).success,
    ).toBe(false);
  });

  it('selects the language records of one channel', () => {
    expect(templateSelectBody.safeParse({ id_bint_adhoc_campaign: 42, notifyBy_vch: 'EMAIL' }).success).toBe(
      false,
    );
    expect(templateSelectBody.parse({ id_bint_adhoc_campaign: 42, notifyBy_vch: 'EML' })).toEqual({
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'EML',
    });
  });

  it('decodes the _base64_ long texts of insertUpdate into their plain names', () => {
    const body = {
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'EML',
      language_vch: 'chinese-mandarin',
      _base64_templatePGE_txt: 'PHA+e3t7Y3VzdG9tZXJOYW1lfX19PC9wPg==',
      _base64_dataMB_txt: 'e30=',
      _base64_preview_txt: '5YGc55S1',
      subject_vch: 'Power shutoff',
      from_vch: 'psps-notifications@example.com',
    };
    expect(templateInsertUpdateBody.parse(body)).toEqual({
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'EML',
      language_vch: 'chinese-mandarin',
      templatePGE_txt: '<p>{{{customerName}}}</p>',
      dataMB_txt: '{}',
      preview_txt: '停电',
      subject_vch: 'Power shutoff',
      from_vch: 'psps-notifications@example.com',
    });
  });

  it('round-trips what the console encodes with encodeBase64Fields', () => {
    const record = {
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'SMS' as const,
      language_vch: 'thai' as const,
    };
    const texts = { templatePGE_txt: 'สวัสดี ^customerName^', renderMB_txt: 'สวัสดี Jane Doe' };
    expect(templateInsertUpdateBody.parse(encodeBase64Fields({ ...record, ...texts }))).toEqual({
      ...record,
      ...texts,
    });
  });

  it('refuses a long text sent under its plain name', () => {
    const result = templateInsertUpdateBody.safeParse({
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      templatePGE_txt: 'Hello',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['templatePGE_txt']);
  });

  it('refuses invalid base64 and invalid UTF-8 on the field that carries it', () => {
    const result = templateInsertUpdateBody.safeParse({
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'SMS',
      language_vch: 'english',
      _base64_templatePGE_txt: 'not base64!',
      _base64_dataMB_txt: '/w==',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      '_base64_templatePGE_txt',
      '_base64_dataMB_txt',
    ]);
  });

  it('refuses an SMS body over 1000 characters', () => {
    const sms = {
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'SMS' as const,
      language_vch: 'english' as const,
    };
    expect(
      templateInsertUpdateBody.safeParse(encodeBase64Fields({ ...sms, templatePGE_txt: 'a'.repeat(1000) }))
        .success,
    ).toBe(true);
    expect(
      templateInsertUpdateBody.safeParse(encodeBase64Fields({ ...sms, templatePGE_txt: 'a'.repeat(1001) }))
        .success,
    ).toBe(false);
  });

  it('refuses an SMS launch text (templateMB_txt) over 1000 characters too: it is what customers receive', () => {
    const sms = {
      id_bint_adhoc_campaign: 42,
      notifyBy_vch: 'SMS' as const,
      language_vch: 'english' as const,
      templatePGE_txt: 'Short body',
    };
    expect(
      templateInsertUpdateBody.safeParse(encodeBase64Fields({ ...sms, templateMB_txt: 'a'.repeat(1000) }))
        .success,
    ).toBe(true);
    const result = templateInsertUpdateBody.safeParse(
      encodeBase64Fields({ ...sms, templateMB_txt: 'a'.repeat(1001) }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['_base64_templateMB_txt', 'an SMS body has at most 1000 characters'],
    ]);
  });

  it("sends a test of one language or 'all', and answers status and ERRORMESSAGE", () => {
    expect(
      sendTestBody.parse({ id_bint_adhoc_campaign: 42, language_vch: 'all', notifyBy_vch: 'SMS' }),
    ).toEqual({
      id_bint_adhoc_campaign: 42,
      language_vch: 'all',
      notifyBy_vch: 'SMS',
    });
    const voice = {
      id_bint_adhoc_campaign: 42,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
      lib: '20190042',
      live: 'DSSD_01_20190042_02.wav',
      machine: null,
      dialerAddress: 'dialer-1',
    };
    expect(sendTestBody.parse(voice)).toEqual(voice);
    expect(sendTestAnswer.parse({ status: 500, message: { ERRORMESSAGE: 'No tester number' } })).toEqual({
      status: 500,
      message: { ERRORMESSAGE: 'No tester number' },
    });
  });

  it('answers the summary as voice, SMS and e-mail language sets plus a set whose first item has publish_dt and the languages edited since, then what publishing would refuse', () => {
    const answer = {
      response: [
        [{ language_vch: 'english' }],
        [{ language_vch: 'english' }, { language_vch: 'spanish' }],
        [],
        [
          {
            publish_dt: '2026-11-21T12:30:00.000Z',
            editedSincePublish: [{ notifyBy_vch: 'SMS', language_vch: 'spanish' }],
          },
        ],
        [{ notifyBy_vch: 'PHON', language_vch: 'spanish', reason: 'missing' }],
      ],
    };
    expect(summarySelectAnswer.parse(answer)).toEqual(answer);
    expect(summarySelectAnswer.safeParse({ response: [[], [], []] }).success).toBe(false);
  });

  it('uploads audio under one path segment of dialer address', () => {
    expect(audioUploadPath('live', 'dialer-1')).toBe('/api/v1/adhoc/upload/live/dialer-1');
    expect(audioUploadParams.safeParse({ dialerAddress: 'dialer-1' }).success).toBe(true);
    expect(audioUploadParams.safeParse({ dialerAddress: '..' }).success).toBe(false);
    expect(audioUploadParams.safeParse({ dialerAddress: 'a/b' }).success).toBe(false);
  });

  it('puts every call under /api/v1/adhoc/ and can describe each in JSON Schema for the OpenAPI document', () => {
    expect(Object.values(ADHOC_CALLS).map((call) => call.path)).toEqual([
      '/api/v1/adhoc/campaign/select',
      '/api/v1/adhoc/campaign/insert',
      '/api/v1/adhoc/template/delete',
      '/api/v1/adhoc/campaign/select-single',
      '/api/v1/adhoc/campaign/update-title',
      '/api/v1/adhoc/campaign/update-tester-email',
      '/api/v1/adhoc/campaign/template/select',
      '/api/v1/adhoc/campaign/template/insertUpdate',
      '/api/v1/adhoc/template/language/delete',
      '/api/v1/adhoc/send-email-test',
      '/api/v1/adhoc/publish',
      '/api/v1/adhoc/campaign/summary/select',
    ]);
    for (const call of Object.values(ADHOC_CALLS)) {
      expect(() => z.toJSONSchema(call.body, { io: 'input' })).not.toThrow();
      expect(() => z.toJSONSchema(call.answer, { io: 'output' })).not.toThrow();
    }
  });
});
