import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { describe, expect, it } from 'vitest';
import { reduceCollateralDocument } from '../../processors/src/collateral/reducer.ts';
import { emptyCollateralState } from '../../processors/src/collateral/state.ts';
import { enterpriseOf } from '../../processors/src/documents/enterpriseKey.ts';
import { documentLog } from '../../processors/src/documents/testing.ts';
import { emptyLinkNodeState } from '../../processors/src/link-node/reducer.ts';
import { passwordPattern } from '../../query-api/src/content/accounts.ts';
import { passwordPattern as formPasswordPattern } from '../../web/src/forms/validation.ts';
import {
  demoEnterprises,
  demoSubmissions,
  demoVisitorPassword,
  doubleFinancing,
  isPartnerDocument,
} from './dataset.ts';

describe('demo data set', () => {
  const submissions = demoSubmissions();
  const validate = createDocumentValidators();

  it('is valid against the schemas ingest validates with', () => {
    for (const entry of submissions) {
      expect(validate[entry.interface](entry.document), `${entry.enterprise} ${entry.note}`).toEqual([]);
    }
  });

  it('sends every document type of the catalogue: partner documents for every enterprise, feeds once', () => {
    expect(new Set(submissions.map((entry) => entry.interface))).toEqual(
      new Set(documentTypes.map((type) => type.id)),
    );
  });

  it('sends every partner document type for every enterprise, each attributed to its enterprise', () => {
    const partnerTypes = documentTypes.filter((type) => isPartnerDocument(type.id)).map((type) => type.id);
    expect(partnerTypes).toHaveLength(14);
    for (const enterprise of demoEnterprises) {
      const own = submissions.filter(
        (entry) => entry.enterprise === enterprise.code && entry.feed === 'documents',
      );
      expect(new Set(own.map((entry) => entry.interface))).toEqual(new Set(partnerTypes));
      for (const entry of own) {
        const owner = enterpriseOf(entry.interface, entry.document as never);
        if (entry.interface !== 'synchronizeGoods') expect(owner, `${entry.interface}`).toBe(enterprise.code);
        expect(JSON.stringify(entry.document)).not.toContain(
          enterprise === demoEnterprises[0] ? 'HZKJ' : demoEnterprises[0]!.code,
        );
      }
    }
  });

  it('changes statuses by later versions: purchases received, a sale shipped and one cancelled', () => {
    const statuses = (id: string, enterprise: string) =>
      submissions
        .filter((entry) => entry.interface === id && entry.enterprise === enterprise)
        .map((entry) => entry.document.orderStatus);
    for (const enterprise of demoEnterprises)
      expect(statuses('purchase', enterprise.code)).toEqual(
        enterprise === doubleFinancing.enterprise ? ['10', '10'] : ['10', '20'],
      );
    expect(statuses('saleOrderToB', demoEnterprises[0]!.code)).toEqual(['10', '20']);
    expect(statuses('saleOrderToB', demoEnterprises.at(-1)!.code)).toEqual(['10', '30']);
  });

  it('gives each enterprise its own order and bill numbers', () => {
    const keys = submissions
      .filter((entry) => entry.interface === 'pod')
      .map((entry) => [entry.document.entOrderNo, entry.document.billNo, entry.document.busiOrderNo].join());
    expect(new Set(keys).size).toBe(demoEnterprises.length);
  });

  it('pledges a warehouse receipt of a running financing again: the collateral rules see an open pairing', () => {
    const log = documentLog();
    let state = { links: emptyLinkNodeState(), collateral: emptyCollateralState() };
    for (const entry of submissions.filter((entry) => isPartnerDocument(entry.interface)))
      state = reduceCollateralDocument(state, log(entry.interface, entry.document)).state;
    const { financings, pairings } = state.collateral;
    const open = [...financings.values()].filter((financing) => financing.open);
    expect(open.map((financing) => [financing.enterprise, financing.financingNo])).toEqual([
      [doubleFinancing.enterprise.code, 'FIN-QH-240220-001'],
      [doubleFinancing.enterprise.code, doubleFinancing.financingOrderNo],
    ]);
    const receipts = [...pairings.values()].filter((pairing) => pairing.kind === 'warehouseReceipt');
    expect(receipts.map((pairing) => [pairing.warehouse, pairing.number])).toEqual([
      ['QHBW0001', 'HZKJIN20240305003'],
    ]);
  });
});

describe("the demo visitor's password", () => {
  it('passes the portal form’s rule and the server’s (6 to 12 letters or digits), every draw', () => {
    // A cut of base64url held `-` or `_` in about a third of the draws.
    for (let i = 0; i < 500; i++) {
      const password = demoVisitorPassword();
      expect(password, password).toMatch(formPasswordPattern);
      expect(password, password).toMatch(passwordPattern);
      expect(password).toHaveLength(12);
    }
  });

  it('draws each character uniformly from all 62 letters and digits', () => {
    const seen = new Set<number>();
    const sequence = (start: number) => {
      let next = start;
      return (below: number) => {
        seen.add(below);
        return next++ % below;
      };
    };
    expect(demoVisitorPassword(sequence(0))).toBe('ABCDEFGHIJKL');
    expect(demoVisitorPassword(sequence(24))).toBe('YZabcdefghij');
    expect(demoVisitorPassword(sequence(50))).toBe('yz0123456789');
    expect([...seen]).toEqual([62]);
  });
});
