import { Alert, List, Text } from '@mantine/core';
import type { FieldVariableProblem, NotifyBy } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fieldLabel } from '../lib/conflict-fields.ts';

export const VARIABLE_WARNINGS_TITLE = 'Variables that will not be filled';

/**
 * The variables of the language on screen that would reach the customer as written (misspelt, left open, the other
 * channel's syntax). A warning only: saving and publishing go on.
 */
export function VariableWarnings({
  problems,
  notifyBy,
}: {
  problems: readonly FieldVariableProblem[];
  notifyBy: NotifyBy;
}) {
  // The same mistake written twice is said once.
  const unique = [
    ...new Map(problems.map((problem) => [`${problem.field}:${problem.message}`, problem])).entries(),
  ];
  if (unique.length === 0) return null;
  const named = notifyBy === 'EML';
  return (
    <Alert
      color="yellow"
      title={VARIABLE_WARNINGS_TITLE}
      icon={<IconAlertTriangle />}
      data-testid={`variable-warnings-${notifyBy}`}
    >
      <Text size="sm" mb={4}>
        These stay in the message exactly as written. Use the variable list to insert a variable.
      </Text>
      <List size="sm" spacing={2}>
        {unique.map(([key, problem]) => (
          <List.Item key={key}>
            {named && `${fieldLabel(notifyBy, problem.field)}: `}
            {problem.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
