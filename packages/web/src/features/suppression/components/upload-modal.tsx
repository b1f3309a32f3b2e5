import {
  Alert,
  Autocomplete,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatSuppressionDate,
  SUPPRESSION_GROUP_NAME_MAX_LENGTH,
  SUPPRESSION_GROUP_NAME_SPACES,
  SUPPRESSION_TEXTS,
  type SuppressionFullUploadApplied,
  type SuppressionFullUploadPreview,
  type SuppressionUploadAnswer,
  type SuppressionUploadError,
  type SuppressionUploadKind,
} from '@psps/contracts';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@/lib/api.ts';
import { grouped } from '@/lib/numbers.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { useSuppressionGroups } from '../api/get-groups.ts';
import { pendingPreview } from '../api/pending-preview.ts';
import {
  applyFullUpload,
  discardFullUpload,
  failureLineErrors,
  failureSimilarGroups,
  stageFullUpload,
  uploadIncremental,
} from '../api/upload-suppressions.ts';
import { focusOnMount } from './focus.ts';
import { Counts, HeaderNote, LineErrors, RemovedValues, StartsLaterNote } from './upload-report.tsx';

type Step =
  | { step: 'form'; notice?: { text: string; hint?: string } }
  | { step: 'uploading'; loaded: number; total: number }
  | { step: 'applying'; preview: SuppressionFullUploadPreview }
  | { step: 'preview'; preview: SuppressionFullUploadPreview }
  | { step: 'uploaded'; answer: SuppressionUploadAnswer | SuppressionFullUploadApplied }
  | { step: 'failed'; message: string; errors: SuppressionUploadError[]; stale?: boolean };

const TITLES: Record<SuppressionUploadKind, string> = {
  incremental: SUPPRESSION_TEXTS.incrementalUploadButton,
  full: SUPPRESSION_TEXTS.fullUploadButton,
};

const EXPLANATIONS: Record<SuppressionUploadKind, string> = {
  incremental: "Adds the file's values to an existing group. The group's other values stay as they are.",
  full:
    "Makes the file the group's complete list: values missing from the file stop being suppressed. " +
    'You see what would change and confirm before anything is applied.',
};

const DISCARDED_TOAST_ID = 'suppression-preview-discarded';

/** What the file picker offers first: CSV and text files. */
const UPLOAD_FILE_TYPES = '.csv,.txt,text/csv,text/plain';

/** Header values travel as ISO-8859-1; the browser refuses to send anything beyond it. */
const HEADER_SAFE = /^[\u0020-\u007e\u00a0-\u00ff]*$/;

/** A file size as people read it: bytes, KB or MB. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${grouped(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const [value, unit] = bytes < 1_048_576 ? [bytes / 1024, 'KB'] : [bytes / 1_048_576, 'MB'];
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}

/** What an incremental upload did, in words: 'The values were added' said of none would mislead. */
function addedText(inserted: number, group: string): string {
  if (inserted === 0) return `No new value was added to ${group}: the file's values were already there.`;
  return `${grouped(inserted)} ${inserted === 1 ? 'value was' : 'values were'} added to ${group}.`;
}

/** How many values the group holds before the preview is applied: those it would remove, keep or redate. */
const currentCount = (p: SuppressionFullUploadPreview) => p.removed + p.unchanged + p.redated;

type Props = {
  kind: SuppressionUploadKind;
  /** `changed`: something was applied, so the lists must reload. */
  onClose: (changed: boolean) => void;
  /** A full upload's preview that was waiting when the session ended, shown again (see `pendingPreview`). */
  resumed?: SuppressionFullUploadPreview;
};

/** Said above a preview shown again after signing in: why it is there, and that nothing went in. */
export const RESUMED_PREVIEW_TEXT =
  'This full upload was still waiting to be applied when the page was left (a reload, or a session that ended). Nothing was applied: apply it now, or discard it.';

/**
 * Upload a file of values, full or incremental (document 2 §4): idle → uploading (with the bytes sent) → uploaded
 * or not uploaded. A full upload stops at a preview of what it would change and is applied only on confirmation.
 * The dialog cannot be dismissed while a file is on its way.
 */
export function UploadModal({ kind, onClose, resumed }: Props) {
  const [groupName, setGroupName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<Step>(
    resumed ? { step: 'preview', preview: resumed } : { step: 'form' },
  );
  const abort = useRef<AbortController | null>(null);
  const groupInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLButtonElement>(null);
  // While a file is sent or a preview applied, the pressed button is gone: the focus waits on the dialog's title
  // (it fell to the page until Close or the preview took it). Not on the progress: a polite status region that
  // has the focus is read twice.
  const title = useRef<HTMLDivElement>(null);
  // The groups that exist, offered as the name is typed: names are compared exactly.
  const groups = useSuppressionGroups();

  // Leaving the page mid-upload cancels the request rather than leaving it running unseen.
  useEffect(() => () => abort.current?.abort(), []);

  const busy = state.step === 'uploading' || state.step === 'applying';
  // An apply refused because the group changed since its preview (another operator): the lists on screen are out
  // of date too, so closing reloads them as after a success.
  const changed = state.step === 'uploaded' || (state.step === 'failed' && state.stale === true);
  const close = () => {
    if (busy) return;
    pendingPreview.forget();
    if (state.step === 'preview') {
      // Leaving a preview must not look like an applied upload, and the preview can no longer be applied.
      const { group: previewGroup, uploadId } = state.preview;
      notifications.show({
        id: DISCARDED_TOAST_ID,
        color: 'gray',
        message: `Nothing changed: the full upload to ${previewGroup} was not applied.`,
      });
      discardFullUpload(previewGroup, uploadId).catch(() => {
        // Not discarded on the server: it expires by itself and nothing was changed either way.
      });
    }
    onClose(changed);
  };
  const group = groupName.trim();

  const fail = (err: unknown) => {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    // The server refuses an incremental upload to a group without active values, with the specification's text.
    if (
      kind === 'incremental' &&
      err instanceof ApiError &&
      err.message === SUPPRESSION_TEXTS.groupNameUnknown
    ) {
      const similar = failureSimilarGroups(err);
      flushSync(() =>
        setState({
          step: 'form',
          notice: {
            text: SUPPRESSION_TEXTS.groupNameUnknown,
            ...(similar.length > 0
              ? {
                  hint: `Group names are compared exactly. ${similar.length === 1 ? 'A group' : 'Groups'} with nearly the same name ${similar.length === 1 ? 'holds' : 'hold'} values: ${similar.join(', ')}.`,
                }
              : {}),
          },
        }),
      );
      groupInput.current?.focus();
      return;
    }
    // A new group's name refused by the server (two spaces in a row) is said at the field, to be corrected there.
    if (err instanceof ApiError && err.message === SUPPRESSION_GROUP_NAME_SPACES) {
      flushSync(() => setState({ step: 'form', notice: { text: SUPPRESSION_GROUP_NAME_SPACES } }));
      groupInput.current?.focus();
      return;
    }
    setState({
      step: 'failed',
      message: err instanceof Error ? err.message : String(err),
      errors: failureLineErrors(err),
      stale: err instanceof ApiError && err.status === 409,
    });
  };

  const groupNameWarning = state.step === 'form' && state.notice?.text === SUPPRESSION_TEXTS.groupNameMissing;

  const upload = async () => {
    if (group === '') {
      // Document 2 §5: without a group name nothing is sent.
      // The field takes the focus once it carries the text, so that both are read together.
      flushSync(() => setState({ step: 'form', notice: { text: SUPPRESSION_TEXTS.groupNameMissing } }));
      groupInput.current?.focus();
      return;
    }
    if (!HEADER_SAFE.test(group)) {
      flushSync(() =>
        setState({
          step: 'form',
          notice: { text: 'A group name can use Latin letters, digits, spaces and punctuation.' },
        }),
      );
      groupInput.current?.focus();
      return;
    }
    if (!file) {
      // The field takes the focus once it carries the error, so a screen reader reads the two together (the
      // focus stayed on Upload and nothing was said).
      flushSync(() => setFileError('Choose the file to upload.'));
      fileInput.current?.focus();
      return;
    }
    // An earlier 'nothing changed' notice must not sit beside this upload's outcome.
    notifications.hide(DISCARDED_TOAST_ID);
    abort.current = new AbortController();
    flushSync(() => setState({ step: 'uploading', loaded: 0, total: file.size }));
    title.current?.focus();
    const opts = {
      signal: abort.current.signal,
      onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
        setState({ step: 'uploading', loaded, total: total || file.size }),
    };
    try {
      if (kind === 'incremental') {
        setState({ step: 'uploaded', answer: await uploadIncremental(group, file, opts) });
      } else {
        const preview = await stageFullUpload(group, file, opts);
        // Kept until applied or left: a session that ends meanwhile does not lose it.
        pendingPreview.keep(preview);
        setState({ step: 'preview', preview });
      }
    } catch (err) {
      fail(err);
    }
  };

  const apply = async (preview: SuppressionFullUploadPreview) => {
    flushSync(() => setState({ step: 'applying', preview }));
    title.current?.focus();
    try {
      const answer = await applyFullUpload(preview.group, preview.uploadId);
      pendingPreview.forget();
      setState({ step: 'uploaded', answer });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Modal
      opened
      onClose={close}
      title={
        <Group gap="xs" ref={title} tabIndex={-1} data-testid="upload-dialog-title">
          <IconFileUpload size={20} />
          <Text fw={700}>{TITLES[kind]}</Text>
        </Group>
      }
      // A click beside a preview does not throw it away (closing discards it, and its file took a while to read):
      // Discard, the close button or Escape do, deliberately.
      closeOnClickOutside={!busy && state.step !== 'preview'}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      size="lg"
      centered
    >
      {state.step === 'form' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            upload();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {EXPLANATIONS[kind]}
            </Text>
            <Autocomplete
              ref={groupInput}
              data={groups.data?.data ?? []}
              limit={20}
              // Offered as the name is typed, not as the dialog opens: the list would cover the file and buttons.
              openOnFocus={false}
              maxDropdownHeight={200}
              label="Group name"
              description={kind === 'incremental' ? 'An existing group' : 'A new group, or one to replace'}
              value={groupName}
              maxLength={SUPPRESSION_GROUP_NAME_MAX_LENGTH}
              onChange={(value) => {
                setGroupName(value);
                if (state.notice) setState({ step: 'form' });
              }}
              // A problem with the name is the field's error, so its description: the field, which takes the focus,
              // is read with it (it was an alert above the field, not tied to it).
              error={
                state.notice && (
                  <>
                    {groupNameWarning && (
                      <IconAlertTriangle
                        size={14}
                        aria-hidden
                        style={{ verticalAlign: '-2px', marginRight: 4 }}
                      />
                    )}
                    {state.notice.text}
                    {state.notice.hint && (
                      <Text
                        component="span"
                        display="block"
                        size="sm"
                        mt={4}
                        data-testid="upload-notice-hint"
                      >
                        {state.notice.hint}
                      </Text>
                    )}
                  </>
                )
              }
              // Document 2 §8: 'Please enter the group name!' is a warning (yellow, as the other warnings here),
              // the other problems with the name errors (red, as every field's error).
              errorProps={{
                'data-testid': 'upload-notice',
                'data-tone': groupNameWarning ? 'warning' : 'error',
                ...(groupNameWarning ? { style: { color: 'var(--mantine-color-yellow-text)' } } : {}),
              }}
              styles={
                groupNameWarning
                  ? {
                      input: {
                        borderColor: 'var(--mantine-color-yellow-filled)',
                        outlineColor: 'var(--mantine-color-yellow-filled)',
                      },
                    }
                  : undefined
              }
              data-autofocus
            />
            <FileInput
              ref={fileInput}
              label="File"
              description={`CSV or text, one value a line; an optional header line value,type,start,end. Dates and times without a zone are read as your local time (${browserTimeZone()}); a date alone is 00:00 at the start of that day (an end of 12/31/2026 lifts the suppression as 12/31 begins).`}
              placeholder="Choose a file"
              value={file}
              onChange={(f) => {
                setFile(f);
                setFileError(null);
              }}
              error={fileError}
              // A hint to the file picker only (its 'All files' still shows the rest): lists are CSV or text,
              // and a workbook chosen by mistake is the commonest wrong file.
              accept={UPLOAD_FILE_TYPES}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              leftSection={<IconFileUpload size={16} />}
            />
            {file && (
              <Text size="xs" c="dimmed" data-testid="upload-file-size">
                {fileSize(file.size)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">{kind === 'full' ? 'Upload and preview' : 'Upload'}</Button>
            </Group>
          </Stack>
        </form>
      )}

      {state.step === 'uploading' && <Uploading loaded={state.loaded} total={state.total} />}

      {state.step === 'applying' && <Applying preview={state.preview} />}

      {state.step === 'preview' && (
        <Stack gap="md" data-testid="upload-preview">
          {/* The preview itself takes the focus, not Apply: an Enter pressed twice after choosing the file must
              not apply a full upload unseen, and the dialog opens at its top, where it says nothing changed yet. */}
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle />}
            tabIndex={-1}
            ref={focusOnMount}
            aria-label="Preview: nothing has changed yet"
            data-testid="upload-preview-start"
          >
            {resumed?.uploadId === state.preview.uploadId && (
              <Text size="sm" mb="xs" data-testid="upload-preview-resumed">
                {RESUMED_PREVIEW_TEXT}
              </Text>
            )}
            <Text size="sm" fw={600}>
              Nothing has changed yet.
            </Text>
            <Text size="sm">
              Applying this file makes it the complete list of <b>{state.preview.group}</b>
              {state.preview.newGroup ? ', a new group' : ''}. It can be applied until{' '}
              {formatSuppressionDate(new Date(state.preview.expiresAt))}.
            </Text>
          </Alert>
          {state.preview.similarGroups.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle />}
              role="alert"
              data-testid="upload-similar-groups"
            >
              <Text size="sm">
                Group names are compared exactly.{' '}
                {state.preview.similarGroups.length === 1 ? 'A group' : 'Groups'} with nearly the same name{' '}
                {state.preview.similarGroups.length === 1 ? 'holds' : 'hold'} values:{' '}
                {state.preview.similarGroups.map((name, i) => (
                  <span key={name}>
                    {i > 0 && ', '}
                    <b>{name}</b>
                  </span>
                ))}
                . Applying this file changes <b>{state.preview.group}</b> only.
              </Text>
            </Alert>
          )}
          {state.preview.removed * 2 > currentCount(state.preview) && (
            // Most of a do-not-contact list going at once is more often the wrong file (another group's, a cut
            // export) than a new list: said in words, beside the count.
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle />}
              role="alert"
              data-testid="upload-most-removed"
            >
              <Text size="sm">
                {state.preview.removed === currentCount(state.preview)
                  ? `Applying removes every value ${state.preview.group} holds now (${grouped(state.preview.removed)}).`
                  : `Applying removes ${grouped(state.preview.removed)} of the ${grouped(currentCount(state.preview))} values ${state.preview.group} holds now.`}{' '}
                Check that this file is the complete list for this group.
              </Text>
            </Alert>
          )}
          {state.preview.rejected > 0 && state.preview.removed > 0 && (
            // A line that could not be read is not in the new list: a value of the group on it would be removed.
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle />}
              role="alert"
              data-testid="upload-rejected-removed"
            >
              <Text size="sm">
                {state.preview.rejected === 1
                  ? `1 line of the file could not be read. If it holds a value of the group, that value is among the ${grouped(state.preview.removed)} removed. Correct the file and upload it again, unless that line holds nothing to keep.`
                  : `${grouped(state.preview.rejected)} lines of the file could not be read. If they hold values of the group, those values are among the ${grouped(state.preview.removed)} removed. Correct the file and upload it again, unless those lines hold nothing to keep.`}
              </Text>
            </Alert>
          )}
          <Counts
            counts={[
              { label: 'Added', value: state.preview.added, color: 'green', hint: 'new to the group' },
              {
                label: 'Removed',
                value: state.preview.removed,
                color: 'red',
                hint: 'in the group now, missing from the file',
              },
              { label: 'Unchanged', value: state.preview.unchanged, hint: 'in both' },
              ...(state.preview.redated > 0
                ? [
                    {
                      label: 'New dates',
                      value: state.preview.redated,
                      color: 'blue',
                      hint: "in both, taking the file's start or end",
                    },
                  ]
                : []),
              { label: 'Rejected', value: state.preview.rejected, color: 'orange', hint: 'lines not read' },
              { label: 'Duplicates', value: state.preview.duplicates, hint: 'repeated in the file' },
            ]}
          />
          <HeaderNote header={state.preview.header} />
          <StartsLaterNote count={state.preview.startsLater} first={state.preview.firstStart} />
          <RemovedValues values={state.preview.removedValues} removed={state.preview.removed} />
          <LineErrors errors={state.preview.errors} rejected={state.preview.rejected} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Discard
            </Button>
            <Button
              color={state.preview.removed > 0 ? 'red' : undefined}
              onClick={() => apply(state.preview)}
            >
              Apply full upload
            </Button>
          </Group>
        </Stack>
      )}

      {state.step === 'uploaded' && (
        <Stack gap="md" data-testid="upload-result">
          <Alert color="green" variant="light" icon={<IconCircleCheck />} role="status">
            <Text fw={600} size="sm">
              {SUPPRESSION_TEXTS.uploaded}
            </Text>
            <Text size="sm" data-testid="upload-result-summary">
              {'removed' in state.answer
                ? `The file is now the complete list of ${state.answer.group}.`
                : addedText(state.answer.inserted, group)}
            </Text>
          </Alert>
          <Counts
            counts={
              'removed' in state.answer
                ? [
                    { label: 'Added', value: state.answer.added, color: 'green' },
                    { label: 'Removed', value: state.answer.removed, color: 'red' },
                    { label: 'Unchanged', value: state.answer.unchanged },
                    ...(state.answer.redated > 0
                      ? [{ label: 'New dates', value: state.answer.redated, color: 'blue' }]
                      : []),
                    { label: 'Rejected', value: state.answer.rejected, color: 'orange' },
                    { label: 'Duplicates', value: state.answer.duplicates },
                  ]
                : [
                    { label: 'Inserted', value: state.answer.inserted, color: 'green' },
                    ...(state.answer.redated > 0
                      ? [
                          {
                            label: 'New dates',
                            value: state.answer.redated,
                            color: 'blue',
                            hint: "already in the group, now with the file's start or end",
                          },
                        ]
                      : []),
                    {
                      label: 'Duplicates',
                      value: state.answer.duplicates,
                      hint: 'already in the group or repeated in the file',
                    },
                    {
                      label: 'Rejected',
                      value: state.answer.rejected,
                      color: 'orange',
                      hint: 'lines not read',
                    },
                  ]
            }
          />
          <HeaderNote header={state.answer.header} />
          {!('removed' in state.answer) && (
            <StartsLaterNote count={state.answer.startsLater} first={state.answer.firstStart} />
          )}
          <LineErrors errors={state.answer.errors} rejected={state.answer.rejected} />
          <Group justify="flex-end">
            <Button onClick={close} ref={focusOnMount}>
              Close
            </Button>
          </Group>
        </Stack>
      )}

      {state.step === 'failed' && (
        <Stack gap="md" data-testid="upload-failed">
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            <Text fw={600} size="sm">
              {SUPPRESSION_TEXTS.uploadFailed}
            </Text>
            <Text size="sm">{state.message}</Text>
          </Alert>
          {/* One line error is already in the message ('Line n: …'); a table says nothing more. */}
          {!(state.errors.length === 1 && state.message.includes(state.errors[0]!.reason)) && (
            <LineErrors errors={state.errors} rejected={state.errors.length} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button
              onClick={() => {
                // The pressed button goes away with this step: the form starts again at its first field.
                flushSync(() => setState({ step: 'form' }));
                groupInput.current?.focus();
              }}
              ref={focusOnMount}
            >
              Try again
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * A preview being applied: what changes, that the previous list holds until it is done, and the time so far (a
 * million new values take several seconds).
 */
function Applying({ preview }: { preview: SuppressionFullUploadPreview }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    // Only the line that says what is applied is a status: the whole region was read again at each second counted.
    <Stack gap="xs" py="md" data-testid="upload-applying">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text fw={600}>
          Applying to <b>{preview.group}</b>: {grouped(preview.added)} to add, {grouped(preview.removed)} to
          remove
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        The group changes all at once when this is done; until then its previous list stays in force.
        {seconds > 0 ? ` ${seconds} s so far.` : ''}
      </Text>
    </Stack>
  );
}

/** 'Uploading File.....' with the share of the file sent; once it is all sent, the server is reading it. */
function Uploading({ loaded, total }: { loaded: number; total: number }) {
  const sent = total > 0 ? Math.min(100, (loaded / total) * 100) : 0;
  const reading = total > 0 && loaded >= total;
  return (
    // The status says the upload and when the server starts checking; the share sent, which changes with every
    // chunk, stays on the progress bar and the line under it (the whole region was read again at each change).
    <Stack gap="xs" py="md">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text fw={600}>{SUPPRESSION_TEXTS.uploading}</Text>
        {reading && <VisuallyHidden> The file is sent; the server is checking the values.</VisuallyHidden>}
      </Group>
      <Progress
        value={reading ? 100 : sent}
        striped={reading}
        animated={reading}
        size="lg"
        aria-label="Upload progress"
        transitionDuration={150}
      />
      <Text size="sm" c="dimmed" data-testid="upload-progress-text">
        {reading
          ? `${fileSize(total)} sent. The server is checking the values…`
          : `${Math.floor(sent)}% · ${fileSize(loaded)} of ${fileSize(total)}`}
      </Text>
    </Stack>
  );
}
