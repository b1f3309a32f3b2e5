import type { Db } from '../src/db/pool.ts';

/** A node of a plan as PostgreSQL ran it (EXPLAIN (ANALYZE, FORMAT JSON)), with the figures the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every node of the plan of `text` as run (EXPLAIN ANALYZE), in a transaction rolled back: nothing it writes stays.
 * Statements a transaction sets up (a CTE's INSERT, an UPDATE) are run for real inside it, as they would be.
 */
export async function planOf(db: Db, text: string, params: unknown[]): Promise<PlanNode[]> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    return nodesOf(rows[0]['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The scans of `table` in a plan. */
export const scansOf = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n['Relation Name'] === table);

/**
 * How many rows of `table` the plan read, over all its scans and loops: those kept and those a filter threw away.
 * A statement driven by the small side reads about the rows it needs; one that walks the table reads them all.
 * PostgreSQL gives a node's rows per loop (an average, whole numbers), so a plan whose loops read uneven numbers of
 * rows may be off by a few here.
 */
export const rowsRead = (nodes: PlanNode[], table: string) =>
  scansOf(nodes, table).reduce(
    (n, s) =>
      n +
      s['Actual Loops'] *
        (s['Actual Rows'] + (s['Rows Removed by Filter'] ?? 0) + (s['Rows Removed by Index Recheck'] ?? 0)),
    0,
  );

/** The planner's estimate of `text`'s top node: what the statistics make of the keys it names. */
export async function estimatedRows(db: Db, text: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
}
