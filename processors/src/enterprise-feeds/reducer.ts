import type { FeedFamily, FeedRowRecord, FeedSource } from '@tradelog/projections/enterprise-feeds/tables';
import type { ChangeKind, ChangeSource } from '@tradelog/schemas/changes/contract';
import { canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import { type ChangeEvent, changeEvent, type Reduction } from '../changes.ts';
import { enterpriseOf } from '../documents/enterpriseKey.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentOf,
  documentTime,
  type FieldOf,
  listOf,
  type Provenance,
  text,
  untyped,
} from '../documents/event.ts';
import { olderThan, placeOf } from '../documents/logOrder.ts';

/**
 * Enterprise feeds (query spec §3: tax information, e-commerce sales data, payment account
 * monitor, brand ranking, in-warehouse data, warehouse operating indicators): what outside
 * providers report, kept as the latest fact per natural key (processors/README.md, "Enterprise
 * feeds"). Every rule is deterministic in log order, so a rebuild gives the same rows.
 *
 * 1. Tax information: one row per taxpayer (nsrsbh) and data type (01 processed, 02 raw). A
 *    report whose reportTime is older than the stored one is ignored (a late delivery of an old
 *    report); an equal or newer one replaces the row.
 * 2. Sales to business: one channel row per (enterprise, platform) with the channel's fields
 *    (dates, purchase and settlement cycles; a field a document leaves out keeps its value) and
 *    one row per (enterprise, platform, period) holding that period's sale and settlement. A
 *    document replaces the sale and the settlement of each period it carries; other periods stay.
 * 3. Sales to consumer: the same per (enterprise, platform, shopCode): a channel row and one
 *    row per period (monthDataList).
 * 4. Payment account changes: one row per (enterprise, platform, bankAccount, changeTime); the
 *    same change sent with other content is a correction and replaces it.
 * 5. Brand rankings: one row per (period, brand, category) holding its composite (type 0),
 *    high-end (1) and popularity (2) places; a ranking of one type sets that type's place of
 *    each brand it lists and leaves the other types. Rankings are market data: no enterprise.
 * 6. In-warehouse data: one row per (enterprise, warehouseId), the latest countDate; an older
 *    countDate is ignored, an equal or later one replaces it.
 * 7. Warehouse indicators: one row per (enterprise, warehouseId, snapshotTime).
 * 7a. Warehouse stock reports: one row per (owner, warehouseId), the latest snapshotTime; an
 *    older snapshot is ignored, an equal or later one replaces the whole report.
 * 8. Nothing changes — no row, no event — when what a document would write equals what is
 *    stored (a resubmission, a redelivered record).
 * 9. Where no provider time orders a row, or two are equal, log order does: a record older than
 *    the one the row reflects (an operator's retry of an old dead letter) does not replace it; a
 *    row documents merge into (channels, periods, rankings) takes from it only the fields it
 *    lacks, and keeps its source. A document that changes no row because every row it names is
 *    newer is superseded (documents/logOrder.ts). A change event names the enterprise, so a
 *    lender's changes subscription can follow it (rankings publish none: they have no enterprise).
 */
// A feed row's family, fields and source are declared once with its record.
export type { FeedFamily, FeedSource };

/** A feed row as the reducer keeps it: its record without the key, with its document's content. */
export interface FeedRow extends Omit<FeedRowRecord, 'rowKey' | 'content'> {
  content: Document;
}

export type FeedState = ReadonlyMap<string, FeedRow>;

export const projectionName = 'enterprise-feeds' satisfies ChangeSource;

export const feedRowKey = (row: Pick<FeedRow, 'family' | 'enterprise' | 'scope' | 'period'>): string =>
  [row.family, row.enterprise, row.scope, row.period].map(encodeURIComponent).join('|');

/** The change kind of each family (the change contract's, schemas/src/changes/contract.ts). */
export const changeKindOf: Readonly<Record<FeedFamily, ChangeKind<typeof projectionName> | null>> = {
  tax: 'tax.reported',
  salesToB: 'ecommerce-sales.updated',
  salesToC: 'ecommerce-sales.updated',
  account: 'payment-account.changed',
  ranking: null,
  inWarehouse: 'in-warehouse.updated',
  indicators: 'warehouse-indicators.updated',
  stock: 'warehouse-stock.reported',
};

/** What a document would write: each row's identity and content, and how it merges with what is stored. */
interface Write {
  row: Omit<FeedRow, 'contentSha256' | 'source'>;
  /** Merges the written content into the stored one (default: replace). */
  merge?: (stored: Document) => Document;
}

const definedOnly = (document: Document): Document =>
  Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined && value !== null));

const pick = (document: Document, names: readonly string[]): Document =>
  definedOnly(Object.fromEntries(names.map((name) => [name, document[name]])));

/** A channel row: the document's channel fields over the stored ones (absent fields keep theirs). */
const channelWrite = (family: FeedFamily, enterprise: string, scope: string, fields: Document): Write => ({
  row: { family, enterprise, scope, period: '', asOf: null, content: fields },
  merge: (stored) => ({ ...stored, ...fields }),
});

/** A period row of a sales channel: the parts the document carries for the period replace the stored parts. */
const periodWrite = (
  family: FeedFamily,
  enterprise: string,
  scope: string,
  period: string,
  parts: Document,
): Write => ({
  row: { family, enterprise, scope, period, asOf: null, content: parts },
  merge: (stored) => ({ ...stored, ...parts }),
});

const rankingField = { '0': 'sumUpRanking', '1': 'highEndRanking', '2': 'popularRanking' } as const;

/**
 * The rows a feed document writes, by feed; none when it lacks what keys its row. The enterprise
 * each feed is filed under is the one its declared field names, the field ingest granted
 * (schemas/src/documents/enterpriseFields.ts).
 */
function writesOf(event: DocumentEvent): Write[] {
  // Destructured together, so that each case below reads its own feed's fields.
  const { type: feed, document: d } = event;
  const named = enterpriseOf(feed, d);
  switch (feed) {
    case 'taxInformation':
      return taxWrites(d, named);
    case 'ecommerceSalesToB':
    case 'ecommerceSalesToC':
      return salesWrites(feed, d, named);
    case 'paymentAccountChange':
      return accountWrites(d, named);
    case 'brandRanking':
      return rankingWrites(d);
    case 'inWarehouseData':
      return warehouseRowWrites('inWarehouse', d, named, 'countDate', 'asOf');
    case 'warehouseIndicators':
      return warehouseRowWrites('indicators', d, named, 'snapshotTime', 'period');
    case 'warehouseStock':
      return warehouseRowWrites('stock', d, named, 'snapshotTime', 'asOf');
    default:
      return [];
  }
}

function taxWrites(d: DocumentOf<'taxInformation'>, nsrsbh: string | undefined): Write[] {
  const datatype = text(d, 'datatype') ?? '01';
  if (!nsrsbh) return [];
  return [
    {
      row: {
        family: 'tax',
        enterprise: nsrsbh,
        scope: datatype,
        period: '',
        asOf: documentTime(d, 'reportTime') ?? null,
        content: d,
      },
    },
  ];
}

/** A sales channel's row, and one row per period with the parts the document carries for it. */
function salesWrites(
  feed: 'ecommerceSalesToB' | 'ecommerceSalesToC',
  d: DocumentOf<'ecommerceSalesToB'> | DocumentOf<'ecommerceSalesToC'>,
  enterprise: string | undefined,
): Write[] {
  const toB = feed === 'ecommerceSalesToB';
  const family: FeedFamily = toB ? 'salesToB' : 'salesToC';
  const platform = text(d, 'platform');
  const shopCode = text(d, 'shopCode');
  if (!enterprise || !platform || (!toB && !shopCode)) return [];
  const scope = toB ? platform : `${platform}/${shopCode}`;
  const channelFields = toB
    ? ['enterpriseName', 'platform', 'startDate', 'endDate', 'firstDate', 'purchaseCycle', 'settleCycle']
    : ['enterpriseName', 'platform', 'shopCode', 'shopName', 'startDate', 'endDate', 'firstDate'];
  const byPeriod = new Map<string, Record<string, unknown>>();
  const put = (list: 'saleList' | 'settleList' | 'monthDataList', part: string) => {
    for (const item of listOf(d, list)) {
      const period = text(item, 'period');
      if (period === undefined) continue;
      byPeriod.set(period, { ...(byPeriod.get(period) ?? {}), [part]: item });
    }
  };
  if (toB) {
    put('saleList', 'sale');
    put('settleList', 'settle');
  } else put('monthDataList', 'month');
  return [
    channelWrite(family, enterprise, scope, pick(d, channelFields)),
    ...[...byPeriod].map(([period, parts]) => periodWrite(family, enterprise, scope, period, parts)),
  ];
}

function accountWrites(d: DocumentOf<'paymentAccountChange'>, enterprise: string | undefined): Write[] {
  const platform = text(d, 'platform');
  const bankAccount = text(d, 'bankAccount');
  const changeTime = documentTime(d, 'changeTime');
  if (!enterprise || !platform || !bankAccount || !changeTime) return [];
  return [
    {
      row: {
        family: 'account',
        enterprise,
        scope: `${platform}/${bankAccount}`,
        period: changeTime,
        asOf: null,
        content: pick(d, ['platform', 'accountName', 'bankName', 'bankAccount', 'changeTime', 'changeInfo']),
      },
    },
  ];
}

/** Market data, filed under no enterprise: one row per brand and category, each ranking type its own place. */
function rankingWrites(d: DocumentOf<'brandRanking'>): Write[] {
  const type = text(d, 'rankingType') as keyof typeof rankingField | undefined;
  const period = text(d, 'dataMonth');
  const field = type === undefined ? undefined : rankingField[type];
  if (!field || !period) return [];
  return listOf(d, 'rankingList').flatMap((item): Write[] => {
    const brand = text(item, 'brand');
    const category = text(item, 'category');
    if (!brand || !category) return [];
    const place = { [field]: item.ranking };
    return [
      {
        row: {
          family: 'ranking',
          enterprise: '',
          scope: `${brand}/${category}`,
          period,
          asOf: null,
          content: { brand, category, ...place },
        },
        merge: (stored) => ({ ...stored, brand, category, ...place }),
      },
    ];
  });
}

/**
 * A warehouse's report as one row under the warehouse: the latest replaces it (its time the
 * row's `asOf`), or each time is a row of its own (its time the row's `period`).
 */
function warehouseRowWrites<D extends object>(
  family: FeedFamily,
  d: D,
  enterprise: string | undefined,
  timeField: FieldOf<D>,
  timeAs: 'asOf' | 'period',
): Write[] {
  const warehouseId = text(d, 'warehouseId' as FieldOf<D>);
  const time = documentTime(d, timeField);
  if (!enterprise || !warehouseId || !time) return [];
  return [
    {
      row: {
        family,
        enterprise,
        scope: warehouseId,
        period: timeAs === 'period' ? time : '',
        asOf: timeAs === 'asOf' ? time : null,
        content: untyped(d),
      },
    },
  ];
}

/** The state keys a document reads and writes. */
export const feedKeysOf = (event: DocumentEvent): string[] =>
  writesOf(event).map((write) => feedRowKey(write.row));

const sourceOf = (provenance: Provenance): FeedSource => ({
  documentId: provenance.documentId,
  position: `${provenance.topic}/${provenance.partition}/${provenance.offset}`,
  partnerId: provenance.partnerId,
  receivedAt: provenance.receivedAt,
});

const subjectOf = (row: Pick<FeedRow, 'family' | 'scope' | 'period'>): string =>
  [row.family, row.scope, row.period].filter((part) => part !== '').join('/');

export function reduceEnterpriseFeeds(state: FeedState, event: DocumentEvent): Reduction<FeedState> {
  let next: Map<string, FeedRow> | undefined;
  let older = false;
  const changed: FeedRow[] = [];
  for (const write of writesOf(event)) {
    const key = feedRowKey(write.row);
    const stored = (next ?? state).get(key);
    const late = stored !== undefined && storedIsNewer(stored, write.row.asOf, event);
    if (late && !write.merge) {
      older = true;
      continue;
    }
    const content = !stored
      ? write.row.content
      : late
        ? { ...write.row.content, ...stored.content }
        : write.merge
          ? write.merge(stored.content)
          : write.row.content;
    const contentSha256 = canonicalSha256(content);
    // Rule 8: the same content (and provider time) changes nothing.
    if (stored && stored.contentSha256 === contentSha256 && stored.asOf === write.row.asOf) {
      if (late) older = true;
      continue;
    }
    const source = late ? stored.source : sourceOf(event.provenance);
    const row: FeedRow = { ...write.row, content, contentSha256, source };
    next ??= new Map(state);
    next.set(key, row);
    changed.push(row);
  }
  if (!next) return { state, changes: [], ...(older ? { superseded: true } : {}) };
  return { state: next, changes: changesOf(changed, event.provenance) };
}

/**
 * Rules 1, 6 and 7a: an older provider time does not replace a newer one; rule 9: where provider
 * times do not decide, an older record does not replace a newer one.
 */
function storedIsNewer(stored: FeedRow | undefined, asOf: string | null, event: DocumentEvent): boolean {
  if (stored === undefined) return false;
  if (stored.asOf !== null && asOf !== null && asOf !== stored.asOf) return asOf < stored.asOf;
  return olderThan(event.provenance, placeOf(stored.source.position, stored.source.receivedAt));
}

/** One event per changed family and scope of the document (a sales document of six months is one change). */
function changesOf(rows: readonly FeedRow[], provenance: Provenance): ChangeEvent[] {
  const events = new Map<string, ChangeEvent>();
  for (const row of rows) {
    const kind = changeKindOf[row.family];
    if (kind === null || row.enterprise === '') continue;
    const subject = subjectOf({
      family: row.family,
      scope: row.scope,
      period: row.family === 'account' || row.family === 'indicators' ? row.period : '',
    });
    const existing = events.get(subject);
    const periods = [
      ...((existing?.data.periods as string[] | undefined) ?? []),
      ...(row.period ? [row.period] : []),
    ];
    events.set(
      subject,
      changeEvent(projectionName, kind, row.enterprise, subject, provenance, {
        family: row.family,
        scope: row.scope,
        ...(periods.length ? { periods } : {}),
      }),
    );
  }
  return [...events.values()];
}
