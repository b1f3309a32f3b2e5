import type { AdhocLanguageName, NotifyBy, TemplateInsertUpdate } from '@psps/contracts';
import { formatTemplateData, sampleData } from '@psps/contracts';
import type { Actor } from '../audit/log.ts';
import type { DemoSeeder } from '../demo/seed.ts';
import { adhocService } from './service.ts';

const DEMO_ACTOR: Actor = { userId: null, actor: 'demo-seed' };

type Texts = { sms: string; voice: string; subject: string; email: string };

/** Messages in each demo language: the same PSPS notice, written as an operator would. */
const TEXTS: Partial<Record<AdhocLanguageName, Texts>> = {
  english: {
    sms: 'PSPS ALERT: ^customerName^, to reduce wildfire risk power may be shut off at ^address^ starting ^shutOffStartDateTime^. Est. restoration ^etorDateTime^. Reply STOP to opt out.',
    voice:
      'This is an important safety message for ^customerName^. Due to forecasted high winds and dry conditions, power may be shut off at ^address^ beginning ^shutOffStartDateTime^. We expect to restore power by ^etorDateTime^.',
    subject: 'Public Safety Power Shutoff notice for {{{address}}}',
    email:
      '<p>Dear {{{customerName}}},</p><p>Due to forecasted high winds and dry conditions, we may turn off power at <strong>{{{address}}}</strong> beginning <strong>{{{shutOffStartDateTime}}}</strong> to reduce the risk of wildfire.</p><p>Estimated restoration: {{{etorDateTime}}}.</p><p>{{{adhoc1}}}</p>',
  },
  spanish: {
    sms: 'ALERTA PSPS: ^customerName^, para reducir el riesgo de incendios podríamos cortar la electricidad en ^address^ a partir del ^shutOffStartDateTime^. Responda STOP para cancelar.',
    voice:
      'Este es un mensaje de seguridad importante para ^customerName^. Debido a fuertes vientos, podríamos cortar la electricidad en ^address^ a partir del ^shutOffStartDateTime^.',
    subject: 'Aviso de corte preventivo de electricidad para {{{address}}}',
    email:
      '<p>Estimado(a) {{{customerName}}}:</p><p>Debido a fuertes vientos y condiciones secas, podríamos cortar la electricidad en <strong>{{{address}}}</strong> a partir del <strong>{{{shutOffStartDateTime}}}</strong>.</p>',
  },
  'chinese-mandarin': {
    sms: '公共安全停电警报：^customerName^，为降低山火风险，^address^ 可能自 ^shutOffStartDateTime^ 起停电。回复 STOP 退订。',
    voice:
      '这是给 ^customerName^ 的重要安全信息。由于大风天气，^address^ 可能自 ^shutOffStartDateTime^ 起停电。',
    subject: '{{{address}}} 公共安全停电通知',
    email:
      '<p>尊敬的 {{{customerName}}}：</p><p>由于预报有大风和干燥天气，<strong>{{{address}}}</strong> 可能自 <strong>{{{shutOffStartDateTime}}}</strong> 起停电，以降低山火风险。</p>',
  },
  vietnamese: {
    sms: 'CẢNH BÁO PSPS: ^customerName^, điện tại ^address^ có thể bị cắt từ ^shutOffStartDateTime^ để giảm nguy cơ cháy rừng. Trả lời STOP để hủy.',
    voice:
      'Đây là thông báo an toàn quan trọng cho ^customerName^. Điện tại ^address^ có thể bị cắt từ ^shutOffStartDateTime^.',
    subject: 'Thông báo cắt điện an toàn công cộng cho {{{address}}}',
    email:
      '<p>Kính gửi {{{customerName}}},</p><p>Điện tại <strong>{{{address}}}</strong> có thể bị cắt từ <strong>{{{shutOffStartDateTime}}}</strong> để giảm nguy cơ cháy rừng.</p>',
  },
};

function record(
  notifyBy: NotifyBy,
  language: AdhocLanguageName,
  id: number,
  emailFrom: string,
): TemplateInsertUpdate {
  const texts = TEXTS[language]!;
  const data = formatTemplateData(sampleData(language, notifyBy));
  const base = {
    id_bint_adhoc_campaign: id,
    notifyBy_vch: notifyBy,
    language_vch: language,
    dataMB_txt: data,
  };
  if (notifyBy === 'SMS') return { ...base, templatePGE_txt: texts.sms, from_vch: '97633' };
  if (notifyBy === 'PHON') {
    return {
      ...base,
      templatePGE_txt: texts.voice,
      retries_bint: 2,
      replayDigit_chr: '9',
      from_vch: '8005550199',
    };
  }
  return {
    ...base,
    templatePGE_txt: texts.email,
    subject_vch: texts.subject,
    preview_txt: 'Power may be turned off to reduce wildfire risk.',
    from_vch: emailFrom,
    fromDisplayName_vch: 'PSPS Notifications',
  };
}

/**
 * Ad hoc demo templates (DESIGN §6): a draft still being written, a complete template in four languages
 * that is published, one that the messaging engine has launched (so the lock shows), and an SMS-only
 * draft. Seeds only when there is no ad hoc template at all.
 */
export const seedAdhocDemo: DemoSeeder = async (ctx, log) => {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM adhoc_campaigns');
  if ((rows[0]?.n ?? 0) > 0) return undefined;
  const service = adhocService(ctx.db, { emailFrom: ctx.config.delivery.emailFrom });

  const add = async (
    name: string,
    channels: NotifyBy[],
    languages: AdhocLanguageName[],
    testers: { phone?: string; sms?: string; email?: string } = {},
  ) => {
    const { id_bint: id } = await service.create(name, DEMO_ACTOR);
    for (const notifyBy of channels) {
      for (const language of languages) {
        await service.saveLanguage(record(notifyBy, language, id, ctx.config.delivery.emailFrom), DEMO_ACTOR);
      }
    }
    if (testers.phone) await service.setTester(id, 'testerPhon_vch', testers.phone, DEMO_ACTOR);
    if (testers.sms) await service.setTester(id, 'testerSms_vch', testers.sms, DEMO_ACTOR);
    if (testers.email) await service.setTester(id, 'testerEmail_vch', testers.email, DEMO_ACTOR);
    return id;
  };
  const testers = { phone: '+14155550123', sms: '+14155550123', email: 'tester@example.com' };

  const launched = await add(
    'North Bay wind event: initial notice',
    ['PHON', 'SMS', 'EML'],
    ['english', 'spanish'],
    testers,
  );
  await service.publish(launched, DEMO_ACTOR);
  await service.markLaunched(launched, { userId: null, actor: 'api-key:demo-messaging-engine' });

  const published = await add(
    'Sierra foothills: 48-hour advance notice',
    ['PHON', 'SMS', 'EML'],
    ['english', 'spanish', 'chinese-mandarin', 'vietnamese'],
    testers,
  );
  await service.publish(published, DEMO_ACTOR);

  await add('Central Coast: power restored', ['SMS'], ['english', 'spanish'], { sms: testers.sms });
  // A draft in progress: e-mail and SMS in English, Spanish SMS still missing from e-mail.
  await add('Bay Area: event cancelled (draft)', ['SMS', 'EML'], ['english'], testers);
  const draft = (await service.list())[0]!.id_bint;
  await service.saveLanguage(record('SMS', 'spanish', draft, ctx.config.delivery.emailFrom), DEMO_ACTOR);

  log.info('demo: ad hoc templates seeded');
  return undefined;
};
