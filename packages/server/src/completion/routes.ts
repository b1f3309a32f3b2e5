import {
  type CompletionReportsAnswer,
  type CustomReportKind,
  completionActionParams,
  completionReportsAnswer,
  completionReportsParams,
  errorBody,
  launchParams,
  type QueuedAnswer,
  queuedAnswer,
} from '@psps/contracts';
import type { AppContext } from '../context.ts';
import { actorOf } from '../http/access.ts';
import { GROWING_ANSWER } from '../http/compression.ts';
import { HttpError } from '../http/errors.ts';
import { pathTokenMatches } from '../http/path-token.ts';
import type { App } from '../http/types.ts';
import { completionService, type Launch } from './service.ts';

const tokenMismatch = () =>
  new HttpError(
    403,
    'forbidden',
    'The session token in the address is not the session you are signed in with.',
  );

const queued = (jobId: string): QueuedAnswer => [[{ RESULT: 'QUEUED', JOB_ID: jobId }]];

/** A launch's answer: that of the earlier launch it joined, saying so, when one was still under way. */
const launched = ({ jobId, joined }: Launch): QueuedAnswer =>
  joined ? [[{ RESULT: 'QUEUED', JOB_ID: jobId, ALREADY_QUEUED: true, MESSAGE: joined }]] : queued(jobId);

const LAUNCH_PATHS: Record<CustomReportKind, { path: string; summary: string }> = {
  medbase: { path: 'launch-medicalbaseline-report', summary: 'Generate and transfer the MedBase report' },
  mb_unreached: {
    path: 'launch-mb-unreached-report',
    summary: 'Generate and transfer the MB Unreached report (field-visit list)',
  },
  linkclick: { path: 'launch-linkclick-report', summary: 'Generate and transfer the LinkClick report' },
};

/**
 * Completion reports and custom report launches (doc 1 §7; DESIGN.md §3). The actions are GETs (the
 * specification's calls) but make and send files: they answer no HEAD request (Fastify would run them for one,
 * so a link checker or `curl -I` launched a transfer to the customer's server).
 */
export async function completionRoutes(app: App, ctx: AppContext) {
  const service = completionService(ctx);
  const tags = ['completion'];
  const actionResponses = {
    202: queuedAnswer,
    400: errorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
  };

  app.get(
    '/api/completion-reports/:sessionToken/:lastUpdateStamp',
    {
      ...GROWING_ANSWER,
      config: { access: 'REPORTING' },
      schema: {
        tags,
        summary: 'Completion reports changed after the stamp (0: all), with the highest stamp',
        params: completionReportsParams,
        response: { 200: completionReportsAnswer },
      },
    },
    async (req): Promise<CompletionReportsAnswer> => {
      if (!pathTokenMatches(req, req.params.sessionToken)) return [[{ LOGIN_VALID: 0 }]];
      const { maxUpdateXt, rows } = await service.list(req.params.lastUpdateStamp);
      return [[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: maxUpdateXt }], rows];
    },
  );

  app.get(
    '/api/refresh-completion-report/:token/:id',
    {
      config: { access: ['REPORTING', 'MB_INTERNAL_PERMISSION'] },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Regenerate and re-transfer a completion report (id: report ID = dataset ID)',
        params: completionActionParams,
        response: actionResponses,
      },
    },
    async (req, reply) => {
      if (!pathTokenMatches(req, req.params.token)) throw tokenMismatch();
      const jobId = await service.refresh(req.params.id, actorOf(req.auth));
      return reply.code(202).send(queued(jobId));
    },
  );

  app.get(
    '/api/resend-completion-report/:token/:id',
    {
      config: { access: ['REPORTING', 'MB_INTERNAL_PERMISSION'] },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Transfer the stored completion report file again (id: report ID = dataset ID)',
        params: completionActionParams,
        response: actionResponses,
      },
    },
    async (req, reply) => {
      if (!pathTokenMatches(req, req.params.token)) throw tokenMismatch();
      const jobId = await service.resend(req.params.id, actorOf(req.auth));
      return reply.code(202).send(queued(jobId));
    },
  );

  app.get(
    '/api/launch-completion-report/:token/:datasetId',
    {
      config: { access: 'REPORTING' },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Generate the completion report of a dataset now, then transfer it',
        params: launchParams,
        response: actionResponses,
      },
    },
    async (req, reply) => {
      if (!pathTokenMatches(req, req.params.token)) throw tokenMismatch();
      // Sending the report before its campaign is due (PENDING customers still in it), or making and sending one
      // that exists again (a refresh), needs MB_INTERNAL_PERMISSION.
      const permissions: readonly string[] = req.auth?.permissions ?? [];
      if (!permissions.includes('MB_INTERNAL_PERMISSION')) {
        const state = await service.launchState(req.params.datasetId);
        if (!state.due) throw new HttpError(403, 'forbidden', state.reason);
        if (state.exists) {
          throw new HttpError(
            403,
            'forbidden',
            `The completion report of campaign ${state.datasetId} was made already; making and sending it again is a refresh, which needs MB_INTERNAL_PERMISSION.`,
          );
        }
      }
      return reply
        .code(202)
        .send(launched(await service.launchCompletion(req.params.datasetId, actorOf(req.auth))));
    },
  );

  for (const [kind, { path, summary }] of Object.entries(LAUNCH_PATHS) as [
    CustomReportKind,
    (typeof LAUNCH_PATHS)[CustomReportKind],
  ][]) {
    app.get(
      `/api/${path}/:token/:datasetId`,
      {
        config: { access: 'REPORTING' },
        exposeHeadRoute: false,
        schema: { tags, summary, params: launchParams, response: actionResponses },
      },
      async (req, reply) => {
        if (!pathTokenMatches(req, req.params.token)) throw tokenMismatch();
        return reply
          .code(202)
          .send(launched(await service.launchCustom(kind, req.params.datasetId, actorOf(req.auth))));
      },
    );
  }
}
