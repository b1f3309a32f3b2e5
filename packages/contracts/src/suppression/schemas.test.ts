import { describe, expect, it } from 'vitest';
import {
  suppressionDeleteGroupBodySchema,
  suppressionDeleteRowBodySchema,
  suppressionDeleteRowParamsSchema,
  suppressionFullUploadPreviewSchema,
  suppressionListQuerySchema,
  suppressionRowsAnswerSchema,
  suppressionSearchQuerySchema,
  suppressionSummaryAnswerSchema,
  suppressionUploadAnswerSchema,
  suppressionUploadHeadersSchema,
} from './schemas.ts';

const row = {
  row_id_bint: 42,
  group_vch: 'North Valley',
  supress_type: 'PHONE',
  value_vch: '+14155550123',
  start_ts: '2024-08-01T07:00:00.000Z',
  end_ts: null,
  created_ts: '2024-08-01T07:00:00.000Z',
};

describe('suppression list answers', () => {
  it('answer {data: rows of one page, rows: total count}', () => {
    expect(suppressionRowsAnswerSchema.parse({ data: [row], rows: 1234 })).toEqual({
      data: [row],
      rows: 1234,
    });
  });

  it('carry times as ISO strings, end_ts null while a value has no end', () => {
    expect(
      suppressionRowsAnswerSchema.safeParse({ data: [{ ...row, end_ts: '2025-01-01T00:00:00Z' }], rows: 1 })
        .success,
    ).toBe(true);
    expect(
      suppressionRowsAnswerSchema.safeParse({ data: [{ ...row, start_ts: '08/01/2024 07:00:00' }], rows: 1 })
        .success,
    ).toBe(false);
  });

  it('accept only the types PHONE, SMS, EMAIL and ACCOUNT', () => {
    expect(
      suppressionRowsAnswerSchema.safeParse({ data: [{ ...row, supress_type: 'FAX' }], rows: 1 }).success,
    ).toBe(false);
  });

  it('summarise valid counts per group and type', () => {
    const summary = {
      data: [{ group_vch: 'North Valley', supress_type: 'EMAIL', valid_count: 17 }],
      rows: 1,
    };
    expect(suppressionSummaryAnswerSchema.parse(summary)).toEqual(summary);
  });
});

describe('suppression query parameters', () => {
  it('read page numbers from the query string, starting at 1', () => {
    expect(suppressionListQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(suppressionListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(suppressionListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(suppressionListQuerySchema.safeParse({ page: 'two' }).success).toBe(false);
  });

  it('select the summary with data=groupNameAndType', () => {
    expect(suppressionListQuerySchema.parse({ page: '1', data: 'groupNameAndType' })).toEqual({
      page: 1,
      data: 'groupNameAndType',
    });
    expect(suppressionListQuerySchema.safeParse({ page: '1', data: 'other' }).success).toBe(false);
  });

  it('need a non-empty search value', () => {
    expect(suppressionSearchQuerySchema.parse({ value: ' 415 ', page: '2' })).toEqual({
      value: '415',
      page: 2,
    });
    expect(suppressionSearchQuerySchema.safeParse({ value: '  ', page: '1' }).success).toBe(false);
  });
});

describe('suppression uploads and deletes', () => {
  it('need a group name header', () => {
    expect(suppressionUploadHeadersSchema.parse({ groupname: 'North', user: 'Ann' })).toEqual({
      groupname: 'North',
      user: 'Ann',
    });
    expect(suppressionUploadHeadersSchema.safeParse({ groupname: ' ' }).success).toBe(false);
  });

  it('answer status 200 with counts and at most 100 line errors', () => {
    const answer = {
      status: 200,
      inserted: 5,
      redated: 0,
      duplicates: 1,
      rejected: 2,
      errors: [{ line: 4, reason: 'x' }],
    };
    expect(suppressionUploadAnswerSchema.parse(answer)).toEqual(answer);
    const errors = Array.from({ length: 101 }, (_, i) => ({ line: i + 1, reason: 'x' }));
    expect(suppressionUploadAnswerSchema.safeParse({ ...answer, errors }).success).toBe(false);
  });

  it('preview a full upload as added, removed and unchanged counts', () => {
    const preview = {
      status: 200,
      applied: false,
      inserted: 0,
      uploadId: 7,
      group: 'North',
      added: 3,
      removed: 2,
      unchanged: 10,
      redated: 1,
      rejected: 0,
      duplicates: 1,
      errors: [],
      expiresAt: '2024-08-01T08:00:00.000Z',
      newGroup: false,
      similarGroups: ['north'],
      removedValues: [
        { type: 'PHONE', value: '+14155550100' },
        { type: 'EMAIL', value: 'a@example.com' },
      ],
    };
    expect(suppressionFullUploadPreviewSchema.parse(preview)).toEqual(preview);
    // DESIGN §3's `inserted` is there, and 0: a preview inserts nothing.
    expect(suppressionFullUploadPreviewSchema.safeParse({ ...preview, inserted: 3 }).success).toBe(false);
    const { inserted: _, ...withoutInserted } = preview;
    expect(suppressionFullUploadPreviewSchema.safeParse(withoutInserted).success).toBe(false);
    expect(
      suppressionFullUploadPreviewSchema.safeParse({
        ...preview,
        removedValues: [{ type: 'FAX', value: '1' }],
      }).success,
    ).toBe(false);
  });

  it('delete a row by its id with the group name in the body', () => {
    expect(suppressionDeleteRowParamsSchema.parse({ row_id_bint: '42' })).toEqual({ row_id_bint: 42 });
    expect(suppressionDeleteRowParamsSchema.safeParse({ row_id_bint: 'groupNameAndType' }).success).toBe(
      false,
    );
    expect(suppressionDeleteRowBodySchema.parse({ groupName: 'North' })).toEqual({ groupName: 'North' });
  });

  it('delete a group and type', () => {
    expect(suppressionDeleteGroupBodySchema.parse({ groupName: 'North', type: 'SMS' })).toEqual({
      groupName: 'North',
      type: 'SMS',
    });
    expect(suppressionDeleteGroupBodySchema.safeParse({ groupName: 'North', type: 'sms' }).success).toBe(
      false,
    );
  });
});
