import { Card, Code, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { type NotifyBy, variablesFor, variableToken } from '@psps/contracts';

/** The template variables of the channel as written in a template; a click inserts one at the cursor. */
export function VariableList({
  notifyBy,
  onInsert,
  disabled,
}: {
  notifyBy: NotifyBy;
  onInsert: (token: string) => void;
  disabled: boolean;
}) {
  const variables = variablesFor(notifyBy);
  return (
    <Card withBorder padding="xs" radius="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={4}>
        Variables ({variables.length})
      </Text>
      <Text size="xs" c="dimmed" px={4} mb={4}>
        Click one to insert it at the cursor.
      </Text>
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={2} data-testid={`variables-${notifyBy}`}>
          {variables.map((name) => {
            const token = variableToken(name, notifyBy);
            return (
              <UnstyledButton
                key={name}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(token)}
                disabled={disabled}
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
}
