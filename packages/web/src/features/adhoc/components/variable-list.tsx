import { Card, Code, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { type NotifyBy, variablesFor, variableToken } from '@psps/contracts';
import { memo } from 'react';
import { useRovingFocus } from '@/lib/roving-focus.ts';

/**
 * The template variables of the channel as written in a template; a click inserts one at the cursor. Drawn again
 * only when its props change (give it an `onInsert` that stays the same): its 87 buttons were drawn again at every
 * keystroke in the text beside it.
 */
export const VariableList = memo(function VariableList({
  notifyBy,
  onInsert,
  disabled,
}: {
  notifyBy: NotifyBy;
  onInsert: (token: string) => void;
  disabled: boolean;
}) {
  const variables = variablesFor(notifyBy);
  // One Tab stop: the arrow keys move between variables, Enter inserts one where the cursor was in the text.
  const roving = useRovingFocus(variables.length);
  return (
    <Card withBorder padding="xs" radius="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={4}>
        Variables ({variables.length})
      </Text>
      {/* Nothing can be inserted into a launched template: no invitation to. */}
      {!disabled && (
        <Text size="xs" c="dimmed" px={4} mb={4}>
          Click one (or use the arrow keys and Enter) to insert it at the cursor.
        </Text>
      )}
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={2} data-testid={`variables-${notifyBy}`} aria-label="Variables" {...roving.toolbarProps}>
          {variables.map((name, index) => {
            const token = variableToken(name, notifyBy);
            return (
              <UnstyledButton
                key={name}
                {...roving.itemProps(index)}
                onMouseDown={(event) => event.preventDefault()}
                // Read-only (a launched template), the list stays one Tab stop to read with the arrow keys: disabled
                // buttons left the keyboard a nameless stop on the list's scroller instead.
                onClick={() => {
                  if (!disabled) onInsert(token);
                }}
                aria-disabled={disabled || undefined}
                title={`Insert ${token}`}
                px={4}
              >
                <Code style={{ fontSize: 12, wordBreak: 'break-all' }}>{token}</Code>
              </UnstyledButton>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Card>
  );
});
