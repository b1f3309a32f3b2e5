import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdhocLanguage,
  type AdhocLanguageName,
  audioFileName,
  confirmDeleteText,
  confirmSendAllText,
  confirmSendOneText,
  DEFAULT_ADHOC_LANGUAGE,
  findLanguage,
  languageDisplayName,
  languagesFor,
  libraryCode,
  NOTIFY_BY_LABELS,
  SEED_CALL_ERROR,
  SEND_ALL_LANGUAGES,
  type SendTestBody,
  SMS_SEGMENT_EXPLAINED,
  sendAllLabel,
  sendOneLabel,
  smsSegmentsLabel,
  voiceDialerAddress,
} from '@psps/contracts';
import { IconChevronRight, IconSend, IconTrash } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { pressFailure } from '@/lib/api.ts';
import { usePublicConfig } from '@/lib/config.ts';
import { useLatestCallback } from '@/lib/latest-callback.ts';
import { useRovingFocus } from '@/lib/roving-focus.ts';
import { useSendTest } from '../api/sends.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { useDialogs } from './adhoc-dialogs.tsx';
import { type TesterHandle, TesterInput } from './tester-input.tsx';
import { VariableList } from './variable-list.tsx';

/** The left column every channel editor shares (doc 2 §2.3). */
export function LanguageColumn({
  editor,
  onInsertVariable,
  badge,
}: {
  editor: ChannelEditorState;
  onInsertVariable: (token: string) => void;
  /** A small note per language (the SMS tab shows its segment count). */
  badge?: (language: AdhocLanguage) => ReactNode;
}) {
  const dialogs = useDialogs();
  const tester = useRef<TesterHandle>(null);
  const insertVariable = useLatestCallback(onInsertVariable);
  const { notifyBy, language, savedLanguages, locked } = editor;
  const languages = languagesFor(notifyBy);
  // One Tab stop: Tab enters at the chosen language, the arrow keys move, Enter or Space chooses.
  const roving = useRovingFocus(
    languages.length,
    languages.findIndex((item) => item.name === language),
  );

  const removeLanguage = async (name: AdhocLanguageName) => {
    if (!(await dialogs.confirmDelete(confirmDeleteText(editor.id, name)))) return;
    // The pressed trash icon goes with the language: the focus goes to the language now chosen (English), the
    // list's Tab stop, instead of falling to the top of the page. A failed delete leaves it on the icon.
    if (await editor.removeLanguage(name)) {
      roving.focus(languages.findIndex((item) => item.name === DEFAULT_ADHOC_LANGUAGE));
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="xs" radius="md">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6} mb={4}>
          Languages ({languages.length})
        </Text>
        <Stack gap={1} data-testid={`languages-${notifyBy}`} aria-label="Languages" {...roving.toolbarProps}>
          {languages.map((item, index) => {
            const current = item.name === language;
            const saved = savedLanguages.has(item.name);
            return (
              <Group
                key={item.name}
                gap={4}
                wrap="nowrap"
                bg={current ? 'orange.0' : undefined}
                style={{ borderRadius: 4 }}
              >
                <UnstyledButton
                  {...roving.itemProps(index)}
                  onClick={() => editor.selectLanguage(item.name)}
                  aria-current={current ? 'true' : undefined}
                  data-testid={`language-${notifyBy}-${item.name}`}
                  px={6}
                  py={3}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconChevronRight
                      size={14}
                      style={{ visibility: current ? 'visible' : 'hidden', flex: 'none' }}
                      aria-hidden
                    />
                    <Text
                      size="sm"
                      fw={current ? 700 : saved ? 500 : 400}
                      c={saved ? undefined : 'dimmed'}
                      truncate
                    >
                      {item.displayName}
                    </Text>
                    {editor.conflictLanguages.has(item.name) ? (
                      <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
                        Conflict
                      </Badge>
                    ) : (
                      editor.unsavedLanguages.has(item.name) && (
                        <Badge size="xs" color="orange" variant="light" style={{ flex: 'none' }}>
                          Unsaved
                        </Badge>
                      )
                    )}
                    {badge?.(item)}
                  </Group>
                </UnstyledButton>
                {saved && (
                  <Tooltip label={`Delete the ${item.displayName} template`}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${item.displayName}`}
                      tabIndex={roving.itemProps(index).tabIndex}
                      disabled={locked}
                      onClick={() => void removeLanguage(item.name)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      </Card>
      <TesterInput ref={tester} campaign={editor.campaign} notifyBy={notifyBy} locked={locked} />
      <SendButtons editor={editor} tester={tester} />
      <VariableList notifyBy={notifyBy} onInsert={insertVariable} disabled={locked} />
    </Stack>
  );
}

function SendButtons({
  editor,
  tester,
}: {
  editor: ChannelEditorState;
  tester: RefObject<TesterHandle | null>;
}) {
  const dialogs = useDialogs();
  const send = useSendTest(editor.id);
  const { libraryYearPrefix } = usePublicConfig();
  const { notifyBy, language, savedLanguages, form } = editor;
  const count = savedLanguages.size;
  const channel = NOTIFY_BY_LABELS[notifyBy];

  const run = async (body: SendTestBody, what: string) => {
    const saved = await editor.autosave.flush();
    if (!saved) {
      await dialogs.alert(
        'The latest edits are not saved yet, so the test was not sent. Try again in a moment.',
      );
      return;
    }
    try {
      const answer = await send.mutateAsync(body);
      if (answer.status === 200) {
        notifications.show({
          message: answer.message.ERRORMESSAGE || `Test ${channel} sent: ${what}.`,
        });
        return;
      }
      await failed(answer.message.ERRORMESSAGE);
    } catch (error) {
      await failed(pressFailure(error));
    }
  };

  const failed = (message: string) =>
    notifyBy === 'PHON'
      ? dialogs.alert(message, SEED_CALL_ERROR)
      : dialogs.alert(message, `ERROR: Unable to send the test ${channel}`);

  const sendOne = async () => {
    // Nothing to send to: said under the field at once, rather than after the confirmation.
    if (tester.current?.check() === false) return;
    if (!(await dialogs.confirm(confirmSendOneText(language), { confirmLabel: 'Send' }))) return;
    const body: SendTestBody = {
      id_bint_adhoc_campaign: editor.id,
      language_vch: language,
      notifyBy_vch: notifyBy,
    };
    if (notifyBy === 'PHON' && form) {
      const lib = libraryCode(editor.id, libraryYearPrefix);
      const languageId = findLanguage(language)?.id ?? 1;
      Object.assign(body, {
        lib,
        live: form.uploadLive ? audioFileName(languageId, lib, 'live') : null,
        machine: form.uploadMachine ? audioFileName(languageId, lib, 'machine') : null,
        dialerAddress: form.dialerAddress ?? voiceDialerAddress(editor.id, language),
      });
    }
    await run(body, languageDisplayName(language));
  };

  const sendAll = async () => {
    if (tester.current?.check() === false) return;
    if (!(await dialogs.confirm(confirmSendAllText(count, notifyBy), { confirmLabel: 'Send' }))) return;
    await run(
      { id_bint_adhoc_campaign: editor.id, language_vch: SEND_ALL_LANGUAGES, notifyBy_vch: notifyBy },
      `${count} languages`,
    );
  };

  // A test sends saved text: with none for this language, the disabled button says why beneath it.
  const nothingSaved = !savedLanguages.has(language) && !editor.autosave.hasUnsaved;
  return (
    <Stack gap={6}>
      <BusyButton
        leftSection={<IconSend size={16} />}
        variant="light"
        onClick={() => sendOne()}
        disabled={nothingSaved}
        busy={send.isPending}
        data-testid={`send-one-${notifyBy}`}
      >
        {sendOneLabel(language)}
      </BusyButton>
      <BusyButton
        leftSection={<IconSend size={16} />}
        variant="default"
        onClick={() => sendAll()}
        disabled={count === 0}
        busy={send.isPending}
        data-testid={`send-all-${notifyBy}`}
      >
        {sendAllLabel(count)}
      </BusyButton>
      {nothingSaved && (
        <Text size="xs" c="dimmed" data-testid={`send-hint-${notifyBy}`}>
          {nothingToSendText(language)}
        </Text>
      )}
    </Stack>
  );
}

/** Under the disabled send buttons: why a test cannot be sent yet. */
export const nothingToSendText = (language: AdhocLanguageName) =>
  `Nothing is saved for ${languageDisplayName(language)} yet: a test sends what is saved.`;

/** How many SMS segments a language's text is sent as (not a count of messages saved), explained on hover. */
export function SegmentBadge({ segments }: { segments: number }) {
  return (
    <Tooltip label={SMS_SEGMENT_EXPLAINED} multiline w={300} openDelay={300}>
      <Badge
        size="xs"
        variant="light"
        color={segments > 1 ? 'yellow' : 'gray'}
        ml="auto"
        style={{ flex: 'none' }}
        data-testid="language-segments"
      >
        {smsSegmentsLabel(segments)}
      </Badge>
    </Tooltip>
  );
}
