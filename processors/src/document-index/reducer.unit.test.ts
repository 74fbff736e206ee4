import { describe, expect, it } from 'vitest';
import { documentLog } from '../documents/testing.ts';
import { reduceDocumentIndex } from './reducer.ts';

describe('document index reducer', () => {
  it('given no entry, when a document arrives, then it is indexed with its provenance and enterprise', () => {
    const record = documentLog(7);
    const event = record('purchase', { customerCode: 'ENT1', entOrderNo: 'PO1' });
    const { state, changes } = reduceDocumentIndex(undefined, event);
    expect(state).toEqual({ ...event.provenance, type: 'purchase', enterprise: 'ENT1' });
    expect(changes).toEqual([]);
  });

  it('given an entry, when the same record is delivered again, then nothing changes', () => {
    const event = documentLog()('pod', { entOrderNo: 'A' });
    const first = reduceDocumentIndex(undefined, event).state;
    const again = reduceDocumentIndex(first, { ...event, provenance: { ...event.provenance, offset: '99' } });
    expect(again.state).toBe(first);
  });

  it('records an unattributed document with a null enterprise', () => {
    const { state } = reduceDocumentIndex(
      undefined,
      documentLog()('pod', { entOrderNo: 'A', busiOrderNo: 'B' }),
    );
    expect(state?.enterprise).toBeNull();
  });
});
