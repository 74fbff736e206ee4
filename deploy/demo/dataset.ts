import { randomInt } from 'node:crypto';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';

/**
 * The demo data set of `npm run demo` (README "Demo data"): several enterprises, each telling
 * the story of the catalogue's examples (schemas/src/documents/examples.ts: a Qianhai bonded
 * importer buys, ships, clears, stores, sells and finances) under its own identity and order
 * numbers, with status changes submitted as later versions. Pure, so the unit test checks every
 * document against its schema before anything is sent.
 *
 * It is a table of feeds: each row turns the enterprises into submissions through one family
 * of interfaces. The tracking, reference-data and enterprise-data feeds add rows here as their
 * interfaces land; nothing else changes.
 */
export interface DemoEnterprise {
  /** Unified social credit code (query spec §3: customerCode). */
  code: string;
  name: string;
  /** Replaces the examples' `QHYP` order-number prefix. */
  prefix: string;
  /** Replaces the examples' other identifiers (bill, business order, platform order, codes). */
  serial: string;
}

export const demoEnterprises: readonly DemoEnterprise[] = [
  // The examples' own enterprise: the printed examples and the query examples name it.
  { code: '91440300MA5G2K7L3X', name: '深圳前海优品供应链有限公司', prefix: 'QHYP', serial: '0' },
  { code: '91330100MA2H3K5P7Y', name: '杭州百联跨境贸易有限公司', prefix: 'HZKJ', serial: '1' },
  { code: '91330201MA2J8Q4R6N', name: '宁波保税区海淘进出口有限公司', prefix: 'NBHT', serial: '2' },
];

export interface DemoSubmission {
  /** Which feed row produced it. */
  feed: string;
  /** A document type id of the catalogue (ingest's submission interfaces). */
  interface: DocumentTypeId;
  enterprise: string;
  document: Record<string, unknown>;
  /** What this submission shows (first version, status change …). */
  note: string;
}

export interface DemoFeed {
  id: string;
  description: string;
  submissions(enterprises: readonly DemoEnterprise[]): DemoSubmission[];
}

const original = demoEnterprises[0]!;

/**
 * The examples' identifiers, each rewritten per enterprise so that chains never share a number
 * across enterprises (they would not be linked anyway: processors/README.md "Link-node rules").
 * Same length, so every maxLength still holds.
 */
const identifiers = [
  'BO240305000123',
  'COSU6287451230',
  'TM2024031812345678',
  '3786215549021873',
  'YP2024030501',
  'SZHY-T-884120',
  'TL-QHBW-240305-0031',
  'QHBW-S-240305-12',
  'FIN-QH-240220-008',
  'WMS-QH-240305-031',
  'WMS-QH-240321-044',
  'PO-JP-240218-01',
  'HZBL-PO-240320-77',
  'YP-JP-2024-018',
  'YP-HZ-2024-006',
  'ZTO-QH-240318-0042',
  '78312456690123',
  '530420241000056789',
  '534920240000012345',
  'QD534924I000158736',
  'IN240305000031',
  'SK240305A017',
  'SZHY240305007',
  'CSNU6278415',
  '4403960QHY',
];

/** The example documents as one enterprise would send them. */
export function rebrand<T>(value: T, enterprise: DemoEnterprise): T {
  if (enterprise.code === original.code) return structuredClone(value);
  let text = JSON.stringify(value);
  const swap = (from: string, to: string) => {
    text = text.split(from).join(to);
  };
  swap(original.code, enterprise.code);
  swap(original.name, enterprise.name);
  for (const id of identifiers) swap(id, `${id.slice(0, -1)}${enterprise.serial}`);
  swap('QHYP', enterprise.prefix);
  return JSON.parse(text) as T;
}

const example = (id: DocumentTypeId) => examples[id] as unknown as Record<string, unknown>;

const submission = (
  enterprise: DemoEnterprise,
  id: DocumentTypeId,
  note: string,
  change: (document: Record<string, unknown>) => Record<string, unknown> = (document) => document,
): DemoSubmission => ({
  feed: 'documents',
  interface: id,
  enterprise: enterprise.code,
  document: change(rebrand(example(id), enterprise)),
  note,
});

const owned = (enterprise: DemoEnterprise) => (document: Record<string, unknown>) => ({
  customerCode: enterprise.code,
  ...document,
});

/**
 * Double financing (processors/README.md "Collateral rules"): the second enterprise, whose first
 * purchase is still financed (`FIN-QH-240220-001`, its cargo in the bonded warehouse), places a
 * second purchase financed by another lender and names the first cargo's inbound order as its
 * warehouse order: the warehouse receipt already pledged is pledged again. Both financings stay
 * open, so the lender console lists the alert and the exposure query reports the reuse. As the
 * README's false positive (1) says, the second purchase joins the first's chain, so the chain's
 * bill of lading and contracts pair as well.
 */
export const doubleFinancing = {
  enterprise: demoEnterprises[1]!,
  entOrderNo: 'HZKJ-PO-20240326-009',
  financingOrderNo: 'FIN-HZ-240326-014',
} as const;

/** A tally whose every line counted what was expected, in good condition: no shortfall. */
const countedInFull = (document: Record<string, unknown>) => ({
  ...document,
  goodsList: (document.goodsList as Record<string, unknown>[]).map((line) => ({
    ...line,
    actReceiveQty: line.expectReceiveQty,
    goodQty: line.expectReceiveQty,
    damageQty: 0,
    lackQty: 0,
  })),
});

/**
 * Release and coverage alerts (processors/README.md "Release and coverage alerts"), as the lender
 * console and the portfolio show them: the doubly financed enterprise's outbound takes goods out
 * of the receipt its first financing (still open) holds — one `collateral.released`; its tally
 * counted only the first goods line, so the stock behind the receipt fell from the purchase's
 * whole amount (coverage 1) to about three quarters at the tally, under the default threshold
 * (1) — one low-coverage financing. The second financing opens after the outbound, for a smaller
 * amount its stock still covers: neither alert names it. The other enterprises' financings are
 * repaid before their outbounds and are not in the portfolio.
 */
export const releaseAlert = {
  enterprise: demoEnterprises[1]!,
  financingOrderNo: rebrand(examples.purchase, demoEnterprises[1]!).financingOrderNo as string,
  outbound: rebrand(examples.outbound, demoEnterprises[1]!).entOrderNo as string,
  secondFinancingAmount: 450000,
} as const;

/**
 * The 14 submission interfaces for every enterprise, in the order the story happens: goods
 * master data, the purchase (placed, then received), arrival, transport, clearance and checks,
 * inbound and tally, then the sales (to a retailer: placed, then shipped or cancelled; to
 * consumers), their outbound and the bonded e-commerce orders and waybills.
 */
const documentFeed: DemoFeed = {
  id: 'documents',
  description: 'the 14 partner documents per enterprise, with purchase and sales status changes',
  submissions: (enterprises) =>
    enterprises.flatMap((enterprise, index) => [
      submission(enterprise, 'goods', 'goods master data'),
      submission(enterprise, 'synchronizeGoods', 'goods synchronisation'),
      submission(enterprise, 'purchase', 'purchase placed (10)', (d) => ({
        ...d,
        orderStatus: '10',
        inboundTime: undefined,
      })),
      submission(enterprise, 'pod', 'vessel arrived'),
      submission(enterprise, 'internalTransport', 'port to bonded warehouse'),
      submission(enterprise, 'clearance', 'import declaration'),
      // A check note names only the declaring firm, inbound and outbound notes no enterprise at all
      // (processors/README.md "Enterprise key"): the importer's logistics partner sends the
      // owner's customerCode with them (an additional property), so they join its chain.
      submission(enterprise, 'check', 'check note', owned(enterprise)),
      submission(enterprise, 'inbound', 'inbound note', owned(enterprise)),
      // Counted in full: the one release of the demo is the outbound below (`releaseAlert`).
      submission(enterprise, 'tally', 'tally report, counted in full', countedInFull),
      // The doubly financed enterprise's first financing still runs: its purchase stays at 10
      // (a purchase at 20 repays its financing: processors/README.md "Collateral rules").
      ...(enterprise.code === doubleFinancing.enterprise.code
        ? []
        : [submission(enterprise, 'purchase', 'purchase received into the warehouse (20)')]),
      submission(enterprise, 'saleOrderToB', 'sale to a retailer placed (10)'),
      // The last enterprise's retailer cancels; the others ship.
      index === enterprises.length - 1
        ? submission(enterprise, 'saleOrderToB', 'sale to a retailer cancelled (30)', (d) => ({
            ...d,
            orderStatus: '30',
          }))
        : submission(enterprise, 'saleOrderToB', 'sale to a retailer shipped (20)', (d) => ({
            ...d,
            orderStatus: '20',
          })),
      // The e-commerce enterprise is named by its customs code (electricCode); the owner's
      // customerCode goes along so the order and waybill join its chain.
      submission(enterprise, 'ondedEcOrder', 'bonded e-commerce order', owned(enterprise)),
      submission(enterprise, 'bondedEcLogistics', 'its waybill', owned(enterprise)),
      submission(enterprise, 'outbound', 'outbound note', owned(enterprise)),
      submission(enterprise, 'saleOrderToC', 'sales to consumers'),
    ]),
};

/** The second financing of `doubleFinancing`. */
const doubleFinancingFeed: DemoFeed = {
  id: 'double-financing',
  description: 'a second financing that pledges the warehouse receipt of a running one again',
  submissions: () => {
    const { enterprise, entOrderNo, financingOrderNo } = doubleFinancing;
    const receipt = rebrand(example('inbound'), enterprise).entOrderNo;
    return [
      {
        ...submission(
          enterprise,
          'purchase',
          'second purchase financed against the same warehouse receipt (10)',
          (d) => ({
            ...d,
            entOrderNo,
            orderTime: '2024-03-26 10:00:00',
            contractNo: 'HZKJ-JP-2024-027',
            poOrderNo: 'PO-JP-240326-03',
            financingOrderNo,
            wmsOrderNo: receipt,
            // Its stock covers it (`releaseAlert`): only the first financing is low.
            purchaseAmount: releaseAlert.secondFinancingAmount,
            payTime: undefined,
            inboundTime: undefined,
            orderStatus: '10',
          }),
        ),
        feed: 'double-financing',
      },
    ];
  },
};

/** The partner documents' menu groups (submission spec §1); other groups are providers' feeds. */
const partnerGroups: readonly string[] = ['logistics', 'business'];

export const isPartnerDocument = (id: DocumentTypeId): boolean =>
  partnerGroups.includes(documentTypes.find((type) => type.id === id)?.group ?? '');

/**
 * Feed documents (tracking, reference data, enterprise data: ARCHITECTURE "Feeds are documents
 * too"): every feed type of the catalogue is sent with its catalogue example, which tells the
 * same story as the partner documents (the same waybills, bills and enterprise), so the query
 * examples find data. A feed family that needs more than its example adds its own row.
 */
const catalogueFeeds: DemoFeed = {
  id: 'feeds',
  description: 'each feed document type of the catalogue, with its example',
  submissions: (enterprises) =>
    documentTypes
      .filter((type) => !isPartnerDocument(type.id))
      .map((type) => ({
        feed: 'feeds',
        interface: type.id,
        enterprise: enterprises[0]!.code,
        document: structuredClone(example(type.id)),
        note: `${type.title.en} feed`,
      })),
};

/** The feed table; new feed families append their row. */
export const demoFeeds: readonly DemoFeed[] = [documentFeed, doubleFinancingFeed, catalogueFeeds];

/** Every submission of the demo, in the order it is sent. Undefined members are dropped. */
export function demoSubmissions(enterprises: readonly DemoEnterprise[] = demoEnterprises): DemoSubmission[] {
  return demoFeeds
    .flatMap((feed) => feed.submissions(enterprises))
    .map((entry) => ({ ...entry, document: JSON.parse(JSON.stringify(entry.document)) }));
}

/** The ingest path of a submission (`{product}` filled). */
export function submissionPath(id: DocumentTypeId, product: string): string {
  const type = documentTypes.find((candidate) => candidate.id === id);
  if (!type) throw new Error(`unknown document type ${id}`);
  return type.path.replaceAll('{product}', product);
}

/** The demo's sample portal visitor (load.ts stores it; the collection's role requests name it). */
export const demoVisitorPhone = '13800000000';

const passwordAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The sample visitor's password, fresh each run: 12 letters or digits drawn uniformly, so it
 * passes the portal's own form rule (6 to 12 letters or digits, portal spec §5; `passwordPattern`
 * in query-api's accounts.ts and web's validation.ts), which a cut of base64url (`-`, `_`) did not.
 * `draw(n)` is a uniform integer in [0, n): crypto's by default, a fixed one in tests.
 */
export function demoVisitorPassword(draw: (below: number) => number = randomInt): string {
  let password = '';
  for (let i = 0; i < 12; i++) password += passwordAlphabet[draw(passwordAlphabet.length)];
  return password;
}
