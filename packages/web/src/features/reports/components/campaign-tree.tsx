import { Card, Group, Stack, Text } from '@mantine/core';
import {
  type Campaign,
  type CampaignTreeAnswer,
  CUSTOMER_CLASS_LABELS,
  CUSTOMER_CLASSES,
  REPORT_TEXTS,
} from '@psps/contracts';
import { memo } from 'react';
import { dateOrDash } from '@/lib/dates.ts';
import { formatCount } from '../utils/labels.ts';
import classes from './campaign-tree.module.css';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/** One campaign (dataset) of the tree: ID, Imported, Launched, Completed, Total, Voice, SMS, e-Mail. */
export function CampaignCard({ campaign, root }: { campaign: Campaign; root?: boolean }) {
  return (
    <Card
      role="group"
      aria-label={`${root ? 'Root campaign' : 'Campaign'} ID ${campaign.dataset_id_bint}`}
      withBorder
      padding="xs"
      radius="sm"
      w={340}
      maw="100%"
      data-testid={root ? 'tree-root' : 'tree-card'}
      style={root ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      {/* The whole title, wrapped under the ID: its ending names the customer class. */}
      <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
        ID {campaign.dataset_id_bint}
      </Text>
      <Text size="xs" c="dimmed" lh={1.35} mb={4} data-testid="tree-card-title">
        {campaign.title_vch}
      </Text>
      <div className={classes.counts}>
        <Stack gap={0}>
          <Field label="Imported" value={dateOrDash(campaign.created_dt)} />
          <Field label="Launched" value={dateOrDash(campaign.launched_dt)} />
          <Field label="Completed" value={dateOrDash(campaign.processed_dt)} />
        </Stack>
        <Stack gap={0}>
          <Field label="Total" value={formatCount(campaign.totalrecords_int)} />
          <Field label="Voice" value={formatCount(campaign.voicecount_int)} />
          <Field label="SMS" value={formatCount(campaign.smscount_int)} />
          <Field label="e-Mail" value={formatCount(campaign.emailcount_int)} />
        </Stack>
      </div>
    </Card>
  );
}

/**
 * The campaign tree of one dataset (document 1 §2): the root card, then the rows Medical Baseline, Critical
 * Essential and General, each with one card per child campaign, or 'none'.
 *
 * Memoised: a reload that changed nothing keeps the same answer object (the query's structural sharing), so the
 * 60-second poll of an event's 200 trees re-renders none of their cards (measured; docs/history.md, "The console at
 * a utility's scale").
 */
export const CampaignTreeView = memo(function CampaignTreeView({ tree }: { tree: CampaignTreeAnswer }) {
  const [roots, ...rows] = tree;
  return (
    <Stack gap="sm" data-testid="campaign-tree">
      {roots.map((root) => (
        <CampaignCard key={root.dataset_id_bint} campaign={root} root />
      ))}
      {CUSTOMER_CLASSES.map((customerClass, i) => {
        const label = CUSTOMER_CLASS_LABELS[customerClass];
        const children = rows[i] ?? [];
        return (
          <div key={label} className={classes.row} data-testid="tree-row" data-row={label}>
            {/* A heading under the section's: a screen reader's heading keys go from class to class. */}
            <Text component="h4" m={0} size="sm" fw={600} className={classes.label}>
              {label}
              {children.length > 0 && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  ({children.length})
                </Text>
              )}
            </Text>
            {children.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic" className={classes.none}>
                {REPORT_TEXTS.none}
              </Text>
            ) : (
              <Group gap="xs" align="stretch">
                {children.map((child) => (
                  <CampaignCard key={child.dataset_id_bint} campaign={child} />
                ))}
              </Group>
            )}
          </div>
        );
      })}
    </Stack>
  );
});
