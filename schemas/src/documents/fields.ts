import {
  amount,
  atIntake,
  code,
  codeValues,
  date,
  dateTime,
  identifier,
  type JsonSchema,
  labels as l,
  namesEnterprise,
  namesNoGrantedEnterprise,
  text,
  whole,
  yesNo,
} from './json-schema.ts';

/**
 * The field vocabulary of the submission documents: one definition per field name, shared by
 * every document that carries the field, so `hsCode` means and measures the same everywhere.
 * Fields whose meaning differs between documents (vehicleType, busiType, picUrl …) have one
 * definition per meaning, exported separately below the vocabulary.
 *
 * Maximum lengths follow the spec §5 (order numbers 32, client order number 60, contract number
 * 128, bill numbers 512, check numbers 200, names 255, notes 1000, goods fields §3.8, port
 * arrival §3.1, tally orderNo 60). Where the spec gives no length we chose 255 (its limit for
 * names) for text and 1000 for URLs, and say so in schemas/README.md.
 */
export const max = {
  orderNo: 32,
  clientOrderNo: 60,
  tallyOrderNo: 60,
  contractNo: 128,
  billNo: 512,
  checkNo: 200,
  name: 255,
  notes: 1000,
  text: 255,
  url: 1000,
} as const;

/**
 * The largest list sizes where the spec states none (it gives goods import 1 to 3 and the
 * bonded e-commerce order 1 to 2, §5): generous for any real document, small enough that one
 * submission's validation is bounded work (schemas/README.md "Bounds").
 */
export const listMax = {
  /** Goods, order and pallet lines of a document. */
  lines: 1000,
  /** Orders of a consumer-sales batch; each may carry up to `orderLines` lines. */
  orders: 500,
  /** Goods lines of one order inside a batch. */
  orderLines: 100,
  /** Containers, vehicles and attached documents of one document. */
  attachments: 100,
  /** Certificates and pictures of one goods item. */
  certificates: 20,
} as const;

const kg = {
  cn: '单位：千克（规范未注明单位，按海关惯例）',
  en: 'in kilograms (the spec states no unit; customs convention)',
};
const customsTable = {
  cn: '海关参数代码（代码表内容规范未给出）',
  en: 'customs code table value (the table itself is not shown in the spec)',
};
const beijingTime = {
  cn: '格式 yyyy-MM-dd HH:mm:ss（北京时间）或 ISO 8601',
  en: 'as yyyy-MM-dd HH:mm:ss (Beijing time) or ISO 8601',
};

/** A weight: its description says the unit we assume after what it weighs. */
const weightInKg = (title: string, titleEn: string, what: string, whatEn: string) =>
  amount(l(title, titleEn, `${what}，${kg.cn}`, `${whatEn}, ${kg.en}`));

/** A text field holding a value of a customs code table: its description says so after what it holds. */
const customsTableText = (maxLength: number, title: string, titleEn: string, what: string, whatEn: string) =>
  text(maxLength, l(title, titleEn, `${what}，${customsTable.cn}`, `${whatEn}, ${customsTable.en}`));

/** A calendar date (production, expiry): its description names the one format accepted. */
const tradeDate = (title: string, titleEn: string) =>
  date(l(title, titleEn, '格式 yyyy-MM-dd', 'as yyyy-MM-dd'));

/** A time stamped by the partner's system: its description names the formats it is accepted in. */
const tradeTime = (title: string, titleEn: string, what: string, whatEn: string) =>
  dateTime(l(title, titleEn, `${what}，${beijingTime.cn}`, `${whatEn}, ${beijingTime.en}`));

export const field = {
  // Order and document numbers.
  entOrderNo: identifier(
    max.orderNo,
    l(
      '企业订单号',
      'Enterprise order number',
      '企业自有系统中的单据编号，同一类单据内唯一',
      "The document's number in the enterprise's own system; unique within one document type",
    ),
  ),
  clientOrderNo: identifier(
    max.clientOrderNo,
    l(
      '客户订单号',
      'Client order number',
      '委托客户的订单编号',
      "The order number of the enterprise's client",
    ),
  ),
  serviceOrderNo: identifier(
    max.orderNo,
    l(
      '服务订单号',
      'Service order number',
      '服务商（物流、仓储、报关）为本单据分配的编号',
      'The number the service provider (logistics, warehouse, broker) gave this document',
    ),
  ),
  busiOrderNo: identifier(
    max.orderNo,
    l(
      '业务单号',
      'Business order number',
      '平台业务单号；到港、理货、通关单据中与客户编码至少填一项',
      'The platform business order number; port arrival, tally and clearance need this or the customer code',
    ),
  ),
  customerCode: namesEnterprise(
    'owner',
    identifier(
      max.text,
      l(
        '客户编码',
        'Customer code',
        '货主企业的统一社会信用代码或香港商业登记号',
        "The cargo owner's unified social credit code or Hong Kong business registration number",
      ),
    ),
  ),
  customerName: text(
    max.name,
    l('客户名称', 'Customer name', '货主企业名称', "The cargo owner's company name"),
  ),
  contractNo: identifier(
    max.contractNo,
    l('合同号', 'Contract number', '贸易合同编号', 'The number of the trade contract'),
  ),
  billNo: identifier(
    max.billNo,
    l(
      '提单号',
      'Bill of lading number',
      '提（运）单号，多个时按约定分隔',
      'The bill of lading or waybill number; several are joined as agreed with the platform',
    ),
  ),
  transportBlno: identifier(
    max.billNo,
    l(
      '运输提单号',
      'Transport bill of lading number',
      '运输工具的提单号',
      'The bill of lading number of the means of transport',
    ),
  ),
  blno: identifier(
    max.billNo,
    l(
      '提单号（报关）',
      'Bill of lading number (declaration)',
      '报关单上的提单号',
      'The bill of lading number as written on the customs declaration',
    ),
  ),
  portNo: identifier(
    32,
    l('到港单号', 'Port arrival number', '到港记录的编号', 'The number of the port arrival record'),
  ),
  logisticsNo: identifier(
    max.orderNo,
    l('物流单号', 'Logistics order number', '物流（运输）订单编号', 'The number of the transport order'),
  ),
  inboundOrderNo: identifier(
    max.orderNo,
    l('入库单号', 'Inbound order number', '仓库入库单编号', "The warehouse's inbound order number"),
  ),
  inboundOrderId: identifier(
    max.orderNo,
    l(
      '入库单标识',
      'Inbound order id',
      '仓库系统中入库单的内部标识',
      "The inbound order's internal id in the warehouse system",
    ),
  ),
  outboundOrderNo: identifier(
    max.orderNo,
    l('出库单号', 'Outbound order number', '仓库出库单编号', "The warehouse's outbound order number"),
  ),
  poOrderNo: identifier(
    max.orderNo,
    l('采购订单号', 'Purchase order number', '采购订单（PO）编号', 'The purchase order (PO) number'),
  ),
  financingOrderNo: identifier(
    max.orderNo,
    l(
      '融资单号',
      'Financing order number',
      '该采购对应的融资申请编号',
      'The financing application this purchase belongs to',
    ),
  ),
  wmsOrderNo: identifier(
    max.orderNo,
    l(
      '仓储单号',
      'Warehouse order number',
      '仓储管理系统（WMS）中的单号',
      'The order number in the warehouse management system (WMS)',
    ),
  ),
  platformOrderNo: identifier(
    max.orderNo,
    l(
      '平台订单号',
      'Platform order number',
      '电商平台上的订单编号',
      'The order number on the e-commerce platform',
    ),
  ),
  wayBillNo: identifier(
    max.orderNo,
    l('运单号', 'Waybill number', '快递或物流运单号', 'The courier or logistics waybill number'),
  ),
  subWayBillNo: identifier(
    max.orderNo,
    l(
      '子运单号',
      'Sub-waybill number',
      '一票多件时的子运单号',
      'The sub-waybill number when one shipment has several parcels',
    ),
  ),
  tranNo: identifier(
    max.text,
    l('运输单号', 'Transport number', '承运运输单编号', 'The number of the carriage document'),
  ),
  ecomOrder: identifier(
    max.orderNo,
    l(
      '电商订单号',
      'E-commerce order number',
      '核注清单关联的电商订单编号',
      'An e-commerce order covered by the check note',
    ),
  ),
  entryNo: identifier(
    max.text,
    l('报关单号', 'Customs entry number', '海关报关单编号', 'The customs declaration (entry) number'),
  ),
  checkNo: identifier(
    max.checkNo,
    l('核注清单编号', 'Check note number', '海关核注清单编号', 'The number of the customs check note'),
  ),
  passportNo: identifier(
    max.checkNo,
    l(
      '核放单编号',
      'Passport (gate pass) number',
      '海关核放单编号',
      'The number of the customs gate pass (passport)',
    ),
  ),
  bookNo: identifier(
    max.text,
    l('账册编号', 'Customs book number', '保税账册编号', 'The number of the bonded customs book'),
  ),
  bookItemNo: identifier(
    max.text,
    l(
      '账册项号',
      'Customs book item number',
      '商品在保税账册中的项号',
      "The goods' item number in the bonded customs book",
    ),
  ),

  // Parties.
  operateCode: namesNoGrantedEnterprise(
    'the operating unit as customs records it: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(
      max.text,
      l(
        '经营单位编码',
        'Operating unit code',
        '经营单位的海关编码或统一社会信用代码',
        "The operating unit's customs code or unified social credit code",
      ),
    ),
  ),
  operateName: text(
    max.name,
    l('经营单位名称', 'Operating unit name', '经营单位名称', 'The name of the operating unit'),
  ),
  shipperNo: namesNoGrantedEnterprise(
    'the shipper: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(max.text, l('发货人编码', 'Shipper code', '发货人企业编码', "The shipper's company code")),
  ),
  shipperName: text(
    max.name,
    l('发货人名称', 'Shipper name', '发货人企业名称', "The shipper's company name"),
  ),
  consigneeNo: namesNoGrantedEnterprise(
    "the consignee, shown among a declaration's parties: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant",
    identifier(max.text, l('收货人编码', 'Consignee code', '收货人企业编码', "The consignee's company code")),
  ),
  consigneeName: text(
    max.name,
    l('收货人名称', 'Consignee name', '收货人企业名称', "The consignee's company name"),
  ),
  declareCode: namesEnterprise(
    'declaringFirm',
    identifier(
      max.text,
      l(
        '申报企业编码',
        'Declaring company code',
        '向海关申报的企业编码',
        'The code of the company declaring to customs',
      ),
    ),
  ),
  enterpriseCode: namesEnterprise(
    'enterprise',
    identifier(
      max.text,
      l(
        '企业编码',
        'Enterprise code',
        '提交商品资料的企业编码',
        'The code of the enterprise submitting the goods data',
      ),
    ),
  ),
  enterpriseName: text(
    max.name,
    l(
      '企业名称',
      'Enterprise name',
      '提交商品资料的企业名称',
      'The name of the enterprise submitting the goods data',
    ),
  ),
  electricCode: namesEnterprise(
    'ecommerceEnterprise',
    identifier(
      max.text,
      l(
        '电商企业编码',
        'E-commerce company code',
        '电商企业的海关备案编码',
        "The e-commerce company's customs registration code",
      ),
    ),
  ),
  electricName: text(
    max.name,
    l('电商企业名称', 'E-commerce company name', '电商企业名称', 'The name of the e-commerce company'),
  ),
  cbepcomCode: identifier(
    max.text,
    l(
      '电商平台编码',
      'E-commerce platform code',
      '电商平台的海关备案编码',
      "The e-commerce platform's customs registration code",
    ),
  ),
  cbepcomName: text(
    max.name,
    l(
      '电商平台名称',
      'E-commerce platform name',
      '电商平台名称；规范列有四个指定平台，但未给出名称，故不作枚举校验',
      'The e-commerce platform; the spec names four platforms without listing them, so no enumeration is enforced',
    ),
  ),
  thirdLogisticsCode: namesNoGrantedEnterprise(
    'the delivering logistics firm, usually the submitting partner itself: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(
      max.text,
      l(
        '第三方物流编码',
        'Third-party logistics code',
        '承接配送的第三方物流企业编码',
        'The code of the third-party logistics company doing the delivery',
      ),
    ),
  ),
  logisticsCode: namesNoGrantedEnterprise(
    'the carrying logistics firm, usually the submitting partner itself: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(
      max.text,
      l(
        '物流企业编码',
        'Logistics company code',
        '承运物流企业编码',
        'The code of the carrying logistics company',
      ),
    ),
  ),
  logisticsName: text(
    max.name,
    l(
      '物流企业名称',
      'Logistics company name',
      '承运物流企业名称；规范列有三家指定快递公司，但未给出名称，故不作枚举校验',
      'The carrying logistics company; the spec names three couriers without listing them, so no enumeration is enforced',
    ),
  ),
  consumUnitNo: namesEnterprise(
    'consumingUnit',
    identifier(
      max.text,
      l(
        '消费使用单位编码',
        'Consumer unit code',
        '境内消费使用单位编码',
        'The code of the domestic unit consuming or using the goods',
      ),
    ),
  ),
  consumUnitName: text(
    max.name,
    l(
      '消费使用单位名称',
      'Consumer unit name',
      '境内消费使用单位名称',
      'The name of the domestic unit consuming or using the goods',
    ),
  ),
  customsClearanceCode: namesNoGrantedEnterprise(
    'the customs broker, usually the submitting partner itself: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(
      max.text,
      l('报关企业编码', 'Customs broker code', '代理报关企业编码', 'The code of the customs broker'),
    ),
  ),
  customsClearanceName: text(
    max.name,
    l('报关企业名称', 'Customs broker name', '代理报关企业名称', 'The name of the customs broker'),
  ),
  agentCode: namesNoGrantedEnterprise(
    'the declaring agent: a party the document mentions: no view is attributed, filed or filtered by it, so it needs no grant',
    identifier(
      max.text,
      l('代理企业编码', 'Agent code', '申报代理企业编码', 'The code of the declaring agent'),
    ),
  ),
  agentName: text(
    max.name,
    l('代理企业名称', 'Agent name', '申报代理企业名称', 'The name of the declaring agent'),
  ),
  produceCompany: text(
    max.name,
    l('生产企业', 'Manufacturer', '商品生产企业名称', 'The name of the manufacturer'),
  ),
  manufacturerAddr: text(
    max.text,
    l('生产企业地址', 'Manufacturer address', '商品生产企业地址', "The manufacturer's address"),
  ),
  capital: text(
    max.text,
    l(
      '资金方',
      'Capital provider',
      '为该商品提供资金的机构；规范未解释此字段',
      'The institution financing the goods; the spec does not explain this field',
    ),
  ),

  // Warehouses and places.
  warehouseId: identifier(
    max.text,
    l('仓库编码', 'Warehouse code', '平台分配的仓库编码', 'The warehouse code assigned by the platform'),
  ),
  warehouseName: text(max.name, l('仓库名称', 'Warehouse name', '仓库名称', 'The name of the warehouse')),
  warehouse: text(
    max.text,
    l('仓库', 'Warehouse', '发货仓库编码或名称', 'The code or name of the shipping warehouse'),
  ),
  tradeCountry: customsTableText(
    max.text,
    '贸易国（地区）',
    'Trading country',
    '贸易国别',
    'The trading country',
  ),
  portsEntry: customsTableText(
    max.text,
    '入境口岸',
    'Port of entry',
    '货物入境的口岸',
    'The port where the goods enter',
  ),
  beginCountry: customsTableText(
    max.text,
    '启运国（地区）',
    'Country of departure',
    '货物启运的国家',
    'The country the goods left from',
  ),
  beginPort: customsTableText(
    max.text,
    '启运港',
    'Port of departure',
    '货物启运的港口',
    'The port the goods left from',
  ),
  designationPort: customsTableText(
    max.text,
    '指运港',
    'Port of destination',
    '货物最终运抵的港口',
    'The port of final destination',
  ),
  entryExitCode: customsTableText(
    max.text,
    '进出境关别',
    'Customs port of entry or exit',
    '货物进出境的海关关别',
    'The customs office where the goods enter or leave',
  ),
  portBonded: text(
    max.text,
    l(
      '口岸或保税区',
      'Port or bonded zone',
      '货物所在口岸或保税区',
      'The port or bonded zone where the goods are',
    ),
  ),
  goodsPlace: text(
    max.text,
    l('货物存放地点', 'Goods location', '货物存放地点', 'Where the goods are stored'),
  ),
  provenance: text(max.text, l('起运地', 'Place of departure', '运输起运地', 'Where the transport starts')),
  destination: text(max.text, l('目的地', 'Destination', '运输目的地', 'Where the transport ends')),
  pickUpLocation: text(
    max.text,
    l('提货地址', 'Pick-up address', '车辆提货地址', 'Where the vehicle picks the goods up'),
  ),
  transferDestination: text(
    max.text,
    l('中转地', 'Transfer point', '中转目的地', 'The intermediate destination'),
  ),
  placeOfLoading: text(max.text, l('装货地点', 'Place of loading', '装货地点', 'Where the goods are loaded')),
  placeOfUnloading: text(
    max.text,
    l('卸货地点', 'Place of unloading', '卸货地点', 'Where the goods are unloaded'),
  ),

  // Customs and transport.
  transportMode: customsTableText(30, '运输方式', 'Mode of transport', '运输方式', 'The mode of transport'),
  transportTool: text(
    32,
    l(
      '运输工具',
      'Means of transport',
      '运输工具名称（船名、航班号等）',
      'The name of the means of transport (vessel name, flight number …)',
    ),
  ),
  transportToolNo: identifier(
    max.text,
    l('运输工具编号', 'Means of transport number', '运输工具编号', 'The number of the means of transport'),
  ),
  voyageNo: identifier(
    max.text,
    l('航次号', 'Voyage number', '船舶航次或航班号', 'The voyage or flight number'),
  ),
  // The query spec §3 answers it with "supervision mode max 6"; first accepted at 255, so the
  // six is an intake rule (json-schema.ts atIntake) and the log's writer schema stays as it was.
  superviseType: atIntake(
    customsTableText(
      max.text,
      '监管方式',
      'Supervision mode',
      '海关监管方式（如 1210）',
      'The customs supervision mode (e.g. 1210)',
    ),
    { maxLength: 6 },
  ),
  transMode: customsTableText(
    max.text,
    '成交方式',
    'Transaction mode',
    '成交方式（如 FOB、CIF）',
    'The terms of the transaction (e.g. FOB, CIF)',
  ),
  wrapType: customsTableText(
    max.text,
    '包装种类',
    'Packaging type',
    '外包装种类',
    'The kind of outer packaging',
  ),
  ieFlag: code(
    { I: ['进口', 'import'], E: ['出口', 'export'] },
    l('进出口标志', 'Import/export flag', '进口或出口', 'Whether the goods are imported or exported'),
  ),
  dclcusFlag: code(
    { '1': ['报关', 'declared'], '2': ['非报关', 'not declared'] },
    l('报关标志', 'Declaration flag', '是否报关', 'Whether a customs declaration is made'),
  ),
  bondInvtType: codeValues(
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    l('保税清单类型', 'Bonded inventory type', '核注清单的清单类型', 'The type of the bonded check note'),
  ),
  mtpckEndprdMarkcd: code(
    { I: ['料件', 'material'], E: ['成品', 'finished product'] },
    l(
      '料件成品标记',
      'Material or product mark',
      '清单商品为料件或成品',
      'Whether the listed goods are material or finished products',
    ),
  ),
  clearanceType: code(
    {
      '0110': ['一般贸易', 'general trade'],
      '1210': ['保税跨境贸易电子商务', 'bonded cross-border e-commerce'],
      '5034': ['区内物流货物', 'in-zone logistics goods'],
      '9610': ['跨境贸易电子商务', 'cross-border e-commerce (direct mail)'],
      '9710': ['跨境电商 B2B 直接出口', 'cross-border B2B direct export'],
      '9810': ['跨境电商出口海外仓', 'cross-border export via overseas warehouse'],
    },
    l(
      '通关模式',
      'Clearance mode',
      '海关监管方式代码，按字符串发送（保留前导零）',
      'The customs supervision code, sent as a string (keeps the leading zero)',
    ),
  ),
  declareCategory: code(
    {
      FOOD: ['食品', 'food'],
      FRUIT: ['水果', 'fruit'],
      TIMBER: ['木材', 'timber'],
      MACHINERY: ['机械设备', 'machinery'],
      MINERALS: ['矿产品', 'minerals'],
      FROZEN: ['冻品', 'frozen goods'],
      DANGEROUS: ['危险品', 'dangerous goods'],
      LIVE_ANIMALS: ['活体动物', 'live animals'],
      COSMETICS: ['化妆品', 'cosmetics'],
      GENERAL: ['普通货物', 'general goods'],
    },
    l(
      '申报品类',
      'Declaration category',
      '货物申报品类；规范只列出品类名称而未给出代码，本平台采用大写英文代码',
      'The declared category of goods; the spec names the categories but not their codes, so Tradelog uses upper-case English codes',
    ),
  ),
  packNo: whole(
    { min: 0, max: 999_999_999 },
    l(
      '件数',
      'Number of packages',
      '货物总件数，0 至 999999999 的整数',
      'The total number of packages, a whole number from 0 to 999999999',
    ),
  ),
  isSwitch: yesNo(
    l(
      '转关标志',
      'Transfer flag',
      '是否转关（规范只给出取值）',
      'Whether the goods are transferred under customs control (the spec gives only the values)',
    ),
  ),
  isLabor: yesNo(
    l(
      '劳务标志',
      'Labour flag',
      '规范只给出取值 0、1，未解释含义',
      'The spec gives only the values 0 and 1, not their meaning',
    ),
  ),

  // Times.
  orderCreateTime: tradeTime(
    '订单创建时间',
    'Order creation time',
    '单据在企业系统中创建的时间',
    'When the document was created in the enterprise system',
  ),
  podTime: tradeTime(
    '到港时间',
    'Port arrival time',
    '运输工具抵港时间',
    'When the means of transport arrived in port',
  ),
  leaveTime: tradeTime(
    '离港时间',
    'Departure time',
    '运输工具离港时间',
    'When the means of transport left port',
  ),
  reportTime: tradeTime(
    '申报时间（到港）',
    'Arrival report time',
    '到港申报时间',
    'When the arrival was reported',
  ),
  laodTime: tradeTime(
    '装货时间',
    'Loading time',
    '装货时间（字段名按规范拼写为 laodTime）',
    'When the goods were loaded (the field name is spelt laodTime, as in the spec)',
  ),
  signTime: tradeTime(
    '签收时间',
    'Sign-off time',
    '收货方签收时间',
    'When the receiver signed for the goods',
  ),
  agreedTimePick: tradeTime(
    '约定提货时间',
    'Agreed pick-up time',
    '约定的提货时间',
    'The agreed pick-up time',
  ),
  agreedTimeOfService: tradeTime(
    '约定送达时间',
    'Agreed delivery time',
    '约定的送达时间',
    'The agreed delivery time',
  ),
  uponTime: tradeTime(
    '上门时间',
    'Vehicle arrival at pick-up',
    '车辆到达提货地点的时间',
    'When the vehicle reached the pick-up address',
  ),
  arrivalTime: tradeTime(
    '到达时间',
    'Arrival time',
    '货物或车辆到达时间',
    'When the goods or the vehicle arrived',
  ),
  commitTime: tradeTime(
    '提交时间',
    'Submission time',
    '企业提交单据的时间',
    'When the enterprise submitted the document',
  ),
  deliverTime: tradeTime(
    '发货时间',
    'Dispatch time',
    '仓库发货时间',
    'When the warehouse dispatched the goods',
  ),
  carrierTime: tradeTime(
    '承运时间',
    'Handover to carrier',
    '交付承运人的时间',
    'When the goods were handed to the carrier',
  ),
  releaseTime: tradeTime('放行时间', 'Release time', '海关放行时间', 'When customs released the goods'),
  declareTime: tradeTime(
    '申报时间',
    'Declaration time',
    '向海关申报的时间',
    'When the goods were declared to customs',
  ),
  inspectionTime: tradeTime(
    '查验时间',
    'Inspection time',
    '海关查验时间',
    'When customs inspected the goods',
  ),
  orderDate: tradeTime('订单时间', 'Order time', '电商订单下单时间', 'When the e-commerce order was placed'),
  orderTime: tradeTime('下单时间', 'Order time', '订单下单时间', 'When the order was placed'),
  deliveryTime: tradeTime('发货时间', 'Shipping time', '包裹发出时间', 'When the parcel was shipped'),
  tallyTime: tradeTime('理货时间', 'Tally time', '开始理货时间', 'When tallying started'),
  tallyCompletedTime: tradeTime(
    '理货完成时间',
    'Tally completion time',
    '理货完成时间',
    'When tallying finished',
  ),
  shelfTime: tradeTime('上架时间', 'Shelving time', '货物上架时间', 'When the goods were put on the shelves'),
  payTime: tradeTime('付款时间', 'Payment time', '采购付款时间', 'When the purchase was paid'),
  inboundTime: tradeTime('入库时间', 'Inbound time', '货物入库时间', 'When the goods entered the warehouse'),
  outboundTime: tradeTime('出库时间', 'Outbound time', '货物出库时间', 'When the goods left the warehouse'),
  productDate: tradeDate('生产日期', 'Production date'),
  expiryDate: tradeDate('失效日期', 'Expiry date'),
  productionTime: tradeDate('生产日期', 'Production date'),
  expDate: tradeDate('有效期至', 'Expiry date'),

  // Quantities, weights, sizes and money (JSON numbers, never negative).
  declareQty: amount(l('申报数量', 'Declared quantity', '申报数量', 'The declared quantity')),
  grossWeight: weightInKg('毛重', 'Gross weight', '毛重', 'Gross weight'),
  netWeight: weightInKg('净重', 'Net weight', '净重', 'Net weight'),
  weights: weightInKg('重量', 'Weight', '商品重量', 'The weight of the goods'),
  loadWeight: weightInKg('装载重量', 'Loaded weight', '包裹重量', 'The weight of the parcel'),
  volume: amount(l('体积', 'Volume', '体积（规范未注明单位）', 'The volume (the spec states no unit)')),
  length: amount(l('长', 'Length', '长度（规范未注明单位）', 'The length (the spec states no unit)')),
  wide: amount(
    l(
      '宽',
      'Width',
      '宽度（字段名按规范为 wide，规范未注明单位）',
      'The width (the field is named wide, as in the spec; no unit stated)',
    ),
  ),
  high: amount(
    l(
      '高',
      'Height',
      '高度（字段名按规范为 high，规范未注明单位）',
      'The height (the field is named high, as in the spec; no unit stated)',
    ),
  ),
  width: amount(l('宽', 'Width', '宽度（规范未注明单位）', 'The width (the spec states no unit)')),
  height: amount(l('高', 'Height', '高度（规范未注明单位）', 'The height (the spec states no unit)')),
  enterpriseQty: amount(
    l('企业数量', 'Enterprise quantity', '按企业计量单位的数量', "The quantity in the enterprise's own unit"),
  ),
  firstLegalQty: amount(
    l(
      '第一法定数量',
      'First legal quantity',
      '按第一法定计量单位的数量',
      'The quantity in the first legal unit',
    ),
  ),
  secondLegalQty: amount(
    l(
      '第二法定数量',
      'Second legal quantity',
      '按第二法定计量单位的数量',
      'The quantity in the second legal unit',
    ),
  ),
  declareUnitPrice: amount(
    l(
      '申报单价',
      'Declared unit price',
      '申报单价（申报币制）',
      'The declared unit price, in the declared currency',
    ),
  ),
  declareTotalPrice: amount(
    l(
      '申报总价',
      'Declared total price',
      '申报总价（申报币制）',
      'The declared total price, in the declared currency',
    ),
  ),
  totalDeclarePrice: amount(
    l(
      '申报总价',
      'Declared total price',
      '申报总价（申报币制）',
      'The declared total price, in the declared currency',
    ),
  ),
  declareVal: amount(l('申报价值', 'Declared value', '申报价值', 'The declared value')),
  planQty: amount(l('计划数量', 'Planned quantity', '计划出库数量', 'The quantity planned to leave')),
  actualQty: amount(l('实际数量', 'Actual quantity', '实际出库数量', 'The quantity that actually left')),
  price: amount(l('单价', 'Unit price', '商品单价', 'The unit price of the goods')),
  priceTax: amount(
    l('含税单价', 'Unit price with tax', '商品含税单价', 'The unit price of the goods, tax included'),
  ),
  unitPrice: amount(l('单价', 'Unit price', '商品单价', 'The unit price of the goods')),
  // The goods query's fields (query spec §3 "Goods") that no submission spec field holds: a goods
  // import line or a goods sync may carry them; without them the goods query answers null.
  contractsUnit: text(
    30,
    l(
      '合同单位',
      'Contract unit',
      '商品查询的 contractsUnit（查询规范 §3）；提交规范无对应字段，选填，未提交时查询答复 null',
      "The goods query's contractsUnit (query spec §3); no submission field holds it, optional, answered null when not sent",
    ),
  ),
  qtpUnit: text(
    30,
    l(
      'QTP 单位',
      'qtpUnit',
      '商品查询的 qtpUnit（查询规范 §3，含义规范未说明）；选填，未提交时查询答复 null',
      "The goods query's qtpUnit (query spec §3, meaning not shown); optional, answered null when not sent",
    ),
  ),
  goodsQualityDays: whole(
    { min: 0 },
    l(
      '保质期天数',
      'Shelf life in days',
      '商品查询的 goodsQualityDays（查询规范 §3）；选填，未提交时查询答复 null',
      "The goods query's goodsQualityDays (query spec §3); optional, answered null when not sent",
    ),
  ),
  recordPrice: amount(l('备案价格', 'Filed price', '海关备案价格', 'The price filed with customs')),
  amount: amount(l('数量', 'Quantity', '商品数量', 'The quantity of the goods')),
  qty: amount(l('数量', 'Quantity', '商品数量', 'The quantity of the goods')),
  shippingFee: amount(l('运费', 'Shipping fee', '订单运费', 'The shipping fee of the order')),
  taxFee: amount(l('税费', 'Tax', '订单税费', 'The tax of the order')),
  totalAmount: amount(l('订单总额', 'Order total', '订单实付总金额', 'The total amount paid for the order')),
  purchaseQty: amount(l('采购数量', 'Purchase quantity', '采购总数量', 'The total quantity purchased')),
  purchaseAmount: amount(l('采购金额', 'Purchase amount', '采购总金额', 'The total amount of the purchase')),
  salesQty: amount(l('销售数量', 'Sales quantity', '销售总数量', 'The total quantity sold')),
  salesAmount: amount(l('销售金额', 'Sales amount', '销售总金额', 'The total amount of the sale')),
  expectReceiveQty: amount(
    l('预期收货数量', 'Expected quantity', '预期收货数量', 'The quantity expected to arrive'),
  ),
  actReceiveQty: amount(l('实收数量', 'Received quantity', '实际收货数量', 'The quantity actually received')),
  goodQty: amount(l('良品数量', 'Good quantity', '良品数量', 'The quantity in good condition')),
  damageQty: amount(l('残次品数量', 'Damaged quantity', '残次品数量', 'The damaged quantity')),
  trayQty: amount(l('托盘数量', 'Pallet count', '使用托盘数量', 'The number of pallets used')),
  lackQty: amount(l('短少数量', 'Short quantity', '短少数量', 'The quantity missing')),
  overflowQty: amount(
    l('溢出数量', 'Excess quantity', '溢出（多到）数量', 'The quantity received beyond what was expected'),
  ),
  availableQty: amount(l('可用数量', 'Available quantity', '可用库存数量', 'The quantity available for use')),
  splint: whole(
    { min: 0 },
    l('托盘数', 'Pallet count', '车辆装载的托盘数', 'The number of pallets on the vehicle'),
  ),
  gNum: whole(
    { min: 1 },
    l('序号', 'Line number', '本列表内的序号，从 1 开始', 'The line number within this list, starting at 1'),
  ),

  // Goods.
  entGoodsNo: identifier(
    60,
    l(
      '企业商品编码',
      'Enterprise goods code',
      '企业自编的商品编码（料号）',
      "The goods code in the enterprise's own system (part number)",
    ),
  ),
  entGoodsName: text(
    200,
    l(
      '企业商品名称',
      'Enterprise goods name',
      '企业自编的商品名称',
      "The goods name in the enterprise's own system",
    ),
  ),
  goodsNo: identifier(
    60,
    l(
      '商品编号',
      'Goods number',
      '平台或海关备案的商品编号',
      'The goods number filed with the platform or customs',
    ),
  ),
  goodsName: text(max.name, l('商品名称', 'Goods name', '商品名称', 'The name of the goods')),
  goodsNameEn: text(
    max.name,
    l('英文品名', 'Goods name in English', '商品英文名称', 'The English name of the goods'),
  ),
  barCode: identifier(
    max.text,
    l('条形码', 'Barcode', '商品条形码（如 EAN-13）', "The goods' barcode (e.g. EAN-13)"),
  ),
  hsCode: identifier(
    32,
    l('HS编码', 'HS code', '海关商品编码（HS 编码）', 'The customs commodity code (HS code)'),
  ),
  specification: text(
    512,
    l('规格型号', 'Specification', '商品规格型号', 'The specification or model of the goods'),
  ),
  specDescription: text(
    max.text,
    l(
      '申报要素',
      'Declaration elements',
      '规格型号申报要素描述',
      'The description of declaration elements (specification details)',
    ),
  ),
  orgCountry: customsTableText(
    max.text,
    '原产国（地区）',
    'Country of origin',
    '原产国',
    'The country of origin',
  ),
  destinationCountry: customsTableText(
    max.text,
    '最终目的国（地区）',
    'Country of destination',
    '最终目的国',
    'The country of final destination',
  ),
  natureExemption: code(
    {
      '1': ['照章征税', 'full tax'],
      '2': ['折半征税', 'half tax'],
      '3': ['全免', 'exempt'],
      '4': ['特案', 'special case'],
      '5': ['随征免性质', 'follows exemption nature'],
      '6': ['保证金', 'deposit'],
      '7': ['保函', 'guarantee letter'],
      '8': ['折半补税', 'half tax supplement'],
      '9': ['全额退税', 'full refund'],
    },
    l('征免方式', 'Tax treatment', '海关征免方式', 'How customs levies or exempts the duty'),
  ),
  declareUnit: customsTableText(
    3,
    '申报计量单位',
    'Declared unit',
    '申报计量单位代码',
    'The declared unit code',
  ),
  storageUnit: text(
    max.text,
    l('仓储计量单位', 'Storage unit', '仓储计量单位', 'The unit the warehouse counts in'),
  ),
  firstLegalUnit: customsTableText(
    max.text,
    '第一法定计量单位',
    'First legal unit',
    '第一法定计量单位代码',
    'The first legal unit code',
  ),
  secondLegalUnit: customsTableText(
    max.text,
    '第二法定计量单位',
    'Second legal unit',
    '第二法定计量单位代码',
    'The second legal unit code',
  ),
  unit: text(max.text, l('计量单位', 'Unit', '数量的计量单位', 'The unit of the quantities')),
  declareCurrency: customsTableText(
    max.text,
    '申报币制',
    'Declared currency',
    '申报币制',
    'The declared currency',
  ),
  currency: text(
    max.text,
    l('币种', 'Currency', '金额的币种（如 CNY）', 'The currency of the amounts (e.g. CNY)'),
  ),
  lotNo: identifier(max.text, l('批次号', 'Lot number', '商品批次号', 'The lot number of the goods')),
  batchId: identifier(max.text, l('批次号', 'Batch id', '商品批次号', 'The batch id of the goods')),
  brand: text(max.name, l('品牌', 'Brand', '商品品牌', 'The brand of the goods')),
  brandEn: text(max.name, l('英文品牌', 'Brand in English', '商品英文品牌', 'The English brand name')),
  parentBrand: text(max.name, l('母品牌', 'Parent brand', '所属母品牌', 'The parent brand')),
  firstCategory: text(
    max.name,
    l('一级类目', 'Category level 1', '商品一级类目', 'The top-level category of the goods'),
  ),
  secondCategory: text(
    max.name,
    l('二级类目', 'Category level 2', '商品二级类目', 'The second-level category of the goods'),
  ),
  composition: text(2000, l('成分', 'Composition', '商品成分', 'What the goods are made of')),
  cargoFunction: text(max.text, l('功能', 'Function', '商品功能', 'What the goods do')),
  cargoPurpose: text(max.text, l('用途', 'Purpose', '商品用途', 'What the goods are used for')),
  additiveFlag: yesNo(
    l('是否含添加剂', 'Contains additives', '商品是否含添加剂', 'Whether the goods contain additives'),
  ),
  additiveBeyondScope: yesNo(
    l(
      '添加剂是否超范围',
      'Additives beyond scope',
      '添加剂是否超出允许范围',
      'Whether the additives exceed the permitted scope',
    ),
  ),
  transgenicFlag: yesNo(
    l(
      '是否转基因',
      'Genetically modified',
      '商品是否含转基因成分',
      'Whether the goods contain genetically modified ingredients',
    ),
  ),
  packageType: text(max.text, l('包装类型', 'Package type', '商品包装类型', 'How the goods are packed')),

  // Containers, vehicles, pallets, attachments, certificates.
  containerNo: identifier(max.text, l('集装箱号', 'Container number', '集装箱号', 'The container number')),
  containerModel: text(
    max.text,
    l('集装箱箱型', 'Container type', '集装箱箱型（如 40HC）', 'The container type (e.g. 40HC)'),
  ),
  sealNo: identifier(max.text, l('封条号', 'Seal number', '集装箱封条号', 'The container seal number')),
  cabinets: yesNo(l('是否拼箱', 'Combined container', '是否拼箱', 'Whether the container is shared (LCL)')),
  vehicleNo: identifier(max.text, l('车牌号', 'Plate number', '车辆车牌号', 'The vehicle plate number')),
  vehicleSpec: text(
    max.text,
    l('车辆规格', 'Vehicle size', '车辆规格（如 9.6 米厢式车）', 'The vehicle size (e.g. 9.6 m box truck)'),
  ),
  carpool: text(
    max.text,
    l(
      '拼车',
      'Shared vehicle',
      '是否拼车；规范未给出取值',
      'Whether the vehicle is shared; the spec gives no values',
    ),
  ),
  splintNo: identifier(max.text, l('托盘号', 'Pallet number', '托盘编号', 'The pallet number')),
  splintWeight: weightInKg('托盘重量', 'Pallet weight', '托盘重量', 'The pallet weight'),
  splintLong: amount(
    l('托盘长度', 'Pallet length', '托盘长度（规范未注明单位）', 'The pallet length (no unit stated)'),
  ),
  splintWide: amount(
    l('托盘宽度', 'Pallet width', '托盘宽度（规范未注明单位）', 'The pallet width (no unit stated)'),
  ),
  splintHight: amount(
    l(
      '托盘高度',
      'Pallet height',
      '托盘高度（字段名按规范拼写为 splintHight）',
      'The pallet height (the field is spelt splintHight, as in the spec)',
    ),
  ),
  docType: code(
    {
      '00': ['其他', 'other'],
      '01': ['合同', 'contract'],
      '02': ['装箱单', 'packing list'],
      '03': ['发票', 'invoice'],
      '04': ['装箱明细', 'packing detail'],
      '05': ['成分表', 'composition table'],
    },
    l('附件类型', 'Attachment type', '随附单证类型', 'The type of the attached document'),
  ),
  docUrl: text(
    max.url,
    l('附件地址', 'Attachment URL', '附件的下载地址', 'Where the attachment can be downloaded'),
  ),
  certName: text(max.name, l('证书名称', 'Certificate name', '证书名称', 'The name of the certificate')),
  certUrl: text(
    max.url,
    l('证书地址', 'Certificate URL', '证书文件的下载地址', 'Where the certificate file can be downloaded'),
  ),
  certType: code(
    { '10': ['原产地证', 'origin certificate'], '20': ['检测报告', 'test report'] },
    l('证书类型', 'Certificate type', '证书类型', 'The type of certificate'),
  ),

  // Addresses.
  country: text(max.text, l('国家', 'Country', '收件人所在国家', "The recipient's country")),
  province: text(max.text, l('省', 'Province', '收件人所在省份', "The recipient's province")),
  city: text(max.text, l('市', 'City', '收件人所在城市', "The recipient's city")),
  district: text(max.text, l('区（县）', 'District', '收件人所在区县', "The recipient's district")),

  // Order attributes.
  orderStatus: code(
    { '10': ['执行中', 'executing'], '20': ['已完成', 'completed'], '30': ['已取消', 'cancelled'] },
    l('订单状态', 'Order status', '订单状态（§4）', 'The order status (§4)'),
  ),
  orderType: code(
    { '1': ['非自营', 'non-self-operated'], '2': ['自营', 'self-operated'] },
    l('订单类型', 'Order type', '电商订单经营类型', 'Whether the order is sold by the platform itself'),
  ),
  specifications: text(
    max.text,
    l('包装规格', 'Package size', '包裹规格描述', 'The size description of the parcel'),
  ),
  notes: text(max.notes, l('备注', 'Notes', '备注', 'Free-text notes')),

  // Tally people.
  tallyBy: text(max.name, l('理货人', 'Tallied by', '理货人员', 'Who tallied the goods')),
  auditBy: text(max.name, l('审核人', 'Audited by', '审核人员', 'Who audited the tally')),
  acceptBy: text(max.name, l('收货人', 'Received by', '收货人员', 'Who received the goods')),
  shelfBy: text(max.name, l('上架人', 'Shelved by', '上架人员', 'Who put the goods on the shelves')),
} as const satisfies Record<string, JsonSchema>;

export type FieldName = keyof typeof field;

/** The named fields of the vocabulary, as a `properties` object. */
export function pick<const Names extends readonly FieldName[]>(
  ...names: Names
): { readonly [Name in Names[number]]: JsonSchema } {
  return Object.fromEntries(names.map((name) => [name, field[name]])) as {
    [Name in Names[number]]: JsonSchema;
  };
}

/**
 * The cargo owner's code on documents whose spec section lists none (inbound, outbound, check
 * note, bonded e-commerce orders and logistics, goods import): partners send it so that the
 * document joins its owner's views, and attribution reads it first (enterpriseRoles), so it is
 * declared and granted like every other enterprise field.
 */
export const ownerCodeBeyondSpec: JsonSchema = {
  ...field.customerCode,
  description: '货主企业的统一社会信用代码；规范本节未列出此字段，填写后单据归属该货主',
  'x-description-en':
    "The cargo owner's unified social credit code; not listed in this section of the spec, and when given the document belongs to that owner",
};

/**
 * A customs declaration's goods item (query spec §3 "Customs declaration": hsCode 20,
 * entGoodsName 200, specDescription 512, declareUnit 30, declareCurrency 10, orgCountry and
 * destinationCountry 30). The clearance and check note lines that the customs query answers
 * are held to these bounds, which differ from the goods master's (submission spec §3.8: hsCode
 * 32, declareUnit 3), and the query answers exactly these fields.
 */
export const customsGoodsItem = {
  hsCode: { ...field.hsCode, maxLength: 20 },
  entGoodsName: field.entGoodsName,
  specDescription: { ...field.specDescription, maxLength: 512 },
  declareQty: field.declareQty,
  declareUnit: { ...field.declareUnit, maxLength: 30 },
  declareUnitPrice: field.declareUnitPrice,
  declareTotalPrice: field.declareTotalPrice,
  declareCurrency: { ...field.declareCurrency, maxLength: 10 },
  orgCountry: { ...field.orgCountry, maxLength: 30 },
  destinationCountry: { ...field.destinationCountry, maxLength: 30 },
} as const satisfies Record<string, JsonSchema>;

export const customsGoodsItemFields = Object.keys(customsGoodsItem) as (keyof typeof customsGoodsItem)[];

// Fields whose meaning differs between documents.

export const transportServiceType = code(
  {
    '01': ['境内运输', 'domestic'],
    '02': ['香港本地', 'Hong Kong local'],
    '03': ['跨境车', 'cross-border truck'],
  },
  l('服务类型', 'Service type', '运输服务类型', 'The kind of transport service'),
);

export const transportVehicleType = code(
  {
    ORDINARY: ['普通车', 'ordinary'],
    DANGEROUS: ['危险品车', 'dangerous goods'],
    REFRIGERATED: ['冷藏车', 'refrigerated'],
  },
  l(
    '车辆类型',
    'Vehicle type',
    '运输车辆类型；规范只给出类型名称，本平台采用大写英文代码',
    'The kind of vehicle; the spec names the kinds but not their codes, so Tradelog uses upper-case English codes',
  ),
);

export const gateVehicleType = code(
  { TRAILER: ['挂车', 'trailer'], TRUCK: ['货车', 'truck'] },
  l(
    '车辆类型',
    'Vehicle type',
    '进出区车辆类型；规范只给出类型名称，本平台采用大写英文代码',
    'The kind of vehicle at the zone gate; the spec names the kinds but not their codes, so Tradelog uses upper-case English codes',
  ),
);

export const transportCommodity = code(
  { '10': ['集装箱', 'container'], '20': ['散货', 'bulk'] },
  l('货物形态', 'Cargo form', '集装箱或散货', 'Container or bulk cargo'),
);

export const inputType = code(
  {
    '10': ['一线入区', 'first-line into zone'],
    '20': ['区间流转', 'inter-zone transfer'],
    '30': ['其他', 'other'],
  },
  l('入库类型', 'Inbound type', '货物入库（入区）类型', 'How the goods enter the zone'),
);

export const outputType = code(
  {
    '10': ['二线出区', 'second-line out of zone'],
    '20': ['区间流转', 'inter-zone transfer'],
    '30': ['其他', 'other'],
  },
  l('出库类型', 'Outbound type', '货物出库（出区）类型', 'How the goods leave the zone'),
);

export const orderBusiType = codeValues(
  ['10', '20', '30', '40', '50', '60', '70'],
  l('业务类型', 'Business type', '电商订单业务类型', 'The business type of the e-commerce order'),
);

export const deliveryBusiType = codeValues(
  ['00', '01', '02', '03', '04', '05'],
  l('业务类型', 'Business type', '电商配送业务类型', 'The business type of the e-commerce delivery'),
);

export const sendType = codeValues(
  ['01', '02'],
  l('发货类型', 'Dispatch type', '配送发货类型', 'The dispatch type of the delivery'),
);

export const goodsPicUrl = text(
  max.url,
  l('图片地址', 'Picture URL', '商品图片地址', 'Where a picture of the goods can be downloaded'),
);
