import { Badge } from '@mantine/core';
import { UNPUBLISHED_EDITS_BADGE } from '@psps/contracts';

/**
 * A published template saved since its publish: those edits reach no one until a Re-Publish. Shown beside the
 * status in the editor's header and in the template list, with the same words in both.
 */
export function UnpublishedEditsBadge({ testId }: { testId: string }) {
  return (
    <Badge
      color="orange"
      variant="filled"
      miw="max-content"
      title="Saved after the last publish: Re-Publish (Publish tab) to send these edits."
      data-testid={testId}
    >
      {UNPUBLISHED_EDITS_BADGE}
    </Badge>
  );
}
