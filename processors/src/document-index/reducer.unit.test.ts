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

  it('given an entry without an enterprise, when its document is attributed late, then the entry takes that enterprise once', () => {
    const event = documentLog()('inbound', { entOrderNo: 'IN-1' });
    const pending = reduceDocumentIndex(undefined, event).state;
    const late = {
      ...event,
      attribution: { enterprise: 'ENT1', via: 'order' as const, key: 'inboundOrderNo=IN-1' },
    };
    const attributed = reduceDocumentIndex(pending, late).state;
    expect(attributed).toEqual({ ...pending, enterprise: 'ENT1' });
    const again = { ...late, attribution: { ...late.attribution, enterprise: 'ENT2' } };
    expect(reduceDocumentIndex(attributed, again).state).toBe(attributed);
    expect(reduceDocumentIndex(attributed, event).state).toBe(attributed);
  });

  it('records the enterprise of a document attributed through its partner when it arrives', () => {
    const event = documentLog()('inbound', { entOrderNo: 'IN-1' });
    const { state } = reduceDocumentIndex(undefined, {
      ...event,
      attribution: { enterprise: 'ENT1', via: 'partner' },
    });
    expect(state?.enterprise).toBe('ENT1');
  });
});
