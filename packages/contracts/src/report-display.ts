/**
 * SMS and e-mail pies label only slices of at least this share of the total; the voice pie labels every slice
 * (document 1 §2 and §9).
 */
export const PIE_LABEL_MIN_SHARE = 0.2;
