/**
 * The channels of an ad hoc template (doc 2 §3: notifyBy_vch) in the order of the editor's tabs.
 * PHON is voice, EML is e-mail; the spellings are the wire values and are kept as the specification has them.
 */
export const NOTIFY_BY = ['PHON', 'SMS', 'EML'] as const;
export type NotifyBy = (typeof NOTIFY_BY)[number];

/** Tab labels of the template editor (doc 2 §2.2). */
export const NOTIFY_BY_LABELS: Readonly<Record<NotifyBy, string>> = {
  PHON: 'Voice',
  SMS: 'SMS',
  EML: 'e-Mail',
};

export function isNotifyBy(value: unknown): value is NotifyBy {
  return typeof value === 'string' && (NOTIFY_BY as readonly string[]).includes(value);
}

/**
 * Template statuses (DESIGN §5): DRAFT when created, PUBLISHED after publish, LAUNCHED once the messaging
 * engine has launched it (set through the ingest API, never by the console).
 */
export const ADHOC_STATUSES = ['DRAFT', 'PUBLISHED', 'LAUNCHED'] as const;
export type AdhocStatus = (typeof ADHOC_STATUSES)[number];

/** A LAUNCHED template may no longer be edited (doc 2 §4); deleting it is still allowed. */
export function isAdhocLocked(status: string): boolean {
  return status === 'LAUNCHED';
}
