import {
  type AdhocLanguageName,
  type AdhocLanguageRecord,
  adhocIdLabel,
  audioPath,
  languageDisplayName,
  NOTIFY_BY_LABELS,
  parseTemplateData,
  RENDERED_TEXT_MAX_LENGTH,
  renderCaret,
  renderTripleBrace,
  renderTripleBraceText,
  SEND_ALL_LANGUAGES,
  type SendTestAnswer,
  type SendTestBody,
  SMS_SHORT_CODE,
  TESTER_FIELD,
  type TemplateData,
  testerContact,
  VOICE_CALLER_ID,
  voiceDialerAddress,
  withLanguageMarked,
} from '@psps/contracts';
import type { Actor } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import { emailSenderFor, smsSenderFor, voiceCallerFor, voiceUsesProvider } from '../delivery/channels.ts';
import { errorText } from '../delivery/redact.ts';
import { notFound } from '../http/errors.ts';
import { suppressionService } from '../suppression/service.ts';
import type { AudioStore } from './audio.ts';
import { sanitizeEmailHtml } from './email-html.ts';
import { htmlToText } from './rules.ts';
import type { AdhocService } from './service.ts';

/**
 * A test send's outcome is the answer's `status` (DESIGN §3), and the HTTP status stays 200 whenever the
 * request itself was valid: the console shows message.ERRORMESSAGE for any status other than 200.
 * 400: nothing to send or no usable tester contact; 502: the mail server or provider refused.
 */
const answer = (status: number, message: string): SendTestAnswer => ({
  status,
  message: { ERRORMESSAGE: message },
});

function dataOf(record: AdhocLanguageRecord): TemplateData {
  const data = parseTemplateData(record.dataMB_txt ?? '{}');
  return 'error' in data ? {} : data;
}

export function testSender(ctx: AppContext, service: AdhocService, audio: AudioStore) {
  const { config, db } = ctx;
  const suppressions = suppressionService(db, config, ctx.streamDb);

  async function sendOne(
    record: AdhocLanguageRecord,
    to: string,
    who: Actor,
  ): Promise<{ detail: string; messageId: string }> {
    const origin = {
      campaignId: record.id_bint_adhoc_campaign,
      language: record.language_vch,
      userId: who.userId,
      actor: who.actor,
    };
    const data = dataOf(record);
    const body = record.templatePGE_txt ?? '';

    if (record.notifyBy_vch === 'EML') {
      // Marked with its language as the console's preview is; Arabic and Farsi read right to left.
      const html = withLanguageMarked(
        await sanitizeEmailHtml(renderTripleBrace(body, data, RENDERED_TEXT_MAX_LENGTH)),
        record.language_vch,
      );
      const sender = emailSenderFor(config, db, origin);
      const { messageId } = await sender.send({
        to,
        // The one From address (doc 2 §2.6); a record saved before the server checked it cannot change it.
        from: config.delivery.emailFrom,
        ...(record.fromDisplayName_vch?.trim() ? { fromName: record.fromDisplayName_vch.trim() } : {}),
        subject: renderTripleBraceText(record.subject_vch ?? '', data, RENDERED_TEXT_MAX_LENGTH),
        ...(record.preview_txt?.trim()
          ? { previewText: renderTripleBraceText(record.preview_txt, data, RENDERED_TEXT_MAX_LENGTH) }
          : {}),
        html,
        text: htmlToText(html),
      });
      return { detail: languageDisplayName(record.language_vch), messageId };
    }

    if (record.notifyBy_vch === 'SMS') {
      const sender = smsSenderFor(config, db, origin);
      const { messageId } = await sender.send({
        to,
        from: config.delivery.smsFrom ?? (record.from_vch?.trim() || SMS_SHORT_CODE),
        body: renderCaret(body, data, RENDERED_TEXT_MAX_LENGTH),
      });
      return { detail: languageDisplayName(record.language_vch), messageId };
    }

    // Voice: play the live recording when there is one (the tester answers in person), else the
    // answering-machine recording, else speak the rendered text.
    const language = record.language_vch as AdhocLanguageName;
    const id = record.id_bint_adhoc_campaign;
    const kind = record.uploadLive_dt ? 'live' : record.uploadMachine_dt ? 'machine' : undefined;
    const text = renderCaret(body, data, RENDERED_TEXT_MAX_LENGTH).trim();
    const fileName = kind ? audio.fileName(id, language, kind) : undefined;
    let audioUrl: string | undefined;
    if (kind && fileName) {
      if (voiceUsesProvider(config)) {
        if (!config.delivery.publicUrl) {
          throw new Error(
            'PUBLIC_URL is not configured, so the voice provider cannot fetch the recording. Set PUBLIC_URL to the address the provider can reach.',
          );
        }
        audioUrl = await audio.createLink(db, fileName, config.delivery.publicUrl);
      } else {
        audioUrl = audioPath(kind, voiceDialerAddress(id, language));
      }
    } else if (!text) {
      throw new Error(
        `The ${languageDisplayName(language)} voice template has neither a recording nor a text to speak.`,
      );
    }
    const caller = voiceCallerFor(config, db, origin, fileName ? { fileName } : undefined);
    const { callId } = await caller.call({
      to,
      from: config.delivery.voiceFrom ?? (record.from_vch?.trim() || VOICE_CALLER_ID),
      ...(audioUrl ? { audioUrl } : {}),
      ...(text ? { text } : {}),
    });
    return {
      detail: `${languageDisplayName(language)} (${fileName ? `recording ${fileName}` : 'text to speech'})`,
      messageId: callId,
    };
  }

  return {
    /**
     * Sends one language, or every saved language ('all'), of a channel to the template's tester contact.
     * For voice the server names the library and recordings itself from its configuration; the lib, live,
     * machine and dialerAddress the console sends are informational.
     */
    async send(body: SendTestBody, who: Actor): Promise<SendTestAnswer> {
      const id = Number(body.id_bint_adhoc_campaign);
      const notifyBy = body.notifyBy_vch;
      const channel = NOTIFY_BY_LABELS[notifyBy];
      const campaign = await service.campaign(id);
      if (!campaign) throw notFound(`There is no ad hoc template ${adhocIdLabel(id)}.`);
      const saved = await service.recordsFor(id, notifyBy);
      const records =
        body.language_vch === SEND_ALL_LANGUAGES
          ? saved
          : saved.filter((r) => r.language_vch === body.language_vch);
      if (records.length === 0) {
        return answer(
          400,
          body.language_vch === SEND_ALL_LANGUAGES
            ? `${adhocIdLabel(id)} has no saved ${channel} template to send.`
            : `${adhocIdLabel(id)} has no saved ${channel} template in ${languageDisplayName(body.language_vch)}; save it first.`,
        );
      }
      const tester = testerContact(notifyBy, campaign[TESTER_FIELD[notifyBy]]);
      if ('problem' in tester) return answer(400, tester.problem);
      // A suppression list says who must not be contacted, a test included: checked as the engine checks a value
      // without a type (a number against the PHONE and SMS lists, an address against the EMAIL lists).
      const [check] = await suppressions.check([{ value: tester.to }]);
      if (check?.suppressed) {
        const lists = check.groups.map((g) => `'${g.group}' (${g.type})`).join(', ');
        await service.audit(who, 'adhoc.test.refused', id, { notifyBy, to: tester.to, groups: check.groups });
        return answer(
          400,
          `Not sent: ${tester.to} is on the active suppression list${check.groups.length > 1 ? 's' : ''} ${lists}, so nothing may be sent to it. Use another tester contact, or remove it from the list on the SUPPRESSION screen.`,
        );
      }

      const sent: string[] = [];
      const failed: string[] = [];
      for (const record of records) {
        try {
          const { detail, messageId } = await sendOne(record, tester.to, who);
          sent.push(detail);
          await service.audit(who, 'adhoc.test.send', id, {
            notifyBy,
            language: record.language_vch,
            to: tester.to,
            messageId,
          });
        } catch (err) {
          // Adapter messages never hold credentials (delivery/README.md).
          const message = errorText(err);
          failed.push(`${languageDisplayName(record.language_vch)}: ${message.replace(/\.+$/, '')}`);
          await service.audit(who, 'adhoc.test.failed', id, {
            notifyBy,
            language: record.language_vch,
            to: tester.to,
            error: message,
          });
        }
      }
      const transport = (
        notifyBy === 'EML'
          ? config.delivery.emailTransport === 'outbox'
          : (notifyBy === 'SMS' ? config.delivery.smsProvider : config.delivery.voiceProvider) === 'outbox'
      )
        ? ' (recorded in the outbox)'
        : '';
      const library = notifyBy === 'PHON' ? ` Library ${audio.library(id)}.` : '';
      if (failed.length === 0) {
        return answer(200, `Sent ${channel} test to ${tester.to}${transport}: ${sent.join(', ')}.${library}`);
      }
      const done = sent.length > 0 ? ` Sent: ${sent.join(', ')}.` : '';
      return answer(502, `${channel} test to ${tester.to} failed for ${failed.join('; ')}.${done}${library}`);
    },
  };
}
