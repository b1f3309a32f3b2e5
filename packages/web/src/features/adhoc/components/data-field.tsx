import { Code, Textarea } from '@mantine/core';
import { formatTemplateData, isTemplateDataError, parseTemplateData } from '@psps/contracts';
import { memo } from 'react';
import { lockedField } from '../lib/locked-field.ts';
import type { TemplateForm } from '../lib/template-form.ts';

/**
 * The sample data the preview is rendered with (dataMB_txt), pretty-printed JSON. Text that is not valid
 * JSON shows the 'invalid data' error object (doc 2 §4) and is kept as typed.
 * Drawn again only when its own props change: its growing text box measures itself at each drawing (a layout of
 * the whole page), which cost every keystroke in the body beside it about 10 ms.
 */
export const DataField = memo(function DataField({
  value,
  update,
  locked,
}: {
  value: string;
  /** The channel editor's update (the same function for the editor's life). */
  update: (patch: Partial<TemplateForm>) => void;
  /** A launched template's: read-only. */
  locked: boolean;
}) {
  const parsed = parseTemplateData(value);
  return (
    <>
      <Textarea
        label="Preview data (JSON)"
        description="The sample customer record the preview is rendered with."
        value={value}
        onChange={(event) => update({ data: event.currentTarget.value })}
        autosize
        minRows={6}
        maxRows={16}
        {...lockedField(locked)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        data-testid="data-field"
        error={isTemplateDataError(parsed) ? ' ' : undefined}
      />
      {isTemplateDataError(parsed) && (
        <Code block color="red.1" c="red.9" mt={4} data-testid="data-error">
          {formatTemplateData(parsed)}
        </Code>
      )}
    </>
  );
});
