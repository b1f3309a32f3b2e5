import { isTemplateDataError, type NotifyBy, parseTemplateData } from '@psps/contracts';
import type { TemplateForm } from './template-form.ts';

/** One field of a language that differs between the text typed here and the server's, as the conflict panel shows it. */
export interface ConflictField {
  key: keyof TemplateForm;
  label: string;
  mine: string;
  theirs: string;
  /** html: an e-mail body (shown rendered); text: typed in the language (shown in its direction); setting: neither. */
  kind: 'html' | 'text' | 'setting';
}

type FieldDef = Pick<ConflictField, 'key' | 'label' | 'kind'>;

/**
 * What a save of each channel writes (as on its tab), in screen order. The upload times and the dialer address
 * are not here: the server owns them and a save never changes them.
 */
const FIELDS: Readonly<Record<NotifyBy, readonly FieldDef[]>> = {
  PHON: [
    { key: 'from', label: 'Caller ID', kind: 'setting' },
    { key: 'retries', label: 'Retries', kind: 'setting' },
    { key: 'replayDigit', label: 'Replay digit', kind: 'setting' },
    { key: 'body', label: 'Voice text', kind: 'text' },
    { key: 'data', label: 'Preview data', kind: 'setting' },
  ],
  SMS: [
    { key: 'from', label: 'Short code', kind: 'setting' },
    { key: 'body', label: 'Body', kind: 'text' },
    { key: 'data', label: 'Preview data', kind: 'setting' },
  ],
  EML: [
    { key: 'from', label: 'From', kind: 'setting' },
    { key: 'fromDisplayName', label: 'From Display Name', kind: 'text' },
    { key: 'subject', label: 'Subject', kind: 'text' },
    { key: 'preview', label: 'Preview', kind: 'text' },
    { key: 'body', label: 'Body', kind: 'html' },
    { key: 'data', label: 'Preview data', kind: 'setting' },
  ],
};

/**
 * The label of a field on its channel's tab: the tabs and the conflict panel name a field alike. Preview data is
 * labelled on its own ('Preview data (JSON)': the panel shows only its differing keys).
 */
export function fieldLabel(notifyBy: NotifyBy, key: keyof TemplateForm): string {
  const field = FIELDS[notifyBy].find((def) => def.key === key);
  if (field === undefined) throw new Error(`No ${key} field on the ${notifyBy} tab`);
  return field.label;
}

/** Sample-data keys made from the moment the sample was generated: two copies of one sample differ only there. */
export const VOLATILE_DATA_KEYS: ReadonlySet<string> = new Set(['now', 'now_date', 'now_dateTime']);

const shown = (value: unknown, empty: string) =>
  value === null || value === undefined || value === '' ? empty : String(value);

/** The preview data's differing keys, one `key: value` line each (volatile keys ignored); null when none differ. */
function dataDifference(mine: string, theirs: string): { mine: string; theirs: string } | null {
  const a = parseTemplateData(mine);
  const b = parseTemplateData(theirs);
  if (isTemplateDataError(a) || isTemplateDataError(b)) {
    return mine.trim() === theirs.trim() ? null : { mine, theirs };
  }
  const mineData = a;
  const theirData = b;
  const keys = [...new Set([...Object.keys(theirData), ...Object.keys(mineData)])].filter(
    (key) => !VOLATILE_DATA_KEYS.has(key) && JSON.stringify(mineData[key]) !== JSON.stringify(theirData[key]),
  );
  if (keys.length === 0) return null;
  const lines = (data: Record<string, unknown>) =>
    keys.map((key) => `${key}: ${key in data ? JSON.stringify(data[key]) : '(none)'}`).join('\n');
  return { mine: lines(mineData), theirs: lines(theirData) };
}

/** Every field of the channel whose value here differs from the server's, and only those. */
export function conflictFields(
  notifyBy: NotifyBy,
  mine: TemplateForm,
  theirs: TemplateForm,
): ConflictField[] {
  const fields: ConflictField[] = [];
  for (const field of FIELDS[notifyBy]) {
    if (field.key === 'data') {
      const difference = dataDifference(mine.data, theirs.data);
      if (difference) fields.push({ ...field, ...difference });
      continue;
    }
    // A setting not chosen reads as its list says ('none').
    const empty = field.kind === 'setting' ? 'none' : '(empty)';
    const a = shown(mine[field.key], empty);
    const b = shown(theirs[field.key], empty);
    if (a !== b) fields.push({ ...field, mine: a, theirs: b });
  }
  return fields;
}
