import { describe, expect, it } from 'vitest';
import {
  groupDeletedText,
  SUPPRESSION_DOWNLOAD_FILE_NAME,
  SUPPRESSION_RESULTS_PAGE_BUTTONS,
  SUPPRESSION_RESULTS_PAGE_SIZE,
  SUPPRESSION_SUMMARY_PAGE_BUTTONS,
  SUPPRESSION_SUMMARY_PAGE_SIZE,
  SUPPRESSION_TYPES,
  SUPPRESSION_UPLOAD_ERRORS_MAX,
  SUPPRESSION_UPLOAD_MAX_BYTES,
} from './constants.ts';

describe('suppression constants', () => {
  it('says which group was deleted', () => {
    expect(groupDeletedText('North Valley')).toBe('Deleted all data for group name: North Valley');
  });

  it('pages results by 50 with up to 10 page buttons, and the summary by 5 with up to 5 buttons', () => {
    expect(SUPPRESSION_RESULTS_PAGE_SIZE).toBe(50);
    expect(SUPPRESSION_RESULTS_PAGE_BUTTONS).toBe(10);
    expect(SUPPRESSION_SUMMARY_PAGE_SIZE).toBe(5);
    expect(SUPPRESSION_SUMMARY_PAGE_BUTTONS).toBe(5);
  });

  it('saves downloads as data.csv, accepts uploads up to 200 MB by default and reports their first 100 errors', () => {
    expect(SUPPRESSION_DOWNLOAD_FILE_NAME).toBe('data.csv');
    expect(SUPPRESSION_UPLOAD_MAX_BYTES).toBe(209_715_200);
    expect(SUPPRESSION_UPLOAD_ERRORS_MAX).toBe(100);
  });

  it('knows the types PHONE, SMS, EMAIL and ACCOUNT', () => {
    expect(SUPPRESSION_TYPES).toEqual(['PHONE', 'SMS', 'EMAIL', 'ACCOUNT']);
  });
});
