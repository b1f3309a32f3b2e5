import '@mantine/tiptap/styles.css';
import { Alert, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import {
  doubleBraceWarningMessage,
  EMAIL_BODY_HEIGHT_PX,
  EMAIL_DISPLAY_NAME_MAX_LENGTH,
  EMAIL_FROM_PLACEHOLDER,
  EMAIL_PREVIEW_ROWS,
  EMAIL_SUBJECT_MAX_LENGTH,
  EMAIL_TEMPLATE_WARNING_TITLE,
  findDoubleBraces,
  templateVariableProblems,
  textDirection,
  tooLongText,
} from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import Link from '@tiptap/extension-link';
import { ListItem } from '@tiptap/extension-list';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { Extension, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { usePublicConfig } from '@/lib/config.ts';
import { useLatestCallback } from '@/lib/latest-callback.ts';
import { useRovingToolbar } from '@/lib/roving-toolbar.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { fieldLabel } from '../lib/conflict-fields.ts';
import { emailDocument } from '../lib/email-document.ts';
import { insertAtCursor } from '../lib/insert-at-cursor.ts';
import { lockedField } from '../lib/locked-field.ts';
import { renderForm } from '../lib/template-form.ts';
import { ChannelLayout } from './channel-layout.tsx';
import { DataField } from './data-field.tsx';
import { LanguageColumn } from './language-column.tsx';
import { VariableWarnings } from './variable-warnings.tsx';

/**
 * A list item without the Tab and Shift+Tab of tiptap's: those indented and outdented the item, so Tab pressed to
 * leave the body from a list changed the e-mail (a second item was nested; Shift+Tab turned an item into a
 * paragraph) and kept the focus. Tab and Shift+Tab now always move on, as in every other field; Ctrl+] and Ctrl+[
 * (Cmd on a Mac) indent and outdent, as the body's description says.
 */
const ListItemTabLeaves = ListItem.extend({
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.splitListItem(this.name),
      'Mod-]': () => this.editor.commands.sinkListItem(this.name),
      'Mod-[': () => this.editor.commands.liftListItem(this.name),
    };
  },
});

/**
 * The editor reads the browser's selection when the browser says it changed, but only while it has the focus. A
 * selection made just before the focus left (Shift+Arrow then Shift+Tab on a busy browser, which handles keys
 * before its selection events) was never read: Bold on the toolbar then made bold what the editor last knew
 * ('Pow' of 'Power', or nothing). As the focus leaves, the editor takes the selection the operator sees.
 */
const SelectionKeptOnBlur = Extension.create({
  name: 'selectionKeptOnBlur',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('selectionKeptOnBlur'),
        props: {
          handleDOMEvents: {
            blur: (view) => {
              const seen = view.dom.ownerDocument.getSelection();
              if (!seen?.anchorNode || !seen.focusNode) return false;
              if (!view.dom.contains(seen.anchorNode) || !view.dom.contains(seen.focusNode)) return false;
              const { doc, selection } = view.state;
              const anchor = view.posAtDOM(seen.anchorNode, seen.anchorOffset);
              const head = view.posAtDOM(seen.focusNode, seen.focusOffset);
              if (anchor === selection.anchor && head === selection.head) return false;
              const kept = TextSelection.between(doc.resolve(anchor), doc.resolve(head));
              view.dispatch(view.state.tr.setSelection(kept).setMeta('addToHistory', false));
              return false;
            },
          },
        },
      }),
    ];
  },
});

/** What the body's description says of the keyboard (Tab leaves it; lists are indented otherwise). */
export const EMAIL_BODY_KEYS_HINT =
  'Tab moves on to the next field. In a list, Ctrl+] indents an item and Ctrl+[ outdents it.';

/** The toolbar's name, said as the keyboard enters it. */
export const EMAIL_TOOLBAR_LABEL = 'Formatting';

/** The ring of the rich text editor while its text has the focus (like a button's focus outline). */
const BODY_FOCUS_RING = {
  outline: '2px solid var(--mantine-primary-color-filled)',
  outlineOffset: 2,
} as const;

/** The e-mail tab (doc 2 §2.6). */
/** The editor state lives with the template (hooks/use-channel-editor.ts), so it works while the tab is hidden. */
export function EmailEditor({ editor, locked }: { editor: ChannelEditorState; locked: boolean }) {
  const { emailFromAddress } = usePublicConfig();
  const { form, revision, update, rebase, restoredDraft } = editor;
  const focused = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  // The rich editor keeps the options it was made with: its edits reach the latest `update`.
  const updateBody = useLatestCallback(update);
  const lockedRef = useRef(locked);
  lockedRef.current = locked;

  const bodyLabelId = useId();
  const bodyHintId = useId();
  // The editable area has no focus look of its own (Mantine draws none, the browser's outline is reset): the
  // editor is ringed while its text has the focus, as the keyboard reaches it by Tab.
  const [bodyFocused, setBodyFocused] = useState(false);
  // The toolbar's 16 buttons are one Tab stop between the Subject and the Body (they were 16 stops).
  const toolbar = useRovingToolbar<HTMLDivElement>('[data-rich-text-editor-control]');
  const rich = useEditor({
    extensions: [
      StarterKit.configure({ link: false, listItem: false }),
      ListItemTabLeaves,
      Link.configure({ openOnClick: false }),
      SelectionKeptOnBlur,
    ],
    // The editable area is named by the 'Body' label above it (a screen reader announced a nameless text box).
    // Launched (read-only), it stays a Tab stop, so the keyboard can still reach the text to read and copy it.
    editorProps: {
      attributes: () => ({
        'aria-labelledby': bodyLabelId,
        ...(lockedRef.current ? {} : { 'aria-describedby': bodyHintId }),
        'aria-multiline': 'true',
        ...(lockedRef.current ? { 'aria-readonly': 'true', tabindex: '0' } : {}),
      }),
    },
    content: '',
    editable: !locked,
    onUpdate: ({ editor: instance }) => updateBody({ body: instance.getHTML() }),
    onFocus: () => {
      focused.current = null;
      setBodyFocused(true);
    },
    onBlur: () => setBodyFocused(false),
  });

  // A language loads into the rich editor without counting as an edit: the editor's rewrite of the loaded
  // HTML becomes the saved baseline (the first save after a language load is skipped, doc 2 §4). The editor
  // itself is made again when its tab comes back into view (the hidden tab's effects are undone, which destroys
  // it): the new one gets the form's body, edits included, and that is no edit either.
  // A new revision (Take theirs) replaces the body like a language load.
  const loaded = useRef<{ editor: typeof rich | null; language: string | null; revision: number }>({
    editor: null,
    language: null,
    revision: 0,
  });
  useEffect(() => {
    if (!rich || !form) return;
    const sameLanguage = loaded.current.language === form.language && loaded.current.revision === revision;
    if (sameLanguage && loaded.current.editor === rich) return;
    loaded.current = { editor: rich, language: form.language, revision };
    // Outside the undo history: Undo (or Ctrl+Z) right after a language opened undid the load itself, emptying the
    // body, and the autosave kept the empty e-mail.
    rich.chain().setMeta('addToHistory', false).setContent(form.body, { emitUpdate: false }).run();
    if (sameLanguage) return;
    const normalised = rich.getHTML();
    if (normalised === form.body) return;
    // Only a draft restored from this browser holds edits of this language; a pending save of the language just
    // left is not one (counting it made an empty record of the language switched to).
    if (restoredDraft) update({ body: normalised });
    else rebase({ body: normalised });
  }, [rich, form, revision, rebase, update, restoredDraft]);
  useEffect(() => {
    if (!form) loaded.current = { ...loaded.current, language: null };
  }, [form]);
  useEffect(() => {
    rich?.setEditable(!locked);
  }, [rich, locked]);

  const insertVariable = (token: string) => {
    const field = focused.current;
    if (field && form) {
      const key = field.name as 'subject' | 'preview' | 'fromDisplayName';
      insertAtCursor(field, form[key], token, (value) => update({ [key]: value }));
    } else {
      rich?.chain().focus().insertContent(token).run();
    }
  };

  const rendered = form ? renderForm(form, 'EML') : null;
  const doubleBraces = form ? findDoubleBraces(form.body) : [];
  // Double braces in the body have the specification's own alert (doc 2 §5) just above.
  const variableProblems = form
    ? templateVariableProblems(form, 'EML').filter(
        (problem) => !(problem.field === 'body' && problem.kind === 'doubleBrace'),
      )
    : [];
  const trackFocus = {
    onFocus: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      focused.current = event.currentTarget;
    },
  };

  return (
    <ChannelLayout
      editor={editor}
      left={<LanguageColumn editor={editor} onInsertVariable={insertVariable} />}
      middle={
        form && (
          <Stack gap="sm">
            {locked ? (
              // A native select cannot be read-only: the choice is shown as a read-only text.
              <TextInput
                label={fieldLabel('EML', 'from')}
                value={form.from ?? ''}
                placeholder={EMAIL_FROM_PLACEHOLDER}
                {...lockedField(locked)}
                data-testid="email-from"
              />
            ) : (
              <NativeSelect
                label={fieldLabel('EML', 'from')}
                value={form.from ?? ''}
                onChange={(event) => update({ from: event.currentTarget.value || null })}
                data={[
                  { value: '', label: EMAIL_FROM_PLACEHOLDER },
                  ...(emailFromAddress ? [{ value: emailFromAddress, label: emailFromAddress }] : []),
                ]}
                data-testid="email-from"
              />
            )}
            <TextInput
              label={fieldLabel('EML', 'fromDisplayName')}
              name="fromDisplayName"
              value={form.fromDisplayName}
              onChange={(event) => update({ fromDisplayName: event.currentTarget.value })}
              {...trackFocus}
              error={
                form.fromDisplayName.length > EMAIL_DISPLAY_NAME_MAX_LENGTH &&
                tooLongText(EMAIL_DISPLAY_NAME_MAX_LENGTH, form.fromDisplayName.length)
              }
              {...lockedField(locked)}
              data-testid="email-from-name"
              dir={textDirection(form.language)}
            />
            <TextInput
              label={fieldLabel('EML', 'subject')}
              name="subject"
              value={form.subject}
              onChange={(event) => update({ subject: event.currentTarget.value })}
              {...trackFocus}
              error={
                form.subject.length > EMAIL_SUBJECT_MAX_LENGTH &&
                tooLongText(EMAIL_SUBJECT_MAX_LENGTH, form.subject.length)
              }
              {...lockedField(locked)}
              data-testid="email-subject"
              dir={textDirection(form.language)}
            />
            <Textarea
              label={fieldLabel('EML', 'preview')}
              name="preview"
              description="The line inboxes show after the subject."
              rows={EMAIL_PREVIEW_ROWS}
              value={form.preview}
              onChange={(event) => update({ preview: event.currentTarget.value })}
              {...trackFocus}
              {...lockedField(locked)}
              data-testid="email-preview-text"
              dir={textDirection(form.language)}
            />
            {doubleBraces.length > 0 && (
              <Alert
                color="yellow"
                title={EMAIL_TEMPLATE_WARNING_TITLE}
                icon={<IconAlertTriangle />}
                data-testid="double-brace-warning"
              >
                {doubleBraceWarningMessage(form.language)}
                <Text size="xs" mt={4}>
                  Found: {doubleBraces.map((found) => found.token).join(', ')}
                </Text>
              </Alert>
            )}
            <VariableWarnings problems={variableProblems} notifyBy="EML" />
            <div>
              <Text size="sm" fw={500} mb={locked ? 4 : 0} id={bodyLabelId}>
                Body
              </Text>
              {!locked && (
                <Text size="xs" c="dimmed" mb={4} id={bodyHintId}>
                  {EMAIL_BODY_KEYS_HINT}
                </Text>
              )}
              <RichTextEditor
                editor={rich}
                data-testid="email-body"
                data-focused={bodyFocused || undefined}
                style={bodyFocused ? BODY_FOCUS_RING : undefined}
              >
                {!locked && (
                  <RichTextEditor.Toolbar
                    sticky
                    stickyOffset={56}
                    {...toolbar}
                    aria-label={EMAIL_TOOLBAR_LABEL}
                  >
                    <RichTextEditor.ControlsGroup>
                      <RichTextEditor.Bold />
                      <RichTextEditor.Italic />
                      <RichTextEditor.Underline />
                      <RichTextEditor.Strikethrough />
                      <RichTextEditor.ClearFormatting />
                    </RichTextEditor.ControlsGroup>
                    <RichTextEditor.ControlsGroup>
                      <RichTextEditor.H1 />
                      <RichTextEditor.H2 />
                      <RichTextEditor.H3 />
                    </RichTextEditor.ControlsGroup>
                    <RichTextEditor.ControlsGroup>
                      <RichTextEditor.BulletList />
                      <RichTextEditor.OrderedList />
                      <RichTextEditor.Blockquote />
                      <RichTextEditor.Hr />
                    </RichTextEditor.ControlsGroup>
                    <RichTextEditor.ControlsGroup>
                      <RichTextEditor.Link />
                      <RichTextEditor.Unlink />
                    </RichTextEditor.ControlsGroup>
                    <RichTextEditor.ControlsGroup>
                      <RichTextEditor.Undo />
                      <RichTextEditor.Redo />
                    </RichTextEditor.ControlsGroup>
                  </RichTextEditor.Toolbar>
                )}
                <RichTextEditor.Content
                  style={{
                    height: EMAIL_BODY_HEIGHT_PX,
                    overflowY: 'auto',
                    // Read-only, it is shaded like the other fields of a launched template.
                    ...(locked ? { backgroundColor: 'var(--mantine-color-gray-1)' } : {}),
                  }}
                  dir={textDirection(form.language)}
                />
              </RichTextEditor>
            </div>
          </Stack>
        )
      }
      right={
        form && (
          <Stack gap="sm">
            {/* Not 'Preview': that is the inbox preview line field of doc 2 §2.6, in the middle column. */}
            <Text fw={700} size="sm" data-testid="email-rendered-heading">
              Rendered e-mail
            </Text>
            {rendered && 'ok' in rendered ? (
              <Paper withBorder radius="md" data-testid="email-preview" style={{ overflow: 'hidden' }}>
                <Stack
                  gap={2}
                  p="sm"
                  bg="gray.0"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {/* The template's own words in their direction, isolated from the labels: in a left-to-right
                      line an Arabic subject's final period was drawn before its first word. */}
                  <Text size="sm">
                    <b>From:</b>{' '}
                    {form.fromDisplayName ? (
                      <span dir={textDirection(form.language)} data-testid="email-preview-from-name">
                        {form.fromDisplayName}
                      </span>
                    ) : (
                      '(no display name)'
                    )}{' '}
                    {form.from ? `<${form.from}>` : '(no From address)'}
                  </Text>
                  <Text size="sm" data-testid="email-preview-subject">
                    <b>Subject:</b>{' '}
                    {rendered.subject ? (
                      <span dir={textDirection(form.language)}>{rendered.subject}</span>
                    ) : (
                      '(no subject)'
                    )}
                  </Text>
                  {rendered.preview && (
                    <Text
                      size="xs"
                      c="dimmed"
                      lineClamp={2}
                      dir={textDirection(form.language)}
                      data-testid="email-preview-line"
                    >
                      {rendered.preview}
                    </Text>
                  )}
                </Stack>
                <iframe
                  title="Rendered e-mail"
                  sandbox=""
                  srcDoc={emailDocument(rendered.text, form.language)}
                  style={{ width: '100%', height: 600, border: 0, display: 'block', background: '#fff' }}
                  data-testid="email-preview-frame"
                />
              </Paper>
            ) : (
              <Paper withBorder p="md" radius="md">
                <Text c="red">The preview needs valid data (see below).</Text>
              </Paper>
            )}
            <DataField value={form.data} update={update} locked={locked} />
          </Stack>
        )
      }
    />
  );
}
