import { Alert, Group, Loader, Text, Title } from '@mantine/core';
import {
  CHANNEL_COLUMN_WIDTHS_PX,
  findLanguage,
  languageDisplayName,
  NOTIFY_BY_LABELS,
} from '@psps/contracts';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import classes from './channel-layout.module.css';
import { ConflictPanel } from './conflict-panel.tsx';
import { SaveError, SaveIndicator } from './save-indicator.tsx';

const COLUMN_WIDTHS = {
  '--left-width': `${CHANNEL_COLUMN_WIDTHS_PX.left}px`,
  '--right-width': `${CHANNEL_COLUMN_WIDTHS_PX.right}px`,
} as CSSProperties;

/** The three columns of a channel tab: languages and tools, the editor, the preview. */
export function ChannelLayout({
  editor,
  left,
  middle,
  right,
}: {
  editor: ChannelEditorState;
  left: ReactNode;
  middle: ReactNode;
  right: ReactNode;
}) {
  const language = findLanguage(editor.language);
  // A panel closed by its own button (a conflict settled, the restored-edits note dismissed) takes the focused
  // button with it: the focus goes to this heading ('SMS · English'), not to the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  return (
    <div className={classes.wrap}>
      <div className={classes.columns} style={COLUMN_WIDTHS}>
        <div className={classes.left}>{left}</div>
        <div className={classes.middle}>
          <Group justify="space-between" mb="sm" gap="xs">
            <Title
              order={3}
              size="h4"
              ref={heading}
              tabIndex={-1}
              data-testid={`channel-heading-${editor.notifyBy}`}
            >
              {NOTIFY_BY_LABELS[editor.notifyBy]} · {language?.displayName}
              {/* Said once the language is loaded: before, it would be a guess. */}
              {editor.form && !editor.savedLanguages.has(editor.language) && (
                <Text span c="dimmed" size="sm" fw={400}>
                  {' '}
                  (new)
                </Text>
              )}
            </Title>
            {/* Whether the server holds the text ('Saved', 'Nothing saved yet') is known once it is loaded. */}
            {editor.form && (
              <SaveIndicator
                autosave={editor.autosave}
                label={editor.notifyBy}
                name={`${NOTIFY_BY_LABELS[editor.notifyBy]} · ${language?.displayName ?? editor.language}`}
                of={
                  editor.autosave.statusKey && editor.autosave.statusKey !== editor.language
                    ? languageDisplayName(editor.autosave.statusKey)
                    : undefined
                }
                nothingStored={!editor.savedLanguages.has(editor.language)}
              />
            )}
          </Group>
          <SaveError
            autosave={editor.autosave}
            title="Not saved"
            testId={`save-error-${editor.notifyBy}`}
            mb="sm"
          />
          <ConflictPanel editor={editor} onSettled={focusHeading} />
          {editor.restoredDraft && !editor.conflict && (
            <Alert
              color="blue"
              mb="sm"
              withCloseButton
              onClose={() => {
                editor.dismissRestored();
                focusHeading();
              }}
            >
              Unsaved edits from this browser were restored and are being saved.
            </Alert>
          )}
          {/* Not a disabled fieldset: a launched template's texts stay readable and reachable (lib/locked-field.ts). */}
          <fieldset className={classes.plain}>
            {/* A chosen language loads from the server (after the language left is saved): say so meanwhile. */}
            {editor.form ? (
              middle
            ) : (
              <Group gap="xs" c="dimmed" data-testid={`language-loading-${editor.notifyBy}`}>
                <Loader size="xs" />
                <Text size="sm">Loading {language?.displayName}…</Text>
              </Group>
            )}
          </fieldset>
        </div>
        <div className={classes.right}>{right}</div>
      </div>
    </div>
  );
}

export const plainFieldset = classes.plain;
