import { Alert } from '@mantine/core';

/** An honest placeholder for a screen whose capability has not been built yet. */
export function NotBuiltPage({ name }: { name: string }) {
  return (
    <Alert color="gray" title={`${name}: not built yet`} maw={640}>
      This screen is part of PSPS Console but has not been built in this version. Nothing here is simulated.
    </Alert>
  );
}
