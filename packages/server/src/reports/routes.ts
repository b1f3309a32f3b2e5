import {
  CHANNEL_REPORT_PATHS,
  type ChannelReportKind,
  campaignListAnswer,
  campaignTreeAnswer,
  channelReportAnswer,
  datasetIdParams,
  errorBody,
  eventCampaignsAnswer,
  eventIdParams,
  eventsListAnswer,
  eventTreesAnswer,
  gridAnswer,
  gridCsvQuery,
  gridRowsOfCampaign,
  REPORT_PATHS,
  summaryAnswer,
} from '@psps/contracts';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { GROWING_ANSWER } from '../http/compression.ts';
import { notFound } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import { gridCsv } from './csv.ts';
import { reportsService } from './service.ts';

const reporting = { access: 'REPORTING' } as const;

/**
 * The report calls of document 1 §7 and the Events screen's trees of an event (all need REPORTING); answer shapes in
 * contracts/reports.
 */
export async function reportsRoutes(app: App, ctx: AppContext) {
  const reports = reportsService(ctx.db);
  const tags = ['reports'];

  app.get(
    '/api/campaign-list/',
    {
      ...GROWING_ANSWER,
      config: reporting,
      schema: { tags, summary: 'Campaigns', response: { 200: campaignListAnswer } },
    },
    () => reports.campaignList(),
  );

  app.get(
    '/api/proc_reports_campaignTree/:datasetId',
    {
      config: reporting,
      schema: {
        tags,
        summary: 'Campaign tree: root, Medical Baseline, Critical Essential, General',
        params: datasetIdParams,
        response: { 200: campaignTreeAnswer },
      },
    },
    (req) => reports.campaignTree(req.params.datasetId),
  );

  app.get(
    '/api/sql/proc_reports_gridTreeEvents/:eventId',
    {
      ...GROWING_ANSWER,
      config: reporting,
      schema: { tags, summary: 'Events grid rows', params: eventIdParams, response: { 200: gridAnswer } },
    },
    (req) => reports.grid(req.params.eventId),
  );

  app.get(
    '/csv/proc_reports_gridTreeEvents/:eventId',
    {
      config: reporting,
      schema: {
        tags,
        summary:
          'Events grid as a CSV file (RFC 4180, header row, formula-safe cells); times in `tz` if given',
        params: eventIdParams,
        querystring: gridCsvQuery,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const { eventId } = req.params;
      const { datasetId, tz } = req.query;
      const [all] = await reports.grid(eventId);
      const rows = datasetId === undefined ? all : gridRowsOfCampaign(all, datasetId);
      // A campaign's rows always hold its root: none means it is not this event's (an event without campaigns too).
      if (datasetId !== undefined && rows.length === 0) {
        throw notFound(`Campaign ${datasetId} is not a campaign of event ${eventId}.`);
      }
      const name = datasetId === undefined ? `event-${eventId}` : `event-${eventId}-campaign-${datasetId}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(gridCsv(rows, tz));
    },
  );

  app.get(
    '/api/proc_events_getList/',
    {
      ...GROWING_ANSWER,
      config: reporting,
      schema: { tags, summary: 'Events', response: { 200: eventsListAnswer } },
    },
    () => reports.eventsList(),
  );

  app.get(
    '/api/proc_events_getCampaigns/:eventId',
    {
      ...GROWING_ANSWER,
      config: reporting,
      schema: {
        tags,
        summary: 'Campaigns of an event',
        params: eventIdParams,
        response: { 200: eventCampaignsAnswer },
      },
    },
    (req) => reports.eventCampaigns(req.params.eventId),
  );

  app.get(
    REPORT_PATHS.eventTrees.replace('{eventId}', ':eventId'),
    {
      ...GROWING_ANSWER,
      config: reporting,
      schema: {
        tags,
        summary: 'Campaign trees of every campaign of an event (added: one call for the Events screen)',
        description:
          'The campaign tree of each root campaign of the event, in the order of /api/proc_events_getCampaigns/{eventId}; ' +
          'each is exactly what /api/proc_reports_campaignTree/{datasetId} answers for that campaign. ' +
          'An event without campaigns answers [[]]. A malformed id answers 400, an unknown event 404.',
        params: eventIdParams,
        response: { 200: eventTreesAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (req) => reports.eventTrees(req.params.eventId),
  );

  app.get(
    '/api/all-reports-summary/:datasetId',
    {
      config: reporting,
      schema: {
        tags,
        summary: 'All-channels summary: the latest snapshot (written every 10 minutes)',
        params: datasetIdParams,
        response: { 200: summaryAnswer },
      },
    },
    (req) => reports.summary(req.params.datasetId),
  );

  for (const [kind, channel] of Object.entries(CHANNEL_REPORT_PATHS) as [ChannelReportKind, never][]) {
    app.get(
      `/api/${kind}-reports/:datasetId`,
      {
        config: reporting,
        schema: {
          tags,
          summary: `${kind === 'sms' ? 'SMS' : kind === 'email' ? 'E-mail' : 'Voice'} report: totals, classes, statuses`,
          params: datasetIdParams,
          response: { 200: channelReportAnswer },
        },
      },
      (req) => reports.channelReport(req.params.datasetId, channel),
    );
  }
}
