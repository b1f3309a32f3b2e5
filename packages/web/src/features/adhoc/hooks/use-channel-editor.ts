import {
  type AdhocCampaign,
  type AdhocLanguageName,
  type AdhocLanguageRecord,
  AUTOSAVE_DELAY_MS,
  DEFAULT_ADHOC_LANGUAGE,
  type NotifyBy,
  staleSaveDetails,
} from '@psps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api.ts';
import { usePublicConfig } from '@/lib/config.ts';
import { session } from '@/lib/storage.ts';
import { adhocKeys } from '../api/keys.ts';
import { saveTemplate, useDeleteLanguage, useTemplates } from '../api/templates.ts';
import {
  adhocScope,
  blankForm,
  channelDrafts,
  draftKey,
  formFromRecord,
  formOfDraft,
  type TemplateDraft,
  type TemplateForm,
  toSave,
  unsavedReason,
} from '../lib/template-form.ts';
import { useRegisterFlush } from './pending-saves.tsx';
import { useAutosave } from './use-autosave.ts';

/** A save refused because a colleague saved the language first: their record as saved now (null: deleted). */
export interface SaveConflict {
  current: AdhocLanguageRecord | null;
  message: string;
}

const restoredConflictMessage =
  'Unsaved edits from this browser were restored, but the saved template changed after they were started from it. Compare the two and choose which to keep.';

const sameForm = (a: TemplateForm, b: TemplateForm) => JSON.stringify(a) === JSON.stringify(b);

function conflictOf(error: unknown): SaveConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'conflict') return undefined;
  const details = staleSaveDetails.safeParse(error.details);
  return details.success ? { current: details.data.current, message: error.message } : undefined;
}

/**
 * The state of one channel tab: the current language (english first, and again after a delete), its form
 * loaded from the saved records or blank with sample data, restored from a local draft when one was left
 * unsaved, and autosaved after the channel's quiet period.
 *
 * Every save names the version of the saved record its text was based on, so a colleague's newer text is never
 * overwritten unseen: the server refuses it (409), and the language waits for the operator's choice (keep mine
 * or take theirs). Drafts left in this browser by this user are saved at once when their base is still the saved
 * version, and otherwise go through the same choice.
 */
export function useChannelEditor(campaign: AdhocCampaign, notifyBy: NotifyBy, locked: boolean) {
  const id = campaign.id_bint;
  const client = useQueryClient();
  const { emailFromAddress } = usePublicConfig();
  // Whose edits these are: fixed when the editor opens, so a later sign-in by someone else neither takes over
  // these edits' drafts nor sends them under the new session.
  const [owner] = useState(() => session.draftOwner());
  const records = useTemplates(id, notifyBy);
  const deleteLanguage = useDeleteLanguage(id, notifyBy);
  const [language, setLanguage] = useState<AdhocLanguageName>(DEFAULT_ADHOC_LANGUAGE);
  const [form, setForm] = useState<TemplateForm | null>(null);
  const [restoredDraft, setRestoredDraft] = useState(false);
  /** Counts replacements of the form from outside the editors (Take theirs): each one is a fresh load. */
  const [revision, setRevision] = useState(0);
  const loadedFor = useRef<string | null>(null);
  /**
   * Choosing a language loads the saved templates of the campaign (doc 2 §4): the language waits for that answer, so
   * a colleague's text saved since the list was last fetched is what it shows (not a blank that then conflicts).
   */
  const [fetchingFresh, setFetchingFresh] = useState(0);
  /** Per language: the version of the saved record the text on screen (or pending) was based on. */
  const bases = useRef(new Map<string, number>());
  const draftsScanned = useRef(false);

  const autosave = useAutosave<TemplateForm>({
    value: form ?? blankForm(language, notifyBy, emailFromAddress),
    enabled: form !== null && !locked,
    delayMs: AUTOSAVE_DELAY_MS[notifyBy],
    keyOf: (value) => value.language,
    draftKey: (key) => draftKey(owner, id, notifyBy, key),
    draftOf: (value): TemplateDraft => ({ ...value, base: bases.current.get(value.language) ?? 0 }),
    conflictOf,
    unsavedReason,
    owner,
    scope: adhocScope(id),
    save: async (value) => {
      const base = bases.current.get(value.language);
      const saved = await saveTemplate({
        ...toSave(value, id, notifyBy),
        ...(base === undefined ? {} : { baseVersion_bint: base }),
      }).catch((error: unknown) => {
        // A colleague saved or deleted a language meanwhile: the language list (trash icons, badges) and the
        // summary must show what is stored now, not what was stored when they were loaded.
        if (conflictOf(error)) {
          void client.invalidateQueries({ queryKey: adhocKeys.templates(id, notifyBy) });
          void client.invalidateQueries({ queryKey: adhocKeys.summary(id) });
        }
        throw error;
      });
      const record = saved.find((row) => row.language_vch === value.language);
      if (record) bases.current.set(value.language, record.version_bint);
      return saved;
    },
    onSaved: (_value, saved) => {
      client.setQueryData(adhocKeys.templates(id, notifyBy), saved);
      client.invalidateQueries({ queryKey: adhocKeys.summary(id) });
      client.invalidateQueries({ queryKey: adhocKeys.campaigns() });
    },
  });
  const { reset, setBaseline, pendingValue, adopt, markConflict } = autosave;
  useRegisterFlush(autosave.flush);

  const record = records.data?.find((row) => row.language_vch === language);
  const serverForm = useCallback(
    (name: AdhocLanguageName, saved: AdhocLanguageRecord | undefined) =>
      saved ? formFromRecord(saved) : blankForm(name, notifyBy, emailFromAddress),
    [notifyBy, emailFromAddress],
  );

  // Once the records are known: this user's drafts of the other languages of this channel (left by a reload or
  // a lost session) are saved at once when still based on the saved version, else wait for the operator's choice.
  useEffect(() => {
    if (!records.data || locked || draftsScanned.current) return;
    draftsScanned.current = true;
    for (const [name, draft] of channelDrafts(owner, id, notifyBy)) {
      if (name === language) continue;
      const saved = records.data.find((row) => row.language_vch === name);
      const loaded = serverForm(draft.language, saved);
      const mine = { ...loaded, ...formOfDraft(draft) };
      setBaseline(loaded);
      if (sameForm(mine, loaded)) continue;
      bases.current.set(name, draft.base);
      if (draft.base === (saved?.version_bint ?? 0)) adopt(mine);
      else
        markConflict(mine, {
          current: saved ?? null,
          message: restoredConflictMessage,
        } satisfies SaveConflict);
    }
  }, [records.data, locked, owner, id, notifyBy, language, serverForm, setBaseline, adopt, markConflict]);

  // Load a language once per selection: a later refresh of the records must not overwrite typing.
  useEffect(() => {
    if (!records.data || fetchingFresh > 0 || loadedFor.current === language) return;
    loadedFor.current = language;
    const saved = records.data.find((row) => row.language_vch === language);
    const loaded = serverForm(language, saved);
    const pending = pendingValue(language);
    if (pending) {
      // Edits of this language not saved yet (failed, in conflict, or a restored draft on its way).
      setBaseline(loaded);
      setForm(pending);
      return;
    }
    bases.current.set(language, saved?.version_bint ?? 0);
    reset(loaded);
    const storageKey = draftKey(owner, id, notifyBy, language);
    const draft = locked || !storageKey ? undefined : channelDrafts(owner, id, notifyBy).get(language);
    if (!draft || !storageKey) {
      setForm(loaded);
      return;
    }
    const mine = { ...loaded, ...formOfDraft(draft) };
    if (sameForm(mine, loaded)) {
      localStorage.removeItem(storageKey);
      setForm(loaded);
      return;
    }
    bases.current.set(language, draft.base);
    if (draft.base === (saved?.version_bint ?? 0)) {
      setRestoredDraft(true);
    } else {
      markConflict(mine, { current: saved ?? null, message: restoredConflictMessage } satisfies SaveConflict);
    }
    setForm(mine);
  }, [
    records.data,
    fetchingFresh,
    language,
    notifyBy,
    id,
    locked,
    owner,
    reset,
    setBaseline,
    pendingValue,
    markConflict,
    serverForm,
  ]);

  const selectLanguage = useCallback(
    (next: AdhocLanguageName) => {
      if (next === language) return;
      setForm(null);
      setRestoredDraft(false);
      setLanguage(next);
      // The language left is saved first, so the answer holds that save too (an older answer arriving after it
      // would make its next save look based on a stale version). Unanswered (offline), the language loads from the
      // records held here.
      setFetchingFresh((n) => n + 1);
      void autosave
        .flush()
        .then(() => records.refetch())
        .finally(() => setFetchingFresh((n) => n - 1));
    },
    [autosave, language, records],
  );

  const update = useCallback((patch: Partial<TemplateForm>) => {
    setForm((current) => (current ? { ...current, ...patch } : current));
  }, []);

  /**
   * An audio upload of `name` has finished: its time shows on that language's form if it is still the one on screen,
   * never on a language chosen while the file was on its way; the language list learns of the record either way.
   */
  const applyUpload = useCallback(
    (name: AdhocLanguageName, patch: Pick<Partial<TemplateForm>, 'uploadLive' | 'uploadMachine'>) => {
      setForm((current) => (current?.language === name ? { ...current, ...patch } : current));
      void client.invalidateQueries({ queryKey: adhocKeys.templates(id, notifyBy) });
    },
    [client, id, notifyBy],
  );

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

  const conflict = autosave.conflicts.get(language) as { mine: TemplateForm; info: SaveConflict } | undefined;

  /** Keep mine: save the text typed here over the colleague's, deliberately. */
  const keepMine = useCallback(() => {
    const entry = autosave.conflicts.get(language);
    if (!entry) return;
    const info = entry.info as SaveConflict;
    bases.current.set(language, info.current?.version_bint ?? 0);
    setRestoredDraft(false);
    autosave.keepMine(entry.mine);
  }, [autosave, language]);

  /**
   * Take theirs: discard the text typed here and show what the server has now (fetched when pressed: the
   * colleague may have saved again while the choice waited). Nothing is saved; `revision` tells the editors that
   * hold their own copy of the text (the rich-text body) to load it again.
   */
  const takeTheirs = useCallback(async (): Promise<boolean> => {
    if (!autosave.conflicts.has(language)) return false;
    const fresh = await records.refetch();
    // Not reachable: the choice waits (an older copy is never taken).
    if (fresh.isError || !fresh.data) return false;
    const current = fresh.data.find((row) => row.language_vch === language);
    const loaded = serverForm(language, current);
    bases.current.set(language, current?.version_bint ?? 0);
    reset(loaded);
    setRestoredDraft(false);
    setForm(loaded);
    setRevision((n) => n + 1);
    return true;
  }, [autosave, language, serverForm, reset, records]);

  const removeLanguage = useCallback(
    async (name: AdhocLanguageName): Promise<boolean> => {
      await autosave.flush();
      try {
        await deleteLanguage.mutateAsync(name);
      } catch (error) {
        console.error('language delete failed', error);
        return false;
      }
      const storageKey = draftKey(owner, id, notifyBy, name);
      if (storageKey) localStorage.removeItem(storageKey);
      // Its edits held back (preview data not valid JSON, a conflict) went with it: not 'NOT SAVED', not asked
      // about when leaving the page or logging out.
      reset(blankForm(name, notifyBy, emailFromAddress));
      bases.current.delete(name);
      await records.refetch();
      loadedFor.current = null;
      setForm(null);
      setRestoredDraft(false);
      setLanguage(DEFAULT_ADHOC_LANGUAGE);
      return true;
    },
    [autosave, deleteLanguage, records, id, notifyBy, owner, reset, emailFromAddress],
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
    /** Languages with edits the server does not have yet (marked in the language list). */
    unsavedLanguages: autosave.unsavedKeys,
    conflictLanguages: new Set(autosave.conflicts.keys()),
    language,
    selectLanguage,
    form,
    revision,
    update,
    applyUpload,
    rebase,
    autosave,
    conflict: conflict ? { mine: conflict.mine, ...conflict.info } : undefined,
    keepMine,
    takeTheirs,
    removeLanguage,
    restoredDraft,
    dismissRestored: () => setRestoredDraft(false),
    locked,
  };
}

export type ChannelEditorState = ReturnType<typeof useChannelEditor>;
