import {
  type AdhocCampaign,
  type AdhocLanguageName,
  AUTOSAVE_DELAY_MS,
  DEFAULT_ADHOC_LANGUAGE,
  type NotifyBy,
} from '@psps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePublicConfig } from '../../../lib/config.ts';
import { adhocKeys } from '../api/keys.ts';
import { saveTemplate, useDeleteLanguage, useTemplates } from '../api/templates.ts';
import { blankForm, draftKey, formFromRecord, type TemplateForm, toSave } from '../lib/template-form.ts';
import { useRegisterFlush } from './pending-saves.tsx';
import { readDraft, useAutosave } from './use-autosave.ts';

/**
 * The state of one channel tab: the current language (english first, and again after a delete), its form
 * loaded from the saved records or blank with sample data, restored from a local draft when one was left
 * unsaved, and autosaved after the channel's quiet period.
 */
export function useChannelEditor(campaign: AdhocCampaign, notifyBy: NotifyBy, locked: boolean) {
  const id = campaign.id_bint;
  const client = useQueryClient();
  const { emailFromAddress } = usePublicConfig();
  const records = useTemplates(id, notifyBy);
  const deleteLanguage = useDeleteLanguage(id, notifyBy);
  const [language, setLanguage] = useState<AdhocLanguageName>(DEFAULT_ADHOC_LANGUAGE);
  const [form, setForm] = useState<TemplateForm | null>(null);
  const [restoredDraft, setRestoredDraft] = useState(false);
  const loadedFor = useRef<string | null>(null);

  const autosave = useAutosave<TemplateForm>({
    value: form ?? blankForm(language, notifyBy, emailFromAddress),
    enabled: form !== null && !locked,
    delayMs: AUTOSAVE_DELAY_MS[notifyBy],
    keyOf: (value) => value.language,
    draftKey: (key) => draftKey(id, notifyBy, key),
    save: (value) => saveTemplate(toSave(value, id, notifyBy)),
    onSaved: (_value, saved) => {
      client.setQueryData(adhocKeys.templates(id, notifyBy), saved);
      client.invalidateQueries({ queryKey: adhocKeys.summary(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaigns() });
    },
  });
  const { reset } = autosave;
  useRegisterFlush(autosave.flush);

  const record = records.data?.find((row) => row.language_vch === language);

  // Load a language once per selection: a later refresh of the records must not overwrite typing.
  useEffect(() => {
    if (!records.data || loadedFor.current === language) return;
    loadedFor.current = language;
    const saved = records.data.find((row) => row.language_vch === language);
    const loaded = saved ? formFromRecord(saved) : blankForm(language, notifyBy, emailFromAddress);
    reset(loaded);
    const draft = locked ? undefined : readDraft<TemplateForm>(draftKey(id, notifyBy, language));
    const useDraft = draft !== undefined && draft.language === language;
    setRestoredDraft(useDraft && JSON.stringify(draft) !== JSON.stringify(loaded));
    setForm(useDraft ? { ...loaded, ...draft } : loaded);
  }, [records.data, language, notifyBy, id, locked, reset, emailFromAddress]);

  const selectLanguage = useCallback(
    (next: AdhocLanguageName) => {
      if (next === language) return;
      void autosave.flush();
      setForm(null);
      setRestoredDraft(false);
      setLanguage(next);
    },
    [autosave, language],
  );

  const update = useCallback((patch: Partial<TemplateForm>) => {
    setForm((current) => (current ? { ...current, ...patch } : current));
  }, []);

  /**
   * Takes a normalisation of the loaded form as saved (the rich-text editor rewrites loaded HTML), so the
   * first "change" after a language loads is not saved (doc 2 §4). Never used while edits are unsaved.
   */
  const rebase = useCallback(
    (patch: Partial<TemplateForm>) => {
      setForm((current) => {
        if (!current) return current;
        const next = { ...current, ...patch };
        reset(next);
        return next;
      });
    },
    [reset],
  );

  const removeLanguage = useCallback(
    async (name: AdhocLanguageName) => {
      await autosave.flush();
      try {
        await deleteLanguage.mutateAsync(name);
      } catch (error) {
        console.error('language delete failed', error);
        return;
      }
      localStorage.removeItem(draftKey(id, notifyBy, name));
      await records.refetch();
      loadedFor.current = null;
      setForm(null);
      setRestoredDraft(false);
      setLanguage(DEFAULT_ADHOC_LANGUAGE);
    },
    [autosave, deleteLanguage, records, id, notifyBy],
  );

  const savedLanguages = useMemo(
    () => new Set<string>(records.data?.map((row) => row.language_vch) ?? []),
    [records.data],
  );

  return {
    id,
    campaign,
    notifyBy,
    records,
    record,
    savedLanguages,
    language,
    selectLanguage,
    form,
    update,
    rebase,
    autosave,
    removeLanguage,
    restoredDraft,
    dismissRestored: () => setRestoredDraft(false),
    locked,
  };
}

export type ChannelEditorState = ReturnType<typeof useChannelEditor>;
