import {
  ADHOC_CALLS,
  type AdhocLanguageName,
  type AdhocLanguageRecord,
  encodeBase64Fields,
  type NotifyBy,
  type TemplateInsertUpdateBody,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { adhocKeys } from './keys.ts';

const { templateSelect, templateInsertUpdate, languageDelete } = ADHOC_CALLS;

export async function getTemplates(id: number, notifyBy: NotifyBy): Promise<AdhocLanguageRecord[]> {
  const answer = await apiCall(templateSelect.answer, templateSelect.path, {
    method: 'POST',
    body: { id_bint_adhoc_campaign: id, notifyBy_vch: notifyBy },
  });
  return answer.response;
}

/** The saved language records of one channel of a template. */
export function useTemplates(id: number, notifyBy: NotifyBy) {
  return useQuery({ queryKey: adhocKeys.templates(id, notifyBy), queryFn: () => getTemplates(id, notifyBy) });
}

/** A language record as the editor saves it: long texts in plain text (encoded on the way out). */
export type TemplateSave = Omit<
  TemplateInsertUpdateBody,
  `_base64_${string}` | 'templatePGE_txt' | 'templateMB_txt' | 'dataMB_txt' | 'renderMB_txt' | 'preview_txt'
> & {
  id_bint_adhoc_campaign: number;
  notifyBy_vch: NotifyBy;
  language_vch: AdhocLanguageName;
  templatePGE_txt?: string | null;
  templateMB_txt?: string | null;
  dataMB_txt?: string | null;
  renderMB_txt?: string | null;
  preview_txt?: string | null;
};

/** Saves one language record; the long texts travel base64-encoded under '_base64_' names (doc 2 §7). */
export async function saveTemplate(record: TemplateSave): Promise<AdhocLanguageRecord[]> {
  const answer = await apiCall(templateInsertUpdate.answer, templateInsertUpdate.path, {
    method: 'POST',
    body: encodeBase64Fields(record),
  });
  return answer.response;
}

export function useDeleteLanguage(id: number, notifyBy: NotifyBy) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: AdhocLanguageName) =>
      apiCall(languageDelete.answer, languageDelete.path, {
        method: 'POST',
        body: { id_bint_adhoc_campaign: id, language_vch: language, notifyBy_vch: notifyBy },
      }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: adhocKeys.templates(id, notifyBy) });
      client.invalidateQueries({ queryKey: adhocKeys.summary(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaigns() });
    },
  });
}
