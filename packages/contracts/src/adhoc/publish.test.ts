import { describe, expect, it } from 'vitest';
import type { AdhocLanguageName } from './languages.ts';
import { publishGaps } from './publish.ts';

const record = (notifyBy_vch: 'PHON' | 'SMS' | 'EML', language_vch: AdhocLanguageName, extra = {}) => ({
  notifyBy_vch,
  language_vch,
  templatePGE_txt: 'text',
  subject_vch: notifyBy_vch === 'EML' ? 'Subject' : null,
  from_vch: notifyBy_vch === 'EML' ? 'psps@utility.test' : null,
  uploadLive_dt: null,
  ...extra,
});

describe('publish rule: each language configured for each channel the template uses', () => {
  it('is ready when every channel in use has the same languages', () => {
    expect(
      publishGaps([
        record('SMS', 'english'),
        record('SMS', 'spanish'),
        record('PHON', 'spanish'),
        record('PHON', 'english'),
      ]),
    ).toEqual([]);
  });

  it('does not require a channel that has no language at all', () => {
    expect(publishGaps([record('EML', 'english')])).toEqual([]);
  });

  it('names each channel and language that is missing, in tab then language order', () => {
    expect(publishGaps([record('EML', 'korean'), record('SMS', 'english'), record('PHON', 'thai')])).toEqual([
      { notifyBy_vch: 'PHON', language_vch: 'english', reason: 'missing' },
      { notifyBy_vch: 'PHON', language_vch: 'korean', reason: 'missing' },
      { notifyBy_vch: 'SMS', language_vch: 'korean', reason: 'missing' },
      { notifyBy_vch: 'SMS', language_vch: 'thai', reason: 'missing' },
      { notifyBy_vch: 'EML', language_vch: 'english', reason: 'missing' },
      { notifyBy_vch: 'EML', language_vch: 'thai', reason: 'missing' },
    ]);
  });

  it('accepts a voice language with a live recording instead of a text', () => {
    expect(
      publishGaps([
        record('PHON', 'english', { templatePGE_txt: '', uploadLive_dt: '2026-10-20T08:00:00.000Z' }),
      ]),
    ).toEqual([]);
    expect(publishGaps([record('PHON', 'english', { templatePGE_txt: '  ' })])).toEqual([
      { notifyBy_vch: 'PHON', language_vch: 'english', reason: 'voice' },
    ]);
  });

  it('counts an e-mail body without text or image as missing (what an emptied editor writes)', () => {
    expect(
      publishGaps([
        record('EML', 'english', { templatePGE_txt: '<p></p>' }),
        record('EML', 'spanish', { templatePGE_txt: '<p> &nbsp;</p><p><br></p>' }),
        record('EML', 'thai', { templatePGE_txt: '<p><img src="https://utility.test/logo.png"></p>' }),
        record('EML', 'korean', { templatePGE_txt: '<p>Hello</p>' }),
      ]),
    ).toEqual([
      { notifyBy_vch: 'EML', language_vch: 'english', reason: 'body' },
      { notifyBy_vch: 'EML', language_vch: 'spanish', reason: 'body' },
    ]);
  });

  it('requires an e-mail subject and From address', () => {
    expect(
      publishGaps([
        record('EML', 'english', { from_vch: '' }),
        record('EML', 'spanish', { subject_vch: null }),
      ]),
    ).toEqual([
      { notifyBy_vch: 'EML', language_vch: 'english', reason: 'from' },
      { notifyBy_vch: 'EML', language_vch: 'spanish', reason: 'subject' },
    ]);
  });

  it('covers Cantonese in e-mail with chinese-mandarin, and a Mandarin e-mail with either Chinese elsewhere', () => {
    expect(publishGaps([record('SMS', 'chinese-cantonese'), record('EML', 'chinese-mandarin')])).toEqual([]);
    expect(publishGaps([record('SMS', 'chinese-cantonese'), record('EML', 'english')])).toEqual([
      { notifyBy_vch: 'SMS', language_vch: 'english', reason: 'missing' },
      { notifyBy_vch: 'EML', language_vch: 'chinese-mandarin', reason: 'missing' },
    ]);
  });
});
