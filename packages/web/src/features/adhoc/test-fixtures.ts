import type { AdhocCampaign } from '@psps/contracts';
import { blankForm, type TemplateForm } from './lib/template-form.ts';

/** A draft template as the list and the editor receive it (ADHOC-5 'Wind event', one language), with `changes`. */
export function draftTemplate(changes: Partial<AdhocCampaign> = {}): AdhocCampaign {
  return {
    id_bint: 5,
    name_vch: 'Wind event',
    languageCount_bint: 1,
    status_vch: 'DRAFT',
    itemUpdate_dt: '2026-11-21T12:00:00.000Z',
    testerPhon_vch: null,
    testerSms_vch: null,
    testerEmail_vch: null,
    publish_dt: null,
    unpublishedEdits_bint: 0,
    ...changes,
  };
}

/** A language's form as a channel editor holds it (English, empty but for `changes`, data '{}', no From). */
export function languageForm(changes: Partial<TemplateForm> = {}): TemplateForm {
  return { ...blankForm('english', 'PHON'), data: '{}', ...changes };
}
