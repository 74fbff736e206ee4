import {
  dateTime,
  documentSchema,
  eitherOr,
  type JsonSchema,
  labels as l,
  list,
  record,
  text,
} from '../../documents/json-schema.ts';
import { billCustomerCode, billCustomerName, billNo, bookingNo } from './fields.ts';

const time = (cn: string, en: string) => dateTime(l(cn, en, `${cn}`, en));

/** The detail fields of one international transport bill (query spec §3 "International transport bill"). */
export const billDetailProperties: Readonly<Record<string, JsonSchema>> = {
  SO: text(64, l('订舱单号', 'Shipping order', '订舱单（SO）号', 'The shipping order (SO) number')),
  shippingCompany: text(100, l('船公司', 'Shipping company', '承运的船公司', 'The carrying shipping line')),
  shipName: text(100, l('船名', 'Vessel name', '船名', 'The vessel’s name')),
  voyageNo: text(32, l('航次', 'Voyage', '航次号', 'The voyage number')),
  MBL: text(64, l('主提单号', 'Master bill', '主提单号', 'The master bill of lading number')),
  bookingDate: time('订舱日期', 'Booking date'),
  beginCountry: text(60, l('启运国', 'Country of departure', '启运国（地区）', 'The country of departure')),
  tradeCountry: text(60, l('贸易国', 'Trading country', '贸易国（地区）', 'The trading country')),
  goodsPlace: text(100, l('货物存放地', 'Goods location', '货物存放地点', 'Where the goods are held')),
  finalDestination: text(100, l('最终目的地', 'Final destination', '最终目的地', 'The final destination')),
  beginPort: text(100, l('启运港', 'Port of loading', '启运港', 'The port of loading')),
  designationPort: text(100, l('目的港', 'Port of discharge', '指运港', 'The port of discharge')),
  issueTime: time('签单时间', 'Issue time'),
  berthingTime: time('靠泊时间', 'Berthing time'),
  shippedOnBoardDate: time('装船日期', 'Shipped on board'),
  leaveTime: time('离港时间', 'Departure time'),
  podTime: time('抵港时间', 'Arrival time'),
  unloadTime: time('卸船时间', 'Discharge time'),
  pickUpTime: time('提货时间', 'Pick-up time'),
  containerInfo: list(
    record(
      {
        containerId: text(11, l('箱号', 'Container number', '集装箱号', 'The container number')),
        containerMd: text(
          10,
          l('箱型', 'Container type', '集装箱尺寸类型，如 40HC', 'The container size and type, e.g. 40HC'),
        ),
      },
      ['containerId'],
      l('集装箱', 'Container', '提单下的一个集装箱', 'One container of the bill'),
    ),
    { max: 1000 },
    l('集装箱信息', 'Containers', '提单下的集装箱', 'The bill’s containers'),
  ),
};

/**
 * International transport bill (query spec §3): a forwarder's or carrier's record of one bill of
 * one cargo owner. A bill is `(customerCode, billNo, sybknoteno)`; one of the two numbers must be
 * non-empty (§5). The record key is the customer code, so one owner's bills stay in order.
 */
export const transportBillFeedSchema: JsonSchema = documentSchema({
  words: l(
    '国际运输单据数据',
    'International transport bill feed',
    '货代或承运人提交的一票国际运输单据；提单号与订舱号至少填一项（§5）；同一票的后一条替换前一条',
    'One bill of an international shipment from a forwarder or carrier; billNo or sybknoteno must be non-empty (§5); a later record of the same bill replaces the earlier',
  ),
  properties: {
    customerCode: billCustomerCode,
    customerName: billCustomerName,
    billNo,
    sybknoteno: bookingNo,
    ...billDetailProperties,
  },
  required: ['customerCode', 'customerName'],
  anyOf: eitherOr('billNo', 'sybknoteno'),
});
