import { Code, Textarea } from '@mantine/core';
import { formatTemplateData, isTemplateDataError, parseTemplateData } from '@psps/contracts';
import { lockedField } from '../lib/locked-field.ts';

/**
 * The sample data the preview is rendered with (dataMB_txt), pretty-printed JSON. Text that is not valid
 * JSON shows the 'invalid data' error object (doc 2 §4) and is kept as typed.
 */
export function DataField({
  value,
  onChange,
  locked,
}: {
  value: string;
  onChange: (value: string) => void;
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
        onChange={(event) => onChange(event.currentTarget.value)}
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
}
