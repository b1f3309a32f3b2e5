/** Tooltips that also open on keyboard focus, so icon-only actions explain themselves without a mouse. */
export const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false } as const;
