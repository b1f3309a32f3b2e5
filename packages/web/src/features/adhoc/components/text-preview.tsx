import { Paper, Text } from '@mantine/core';
import { textDirection } from '@psps/contracts';
import type { ReactNode } from 'react';
import type { RenderResult } from '../lib/template-form.ts';

/**
 * The rendered text of an SMS or voice body, as the recipient gets it (its own direction for Arabic and Farsi), or
 * why it cannot be shown. `children` follow the text inside the pane (the voice tab's note on its recordings).
 */
export function TextPreview({
  rendered,
  language,
  minHeight,
  testId,
  children,
}: {
  rendered: RenderResult | null;
  language: string;
  minHeight: number;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Text fw={700} size="sm">
        Preview
      </Text>
      <Paper
        withBorder
        p="md"
        radius="md"
        mih={minHeight}
        bg="gray.0"
        data-testid={testId}
        dir={textDirection(language)}
      >
        {rendered && 'ok' in rendered ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rendered.text || (
              <Text span c="dimmed" dir="ltr">
                Nothing written yet.
              </Text>
            )}
          </Text>
        ) : (
          // The console's own words stay left to right in a right-to-left pane (the period at their end).
          <Text c="red" dir="ltr">
            The preview needs valid data (see below).
          </Text>
        )}
        {children}
      </Paper>
    </>
  );
}
