import { Badge, Group, Select, Stack, Text, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  SMS_SEGMENT_EXPLAINED,
  SMS_SHORT_CODE,
  SMS_SHORT_CODES,
  SMS_TRIM_ALERT,
  smsCounter,
  smsSegments,
  smsSegmentsLabel,
  smsUnicodeCharacters,
  smsUnicodeReason,
  templateVariableProblems,
  textDirection,
  trimSmsBody,
} from '@psps/contracts';
import { useRef } from 'react';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { fieldLabel } from '../lib/conflict-fields.ts';
import { insertAtCursor } from '../lib/insert-at-cursor.ts';
import { lockedField } from '../lib/locked-field.ts';
import { renderForm } from '../lib/template-form.ts';
import { useDialogs } from './adhoc-dialogs.tsx';
import { ChannelLayout } from './channel-layout.tsx';
import { DataField } from './data-field.tsx';
import { LanguageColumn, SegmentBadge } from './language-column.tsx';
import { TextPreview } from './text-preview.tsx';
import { VariableWarnings } from './variable-warnings.tsx';

/** The SMS tab (doc 2 §2.5). */
/** The editor state lives with the template (hooks/use-channel-editor.ts), so it works while the tab is hidden. */
/**
 * The Body's hint. It ends with a left-to-right mark so that, in an Arabic or Farsi text area (right to left), its
 * closing '^.' stays at its end instead of being drawn before 'carets'.
 */
const SMS_BODY_PLACEHOLDER =
  'Write the text message. Variables are written between carets, e.g. ^customerName^.\u200E';

export function SmsEditor({ editor, locked }: { editor: ChannelEditorState; locked: boolean }) {
  const dialogs = useDialogs();
  const body = useRef<HTMLTextAreaElement>(null);
  const { form, update } = editor;

  /** The body is at most 1000 characters: longer input is cut, with the alert of doc 2 §5. */
  const setBody = (value: string) => {
    const { value: kept, trimmed } = trimSmsBody(value);
    update({ body: kept });
    if (trimmed) void dialogs.alert(SMS_TRIM_ALERT, 'WARNING');
  };

  const rendered = form ? renderForm(form, 'SMS') : null;
  const sent = rendered && 'ok' in rendered ? rendered.text : (form?.body ?? '');
  const segments = smsSegments(sent);

  return (
    <ChannelLayout
      editor={editor}
      left={
        <LanguageColumn
          editor={editor}
          onInsertVariable={(token) =>
            form && insertAtCursor(body.current, form.body, token, (value) => setBody(value))
          }
          badge={(language) => {
            if (language.name === editor.language && form) {
              return segments.segments > 0 ? <SegmentBadge segments={segments.segments} /> : null;
            }
            const record = editor.records.data?.find((row) => row.language_vch === language.name);
            if (!record) return null;
            const count = smsSegments(record.renderMB_txt ?? record.templatePGE_txt ?? '').segments;
            return count > 0 ? <SegmentBadge segments={count} /> : null;
          }}
        />
      }
      middle={
        form && (
          <Stack gap="sm">
            <Select
              label={fieldLabel('SMS', 'from')}
              data={[...SMS_SHORT_CODES]}
              value={form.from ?? SMS_SHORT_CODE}
              onChange={(value) => update({ from: value ?? SMS_SHORT_CODE })}
              allowDeselect={false}
              w={200}
              {...lockedField(locked)}
              data-testid="sms-short-code"
            />
            <Textarea
              ref={body}
              label={fieldLabel('SMS', 'body')}
              // The counter is the field's description, between the label and the text area as document 2 §2.5
              // lists them, so it is read with the field when the focus arrives (Mantine replaces a given
              // aria-describedby), as '120/1000 characters'. Not a live region: it is not said at each keystroke.
              description={
                <>
                  <Text
                    span
                    inherit
                    c={form.body.length >= 1000 ? 'red' : undefined}
                    data-testid="sms-counter"
                  >
                    {smsCounter(form.body)}
                  </Text>{' '}
                  <VisuallyHidden>characters</VisuallyHidden>
                </>
              }
              value={form.body}
              onChange={(event) => setBody(event.currentTarget.value)}
              onPaste={(event) => {
                // Text pasted from tools that write accents as combining marks (NFD: macOS names, some PDFs) is
                // composed (NFC), as typed text is: 'Año' pasted that way was 4 characters and needed UCS-2 (70 a
                // segment, not 160) because of its combining tilde, and some phones draw such marks apart. Typed
                // text is left alone: composing it under an input method that retypes its own text would garble it.
                const pasted = event.clipboardData.getData('text/plain');
                const composed = pasted.normalize('NFC');
                if (composed === pasted) return;
                event.preventDefault();
                insertAtCursor(body.current, form.body, composed.replace(/\r\n?/g, '\n'), setBody);
              }}
              autosize
              minRows={12}
              maxRows={30}
              placeholder={SMS_BODY_PLACEHOLDER}
              {...lockedField(locked)}
              data-testid="sms-body"
              dir={textDirection(form.language)}
            />
            <SmsCost
              encoding={segments.encoding}
              segments={segments.segments}
              unicode={smsUnicodeCharacters(sent)}
            />
            <VariableWarnings
              problems={templateVariableProblems({ body: form.body }, 'SMS')}
              notifyBy="SMS"
            />
          </Stack>
        )
      }
      right={
        form && (
          <Stack gap="sm">
            <TextPreview rendered={rendered} language={form.language} minHeight={160} testId="sms-preview" />
            <DataField value={form.data} update={update} locked={locked} />
          </Stack>
        )
      }
    />
  );
}

/** The encoding and the number of SMS segments the rendered body costs, per recipient. */
function SmsCost({
  encoding,
  segments,
  unicode,
}: {
  encoding: string;
  segments: number;
  unicode: readonly string[];
}) {
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Badge variant="light" color={encoding === 'GSM-7' ? 'gray' : 'yellow'} data-testid="sms-encoding">
          {encoding}
        </Badge>
        <Tooltip label={SMS_SEGMENT_EXPLAINED} multiline w={300} openDelay={300}>
          <Badge variant="light" color={segments > 1 ? 'yellow' : 'gray'} data-testid="sms-segments">
            {smsSegmentsLabel(segments)}
          </Badge>
        </Tooltip>
        <Text size="xs" c="dimmed">
          per message, rendered with the preview data
        </Text>
      </Group>
      {unicode.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="sms-unicode-because">
          {smsUnicodeReason(unicode)}
        </Text>
      )}
    </Stack>
  );
}
