import { describe, expect, it } from 'vitest';
import { splitSummarisedRows, summarisedStatement } from './summarisedRead.ts';

const version = { projection: 'link-node' as const, version: 3, consumerGroup: 'g' };
const read = 'SELECT * FROM "v3".nodes WHERE enterprise = $1 AND value = $2 ORDER BY node_id';

describe('a summarised statement', () => {
  it('gives each read its own parameters, after them the summary', () => {
    const statement = summarisedStatement(
      read,
      [
        ['E1', 'PO-1'],
        ['E1', 'PO-2'],
        ['E2', 'PO-3'],
      ],
      version,
      null,
    );
    expect(statement.text).toContain(
      'SELECT 0 AS tradelog_summary_item, q.* FROM (SELECT * FROM "v3".nodes WHERE enterprise = $1 AND value = $2',
    );
    expect(statement.text).toContain(
      'SELECT 1 AS tradelog_summary_item, q.* FROM (SELECT * FROM "v3".nodes WHERE enterprise = $3 AND value = $4',
    );
    expect(statement.text).toContain(
      'SELECT 2 AS tradelog_summary_item, q.* FROM (SELECT * FROM "v3".nodes WHERE enterprise = $5 AND value = $6',
    );
    // The summary's four parameters come after the reads' six.
    expect(statement.text).toContain('projection = $7 AND version = $8');
    expect(statement.text).not.toContain('$11');
    expect(statement.values).toEqual(['E1', 'PO-1', 'E1', 'PO-2', 'E2', 'PO-3', 'link-node', 3, 'g', null]);
  });

  it('refuses reads with different numbers of values (their parameters would be misnumbered)', () => {
    expect(() => summarisedStatement(read, [['E1', 'PO-1'], ['E1']], version, null)).toThrow(
      /as many values/,
    );
  });

  it('splits the rows by read, in their order, without the summary columns; a read without rows gets none', () => {
    const summary = {
      tradelog_summary_live: true,
      tradelog_summary_applied_at: null,
      tradelog_summary_applied_through: '7',
      tradelog_summary_records_behind: '2',
    };
    const rows = [
      { ...summary, tradelog_summary_item: 0, node_id: 'a' },
      { ...summary, tradelog_summary_item: 0, node_id: 'b' },
      { ...summary, tradelog_summary_item: 2, node_id: 'c' },
    ];
    const { summary: read, items } = splitSummarisedRows(rows, 3);
    expect(read).toEqual({ live: true, appliedAt: null, appliedThrough: '7', recordsBehind: 2 });
    expect(items).toEqual([[{ node_id: 'a' }, { node_id: 'b' }], [], [{ node_id: 'c' }]]);
    // No read has rows: the summary's row alone, its read columns null.
    expect(
      splitSummarisedRows([{ ...summary, tradelog_summary_item: null, node_id: null }], 2).items,
    ).toEqual([[], []]);
  });
});
