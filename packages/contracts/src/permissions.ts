/** The permission names of document 1 §6, plus INGEST for the messaging engine's API keys. */
export const PERMISSIONS = ['REPORTING', 'SUPPRESSION', 'SETTINGS', 'MB_INTERNAL_PERMISSION', 'OBJECT_ONE'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const INGEST_PERMISSION = 'INGEST' as const;
export type AnyPermission = Permission | typeof INGEST_PERMISSION;
