import multipart from '@fastify/multipart';
import {
  ADHOC_CALLS,
  ADHOC_INGEST_LAUNCHED_PATH,
  ADHOC_OUTBOX_PATH,
  AUDIO_KINDS,
  audioParams,
  audioUploadAnswer,
  audioUploadParams,
  ingestLaunchedAnswer,
  ingestLaunchedBody,
  MAX_AUDIO_BYTES,
  NO_FILE_SELECTED_ALERT,
  outboxAnswer,
  outboxQuery,
  parseVoiceDialerAddress,
  publishHistoryAnswer,
  publishHistoryParams,
  TESTER_FIELDS,
} from '@psps/contracts';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { actorOf } from '../http/access.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { multipartFailure, nextMultipartFile, readingMultipart } from '../http/multipart.ts';
import type { App } from '../http/types.ts';
import { audioStore } from './audio.ts';
import { testSender } from './send.ts';
import { adhocService } from './service.ts';

const ok = { response: { ok: true as const } };
const access = { access: 'REPORTING' as const };
const tags = ['adhoc'];

/** Ad hoc templates (doc 2 §7): every call is POST with JSON and answers {"response": …} (DESIGN §3). */
export async function adhocRoutes(app: App, ctx: AppContext) {
  const service = adhocService(ctx.db, { emailFrom: ctx.config.delivery.emailFrom });
  const audio = audioStore(ctx.config);
  const sender = testSender(ctx, service, audio);
  const { campaignSelect, campaignInsert, templateDelete, campaignSelectSingle, campaignUpdateTitle } =
    ADHOC_CALLS;
  const { campaignUpdateTester, templateSelect, templateInsertUpdate, languageDelete, sendTest, publish } =
    ADHOC_CALLS;
  const { summarySelect } = ADHOC_CALLS;

  app.post(
    campaignSelect.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Template list, newest first, at most 100; optionally narrowed by a search text',
        body: campaignSelect.body,
        response: { 200: campaignSelect.answer },
      },
    },
    async (req) => ({ response: await service.list(req.body.search) }),
  );

  app.post(
    campaignInsert.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Create a template',
        body: campaignInsert.body,
        response: { 200: campaignInsert.answer },
      },
    },
    async (req) => ({ response: await service.create(req.body.name_vch, actorOf(req.auth)) }),
  );

  app.post(
    templateDelete.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Delete a template (allowed after launch)',
        body: templateDelete.body,
        response: { 200: templateDelete.answer },
      },
    },
    async (req) => {
      const id = req.body.id_bint_adhoc_campaign;
      const voice = await service.remove(id, actorOf(req.auth));
      for (const record of voice) await audio.remove(id, record.language_vch);
      return ok;
    },
  );

  app.post(
    campaignSelectSingle.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'One template ([] when unknown)',
        body: campaignSelectSingle.body,
        response: { 200: campaignSelectSingle.answer },
      },
    },
    async (req) => {
      const campaign = await service.campaign(req.body.id_bint_adhoc_campaign);
      return { response: campaign ? [campaign] : [] };
    },
  );

  app.post(
    campaignUpdateTitle.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Rename a template',
        body: campaignUpdateTitle.body,
        response: { 200: campaignUpdateTitle.answer },
      },
    },
    async (req) => {
      const { id_bint_adhoc_campaign: id, title_vch: title, baseTitle_vch: base } = req.body;
      await service.rename(id, title, actorOf(req.auth), base);
      return ok;
    },
  );

  app.post(
    campaignUpdateTester.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Set one tester contact (voice number, SMS number or e-mail address)',
        body: campaignUpdateTester.body,
        response: { 200: campaignUpdateTester.answer },
      },
    },
    async (req) => {
      const field = TESTER_FIELDS.find((name) => req.body[name] !== undefined)!;
      await service.setTester(req.body.id_bint_adhoc_campaign, field, req.body[field]!, actorOf(req.auth));
      return ok;
    },
  );

  app.post(
    templateSelect.path,
    {
      config: access,
      schema: {
        tags,
        summary: "A channel's saved language records",
        body: templateSelect.body,
        response: { 200: templateSelect.answer },
      },
    },
    async (req) => ({
      response: await service.recordsFor(req.body.id_bint_adhoc_campaign, req.body.notifyBy_vch),
    }),
  );

  app.post(
    templateInsertUpdate.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Save one language record; long texts base64-encoded under _base64_ names',
        body: templateInsertUpdate.body,
        response: { 200: templateInsertUpdate.answer },
      },
    },
    async (req) => ({ response: await service.saveLanguage(req.body, actorOf(req.auth)) }),
  );

  app.post(
    languageDelete.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Delete one language of one channel',
        body: languageDelete.body,
        response: { 200: languageDelete.answer },
      },
    },
    async (req) => {
      const { id_bint_adhoc_campaign: id, notifyBy_vch, language_vch } = req.body;
      await service.removeLanguage(id, notifyBy_vch, language_vch, actorOf(req.auth), async () => {
        if (notifyBy_vch === 'PHON') await audio.remove(id, language_vch);
      });
      return ok;
    },
  );

  app.post(
    sendTest.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Test send of one language or all to the tester contact; the outcome is in `status`',
        body: sendTest.body,
        response: { 200: sendTest.answer },
      },
    },
    async (req) => sender.send(req.body, actorOf(req.auth)),
  );

  app.post(
    publish.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Publish (409 listing what is missing, or when launched)',
        body: publish.body,
        response: { 200: publish.answer },
      },
    },
    async (req) => ({
      response: { publish_dt: await service.publish(req.body.id_bint_adhoc_campaign, actorOf(req.auth)) },
    }),
  );

  app.post(
    summarySelect.path,
    {
      config: access,
      schema: {
        tags,
        summary: 'Languages per channel and the publish time',
        body: summarySelect.body,
        response: { 200: summarySelect.answer },
      },
    },
    async (req) => ({ response: await service.summary(req.body.id_bint_adhoc_campaign) }),
  );

  app.get(
    '/api/v1/adhoc/publish-history/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Every publish of a template, newest first: what was published, when, by whom',
        params: publishHistoryParams,
        response: { 200: publishHistoryAnswer },
      },
    },
    async (req) => {
      const history = await service.publishHistory(req.params.id);
      if (!history) throw notFound(`There is no ad hoc template ADHOC-${req.params.id}.`);
      return { response: history };
    },
  );

  app.get(
    ADHOC_OUTBOX_PATH,
    {
      config: access,
      schema: {
        tags,
        summary: 'The latest test sends recorded by the outbox adapters, newest first',
        querystring: outboxQuery,
        response: { 200: outboxAnswer },
      },
    },
    async (req) => ({ response: await service.outbox(req.query.id_bint_adhoc_campaign) }),
  );

  app.get(
    '/api/v1/adhoc/audio/:kind/:dialerAddress',
    {
      config: access,
      schema: { tags, summary: 'The stored WAV recording of a voice language', params: audioParams },
    },
    async (req, reply) => {
      const { templateId, language } = parseVoiceDialerAddress(req.params.dialerAddress)!;
      const missing = () =>
        notFound(`No ${req.params.kind} recording was uploaded for ${req.params.dialerAddress}.`);
      if (!(await service.uploadedAt(templateId, language, req.params.kind))) throw missing();
      const file = await audio.open(audio.fileName(templateId, language, req.params.kind));
      if (!file) throw missing();
      return reply
        .type('audio/wav')
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  // A voice provider fetches a test call's recording here: it cannot sign in, so the random, hashed,
  // one-hour token is the credential (audio.ts, createLink).
  app.get(
    '/api/v1/adhoc/audio-link/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A recording for the voice provider (short-lived link)',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
      },
    },
    async (req, reply) => {
      const name = await audio.resolveLink(ctx.db, req.params.token);
      const file = name ? await audio.open(name) : undefined;
      if (!file) throw notFound('This recording link is unknown or has expired.');
      return reply.type('audio/wav').header('content-length', String(file.size)).send(file.stream);
    },
  );

  // Uploads parse multipart only here: the plugin is registered in this encapsulated scope.
  await app.register(async (uploads: App) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 10, parts: 12 },
    });
    for (const kind of AUDIO_KINDS) {
      uploads.post(
        `/api/v1/adhoc/upload/${kind}/:dialerAddress`,
        {
          config: access,
          schema: {
            tags,
            summary: `Upload the ${kind === 'live' ? 'live' : 'answering-machine'} WAV recording of a voice language (multipart; dialerAddress = {template id}-{language})`,
            params: audioUploadParams,
            response: { 200: audioUploadAnswer },
          },
        },
        async (req) => {
          const target = parseVoiceDialerAddress(req.params.dialerAddress);
          if (!target) {
            throw badRequest(
              `The dialer address "${req.params.dialerAddress}" is not {template id}-{language}, e.g. 42-english.`,
            );
          }
          if (!req.isMultipart()) throw badRequest('Send the WAV file as multipart/form-data.');
          const parts = req.parts();
          const file = await readingMultipart(() => nextMultipartFile(parts));
          if (!file) throw badRequest(NO_FILE_SELECTED_ALERT);
          const fileName = audio.fileName(target.templateId, target.language, kind);
          const received = await readingMultipart(() => audio.receive(fileName, file.file));
          try {
            // The recording counts only once the request is known to hold no other file (which would be its
            // sender's mistake: which one was meant?).
            await readingMultipart(async () => {
              if (await nextMultipartFile(parts)) throw multipartFailure({ code: 'FST_FILES_LIMIT' });
            });
            const uploaded = await service.saveUpload(
              target.templateId,
              target.language,
              kind,
              fileName,
              received.commit,
              actorOf(req.auth),
            );
            return { response: { ok: true as const, uploaded_dt: uploaded } };
          } finally {
            await received.discard();
          }
        },
      );
    }
  });

  app.post(
    ADHOC_INGEST_LAUNCHED_PATH,
    {
      config: { access: 'INGEST' },
      schema: {
        tags: ['ingest'],
        summary: 'The messaging engine launched a template: it is locked from now on',
        body: ingestLaunchedBody,
        response: { 200: ingestLaunchedAnswer },
      },
    },
    async (req) => {
      const id = req.body.id_bint_adhoc_campaign;
      const launched = await service.markLaunched(id, actorOf(req.auth));
      return { response: { id_bint: id, status_vch: 'LAUNCHED' as const, launched_dt: launched } };
    },
  );
}
