import { Badge, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdhocCampaign,
  type AdhocLanguageName,
  AUDIO_TOO_LARGE_TEXT,
  type AudioKind,
  audioFileName,
  findLanguage,
  formatDateTime,
  isWavFile,
  languageDisplayName,
  libraryCode,
  MAX_AUDIO_BYTES,
  NO_FILE_SELECTED_ALERT,
  TOASTS,
  templateVariableProblems,
  textDirection,
  VOICE_CALLER_ID_OPTIONS,
  VOICE_REPLAY_DIGIT_OPTIONS,
  VOICE_RETRIES_OPTIONS,
  type VoiceOption,
  voiceDialerAddress,
  WAV_ONLY_ALERT,
} from '@psps/contracts';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { usePublicConfig } from '@/lib/config.ts';
import { uploadAudio, useAudioUrl } from '../api/audio.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { fieldLabel } from '../lib/conflict-fields.ts';
import { insertAtCursor } from '../lib/insert-at-cursor.ts';
import { lockedField } from '../lib/locked-field.ts';
import { renderForm } from '../lib/template-form.ts';
import { useDialogs } from './adhoc-dialogs.tsx';
import { ChannelLayout } from './channel-layout.tsx';
import { DataField } from './data-field.tsx';
import { LanguageColumn } from './language-column.tsx';
import { TextPreview } from './text-preview.tsx';
import { VariableWarnings } from './variable-warnings.tsx';
import classes from './voice-editor.module.css';

const NONE = 'none';

/** A Select over contracts' voice options, whose 'none' is null. */
function OptionSelect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
  locked,
}: {
  label: string;
  options: readonly VoiceOption<T | null>[];
  value: T | null;
  onChange: (value: T | null) => void;
  testId: string;
  locked: boolean;
}) {
  return (
    <Select
      label={label}
      data={options.map((option) => ({
        value: option.value === null ? NONE : String(option.value),
        label: option.label,
      }))}
      value={value === null ? NONE : String(value)}
      onChange={(picked) => {
        const option = options.find((candidate) => String(candidate.value ?? NONE) === picked);
        onChange(option ? option.value : null);
      }}
      allowDeselect={false}
      {...lockedField(locked)}
      data-testid={testId}
    />
  );
}

/** The voice tab (doc 2 §2.4). */
/** The editor state lives with the template (hooks/use-channel-editor.ts), so it works while the tab is hidden. */
export function VoiceEditor({
  editor,
  campaign,
  locked,
}: {
  editor: ChannelEditorState;
  campaign: AdhocCampaign;
  locked: boolean;
}) {
  const { form, update } = editor;
  const body = useRef<HTMLTextAreaElement>(null);
  const rendered = form ? renderForm(form, 'PHON') : null;
  const dialerAddress = form?.dialerAddress ?? voiceDialerAddress(campaign.id_bint, editor.language);

  return (
    <ChannelLayout
      editor={editor}
      left={
        <LanguageColumn
          editor={editor}
          onInsertVariable={(token) =>
            form && insertAtCursor(body.current, form.body, token, (value) => update({ body: value }))
          }
        />
      }
      middle={
        form && (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AudioUpload
                kind="live"
                title="Live answer recording"
                campaignId={campaign.id_bint}
                language={editor.language}
                dialerAddress={dialerAddress}
                uploaded={form.uploadLive}
                disabled={locked}
                onUploaded={(language, at) => editor.applyUpload(language, { uploadLive: at })}
              />
              <AudioUpload
                kind="machine"
                title="Answering machine recording"
                campaignId={campaign.id_bint}
                language={editor.language}
                dialerAddress={dialerAddress}
                uploaded={form.uploadMachine}
                disabled={locked}
                onUploaded={(language, at) => editor.applyUpload(language, { uploadMachine: at })}
              />
            </SimpleGrid>
            {/* Three columns only from sm: an inline column template kept them side by side at 320 px too, Retries
                and Replay digit 48 px wide with their values hidden. */}
            <div className={classes.choices}>
              <OptionSelect
                label={fieldLabel('PHON', 'from')}
                options={VOICE_CALLER_ID_OPTIONS}
                value={form.from}
                onChange={(from) => update({ from })}
                testId="voice-caller-id"
                locked={locked}
              />
              <OptionSelect
                label={fieldLabel('PHON', 'retries')}
                options={VOICE_RETRIES_OPTIONS}
                value={form.retries}
                onChange={(retries) => update({ retries })}
                testId="voice-retries"
                locked={locked}
              />
              <OptionSelect
                label={fieldLabel('PHON', 'replayDigit')}
                options={VOICE_REPLAY_DIGIT_OPTIONS}
                value={form.replayDigit}
                onChange={(replayDigit) => update({ replayDigit })}
                testId="voice-replay-digit"
                locked={locked}
              />
            </div>
            <Textarea
              ref={body}
              label={fieldLabel('PHON', 'body')}
              description="Spoken when no recording is uploaded. Variables are written between carets, e.g. ^customerName^."
              value={form.body}
              onChange={(event) => update({ body: event.currentTarget.value })}
              autosize
              minRows={8}
              maxRows={24}
              {...lockedField(locked)}
              data-testid="voice-body"
              dir={textDirection(form.language)}
            />
            <VariableWarnings
              problems={templateVariableProblems({ body: form.body }, 'PHON')}
              notifyBy="PHON"
            />
          </Stack>
        )
      }
      right={
        form && (
          <Stack gap="sm">
            <TextPreview rendered={rendered} language={form.language} minHeight={120} testId="voice-preview">
              <Text size="xs" c="dimmed" mt="sm" dir="ltr">
                {form.uploadLive
                  ? 'A person who answers hears the live recording.'
                  : 'No live recording: the text is spoken.'}{' '}
                {form.uploadMachine
                  ? 'Voicemail gets the machine recording.'
                  : 'No machine recording: the text is left as voicemail.'}
                {form.replayDigit !== null && ` Pressing ${form.replayDigit} replays the message.`}
                {form.retries !== null &&
                  ` Unanswered calls are retried ${form.retries} time${form.retries === 1 ? '' : 's'}.`}
              </Text>
            </TextPreview>
            <DataField value={form.data} update={update} locked={locked} />
          </Stack>
        )
      }
    />
  );
}

function AudioUpload({
  kind,
  title,
  campaignId,
  language,
  dialerAddress,
  uploaded,
  disabled,
  onUploaded,
}: {
  kind: AudioKind;
  title: string;
  campaignId: number;
  language: AdhocLanguageName;
  dialerAddress: string;
  uploaded: string | null;
  disabled: boolean;
  /** The language the file was chosen for, which may no longer be the one on screen when the upload ends. */
  onUploaded: (language: AdhocLanguageName, uploadedAt: string) => void;
}) {
  const dialogs = useDialogs();
  const { libraryYearPrefix } = usePublicConfig();
  const input = useRef<HTMLInputElement>(null);
  /** The language whose file is on its way: the card of another language chosen meanwhile is not busy. */
  const [busyFor, setBusyFor] = useState<AdhocLanguageName | null>(null);
  const audio = useAudioUrl(kind, uploaded ? dialerAddress : null, uploaded);

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) {
      await dialogs.alert(NO_FILE_SELECTED_ALERT, 'WARNING');
      return;
    }
    if (!isWavFile(file)) {
      await dialogs.alert(WAV_ONLY_ALERT, 'WAV files only');
      return;
    }
    // Said before minutes of sending a file the server would refuse at its end.
    if (file.size > MAX_AUDIO_BYTES) {
      await dialogs.alert(`${AUDIO_TOO_LARGE_TEXT} Nothing has changed.`, 'Recording too large');
      return;
    }
    setBusyFor(language);
    try {
      const lib = libraryCode(campaignId, libraryYearPrefix);
      const name = audioFileName(findLanguage(language)?.id ?? 1, lib, kind);
      const answer = await uploadAudio(kind, dialerAddress, file, name);
      onUploaded(language, answer.uploaded_dt);
      notifications.show({ message: TOASTS.uploadComplete });
    } catch (error) {
      // Named, since the operator may have moved on to another language while the file was on its way.
      await dialogs.alert(
        error instanceof Error ? error.message : String(error),
        `Upload failed: ${title}, ${languageDisplayName(language)}`,
      );
    } finally {
      setBusyFor(null);
    }
  };

  // Closing the file chooser without a file is "no file selected" too.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const cancel = () => void dialogs.alert(NO_FILE_SELECTED_ALERT, 'WARNING');
    element.addEventListener('cancel', cancel);
    return () => element.removeEventListener('cancel', cancel);
  }, [dialogs]);

  return (
    <Card withBorder padding="sm" radius="md" data-testid={`audio-${kind}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {/* Never squeezed to 'N…' by a title wrapping beside it in a narrow card (1024 px). */}
        <Badge
          variant="light"
          color={uploaded ? 'teal' : 'gray'}
          style={{ flexShrink: 0 }}
          data-testid={`audio-status-${kind}`}
        >
          {uploaded ? 'Uploaded' : 'None'}
        </Badge>
      </Group>
      {uploaded && (
        <Text size="xs" c="dimmed" mb={6}>
          Uploaded {formatDateTime(uploaded)}
        </Text>
      )}
      {uploaded &&
        (audio.data ? (
          // biome-ignore lint/a11y/useMediaCaption: an operator's own recording; there is no caption track
          <audio
            controls
            src={audio.data}
            style={{ width: '100%', height: 36 }}
            data-testid={`audio-player-${kind}`}
          />
        ) : audio.isPending ? (
          <Loader size="xs" />
        ) : (
          <Text size="xs" c="red">
            The recording could not be loaded.
          </Text>
        ))}
      <input
        ref={input}
        type="file"
        accept="audio/wav,.wav"
        hidden
        onChange={(event) => void choose(event.currentTarget.files)}
        data-testid={`audio-input-${kind}`}
      />
      <BusyButton
        mt="xs"
        size="xs"
        variant="light"
        leftSection={<IconUpload size={14} />}
        onClick={() => input.current?.click()}
        busy={busyFor === language}
        disabled={disabled}
        fullWidth
        // Each recording has its button: named with the recording, the two are told apart without their cards.
        aria-label={`${uploaded ? 'Replace WAV file' : 'Upload WAV file'}: ${title}`}
      >
        {uploaded ? 'Replace WAV file' : 'Upload WAV file'}
      </BusyButton>
    </Card>
  );
}
