import { Badge } from '@mantine/core';
import { UNPUBLISHED_EDITS_BADGE } from '@psps/contracts';

/**
 * A published template saved since its publish: those edits reach no one until a Re-Publish. Shown beside the
 * status in the editor's header and in the template list, with the same words in both. In the list (`wraps`) the
 * words may go on two lines: on one, beside a 1024 px laptop's sidebar, the badge made the list wider than its
 * card, and the pinned actions covered the LAST UPDATE column.
 */
export function UnpublishedEditsBadge({ testId, wraps = false }: { testId: string; wraps?: boolean }) {
  return (
    <Badge
      color="orange"
      variant="filled"
      miw="max-content"
      title="Saved after the last publish: Re-Publish (Publish tab) to send these edits."
      data-testid={testId}
      {...(wraps && {
        miw: undefined,
        h: 'auto',
        py: 2,
        radius: 'sm',
        styles: { label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } },
      })}
    >
      {UNPUBLISHED_EDITS_BADGE}
    </Badge>
  );
}
