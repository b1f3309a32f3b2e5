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
  const named = notifyBy === 'EML';
  return (
    <VariableWarningList
      lines={problems.map((problem) =>
        named ? `${fieldLabel(notifyBy, problem.field)}: ${problem.message}` : problem.message,
      )}
      intro="These stay in the message exactly as written. Use the variable list to insert a variable."
      testId={`variable-warnings-${notifyBy}`}
    />
  );
}

/** A list of variable warnings, each said once (the same mistake written twice is one line); nothing when none. */
export function VariableWarningList({
  lines,
  intro,
  testId,
  counted = false,
}: {
  lines: readonly string[];
  intro: string;
  testId: string;
  /** The title counts the lines ('Variables that will not be filled (2)'). */
  counted?: boolean;
}) {
  const unique = [...new Set(lines)];
  if (unique.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={counted ? `${VARIABLE_WARNINGS_TITLE} (${unique.length})` : VARIABLE_WARNINGS_TITLE}
      icon={<IconAlertTriangle />}
      // Shown while the text is typed ('^cust' is an open variable until its closing caret): a polite status, said
      // at the next pause, not an alert breaking into the typing at each keystroke.
      role="status"
      data-testid={testId}
    >
      <Text size="sm" mb={4}>
        {intro}
      </Text>
      <List size="sm" spacing={2}>
        {unique.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
