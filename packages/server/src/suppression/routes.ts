import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  errorBody,
  SUPPRESSION_DOWNLOAD_FILE_NAME,
  SUPPRESSION_GROUP_NAME_MAX_LENGTH,
  SUPPRESSION_PATHS,
  SUPPRESSION_TEXTS,
  SUPPRESSION_UPLOAD_FIELDS,
  type SuppressionFullUploadApplied,
  type SuppressionFullUploadDiscarded,
  type SuppressionUploadKind,
  suppressionApplyUploadParamsSchema,
  suppressionCheckAnswerSchema,
  suppressionCheckBodySchema,
  suppressionDeleteAnswerSchema,
  suppressionDeleteGroupBodySchema,
  suppressionDeleteRowBodySchema,
  suppressionDeleteRowParamsSchema,
  suppressionDownloadQuerySchema,
  suppressionFullUploadAppliedSchema,
  suppressionFullUploadDiscardedSchema,
  suppressionFullUploadPreviewSchema,
  suppressionGroupsAnswerSchema,
  suppressionListQuerySchema,
  suppressionRowsAnswerSchema,
  suppressionSearchQuerySchema,
  suppressionSummaryAnswerSchema,
  suppressionUploadAnswerSchema,
  suppressionUploadFailureSchema,
  suppressionUploadQuerySchema,
} from '@psps/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { actorOf } from '../http/access.ts';
import {
  badRequest,
  frameworkMessage,
  givenTwiceReason,
  HttpError,
  validationMessage,
} from '../http/errors.ts';
import { multipartFailure, nextMultipartFile } from '../http/multipart.ts';
import type { App } from '../http/types.ts';
import { type OpenUpload, suppressionService, UploadTooLargeError } from './service.ts';

const access = { access: 'SUPPRESSION' } as const;
/** The uploads and their apply / discard: every refusal is `{status: 4xx, error, message}` (DESIGN §3). */
const uploadAccess = { ...access, statusInErrorBody: true } as const;
const tags = ['suppression'];
/** Multipart framing around the file: boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Document 2 §7: the suppression calls. Thin: read the request, call the service, shape the answer. */
export async function suppressionRoutes(app: App, ctx: AppContext) {
  const service = suppressionService(ctx.db, ctx.config, ctx.streamDb);
  const maxBytes = ctx.config.suppression.uploadMaxBytes;

  app.get(
    SUPPRESSION_PATHS.list,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Active suppressions, 50 a page; with data=groupNameAndType the counts per group and type, 5 a page',
        querystring: suppressionListQuerySchema,
        response: { 200: z.union([suppressionRowsAnswerSchema, suppressionSummaryAnswerSchema]) },
      },
    },
    async (req) => (req.query.data ? service.summary(req.query.page) : service.list(req.query.page)),
  );

  app.get(
    SUPPRESSION_PATHS.groups,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The names of the groups holding active values, in name order (added: the upload dialog offers them)',
        response: { 200: suppressionGroupsAnswerSchema },
      },
    },
    async () => service.groups(),
  );

  app.get(
    SUPPRESSION_PATHS.search,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Search active suppressions by group name, value (exact or prefix, normalised) or type; 50 a page',
        querystring: suppressionSearchQuerySchema,
        response: { 200: suppressionRowsAnswerSchema },
      },
    },
    async (req) => service.search(req.query.value, req.query.page),
  );

  // Uploads parse multipart only here: the plugin is registered in this encapsulated scope.
  await app.register(async (uploads: App) => {
    await uploads.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
    const failure = {
      400: suppressionUploadFailureSchema,
      409: suppressionUploadFailureSchema,
      413: suppressionUploadFailureSchema,
    };

    const receive =
      <T>(
        kind: SuppressionUploadKind,
        handle: (upload: OpenUpload, file: AsyncIterable<Buffer>) => Promise<T>,
      ) =>
      async (req: FastifyRequest, reply: FastifyReply) =>
        uploadAnswer(reply, maxBytes, kind, async () => {
          // Refused here rather than by the framework, so that the answer carries `status` like every upload answer.
          if (req.validationError) throw badRequest(queryProblem(req.validationError, req.query));
          const group = groupNameHeader(req);
          const length = Number(req.headers['content-length'] ?? 0);
          if (length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new UploadTooLargeError(maxBytes, kind);
          if (!req.isMultipart()) {
            throw badRequest(
              `Send the file as multipart/form-data in the field "${SUPPRESSION_UPLOAD_FIELDS[kind]}".`,
            );
          }
          const { tz } = req.query as { tz?: string };
          const upload = await service.openUpload(kind, group, actorOf(req.auth), tz);
          const parts = req.parts();
          let part: MultipartFile | undefined;
          try {
            part = await nextMultipartFile(parts);
            if (part === undefined || part.fieldname !== SUPPRESSION_UPLOAD_FIELDS[kind]) {
              throw badRequest(
                `Send the file in the field "${SUPPRESSION_UPLOAD_FIELDS[kind]}"; no file was found there.`,
              );
            }
          } catch (error) {
            const refusal = multipartFailure(error);
            await service.abandonUpload(upload, refusal);
            throw refusal;
          }
          // The file counts as read only once the request is known to hold no other file: a full upload of the
          // first of two files would remove the values of the second.
          const file = withSizeLimit(part.file, maxBytes, kind, async () => {
            if ((await nextMultipartFile(parts)) !== undefined)
              throw multipartFailure({ code: 'FST_FILES_LIMIT' });
          });
          return handle(upload, file);
        });

    uploads.post(
      SUPPRESSION_PATHS.fullUpload,
      {
        config: uploadAccess,
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Full upload, step 1: read the file (multipart field fullFileUpload, header groupName) and answer a preview; nothing changes yet',
          querystring: suppressionUploadQuerySchema,
          response: { 200: suppressionFullUploadPreviewSchema, ...failure },
        },
      },
      receive('full', service.receiveFull),
    );

    uploads.post(
      SUPPRESSION_PATHS.incrementalUpload,
      {
        config: uploadAccess,
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Incremental upload: add the values of the file (multipart field incrementalFileUpload) to an existing group (header groupName)',
          querystring: suppressionUploadQuerySchema,
          response: { 200: suppressionUploadAnswerSchema, ...failure },
        },
      },
      receive('incremental', service.receiveIncremental),
    );
  });

  // Step 2 of a full upload: apply the preview, or discard it.
  const previewStep = (
    path: string,
    summary: string,
    answer: typeof suppressionFullUploadAppliedSchema | typeof suppressionFullUploadDiscardedSchema,
    run: (
      uploadId: number,
      actor: ReturnType<typeof actorOf>,
      group?: string,
    ) => Promise<SuppressionFullUploadApplied | SuppressionFullUploadDiscarded>,
  ) =>
    app.post(
      path.replace('{uploadId}', ':uploadId'),
      {
        config: uploadAccess,
        schema: {
          tags,
          summary,
          params: suppressionApplyUploadParamsSchema,
          response: {
            200: answer,
            403: suppressionUploadFailureSchema,
            404: suppressionUploadFailureSchema,
            409: suppressionUploadFailureSchema,
          },
        },
      },
      async (req, reply) =>
        uploadAnswer(reply, maxBytes, 'full', () =>
          run(req.params.uploadId, actorOf(req.auth), optionalGroupNameHeader(req)),
        ),
    );
  previewStep(
    SUPPRESSION_PATHS.applyFullUpload,
    'Full upload, step 2: apply the previewed upload in one transaction (refused if the group changed, or the preview expired or was discarded)',
    suppressionFullUploadAppliedSchema,
    service.applyFullUpload,
  );
  previewStep(
    SUPPRESSION_PATHS.discardFullUpload,
    'Full upload, instead of step 2: discard the preview, which can then never be applied',
    suppressionFullUploadDiscardedSchema,
    service.discardFullUpload,
  );

  app.delete(
    SUPPRESSION_PATHS.deleteGroupAndType,
    {
      config: access,
      schema: {
        tags,
        summary: 'End every active value of one group and type (kept as history); 404 when it has none',
        body: suppressionDeleteGroupBodySchema,
        response: { 200: suppressionDeleteAnswerSchema },
      },
    },
    async (req) => {
      const deleted = await service.deleteGroupAndType(req.body.groupName, req.body.type, actorOf(req.auth));
      return { status: 200 as const, deleted };
    },
  );

  app.delete(
    SUPPRESSION_PATHS.deleteRow.replace('{row_id_bint}', ':row_id_bint'),
    {
      config: access,
      schema: {
        tags,
        summary: 'End one active value (kept as history); 404 when it is not active in that group',
        params: suppressionDeleteRowParamsSchema,
        body: suppressionDeleteRowBodySchema,
        response: { 200: suppressionDeleteAnswerSchema },
      },
    },
    async (req) => {
      const deleted = await service.deleteRow(req.params.row_id_bint, req.body.groupName, actorOf(req.auth));
      return { status: 200 as const, deleted };
    },
  );

  app.get(
    SUPPRESSION_PATHS.download,
    {
      config: access,
      // A HEAD request (curl -I, a link checker) would make the whole CSV and audit a download no one received.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Every active value, or one group’s (of one type), as CSV (data.csv), streamed',
        querystring: suppressionDownloadQuerySchema,
      },
    },
    async (req, reply) => {
      const { groupName: group, type } = req.query;
      await service.auditDownload(group, type, actorOf(req.auth));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${SUPPRESSION_DOWNLOAD_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(await service.activeCsv(group, type));
    },
  );

  app.post(
    SUPPRESSION_PATHS.check,
    {
      config: { access: 'INGEST' },
      schema: {
        tags: ['ingest'],
        summary:
          'The messaging engine asks whether values are suppressed now, and by which groups (up to 10,000)',
        description:
          'Each value is normalised as uploads are (phones to E.164, e-mail addresses lowercased). With a type, ' +
          "it is looked up in that type's lists. Without one, an address (with '@') in EMAIL lists, a phone " +
          'number in PHONE and SMS lists, an account number (digits alone, or text with a letter) in ACCOUNT ' +
          'lists. A value that cannot be read so (a phone number with an extension or a stray sign, an address ' +
          'that is not valid) answers normalized: null, suppressed: false and a reason: it was not checked, and ' +
          'must not be taken for a cleared value. Answers come in the order asked.',
        body: suppressionCheckBodySchema,
        response: { 200: suppressionCheckAnswerSchema, 400: errorBody },
      },
    },
    async (req) => ({ results: await service.check(req.body.values) }),
  );
}

/**
 * The file's bytes, failing with 413 once the multipart parser has cut it at the limit (it marks the stream
 * `truncated` and ends it, which would otherwise look like a shorter file: a full upload would then remove values).
 */
async function* withSizeLimit(
  file: AsyncIterable<Buffer> & { truncated: boolean },
  maxBytes: number,
  kind: SuppressionUploadKind,
  atEnd: () => Promise<void>,
): AsyncGenerator<Buffer> {
  const chunks = file[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw multipartFailure(error);
    }
    if (file.truncated) throw new UploadTooLargeError(maxBytes, kind);
    if (next.done) break;
    yield next.value;
  }
  try {
    await atEnd();
  } catch (error) {
    throw multipartFailure(error);
  }
}

/** What is wrong with an upload's query, as a sentence: the first problem the schema found, named as every 400 does. */
function queryProblem(
  error: Error & { validation?: { message?: string; instancePath?: string }[] },
  query: unknown,
): string {
  const first = error.validation?.[0];
  return first?.message === undefined
    ? 'The address of the upload is not valid.'
    : validationMessage(
        'querystring',
        first.instancePath ?? '',
        givenTwiceReason(query, 'querystring', first.instancePath ?? '', first.message),
      );
}

/**
 * A header's text. Node reads header bytes as ISO-8859-1 (what browsers send); a client that sent UTF-8 (curl, a
 * script: 'Café' arrives as 'CafÃ©') is read as UTF-8 when the bytes are valid UTF-8 with at least one multi-byte
 * character, which ISO-8859-1 text practically never is.
 */
function headerText(value: string | undefined): string {
  if (value === undefined) return '';
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return value;
  }
}

/** The groupName header (document 2 §7); without it nothing is read: 'Please enter the group name!'. */
function groupNameHeader(req: FastifyRequest): string {
  const group = optionalGroupNameHeader(req);
  if (group === undefined) throw badRequest(SUPPRESSION_TEXTS.groupNameMissing);
  return group;
}

/** The groupName header when sent (apply and discard check it against the preview's group). */
function optionalGroupNameHeader(req: FastifyRequest): string | undefined {
  const raw = req.headers.groupname;
  const group = headerText(Array.isArray(raw) ? raw[0] : raw).trim();
  if (group === '') return undefined;
  // C0 and C1 controls: a Windows-1252 script's curly quotes (0x93, 0x94) arrive as the invisible U+0093, U+0094.
  if ([...group].some((c) => c < ' ' || (c >= '\u007f' && c <= '\u009f'))) {
    throw badRequest('A group name cannot hold tabs, line breaks or other control characters.');
  }
  if (group.length > SUPPRESSION_GROUP_NAME_MAX_LENGTH) {
    throw badRequest(`The group name is longer than ${SUPPRESSION_GROUP_NAME_MAX_LENGTH} characters.`);
  }
  return group;
}

/**
 * Upload answers carry `status` in the body too (DESIGN §3: the console checks data.status), failures included:
 * `{status: 4xx, error, message, errors?}`.
 */
async function uploadAnswer<T>(
  reply: FastifyReply,
  maxBytes: number,
  kind: SuppressionUploadKind,
  run: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    const http = error as HttpError & { code?: string };
    const details = http.details as { errors?: unknown; similarGroups?: unknown } | undefined;
    const errors = details?.errors;
    const similarGroups = details?.similarGroups;
    // A 413 of the parser is a file over the limit, or too many parts (fields): the latter is said as such.
    const tooManyParts = ['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT'].includes(http.code ?? '');
    const message =
      status === 413 && !(error instanceof UploadTooLargeError) && !tooManyParts
        ? new UploadTooLargeError(maxBytes, kind).message
        : (frameworkMessage(http.code) ?? http.message);
    return reply.code(status).send({
      status,
      error: error instanceof HttpError ? error.code : status === 413 ? 'payload_too_large' : 'bad_request',
      message,
      ...(Array.isArray(errors) ? { errors } : {}),
      ...(Array.isArray(similarGroups) ? { similarGroups } : {}),
    });
  }
}

function statusOf(error: unknown): number | undefined {
  const status =
    error instanceof HttpError ? error.statusCode : (error as { statusCode?: number })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
