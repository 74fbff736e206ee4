// Generated from the document schemas by schemas/scripts/generate-types.ts; do not edit.
// Regenerate with: node schemas/scripts/generate-types.ts

/** 到港单 — Port arrival */
export interface PodDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 客户订单号 — Client order number */
  clientOrderNo?: string;
  /** 服务订单号 — Service order number */
  serviceOrderNo?: string;
  /** 业务单号 — Business order number */
  busiOrderNo?: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 到港单号 — Port arrival number */
  portNo: string;
  /** 订单创建时间 — Order creation time */
  orderCreateTime: string;
  /** 经营单位编码 — Operating unit code */
  operateCode?: string;
  /** 经营单位名称 — Operating unit name */
  operateName?: string;
  /** 贸易国（地区） — Trading country */
  tradeCountry?: string;
  /** 入境口岸 — Port of entry */
  portsEntry?: string;
  /** 到港时间 — Port arrival time */
  podTime?: string;
  /** 离港时间 — Departure time */
  leaveTime?: string;
  /** 申报时间（到港） — Arrival report time */
  reportTime?: string;
  /** 运输方式 — Mode of transport */
  transportMode: string;
  /** 运输工具 — Means of transport */
  transportTool: string;
  /** 航次号 — Voyage number */
  voyageNo?: string;
  /** 提单号 — Bill of lading number */
  billNo: string;
  /** 监管方式 — Supervision mode */
  superviseType?: string;
  /** 发货人编码 — Shipper code */
  shipperNo?: string;
  /** 发货人名称 — Shipper name */
  shipperName?: string;
  /** 收货人编码 — Consignee code */
  consigneeNo?: string;
  /** 收货人名称 — Consignee name */
  consigneeName?: string;
}

/** 内部运输单 — Internal transport */
export interface InternalTransportDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 服务订单号 — Service order number */
  serviceOrderNo?: string;
  /** 业务单号 — Business order number */
  busiOrderNo?: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 客户订单号 — Client order number */
  clientOrderNo?: string;
  /** 物流单号 — Logistics order number */
  logisticsNo: string;
  /** 服务类型 — Service type */
  serviceType: "01" | "02" | "03";
  /** 起运地 — Place of departure */
  provenance: string;
  /** 目的地 — Destination */
  destination: string;
  /** 提货地址 — Pick-up address */
  pickUpLocation: string;
  /** 中转地 — Transfer point */
  transferDestination?: string;
  /** 装货地点 — Place of loading */
  placeOfLoading?: string;
  /** 卸货地点 — Place of unloading */
  placeOfUnloading?: string;
  /** 装货时间 — Loading time */
  laodTime: string;
  /** 签收时间 — Sign-off time */
  signTime: string;
  /** 约定提货时间 — Agreed pick-up time */
  agreedTimePick?: string;
  /** 约定送达时间 — Agreed delivery time */
  agreedTimeOfService?: string;
  /** 上门时间 — Vehicle arrival at pick-up */
  uponTime?: string;
  /** 到达时间 — Arrival time */
  arrivalTime?: string;
  /** 车辆类型 — Vehicle type */
  vehicleType: "ORDINARY" | "DANGEROUS" | "REFRIGERATED";
  /** 车辆规格 — Vehicle size */
  vehicleSpec: string;
  /** 车牌号 — Plate number */
  vehicleNo?: string;
  /** 拼车 — Shared vehicle */
  carpool?: string;
  /** 托盘数 — Pallet count */
  splint?: number;
  /** 运输方式 — Mode of transport */
  transportMode?: string;
  /** 运输工具编号 — Means of transport number */
  transportToolNo?: string;
  /** 运输工具 — Means of transport */
  transportTool?: string;
  /** 航次号 — Voyage number */
  voyageNo?: string;
  /** 提单号 — Bill of lading number */
  billNo?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 监管方式 — Supervision mode */
  superviseType?: string;
  /** 物流企业编码 — Logistics company code */
  logisticsCode?: string;
  /** 物流企业名称 — Logistics company name */
  logisticsName?: string;
  /** 货物形态 — Cargo form */
  commodity?: "10" | "20";
  /** 集装箱列表 — Containers */
  containerList?: InternalTransportContainerListItem[];
}

/** 集装箱 — Container */
export interface InternalTransportContainerListItem {
  /** 序号 — Line number */
  gNum: number;
  /** 集装箱号 — Container number */
  containerNo: string;
  /** 集装箱箱型 — Container type */
  containerModel: string;
  /** 封条号 — Seal number */
  sealNo?: string;
  /** 是否拼箱 — Combined container */
  cabinets?: "0" | "1";
  /** 备注 — Notes */
  notes?: string;
}

/** 入库单 — Inbound */
export interface InboundDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 提交时间 — Submission time */
  commitTime: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 仓库名称 — Warehouse name */
  warehouseName: string;
  /** 申报数量 — Declared quantity */
  declareQty: number;
  /** 毛重 — Gross weight */
  grossWeight: number;
  /** 订单创建时间 — Order creation time */
  orderCreateTime: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业编码 — Enterprise code */
  enterpriseCode?: string;
  /** 入库类型 — Inbound type */
  inputType: "10" | "20" | "30";
  /** 商品列表 — Goods */
  goodsList: InboundGoodsListItem[];
  /** 车辆列表 — Vehicles */
  vehicleList?: InboundVehicleListItem[];
  /** 集装箱列表 — Containers */
  containerList?: InboundContainerListItem[];
  /** 附件列表 — Attachments */
  attachmentList?: InboundAttachmentListItem[];
}

/** 入库商品 — Inbound goods line */
export interface InboundGoodsListItem {
  /** 序号 — Line number */
  gNum: number;
  /** 账册项号 — Customs book item number */
  bookItemNo?: string;
  /** 商品编号 — Goods number */
  goodsNo?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName: string;
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** HS编码 — HS code */
  hsCode: string;
  /** 规格型号 — Specification */
  specification: string;
  /** 申报要素 — Declaration elements */
  specDescription?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 最终目的国（地区） — Country of destination */
  destinationCountry?: string;
  /** 征免方式 — Tax treatment */
  natureExemption?: "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
  /** 申报计量单位 — Declared unit */
  declareUnit?: string;
  /** 申报数量 — Declared quantity */
  declareQty: number;
  /** 仓储计量单位 — Storage unit */
  storageUnit?: string;
  /** 企业数量 — Enterprise quantity */
  enterpriseQty?: number;
  /** 第一法定计量单位 — First legal unit */
  firstLegalUnit: string;
  /** 第一法定数量 — First legal quantity */
  firstLegalQty: number;
  /** 第二法定计量单位 — Second legal unit */
  secondLegalUnit?: string;
  /** 第二法定数量 — Second legal quantity */
  secondLegalQty?: number;
  /** 申报币制 — Declared currency */
  declareCurrency?: string;
  /** 申报单价 — Declared unit price */
  declareUnitPrice?: number;
  /** 申报总价 — Declared total price */
  declareTotalPrice?: number;
  /** 重量 — Weight */
  weights?: number;
  /** 批次号 — Lot number */
  lotNo?: string;
  /** 备注 — Notes */
  notes?: string;
}

/** 车辆 — Vehicle */
export interface InboundVehicleListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 车牌号 — Plate number */
  vehicleNo?: string;
  /** 车辆类型 — Vehicle type */
  vehicleType?: "TRAILER" | "TRUCK";
  /** 拼车 — Shared vehicle */
  carpool?: string;
  /** 备注 — Notes */
  notes?: string;
}

/** 集装箱 — Container */
export interface InboundContainerListItem {
  /** 序号 — Line number */
  gNum: number;
  /** 集装箱号 — Container number */
  containerNo: string;
  /** 集装箱箱型 — Container type */
  containerModel: string;
  /** 封条号 — Seal number */
  sealNo?: string;
  /** 是否拼箱 — Combined container */
  cabinets?: "0" | "1";
  /** 备注 — Notes */
  notes?: string;
}

/** 附件 — Attachment */
export interface InboundAttachmentListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 附件类型 — Attachment type */
  docType?: "00" | "01" | "02" | "03" | "04" | "05";
  /** 附件地址 — Attachment URL */
  docUrl?: string;
  /** 备注 — Notes */
  notes?: string;
}

/** 出库单 — Outbound */
export interface OutboundDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 提交时间 — Submission time */
  commitTime: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 仓库名称 — Warehouse name */
  warehouseName: string;
  /** 申报数量 — Declared quantity */
  declareQty: number;
  /** 毛重 — Gross weight */
  grossWeight: number;
  /** 订单创建时间 — Order creation time */
  orderCreateTime: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业编码 — Enterprise code */
  enterpriseCode?: string;
  /** 出库类型 — Outbound type */
  outputType: "10" | "20" | "30";
  /** 发货时间 — Dispatch time */
  deliverTime?: string;
  /** 承运时间 — Handover to carrier */
  carrierTime?: string;
  /** 签收时间 — Sign-off time */
  signTime?: string;
  /** 商品列表 — Goods */
  goodsList: OutboundGoodsListItem[];
  /** 托盘列表 — Pallets */
  splintList?: OutboundSplintListItem[];
  /** 车辆列表 — Vehicles */
  vehicleList?: OutboundVehicleListItem[];
  /** 集装箱列表 — Containers */
  containerList?: OutboundContainerListItem[];
  /** 附件列表 — Attachments */
  attachmentList?: OutboundAttachmentListItem[];
}

/** 出库商品 — Outbound goods line */
export interface OutboundGoodsListItem {
  /** 序号 — Line number */
  gNum: number;
  /** 账册项号 — Customs book item number */
  bookItemNo?: string;
  /** 商品编号 — Goods number */
  goodsNo?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName: string;
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** HS编码 — HS code */
  hsCode: string;
  /** 规格型号 — Specification */
  specification: string;
  /** 申报要素 — Declaration elements */
  specDescription?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 最终目的国（地区） — Country of destination */
  destinationCountry?: string;
  /** 征免方式 — Tax treatment */
  natureExemption?: "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
  /** 申报计量单位 — Declared unit */
  declareUnit?: string;
  /** 申报数量 — Declared quantity */
  declareQty: number;
  /** 仓储计量单位 — Storage unit */
  storageUnit?: string;
  /** 企业数量 — Enterprise quantity */
  enterpriseQty?: number;
  /** 第一法定计量单位 — First legal unit */
  firstLegalUnit: string;
  /** 第一法定数量 — First legal quantity */
  firstLegalQty: number;
  /** 第二法定计量单位 — Second legal unit */
  secondLegalUnit?: string;
  /** 第二法定数量 — Second legal quantity */
  secondLegalQty?: number;
  /** 申报币制 — Declared currency */
  declareCurrency?: string;
  /** 申报单价 — Declared unit price */
  declareUnitPrice?: number;
  /** 申报总价 — Declared total price */
  declareTotalPrice?: number;
  /** 重量 — Weight */
  weights?: number;
  /** 批次号 — Lot number */
  lotNo?: string;
  /** 备注 — Notes */
  notes?: string;
  /** 申报价值 — Declared value */
  declareVal?: number;
  /** 计划数量 — Planned quantity */
  planQty?: number;
  /** 实际数量 — Actual quantity */
  actualQty?: number;
}

/** 托盘 — Pallet */
export interface OutboundSplintListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo?: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName?: string;
  /** 托盘号 — Pallet number */
  splintNo?: string;
  /** 托盘重量 — Pallet weight */
  splintWeight?: number;
  /** 托盘长度 — Pallet length */
  splintLong?: number;
  /** 托盘宽度 — Pallet width */
  splintWide?: number;
  /** 托盘高度 — Pallet height */
  splintHight?: number;
  /** 批次号 — Lot number */
  lotNo?: string;
}

/** 车辆 — Vehicle */
export interface OutboundVehicleListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 车牌号 — Plate number */
  vehicleNo?: string;
  /** 车辆类型 — Vehicle type */
  vehicleType?: "TRAILER" | "TRUCK";
  /** 拼车 — Shared vehicle */
  carpool?: string;
  /** 备注 — Notes */
  notes?: string;
}

/** 集装箱 — Container */
export interface OutboundContainerListItem {
  /** 序号 — Line number */
  gNum: number;
  /** 集装箱号 — Container number */
  containerNo: string;
  /** 集装箱箱型 — Container type */
  containerModel: string;
  /** 封条号 — Seal number */
  sealNo?: string;
  /** 是否拼箱 — Combined container */
  cabinets?: "0" | "1";
  /** 备注 — Notes */
  notes?: string;
}

/** 附件 — Attachment */
export interface OutboundAttachmentListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 附件类型 — Attachment type */
  docType?: "00" | "01" | "02" | "03" | "04" | "05";
  /** 附件地址 — Attachment URL */
  docUrl?: string;
  /** 备注 — Notes */
  notes?: string;
}

/** 核注清单 — Customs check note */
export interface CheckDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 申报企业编码 — Declaring company code */
  declareCode: string;
  /** 进出境关别 — Customs port of entry or exit */
  entryExitCode: string;
  /** 运输方式 — Mode of transport */
  transportMode: string;
  /** 监管方式 — Supervision mode */
  superviseType: string;
  /** 核注清单编号 — Check note number */
  checkNo: string;
  /** 保税清单类型 — Bonded inventory type */
  bondInvtType: "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
  /** 进出口标志 — Import/export flag */
  ieFlag: "I" | "E";
  /** 报关标志 — Declaration flag */
  dclcusFlag: "1" | "2";
  /** 订单创建时间 — Order creation time */
  orderCreateTime: string;
  /** 放行时间 — Release time */
  releaseTime: string;
  /** 料件成品标记 — Material or product mark */
  mtpckEndprdMarkcd: "I" | "E";
  /** 订单列表 — Orders */
  orderList?: CheckOrderListItem[];
  /** 商品列表 — Goods */
  goodsList?: CheckGoodsListItem[];
}

/** 关联订单 — Linked order */
export interface CheckOrderListItem {
  /** 电商订单号 — E-commerce order number */
  ecomOrder?: string;
  /** 报关单号 — Customs entry number */
  entryNo?: string;
}

/** 清单商品 — Check note goods line */
export interface CheckGoodsListItem {
  /** HS编码 — HS code */
  hsCode?: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName?: string;
  /** 申报要素 — Declaration elements */
  specDescription?: string;
  /** 申报数量 — Declared quantity */
  declareQty?: number;
  /** 申报计量单位 — Declared unit */
  declareUnit?: string;
  /** 申报单价 — Declared unit price */
  declareUnitPrice?: number;
  /** 申报总价 — Declared total price */
  declareTotalPrice?: number;
  /** 申报币制 — Declared currency */
  declareCurrency?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 最终目的国（地区） — Country of destination */
  destinationCountry?: string;
}

/** 保税电商订单 — Bonded e-commerce order */
export interface OndedEcOrderDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 申报企业编码 — Declaring company code */
  declareCode: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 业务类型 — Business type */
  busiType: "10" | "20" | "30" | "40" | "50" | "60" | "70";
  /** 通关模式 — Clearance mode */
  clearanceType: "1210" | "5034" | "9610" | "9710" | "9810" | "0110";
  /** 订单时间 — Order time */
  orderDate: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 第三方物流编码 — Third-party logistics code */
  thirdLogisticsCode: string;
  /** 订单类型 — Order type */
  orderType: "1" | "2";
  /** 电商企业编码 — E-commerce company code */
  electricCode: string;
  /** 电商企业名称 — E-commerce company name */
  electricName: string;
  /** 电商平台编码 — E-commerce platform code */
  cbepcomCode: string;
  /** 电商平台名称 — E-commerce platform name */
  cbepcomName: string;
  /** 毛重 — Gross weight */
  grossWeight: number;
  /** 运费 — Shipping fee */
  shippingFee?: number;
  /** 税费 — Tax */
  taxFee?: number;
  /** 备注 — Notes */
  notes?: string;
  /** 商品列表 — Goods */
  goodList: OndedEcOrderGoodListItem[];
  /** 收件人 — Recipient */
  recipient: OndedEcOrderRecipient;
}

/** 订单商品 — Order line */
export interface OndedEcOrderGoodListItem {
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName: string;
  /** 数量 — Quantity */
  amount: number;
  /** 单价 — Unit price */
  price: number;
}

/** 收件人 — Recipient */
export interface OndedEcOrderRecipient {
  /** 国家 — Country */
  country: string;
  /** 省 — Province */
  province: string;
  /** 市 — City */
  city: string;
  /** 区（县） — District */
  district?: string;
}

/** 保税电商配送单 — Bonded e-commerce delivery */
export interface BondedEcLogisticsDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 电商平台编码 — E-commerce platform code */
  cbepcomCode: string;
  /** 电商企业编码 — E-commerce company code */
  electricCode: string;
  /** 电商企业名称 — E-commerce company name */
  electricName: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 仓库名称 — Warehouse name */
  warehouseName: string;
  /** 运单号 — Waybill number */
  wayBillNo: string;
  /** 子运单号 — Sub-waybill number */
  subWayBillNo: string;
  /** 运输单号 — Transport number */
  tranNo: string;
  /** 发货时间 — Shipping time */
  deliveryTime: string;
  /** 物流企业名称 — Logistics company name */
  logisticsName: string;
  /** 业务类型 — Business type */
  busiType: "00" | "01" | "02" | "03" | "04" | "05";
  /** 装载重量 — Loaded weight */
  loadWeight: number;
  /** 体积 — Volume */
  volume: number;
  /** 长 — Length */
  length: number;
  /** 宽 — Width */
  wide: number;
  /** 高 — Height */
  high: number;
  /** 包装规格 — Package size */
  specifications: string;
  /** 发货类型 — Dispatch type */
  sendType: "01" | "02";
  /** 商品列表 — Goods */
  goodList: BondedEcLogisticsGoodListItem[];
}

/** 配送商品 — Delivery line */
export interface BondedEcLogisticsGoodListItem {
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo: string;
  /** 数量 — Quantity */
  amount: number;
  /** 单价 — Unit price */
  unitPrice: number;
  /** 批次号 — Batch id */
  batchId?: string;
  /** 生产日期 — Production date */
  productionTime?: string;
  /** 有效期至 — Expiry date */
  expDate?: string;
}

/** 商品资料导入 — Goods master data import */
export interface GoodsDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业内部编号 — Enterprise batch number */
  entInsideNo: string;
  /** 企业编码 — Enterprise code */
  enterpriseCode: string;
  /** 企业名称 — Enterprise name */
  enterpriseName: string;
  /** 备注 — Notes */
  notes?: string;
  /** 商品列表 — Goods */
  goodsList?: GoodsGoodsListItem[];
}

/** 商品 — Goods item */
export interface GoodsGoodsListItem {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 客户名称 — Customer name */
  customerName?: string;
  /** 商品编号 — Goods number */
  goodsNo?: string;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName: string;
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 英文品名 — Goods name in English */
  goodsNameEn?: string;
  /** HS编码 — HS code */
  hsCode?: string;
  /** 单价 — Unit price */
  price?: number;
  /** 品牌 — Brand */
  brand?: string;
  /** 英文品牌 — Brand in English */
  brandEn?: string;
  /** 一级类目 — Category level 1 */
  firstCategory?: string;
  /** 二级类目 — Category level 2 */
  secondCategory?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 规格型号 — Specification */
  specification?: string;
  /** 申报要素 — Declaration elements */
  specDescription?: string;
  /** 申报计量单位 — Declared unit */
  declareUnit?: string;
  /** 仓储计量单位 — Storage unit */
  storageUnit?: string;
  /** 申报价值 — Declared value */
  declareVal?: number;
  /** 第一法定计量单位 — First legal unit */
  firstLegalUnit?: string;
  /** 第二法定计量单位 — Second legal unit */
  secondLegalUnit?: string;
  /** 生产企业 — Manufacturer */
  produceCompany?: string;
  /** 生产企业地址 — Manufacturer address */
  manufacturerAddr?: string;
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 净重 — Net weight */
  netWeight?: number;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 成分 — Composition */
  composition?: string;
  /** 功能 — Function */
  cargoFunction?: string;
  /** 用途 — Purpose */
  cargoPurpose?: string;
  /** 是否含添加剂 — Contains additives */
  additiveFlag?: "0" | "1";
  /** 添加剂是否超范围 — Additives beyond scope */
  additiveBeyondScope?: "0" | "1";
  /** 是否转基因 — Genetically modified */
  transgenicFlag?: "0" | "1";
  /** 包装类型 — Package type */
  packageType?: string;
  /** 合同单位 — Contract unit */
  contractsUnit?: string;
  /** QTP 单位 — qtpUnit */
  qtpUnit?: string;
  /** 保质期天数 — Shelf life in days */
  goodsQualityDays?: number;
  /** 图片地址 — Picture URL */
  picUrl?: string;
  /** 证书列表 — Certificates */
  goodsCateList?: GoodsGoodsListItemGoodsCateListItem[];
}

/** 证书 — Certificate */
export interface GoodsGoodsListItemGoodsCateListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 证书名称 — Certificate name */
  certName?: string;
  /** 证书地址 — Certificate URL */
  certUrl?: string;
}

/** 理货单 — Tally */
export interface TallyDocument {
  /** 理货单号 — Tally number */
  orderNo: string;
  /** 服务订单号 — Service order number */
  serviceOrderNo?: string;
  /** 业务单号 — Business order number */
  busiOrderNo?: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 入库单号 — Inbound order number */
  inboundOrderNo: string;
  /** 入库单标识 — Inbound order id */
  inboundOrderId?: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 仓库名称 — Warehouse name */
  warehouseName: string;
  /** 账册编号 — Customs book number */
  bookNo?: string;
  /** 监管方式 — Supervision mode */
  superviseType?: string;
  /** 提单号 — Bill of lading number */
  billNo?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 运输方式 — Mode of transport */
  transportMode?: string;
  /** 到达时间 — Arrival time */
  arrivalTime: string;
  /** 理货时间 — Tally time */
  tallyTime: string;
  /** 理货完成时间 — Tally completion time */
  tallyCompletedTime?: string;
  /** 上架时间 — Shelving time */
  shelfTime?: string;
  /** 商品列表 — Goods */
  goodsList?: TallyGoodsListItem[];
}

/** 理货商品 — Tally line */
export interface TallyGoodsListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 账册项号 — Customs book item number */
  bookItemNo?: string;
  /** 商品编号 — Goods number */
  goodsNo?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo?: string;
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName?: string;
  /** HS编码 — HS code */
  hsCode?: string;
  /** 规格型号 — Specification */
  specification?: string;
  /** 申报总价 — Declared total price */
  totalDeclarePrice?: number;
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 净重 — Net weight */
  netWeight?: number;
  /** 生产日期 — Production date */
  productDate?: string;
  /** 批次号 — Lot number */
  lotNo?: string;
  /** 失效日期 — Expiry date */
  expiryDate?: string;
  /** 预期收货数量 — Expected quantity */
  expectReceiveQty?: number;
  /** 计量单位 — Unit */
  unit?: string;
  /** 实收数量 — Received quantity */
  actReceiveQty?: number;
  /** 良品数量 — Good quantity */
  goodQty?: number;
  /** 残次品数量 — Damaged quantity */
  damageQty?: number;
  /** 托盘数量 — Pallet count */
  trayQty?: number;
  /** 长 — Length */
  length?: number;
  /** 宽 — Width */
  width?: number;
  /** 高 — Height */
  height?: number;
  /** 体积 — Volume */
  volume?: number;
  /** 理货人 — Tallied by */
  tallyBy?: string;
  /** 审核人 — Audited by */
  auditBy?: string;
  /** 收货人 — Received by */
  acceptBy?: string;
  /** 上架人 — Shelved by */
  shelfBy?: string;
  /** 短少数量 — Short quantity */
  lackQty?: number;
  /** 溢出数量 — Excess quantity */
  overflowQty?: number;
  /** 可用数量 — Available quantity */
  availableQty?: number;
}

/** 通关单 — Clearance */
export interface ClearanceDocument {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 业务单号 — Business order number */
  busiOrderNo?: string;
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 服务订单号 — Service order number */
  serviceOrderNo?: string;
  /** 口岸或保税区 — Port or bonded zone */
  portBonded?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 申报企业编码 — Declaring company code */
  declareCode?: string;
  /** 进出境关别 — Customs port of entry or exit */
  entryExitCode?: string;
  /** 消费使用单位名称 — Consumer unit name */
  consumUnitName?: string;
  /** 消费使用单位编码 — Consumer unit code */
  consumUnitNo?: string;
  /** 报关企业编码 — Customs broker code */
  customsClearanceCode?: string;
  /** 报关企业名称 — Customs broker name */
  customsClearanceName?: string;
  /** 运输方式 — Mode of transport */
  transportMode?: string;
  /** 监管方式 — Supervision mode */
  superviseType?: string;
  /** 运输工具 — Means of transport */
  transportTool?: string;
  /** 航次号 — Voyage number */
  voyageNo?: string;
  /** 运输提单号 — Transport bill of lading number */
  transportBlno?: string;
  /** 提单号（报关） — Bill of lading number (declaration) */
  blno?: string;
  /** 核注清单编号 — Check note number */
  checkNo?: string;
  /** 核放单编号 — Passport (gate pass) number */
  passportNo?: string;
  /** 报关单号 — Customs entry number */
  entryNo?: string;
  /** 入库单号 — Inbound order number */
  inboundOrderNo?: string;
  /** 出库单号 — Outbound order number */
  outboundOrderNo?: string;
  /** 启运国（地区） — Country of departure */
  beginCountry?: string;
  /** 启运港 — Port of departure */
  beginPort?: string;
  /** 贸易国（地区） — Trading country */
  tradeCountry?: string;
  /** 指运港 — Port of destination */
  designationPort?: string;
  /** 入境口岸 — Port of entry */
  portsEntry?: string;
  /** 进出口标志 — Import/export flag */
  ieFlag?: "I" | "E";
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 净重 — Net weight */
  netWeight?: number;
  /** 包装种类 — Packaging type */
  wrapType?: string;
  /** 货物存放地点 — Goods location */
  goodsPlace?: string;
  /** 成交方式 — Transaction mode */
  transMode?: string;
  /** 件数 — Number of packages */
  packNo?: number;
  /** 申报品类 — Declaration category */
  declareCategory?: "FOOD" | "FRUIT" | "TIMBER" | "MACHINERY" | "MINERALS" | "FROZEN" | "DANGEROUS" | "LIVE_ANIMALS" | "COSMETICS" | "GENERAL";
  /** 订单创建时间 — Order creation time */
  orderCreateTime?: string;
  /** 申报时间 — Declaration time */
  declareTime?: string;
  /** 放行时间 — Release time */
  releaseTime?: string;
  /** 查验时间 — Inspection time */
  inspectionTime?: string;
  /** 转关标志 — Transfer flag */
  isSwitch?: "0" | "1";
  /** 劳务标志 — Labour flag */
  isLabor?: "0" | "1";
  /** 商品列表 — Goods */
  goodsList?: ClearanceGoodsListItem[];
}

/** 报关商品 — Declared goods line */
export interface ClearanceGoodsListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo?: string;
  /** 征免方式 — Tax treatment */
  natureExemption?: "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
  /** 第一法定计量单位 — First legal unit */
  firstLegalUnit?: string;
  /** 第一法定数量 — First legal quantity */
  firstLegalQty?: number;
  /** 第二法定计量单位 — Second legal unit */
  secondLegalUnit?: string;
  /** 第二法定数量 — Second legal quantity */
  secondLegalQty?: number;
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 净重 — Net weight */
  netWeight?: number;
  /** HS编码 — HS code */
  hsCode?: string;
  /** 企业商品名称 — Enterprise goods name */
  entGoodsName?: string;
  /** 申报要素 — Declaration elements */
  specDescription?: string;
  /** 申报数量 — Declared quantity */
  declareQty?: number;
  /** 申报计量单位 — Declared unit */
  declareUnit?: string;
  /** 申报单价 — Declared unit price */
  declareUnitPrice?: number;
  /** 申报总价 — Declared total price */
  declareTotalPrice?: number;
  /** 申报币制 — Declared currency */
  declareCurrency?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 最终目的国（地区） — Country of destination */
  destinationCountry?: string;
}

/** 采购单 — Purchase */
export interface PurchaseDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 下单时间 — Order time */
  orderTime?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 采购订单号 — Purchase order number */
  poOrderNo?: string;
  /** 融资单号 — Financing order number */
  financingOrderNo?: string;
  /** 采购数量 — Purchase quantity */
  purchaseQty?: number;
  /** 采购金额 — Purchase amount */
  purchaseAmount?: number;
  /** 币种 — Currency */
  currency?: string;
  /** 付款时间 — Payment time */
  payTime?: string;
  /** 仓储单号 — Warehouse order number */
  wmsOrderNo?: string;
  /** 入库时间 — Inbound time */
  inboundTime?: string;
  /** 订单状态 — Order status */
  orderStatus?: "10" | "20" | "30";
  /** 商品列表 — Goods */
  goodsList?: PurchaseGoodsListItem[];
}

/** 订单商品 — Order line */
export interface PurchaseGoodsListItem {
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 数量 — Quantity */
  qty?: number;
  /** 含税单价 — Unit price with tax */
  priceTax?: number;
  /** 单价 — Unit price */
  price?: number;
}

/** 销售单（对企业） — Sales to business */
export interface SaleOrderToBDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 下单时间 — Order time */
  orderTime?: string;
  /** 合同号 — Contract number */
  contractNo?: string;
  /** 采购订单号 — Purchase order number */
  poOrderNo?: string;
  /** 仓储单号 — Warehouse order number */
  wmsOrderNo?: string;
  /** 出库时间 — Outbound time */
  outboundTime?: string;
  /** 销售数量 — Sales quantity */
  salesQty?: number;
  /** 销售金额 — Sales amount */
  salesAmount?: number;
  /** 币种 — Currency */
  currency?: string;
  /** 订单状态 — Order status */
  orderStatus?: "10" | "20" | "30";
  /** 商品列表 — Goods */
  goodsList?: SaleOrderToBGoodsListItem[];
}

/** 订单商品 — Order line */
export interface SaleOrderToBGoodsListItem {
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 数量 — Quantity */
  qty?: number;
  /** 含税单价 — Unit price with tax */
  priceTax?: number;
  /** 单价 — Unit price */
  price?: number;
}

/** 销售单（对个人） — Sales to consumer */
export interface SaleOrderToCDocument {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 订单列表 — Orders */
  orderList: SaleOrderToCOrderListItem[];
}

/** 消费者订单 — Consumer order */
export interface SaleOrderToCOrderListItem {
  /** 企业订单号 — Enterprise order number */
  entOrderNo: string;
  /** 平台订单号 — Platform order number */
  platformOrderNo?: string;
  /** 申报企业编码 — Declaring company code */
  declareCode?: string;
  /** 通关模式 — Clearance mode */
  clearanceType?: "1210" | "5034" | "9610" | "9710" | "9810" | "0110";
  /** 下单时间 — Order time */
  orderTime?: string;
  /** 发货时间 — Shipping time */
  deliveryTime?: string;
  /** 申报时间 — Declaration time */
  declareTime?: string;
  /** 放行时间 — Release time */
  releaseTime?: string;
  /** 仓库 — Warehouse */
  warehouse?: string;
  /** 物流企业名称 — Logistics company name */
  logisticsName?: string;
  /** 订单类型 — Order type */
  orderType?: "1" | "2";
  /** 代理企业编码 — Agent code */
  agentCode?: string;
  /** 代理企业名称 — Agent name */
  agentName?: string;
  /** 电商平台名称 — E-commerce platform name */
  cbepcomName?: string;
  /** 运费 — Shipping fee */
  shippingFee?: number;
  /** 税费 — Tax */
  taxFee?: number;
  /** 订单总额 — Order total */
  totalAmount?: number;
  /** 币种 — Currency */
  currency?: string;
  /** 订单状态 — Order status */
  orderStatus?: "10" | "20" | "30";
  /** 商品列表 — Goods */
  goodList?: SaleOrderToCOrderListItemGoodListItem[];
  /** 收件人 — Recipient */
  recipient?: SaleOrderToCOrderListItemRecipient;
}

/** 订单商品 — Order line */
export interface SaleOrderToCOrderListItemGoodListItem {
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 条形码 — Barcode */
  barCode?: string;
  /** 数量 — Quantity */
  qty?: number;
  /** 含税单价 — Unit price with tax */
  priceTax?: number;
  /** 单价 — Unit price */
  price?: number;
}

/** 收件人 — Recipient */
export interface SaleOrderToCOrderListItemRecipient {
  /** 国家 — Country */
  country?: string;
  /** 省 — Province */
  province?: string;
  /** 市 — City */
  city?: string;
  /** 区（县） — District */
  district?: string;
}

/** 商品同步 — Goods sync */
export interface SynchronizeGoodsDocument {
  /** 客户编码 — Customer code */
  customerCode?: string;
  /** 条形码 — Barcode */
  barCode: string;
  /** 商品名称 — Goods name */
  goodsName: string;
  /** 品牌 — Brand */
  brand?: string;
  /** 英文品牌 — Brand in English */
  brandEn?: string;
  /** 母品牌 — Parent brand */
  parentBrand?: string;
  /** 规格型号 — Specification */
  specification?: string;
  /** 原产国（地区） — Country of origin */
  orgCountry?: string;
  /** 生产企业 — Manufacturer */
  produceCompany?: string;
  /** 第一法定计量单位 — First legal unit */
  firstLegalUnit?: string;
  /** 第二法定计量单位 — Second legal unit */
  secondLegalUnit?: string;
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 净重 — Net weight */
  netWeight?: number;
  /** 资金方 — Capital provider */
  capital?: string;
  /** 合同单位 — Contract unit */
  contractsUnit?: string;
  /** QTP 单位 — qtpUnit */
  qtpUnit?: string;
  /** 保质期天数 — Shelf life in days */
  goodsQualityDays?: number;
  /** 图片地址列表 — Picture URLs */
  picUrl?: string[];
  /** 备案信息 — Customs filing */
  recordInfo?: SynchronizeGoodsRecordInfo;
  /** 证书列表 — Certificates */
  goodsCateList?: SynchronizeGoodsGoodsCateListItem[];
}

/** 备案信息 — Customs filing */
export interface SynchronizeGoodsRecordInfo {
  /** 企业商品编码 — Enterprise goods code */
  entGoodsNo?: string;
  /** 备案价格 — Filed price */
  recordPrice?: number;
}

/** 证书 — Certificate */
export interface SynchronizeGoodsGoodsCateListItem {
  /** 序号 — Line number */
  gNum?: number;
  /** 证书类型 — Certificate type */
  certType?: "10" | "20";
  /** 证书地址 — Certificate URL */
  certUrl?: string;
}

/** 船舶档案数据 — Vessel archive feed */
export interface VesselArchiveFeedDocument {
  /** 船舶标识 — Ship id */
  shipId?: string;
  /** 船舶英文名 — Vessel name (English) */
  vesselNameEn: string;
  /** 船舶中文名 — Vessel name (Chinese) */
  vesselNameCn?: string;
  /** IMO 编号 — IMO number */
  imo?: string;
  /** 海上移动业务识别码 — MMSI */
  mmsi: string;
  /** 呼号 — Call sign */
  callsign?: string;
  /** AIS 船舶类型 — AIS vessel type */
  aisVesselType?: string;
  /** 船舶类型 — Ship type */
  shipType?: string;
  /** 船长 — Length */
  length?: number;
  /** 船宽 — Width */
  width?: number;
  /** 总吨 — Gross tonnage */
  gt?: number;
  /** 净吨 — Net tonnage */
  nt?: number;
  /** 载重吨 — Deadweight */
  dwt?: number;
  /** 船旗国 — Flag */
  flagName?: string;
  /** 集装箱箱位 — Container capacity */
  shipContainerNum?: number;
  /** 建造日期 — Date built */
  dateBuilt?: string;
  /** 建造船厂 — Builder */
  built?: string;
  /** ISM 管理公司 — ISM manager */
  ismManager?: string;
  /** 船东 — Ship owner */
  shipOwnerEn?: string;
  /** 船舶管理人 — Ship manager */
  shipManagerEn?: string;
  /** 承运人 — Carrier */
  carrier?: string;
}

/** AIS 船位数据 — AIS position feed */
export interface AisPositionFeedDocument {
  /** 海上移动业务识别码 — MMSI */
  mmsi: string;
  /** IMO 编号 — IMO number */
  imo?: string;
  /** 船舶英文名 — Vessel name (English) */
  nameEn?: string;
  /** 呼号 — Call sign */
  callSign?: string;
  /** 船舶类型 — Ship type */
  shipType?: string;
  /** 船长 — Length */
  length?: number;
  /** 船宽 — Breadth */
  breadth?: number;
  /** 总吨 — Gross tonnage */
  gt?: number;
  /** 载重吨 — Deadweight */
  dwt?: number;
  /** 建造日期 — Date built */
  dateBuild?: string;
  /** 集装箱箱位 — Container capacity */
  shipContainerNum?: number;
  /** 船旗国 — Flag */
  flagName?: string;
  /** 航行状态 — Navigational status */
  navStatus?: number;
  /** 更新时间 — Update time */
  updateTime: string;
  /** 吃水 — Draught */
  draught?: number;
  /** 对地航向 — Course over ground */
  cog?: number;
  /** 船首向 — Heading */
  hdg?: number;
  /** 对地航速 — Speed over ground */
  sog?: number;
  /** 目的地 — Destination */
  dest?: string;
  /** 标准目的港 — Standard destination */
  destStd?: string;
  /** 目的港代码 — Destination code */
  destcode?: string;
  /** 预计到达 — ETA */
  eta?: string;
  /** 标准预计到达 — Standard ETA */
  etaStd?: string;
  /** 纬度 — Latitude */
  lat: number;
  /** 经度 — Longitude */
  lon: number;
}

/** 国际运输单据数据 — International transport bill feed */
export interface TransportBillFeedDocument {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 客户名称 — Customer name */
  customerName: string;
  /** 提单号 — Bill number */
  billNo?: string;
  /** 订舱号 — Booking number */
  sybknoteno?: string;
  /** 订舱单号 — Shipping order */
  SO?: string;
  /** 船公司 — Shipping company */
  shippingCompany?: string;
  /** 船名 — Vessel name */
  shipName?: string;
  /** 航次 — Voyage */
  voyageNo?: string;
  /** 主提单号 — Master bill */
  MBL?: string;
  /** 订舱日期 — Booking date */
  bookingDate?: string;
  /** 启运国 — Country of departure */
  beginCountry?: string;
  /** 贸易国 — Trading country */
  tradeCountry?: string;
  /** 货物存放地 — Goods location */
  goodsPlace?: string;
  /** 最终目的地 — Final destination */
  finalDestination?: string;
  /** 启运港 — Port of loading */
  beginPort?: string;
  /** 目的港 — Port of discharge */
  designationPort?: string;
  /** 签单时间 — Issue time */
  issueTime?: string;
  /** 靠泊时间 — Berthing time */
  berthingTime?: string;
  /** 装船日期 — Shipped on board */
  shippedOnBoardDate?: string;
  /** 离港时间 — Departure time */
  leaveTime?: string;
  /** 抵港时间 — Arrival time */
  podTime?: string;
  /** 卸船时间 — Discharge time */
  unloadTime?: string;
  /** 提货时间 — Pick-up time */
  pickUpTime?: string;
  /** 集装箱信息 — Containers */
  containerInfo?: TransportBillFeedContainerInfoItem[];
}

/** 集装箱 — Container */
export interface TransportBillFeedContainerInfoItem {
  /** 箱号 — Container number */
  containerId: string;
  /** 箱型 — Container type */
  containerMd?: string;
}

/** 航线船期数据 — Route schedule feed */
export interface RouteScheduleFeedDocument {
  /** 承运人代码 — Carrier code */
  carriercd: string;
  /** SCAC 代码 — SCAC */
  scac?: string;
  /** 航线代码 — Service */
  service: string;
  /** 航线中文名 — Service (Chinese) */
  serviceCN?: string;
  /** 主航线 — Major route */
  route?: string;
  /** 航线代码（承运人） — Route code */
  routeCode?: string;
  /** 标准航线代码 — Standard route code */
  standardRouteCode?: string;
  /** 挂港列表 — Port calls */
  ports: RouteScheduleFeedPortsItem[];
}

/** 挂港 — Port call */
export interface RouteScheduleFeedPortsItem {
  /** 挂港顺序 — Call order */
  portNumber: number;
  /** 港口代码 — Port code */
  portCode: string;
  /** 港口 — Port */
  port: string;
  /** 码头 — Terminal */
  terminal?: string;
  /** 到港星期 — ETA weekday */
  eta?: "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";
  /** 离港星期 — ETD weekday */
  etd?: "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";
  /** 航程天数 — Transit time */
  transitTime?: number;
}

/** 码头船舶计划数据 — Terminal vessel plan feed */
export interface VesselPlanFeedDocument {
  /** 港口代码 — Port code */
  portCode: "CNSHA" | "CNNGB" | "CNYTN" | "CNSHK" | "CNNSA" | "CNTAO" | "CNTXG" | "CNXMN" | "CNDLC";
  /** 船舶英文名 — Vessel name (English) */
  vesselNameEn: string;
  /** 船舶中文名 — Vessel name (Chinese) */
  vesselNameCn?: string;
  /** 船舶代码 — Ship code */
  shipCode?: string;
  /** 船名 — Ship name */
  shipName?: string;
  /** 船代代码 — Agent code */
  agentCode?: string;
  /** 船代名称 — Agent name */
  agentName?: string;
  /** 航线代码 — Line code */
  lineCode?: string;
  /** 码头 — Terminal */
  terminal?: string;
  /** 挂靠港（英文） — Ports (English) */
  portsEn?: string;
  /** 挂靠港（中文） — Ports (Chinese) */
  portsCn?: string;
  /** 预计抵港 — ETA */
  eta?: string;
  /** 实际抵港 — ATA */
  ata?: string;
  /** 预计靠泊 — ETB */
  etb?: string;
  /** 实际靠泊 — ATB */
  atb?: string;
  /** 预计离港 — ETD */
  etd?: string;
  /** 实际离港 — ATD */
  atd?: string;
  /** 开港时间 — CY open */
  cyOpen?: string;
  /** 截港时间 — CY closing */
  cyClosing?: string;
  /** 截关时间（码头） — Port cut-off */
  portCloseDate?: string;
  /** 海关截放行时间 — Customs cut-off */
  customsCloseDate?: string;
  /** 进口航次 — Import voyage */
  ivoyage?: string;
  /** 出口航次 — Export voyage */
  evoyage?: string;
  /** 计划状态 — Plan status */
  status?: string;
}

/** 全球航班数据 — Flight schedule feed */
export interface FlightFeedDocument {
  /** 航班标识 — Flight id */
  flightId: string;
  /** 呼号 — Call sign */
  callsign?: string;
  /** IATA 航班号 — IATA flight number */
  flightNumberIata?: string;
  /** ICAO 航班号 — ICAO flight number */
  flightNumberIcao?: string;
  /** 飞机注册号 — Registration */
  aircraftRegistration?: string;
  /** 机型 — Aircraft type */
  aircraftType?: string;
  /** 机型类别 — Aircraft class */
  aircraftClass?: string;
  /** S 模式代码 — Mode-S code */
  modeSHexCode?: string;
  /** 描述 — Description */
  description?: string;
  /** 航司 IATA 代码 — Airline IATA code */
  airlineIata?: string;
  /** 航司 ICAO 代码 — Airline ICAO code */
  airlineIcao?: string;
  /** 航司名称 — Airline name */
  airlineName?: string;
  /** 出发 — Departure */
  departure: FlightFeedDeparture;
  /** 到达 — Arrival */
  arrival: FlightFeedArrival;
  /** 延误原因 — Delay reason */
  delayReason?: string;
  /** 延误详情 — Delay detail */
  delayDetail?: string;
  /** 最新位置 — Latest position */
  latestPosition?: FlightFeedLatestPosition;
  /** 应答机编码 — Squawk code */
  squawkCode?: string;
  /** 数据来源 — Source */
  source?: string;
  /** 创建时间 — Created */
  created?: string;
  /** 更新时间 — Updated */
  updated: string;
  /** 航迹 — Flight path */
  positions?: FlightFeedPositionsItem[];
  /** 航班链接 — Flight URL */
  flightUrl?: string;
  /** KML 链接 — KML link */
  kmlUrl?: string;
  /** CSV 链接 — CSV link */
  csvUrl?: string;
  /** GeoJSON 链接 — GeoJSON link */
  geojsonUrl?: string;
  /** ICAO 航路 — ICAO route */
  icaoRoute?: string;
  /** 航班状态 — Flight status */
  status: "SCHEDULED" | "ON_GROUND" | "IN_FLIGHT" | "LANDED" | "CANCELLED" | "UNKNOWN";
}

/** 出发 — Departure */
export interface FlightFeedDeparture {
  /** 机场 ICAO 代码 — Airport ICAO code */
  airportIcao: string;
  /** 机场 IATA 代码 — Airport IATA code */
  airportIata?: string;
  /** 机场名称 — Airport name */
  name?: string;
  /** 城市 — City */
  city?: string;
  /** 州省 — State */
  state?: string;
  /** 国家 — Country */
  country?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 时区 — Time zone */
  timezone?: string;
  /** 计划时间 — Scheduled time */
  scheduledTime?: string;
  /** 实际时间 — Actual time */
  actualTime?: string;
  /** 预计时间 — Estimated time */
  estimatedTime?: string;
  /** 状态 — Status */
  status?: string;
}

/** 到达 — Arrival */
export interface FlightFeedArrival {
  /** 机场 ICAO 代码 — Airport ICAO code */
  airportIcao: string;
  /** 机场 IATA 代码 — Airport IATA code */
  airportIata?: string;
  /** 机场名称 — Airport name */
  name?: string;
  /** 城市 — City */
  city?: string;
  /** 州省 — State */
  state?: string;
  /** 国家 — Country */
  country?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 时区 — Time zone */
  timezone?: string;
  /** 计划时间 — Scheduled time */
  scheduledTime?: string;
  /** 实际时间 — Actual time */
  actualTime?: string;
  /** 预计时间 — Estimated time */
  estimatedTime?: string;
  /** 状态 — Status */
  status?: string;
}

/** 最新位置 — Latest position */
export interface FlightFeedLatestPosition {
  /** 时间 — Time */
  time: string;
  /** 纬度 — Latitude */
  lat: number;
  /** 经度 — Longitude */
  lon: number;
  /** 高度 — Altitude */
  altitude?: number;
  /** 地速 — Ground speed */
  groundSpeed?: number;
  /** 航向 — Heading */
  heading?: number;
}

/** 航迹点 — Path point */
export interface FlightFeedPositionsItem {
  /** 时间 — Time */
  time: string;
  /** 纬度 — Latitude */
  lat: number;
  /** 经度 — Longitude */
  lon: number;
  /** 高度 — Altitude */
  altitude?: number;
  /** 地速 — Ground speed */
  groundSpeed?: number;
  /** 航向 — Heading */
  heading?: number;
}

/** 货车定位数据 — Truck position feed */
export interface TruckPositionFeedDocument {
  /** 车牌号 — Plate number */
  vclN: string;
  /** 定位时间 — Position time */
  utc: string;
  /** 纬度 — Latitude */
  lat: number;
  /** 经度 — Longitude */
  lon: number;
  /** 速度 — Speed */
  spd?: number;
  /** 方向 — Direction */
  drc?: number;
  /** 海拔 — Height */
  hgt?: number;
  /** 里程 — Mileage */
  mil?: number;
  /** 地址 — Address */
  adr?: string;
  /** 省 — Province */
  province?: string;
  /** 市 — City */
  city?: string;
  /** 区县 — County */
  country?: string;
  /** 运输阶段 — Stage */
  stage?: "0" | "1" | "2" | "3" | "4" | "5" | "2.5" | "4.5";
}

/** 船公司数据 — Ocean carrier feed */
export interface CarrierFeedDocument {
  /** 船公司代码 — Carrier code */
  carrierCode: string;
  /** SCAC — SCAC */
  scac?: string;
  /** 中文名称 — Name (Chinese) */
  nameCn?: string;
  /** 英文名称 — Name (English) */
  nameEn?: string;
  /** 官网 — Website */
  url?: string;
  /** 刷新周期（小时） — Refresh (hours) */
  refreshHours: number;
  /** 按箱号查询 — Container-number queries */
  containerNoQuery: "SUPPORTED" | "UNSUPPORTED" | "WITH_BILL";
}

/** 企业涉税信息 — Tax information */
export interface TaxInformationDocument {
  /** 纳税人识别号 — Taxpayer id */
  nsrsbh: string;
  /** 纳税人名称 — Taxpayer name */
  nsrsmc: string;
  /** 数据类型 — Data type */
  datatype: "01" | "02";
  /** 数据时间 — Data time */
  reportTime: string;
  /** 纳税信息 — Tax payments */
  taxlist?: TaxInformationTaxlistItem[];
  /** 纳税人信息 — Taxpayer details */
  payerInfo?: TaxInformationPayerInfoItem[];
  /** 信用评价 — Credit ratings */
  xypjList?: TaxInformationXypjListItem[];
  /** 申报信息 — Declarations */
  declareList?: TaxInformationDeclareListItem[];
  /** 征收信息 — Levies */
  levyList?: TaxInformationLevyListItem[];
  /** 稽查信息 — Inspections */
  ispList?: TaxInformationIspListItem[];
  /** 违法违章 — Violations */
  vioList?: TaxInformationVioListItem[];
  /** 利润表 — Profit statements */
  plList?: TaxInformationPlListItem[];
  /** 投资方信息 — Investors */
  tzfList?: TaxInformationTzfListItem[];
  /** 上下游信息 — Upstream and downstream */
  sxyList?: TaxInformationSxyListItem[];
  /** 资产负债表 — Balance sheets */
  zcfzbList?: TaxInformationZcfzbListItem[];
  /** 企业变更登记 — Registration changes */
  qybgdjList?: TaxInformationQybgdjListItem[];
  /** 分支机构信息 — Branches */
  fjgxxList?: TaxInformationFjgxxListItem[];
  /** 欠税信息 — Tax arrears */
  yjsfList?: TaxInformationYjsfListItem[];
}

/** 纳税信息 — Tax payments */
export interface TaxInformationTaxlistItem {
  [field: string]: unknown;
}

/** 纳税人信息 — Taxpayer details */
export interface TaxInformationPayerInfoItem {
  /** 纳税人状态 — Taxpayer state */
  nsrzt?: "正常" | "非正常";
}

/** 信用评价 — Credit ratings */
export interface TaxInformationXypjListItem {
  /** 评价级别 — Credit grade */
  pjjb?: "A" | "B" | "C" | "D";
}

/** 申报信息 — Declarations */
export interface TaxInformationDeclareListItem {
  [field: string]: unknown;
}

/** 征收信息 — Levies */
export interface TaxInformationLevyListItem {
  /** 征收状态 — Levy status */
  zszt?: "欠缴" | "已入库";
}

/** 稽查信息 — Inspections */
export interface TaxInformationIspListItem {
  [field: string]: unknown;
}

/** 违法违章 — Violations */
export interface TaxInformationVioListItem {
  [field: string]: unknown;
}

/** 利润表 — Profit statements */
export interface TaxInformationPlListItem {
  [field: string]: unknown;
}

/** 投资方信息 — Investors */
export interface TaxInformationTzfListItem {
  [field: string]: unknown;
}

/** 上下游信息 — Upstream and downstream */
export interface TaxInformationSxyListItem {
  [field: string]: unknown;
}

/** 资产负债表 — Balance sheets */
export interface TaxInformationZcfzbListItem {
  /** 报表版本 — Statement version */
  version?: "1" | "2" | "3";
}

/** 企业变更登记 — Registration changes */
export interface TaxInformationQybgdjListItem {
  [field: string]: unknown;
}

/** 分支机构信息 — Branches */
export interface TaxInformationFjgxxListItem {
  [field: string]: unknown;
}

/** 欠税信息 — Tax arrears */
export interface TaxInformationYjsfListItem {
  [field: string]: unknown;
}

/** 电商平台销售（对企业） — Platform sales to business */
export interface EcommerceSalesToBDocument {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 企业名称 — Enterprise name */
  enterpriseName?: string;
  /** 平台 — Platform */
  platform: "TMALL" | "JD" | "VIP" | "KAOLA" | "YUNJI";
  /** 开始日期 — Start date */
  startDate?: string;
  /** 结束日期 — End date */
  endDate?: string;
  /** 首次合作日期 — First date */
  firstDate?: string;
  /** 采购周期 — Purchase cycle */
  purchaseCycle?: string;
  /** 结算周期 — Settlement cycle */
  settleCycle?: string;
  /** 销售列表 — Sales */
  saleList?: EcommerceSalesToBSaleListItem[];
  /** 结算列表 — Settlements */
  settleList?: EcommerceSalesToBSettleListItem[];
}

/** 期间销售 — Period sales */
export interface EcommerceSalesToBSaleListItem {
  /** 期间 — Period */
  period: string;
  /** 币种 — Currency */
  currency?: string;
  /** 销售金额 — Sales amount */
  amount?: number;
  /** 单据数 — Bills */
  billNum?: number;
  /** 采购单列表 — Purchase orders */
  poList?: EcommerceSalesToBSaleListItemPoListItem[];
}

/** 采购单 — Purchase order */
export interface EcommerceSalesToBSaleListItemPoListItem {
  /** 采购单号 — PO number */
  poOrderNo: string;
  /** 币种 — Currency */
  orderCurrency?: string;
  /** 订单金额 — Order amount */
  orderAmount?: number;
  /** 下单时间 — Order time */
  orderTime?: string;
  /** 订单状态 — Order status */
  orderStatus?: string;
  /** 结算金额 — Settled amount */
  settleAmount?: number;
}

/** 期间结算 — Period settlement */
export interface EcommerceSalesToBSettleListItem {
  /** 期间 — Period */
  period: string;
  /** 币种 — Currency */
  currency?: string;
  /** 结算金额 — Settled amount */
  amount?: number;
}

/** 电商平台销售（对个人） — Platform sales to consumer */
export interface EcommerceSalesToCDocument {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 企业名称 — Enterprise name */
  enterpriseName?: string;
  /** 平台 — Platform */
  platform: "TMALL" | "JD" | "VIP" | "KAOLA" | "YUNJI";
  /** 开始日期 — Start date */
  startDate?: string;
  /** 结束日期 — End date */
  endDate?: string;
  /** 首次合作日期 — First date */
  firstDate?: string;
  /** 店铺编码 — Shop code */
  shopCode: string;
  /** 店铺名称 — Shop name */
  shopName?: string;
  /** 月度数据 — Monthly data */
  monthDataList?: EcommerceSalesToCMonthDataListItem[];
}

/** 月度销售 — Monthly sales */
export interface EcommerceSalesToCMonthDataListItem {
  /** 期间 — Period */
  period: string;
  /** 币种 — Currency */
  currency?: string;
  /** 销售金额 — Sales amount */
  amount?: number;
  /** 订单数 — Orders */
  billNum?: number;
  /** 成交总额 — GMV */
  GMVAmount?: number;
}

/** 回款账户变更 — Payment account change */
export interface PaymentAccountChangeDocument {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 平台 — Platform */
  platform: "JD" | "TMALL" | "YUNJI" | "VIP" | "VIP_SETTLEMENT" | "KAOLA";
  /** 账户名称 — Account name */
  accountName?: string;
  /** 开户银行 — Bank */
  bankName?: string;
  /** 银行账号 — Account number */
  bankAccount: string;
  /** 变更时间 — Change time */
  changeTime: string;
  /** 变更说明 — Change */
  changeInfo?: string;
}

/** 品牌排名 — Brand ranking */
export interface BrandRankingDocument {
  /** 排名类型 — Ranking type */
  rankingType: "0" | "1" | "2";
  /** 期间 — Period */
  dataMonth: string;
  /** 排名列表 — Rankings */
  rankingList: BrandRankingRankingListItem[];
}

/** 品牌名次 — Brand place */
export interface BrandRankingRankingListItem {
  /** 品牌 — Brand */
  brand: string;
  /** 品类 — Category */
  category: string;
  /** 名次 — Place */
  ranking: number;
}

/** 在仓数据 — In-warehouse data */
export interface InWarehouseDataDocument {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 仓库编码 — Warehouse id */
  warehouseId: string;
  /** 统计日期 — Count date */
  countDate: string;
  /** 合作开始日期 — Cooperating since */
  cooperationTime?: string;
  /** 在仓总货值 — Total value */
  valueOfTotal?: number;
  /** 近六月平均库存 — Six-month inventory */
  inventoryOfSix?: number;
  /** 近六月出库 — Six-month deliveries */
  deliveryOfSix?: number;
  /** 周转率 — Turnover rate */
  turnoverRate?: number;
  /** 主要品牌 — Main brand */
  mainBrand?: string;
  /** 一级品类 — Category L1 */
  categoryL1?: string;
  /** 二级品类 — Category L2 */
  categoryL2?: string;
  /** 三级品类 — Category L3 */
  categoryL3?: string;
  /** 品牌货值占比 — Brand value share */
  brandValueRate?: number;
  /** 近三月出库 — Three-month deliveries */
  deliveryOfThree?: number;
  /** 去年同期出库 — Deliveries a year before */
  deliveryOfPast?: number;
  /** 出库同比 — Deliveries YoY */
  deliveryYoY?: number;
  /** 品类货值列表 — Category values */
  categoryValueList?: InWarehouseDataCategoryValueListItem[];
}

/** 品类货值 — Category value */
export interface InWarehouseDataCategoryValueListItem {
  /** 品类 — Category */
  categoryName: string;
  /** 品类货值 — Category value */
  categoryValue?: number;
}

/** 仓库经营指标 — Warehouse operating indicators */
export interface WarehouseIndicatorsDocument {
  /** 企业编码 — Enterprise code */
  enterpriseCode: string;
  /** 企业名称 — Enterprise name */
  enterpriseName?: string;
  /** 仓库编码 — Warehouse id */
  warehouseId: string;
  /** 快照时间 — Snapshot time */
  snapshotTime: string;
  /** 库存数量 — Stock quantity */
  inventoryQty?: number;
  /** 库存货值 — Stock value */
  inventoryAmount?: number;
  /** 入库单数 — Inbound orders */
  inputNum?: number;
  /** 入库数量 — Inbound quantity */
  inputQty?: number;
  /** 入库货值 — Inbound value */
  inputAmount?: number;
  /** 出库单数 — Outbound orders */
  outputNum?: number;
  /** 出库数量 — Outbound quantity */
  outputQty?: number;
  /** 出库货值 — Outbound value */
  outputAmount?: number;
}

/** 仓库库存报告 — Warehouse stock report */
export interface WarehouseStockDocument {
  /** 货主编码 — Owner code */
  customerCode: string;
  /** 货主名称 — Owner name */
  customerName?: string;
  /** 仓库编码 — Warehouse id */
  warehouseId: string;
  /** 快照时间 — Snapshot time */
  snapshotTime: string;
  /** 库存列表 — Stock */
  stockList: WarehouseStockStockListItem[];
}

/** 库存行 — Stock line */
export interface WarehouseStockStockListItem {
  /** 商品编码 — Goods id */
  goodsId: string;
  /** 商品名称 — Goods name */
  goodsName?: string;
  /** 条形码 — Bar code */
  barCode?: string;
  /** 批次号 — Batch */
  batchCode?: string;
  /** 库存类型 — Stock type */
  stockType: "0" | "1";
  /** 实际库存 — Stock */
  realStockNum: number;
  /** 冻结库存 — Frozen stock */
  realFrozenStockNum?: number;
  /** 锁定库存 — Locked stock */
  lockStockNum?: number;
  /** 入库时间 — Warehouse time */
  warehouseTime?: string;
  /** 生产日期 — Production date */
  productionTime?: string;
  /** 到期日期 — Expiry date */
  expireTime?: string;
  /** 资金方 — Capital provider */
  capital?: string;
}

/** 快递轨迹数据 — Express trace feed */
export interface ExpressTraceDocument {
  /** 快递公司编码 — Carrier code */
  shipperCode: string;
  /** 快递单号 — Tracking number */
  logisticCode: string;
  /** 订单编号 — Order code */
  orderCode?: string;
  /** 物流状态 — State */
  state?: "0" | "1" | "2" | "3" | "4" | "5" | "6" | "10";
  /** 扩展状态 — Extended state */
  stateEx?: "201" | "202" | "204" | "205" | "206" | "211" | "301" | "302" | "304" | "311" | "401" | "402" | "403" | "404" | "405" | "406" | "407" | "408" | "409" | "410" | "411" | "412" | "413" | "414" | "415" | "416" | "417" | "418" | "419" | "420" | "421" | "422" | "423" | "601" | "602" | "603" | "604";
  /** 当前城市 — Current location */
  location?: string;
  /** 轨迹 — Traces */
  traces?: ExpressTraceTracesItem[];
  /** 路线坐标 — Route coordinates */
  coordinates?: ExpressTraceCoordinatesItem[];
  /** 轨迹地图链接 — Route map URL */
  routeMapUrl?: string;
  /** 派件员电话 — Courier phone */
  deliveryManTel?: string;
  /** 寄件城市经纬度 — Sender city coordinates */
  senderCityLatAndLng?: string;
  /** 收件人手机后四位 — Receiver phone, last four */
  receiverPhoneTail?: string;
  /** 寄件人手机后四位 — Sender phone, last four */
  senderPhoneTail?: string;
  /** 月结账号 — Shipper account */
  shipperAccount?: string;
  /** 服务商报告时间 — Reported at */
  reportedAt?: string;
}

/** 轨迹 — Trace */
export interface ExpressTraceTracesItem {
  /** 轨迹时间 — Trace time */
  acceptTime: string;
  /** 轨迹描述 — Trace description */
  acceptStation: string;
  /** 所在城市 — Location */
  location?: string;
  /** 轨迹状态 — Action */
  action?: "0" | "1" | "2" | "3" | "4" | "5" | "6" | "10" | "201" | "202" | "204" | "205" | "206" | "211" | "301" | "302" | "304" | "311" | "401" | "402" | "403" | "404" | "405" | "406" | "407" | "408" | "409" | "410" | "411" | "412" | "413" | "414" | "415" | "416" | "417" | "418" | "419" | "420" | "421" | "422" | "423" | "601" | "602" | "603" | "604";
  /** 备注 — Remark */
  remark?: string;
}

/** 坐标 — Coordinate */
export interface ExpressTraceCoordinatesItem {
  /** 经纬度 — Latitude and longitude */
  latAndLng: string;
  /** 位置 — Location */
  location?: string;
}

/** 空运货物事件数据 — Air cargo event feed */
export interface AirCargoEventDocument {
  /** 运单号 — Air waybill number */
  businessNumber: string;
  /** 数据来源 — Origin */
  origin?: string;
  /** 业务状态 — Business status */
  status?: "PROCESS" | "COMPLETE";
  /** 承运航司 — Carrier */
  carrier?: AirCargoEventCarrier;
  /** 货物信息 — Shipment equipments */
  shipmentEquipments?: AirCargoEventShipmentEquipmentsItem[];
  /** 运单地点 — Shipment locations */
  shipmentLocations?: AirCargoEventShipmentLocationsItem[];
  /** 运单事件 — Shipment events */
  shipmentEvents?: AirCargoEventShipmentEventsItem[];
  /** 运输事件 — Transport events */
  transportEvents?: AirCargoEventTransportEventsItem[];
  /** 货物事件 — Equipment events */
  equipmentEvents?: AirCargoEventEquipmentEventsItem[];
}

/** 承运航司 — Carrier */
export interface AirCargoEventCarrier {
  /** 航司名称 — Carrier name */
  carrierName?: string;
  /** 航司代码 — Carrier code */
  carrierCode?: string;
}

/** 货物 — Equipment */
export interface AirCargoEventShipmentEquipmentsItem {
  /** 货物 — Cargo */
  cargo?: AirCargoEventShipmentEquipmentsItemCargo;
}

/** 货物 — Cargo */
export interface AirCargoEventShipmentEquipmentsItemCargo {
  /** 件数 — Pieces */
  pieces?: number;
  /** 重量 — Weight */
  weight?: number;
  /** 体积 — Volume */
  volume?: number;
}

/** 运单地点 — Shipment location */
export interface AirCargoEventShipmentLocationsItem {
  /** 地点类别 — Location category */
  locationCategory: "PRE" | "PDE";
  /** 地点 — Location */
  location?: AirCargoEventShipmentLocationsItemLocation;
}

/** 地点 — Location */
export interface AirCargoEventShipmentLocationsItemLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 运单事件 — shipment event */
export interface AirCargoEventShipmentEventsItem {
  /** 运单事件代码 — shipment event code */
  eventCode: "BKD" | "CUS" | "NFD" | "RWB";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 航班 — Flight */
  flight?: AirCargoEventShipmentEventsItemFlight;
  /** 地点 — Location */
  location?: AirCargoEventShipmentEventsItemLocation;
  /** 件数 — Pieces */
  pieces?: number;
  /** 重量 — Weight */
  weight?: number;
  /** 说明 — Details */
  details?: string;
}

/** 航班 — Flight */
export interface AirCargoEventShipmentEventsItemFlight {
  /** 航班号 — Flight number */
  flightNo?: string;
  /** 航班日期 — Flight date */
  flightDate?: string;
  /** 起飞机场 — Departure airport */
  departureAirport?: string;
  /** 到达机场 — Arrival airport */
  arrivalAirport?: string;
}

/** 地点 — Location */
export interface AirCargoEventShipmentEventsItemLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 运输事件 — transport event */
export interface AirCargoEventTransportEventsItem {
  /** 运输事件代码 — transport event code */
  eventCode: "DEP" | "ARR";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 航班 — Flight */
  flight?: AirCargoEventTransportEventsItemFlight;
  /** 地点 — Location */
  location?: AirCargoEventTransportEventsItemLocation;
  /** 件数 — Pieces */
  pieces?: number;
  /** 重量 — Weight */
  weight?: number;
  /** 说明 — Details */
  details?: string;
}

/** 航班 — Flight */
export interface AirCargoEventTransportEventsItemFlight {
  /** 航班号 — Flight number */
  flightNo?: string;
  /** 航班日期 — Flight date */
  flightDate?: string;
  /** 起飞机场 — Departure airport */
  departureAirport?: string;
  /** 到达机场 — Arrival airport */
  arrivalAirport?: string;
}

/** 地点 — Location */
export interface AirCargoEventTransportEventsItemLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 货物事件 — equipment event */
export interface AirCargoEventEquipmentEventsItem {
  /** 货物事件代码 — equipment event code */
  eventCode: "RCS" | "MAN" | "RCF" | "DLV" | "UNKOWN";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 航班 — Flight */
  flight?: AirCargoEventEquipmentEventsItemFlight;
  /** 地点 — Location */
  location?: AirCargoEventEquipmentEventsItemLocation;
  /** 件数 — Pieces */
  pieces?: number;
  /** 重量 — Weight */
  weight?: number;
  /** 说明 — Details */
  details?: string;
}

/** 航班 — Flight */
export interface AirCargoEventEquipmentEventsItemFlight {
  /** 航班号 — Flight number */
  flightNo?: string;
  /** 航班日期 — Flight date */
  flightDate?: string;
  /** 起飞机场 — Departure airport */
  departureAirport?: string;
  /** 到达机场 — Arrival airport */
  arrivalAirport?: string;
}

/** 地点 — Location */
export interface AirCargoEventEquipmentEventsItemLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 海运集装箱事件数据 — Ocean container event feed */
export interface OceanContainerEventDocument {
  /** 提单号 — Bill of lading */
  billNo: string;
  /** 订舱号 — Booking number */
  bookingNo?: string;
  /** 船公司代码 — Carrier code */
  carrierCode?: string;
  /** 港区代码 — Port code */
  portCode?: string;
  /** 进出口 — Import or export */
  isExport?: "E" | "I";
  /** 数据来源 — Source */
  source: "0" | "1";
  /** 跟踪状态 — Status category */
  statusCategory?: "PROCESS" | "COMPLETE" | "NODATA" | "ABNORMAL";
  /** 完结时间 — End time */
  endTime?: string;
  /** 船公司 — Carrier */
  carrier?: OceanContainerEventCarrier;
  /** 收货地 — Place of receipt */
  receipt?: OceanContainerEventReceipt;
  /** 交货地 — Place of delivery */
  delivery?: OceanContainerEventDelivery;
  /** 头程船 — First vessel */
  firstVessel?: OceanContainerEventFirstVessel;
  /** 途经地 — Places */
  places?: OceanContainerEventPlacesItem[];
  /** 航段 — Routes */
  routes?: OceanContainerEventRoutesItem[];
  /** 码头计划 — Terminal plan */
  terminalPlan?: OceanContainerEventTerminalPlan;
  /** 集装箱 — Containers */
  containers?: OceanContainerEventContainersItem[];
  /** 节点事件 — Events */
  events?: OceanContainerEventEventsItem[];
  /** 船舶 — Vessel */
  vessel?: OceanContainerEventVessel;
  /** 单证 — Documents */
  document?: OceanContainerEventDocument;
}

/** 船公司 — Carrier */
export interface OceanContainerEventCarrier {
  /** 中文名 — Chinese name */
  nameCn?: string;
  /** 英文名 — English name */
  nameEn?: string;
  /** 标准承运人代码 — SCAC */
  scac?: string;
  /** 代码 — Code */
  code?: string;
  /** 官网 — Website */
  url?: string;
}

/** 收货地 — Place of receipt */
export interface OceanContainerEventReceipt {
  /** 名称 — Name */
  name?: string;
  /** 原始名称 — Original name */
  nameOrigin?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 地点代码 — Code */
  code?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 码头 — Terminal */
  terminalName?: string;
  /** 预计离开 — ETD */
  etd?: string;
  /** 实际离开 — ATD */
  atd?: string;
}

/** 交货地 — Place of delivery */
export interface OceanContainerEventDelivery {
  /** 名称 — Name */
  name?: string;
  /** 原始名称 — Original name */
  nameOrigin?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 地点代码 — Code */
  code?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 码头 — Terminal */
  terminalName?: string;
  /** 预计到达 — ETA */
  eta?: string;
  /** 实际到达 — ATA */
  ata?: string;
}

/** 头程船 — First vessel */
export interface OceanContainerEventFirstVessel {
  /** 船名 — Vessel */
  vslName?: string;
  /** 航次 — Voyage */
  voy?: string;
}

/** 途经地 — Place */
export interface OceanContainerEventPlacesItem {
  /** 名称 — Name */
  name?: string;
  /** 原始名称 — Original name */
  nameOrigin?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 地点代码 — Code */
  code?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 码头 — Terminal */
  terminalName?: string;
  /** 预计到达 — ETA */
  eta?: string;
  /** 实际到达 — ATA */
  ata?: string;
  /** 预计离开 — ETD */
  etd?: string;
  /** 实际离开 — ATD */
  atd?: string;
}

/** 航段 — Route */
export interface OceanContainerEventRoutesItem {
  /** 航段序号 — Route index */
  route: number;
  /** 起运港代码 — POL code */
  polCode?: string;
  /** 起运港 — POL */
  polName?: string;
  /** 目的港代码 — POD code */
  podCode?: string;
  /** 目的港 — POD */
  podName?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 时区 — Zone */
  zone?: string;
  /** 运输方式 — Transport mode */
  transportMode?: string;
  /** 航段详情 — Mode details */
  modeDetails?: OceanContainerEventRoutesItemModeDetails;
}

/** 航段详情 — Mode details */
export interface OceanContainerEventRoutesItemModeDetails {
  /** 船名 — Vessel */
  vessel?: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 预计离港 — ETD */
  etd?: string;
  /** 实际离港 — ATD */
  atd?: string;
  /** 预计到港 — ETA */
  eta?: string;
  /** 实际到港 — ATA */
  ata?: string;
  /** AIS 离港时间 — AIS departure */
  aisAtd?: string;
  /** AIS 到港时间 — AIS arrival */
  aisAta?: string;
}

/** 码头计划 — Terminal plan */
export interface OceanContainerEventTerminalPlan {
  /** 开港时间 — Port open */
  open?: string;
  /** 截港时间 — Port cutoff */
  close?: string;
  /** 船代 — Shipping agent */
  shippingAgent?: string;
}

/** 集装箱 — Container */
export interface OceanContainerEventContainersItem {
  /** 箱号 — Container number */
  containerNo: string;
  /** 箱型 — Type */
  type?: string;
  /** 尺寸 — Size */
  size?: string;
  /** 封号 — Seal number */
  sealNo?: string;
  /** 船公司卸船时间 — Carrier off-load time */
  offLoadOfCarrier?: string;
}

/** 节点事件 — Node event */
export interface OceanContainerEventEventsItem {
  /** 箱号 — Container number */
  containerNo?: string;
  /** 节点代码 — Node code */
  eventCode: "STSP" | "FCGI" | "CYTC" | "GITM" | "PASS" | "TMPS" | "LOBD" | "DLPT" | "TSGT" | "TSDP" | "TSLB" | "TSBA" | "TSCA" | "TSDC" | "BDAR" | "POCA" | "DSCH" | "PCAB" | "STCS" | "RCVE" | "IRLB" | "IRDP" | "IRAR" | "IRDS" | "FDLB" | "FDDP" | "FDBA" | "FDDC";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 是否预计 — Estimated */
  isEsti: "N" | "Y";
  /** 事件地点 — Event place */
  eventPlace?: string;
  /** 港口代码 — Port code */
  portCode?: string;
  /** 船名 — Vessel */
  vslName?: string;
  /** 航次 — Voyage */
  voy?: string;
  /** 中文描述 — Description (Chinese) */
  descriptionCn?: string;
  /** 英文描述 — Description (English) */
  descriptionEn?: string;
}

/** 船舶 — Vessel */
export interface OceanContainerEventVessel {
  /** IMO — IMO */
  imo?: string;
  /** 海上移动识别码 — MMSI */
  mmsi?: string;
  /** 船旗 — Flag */
  flagName?: string;
  /** 船东 — Ship owner */
  shipOwner?: string;
}

/** 单证 — Documents */
export interface OceanContainerEventDocument {
  /** 装箱单 — Packing list */
  packinglist?: string;
  /** VGM — VGM */
  vgm?: string;
}

/** 码头集装箱事件数据 — Terminal event feed */
export interface TerminalEventDocument {
  /** 业务号 — Business number */
  businessNumber: string;
  /** 港口代码 — Port code */
  portCode: string;
  /** 进出口 — Import or export */
  ieid: "E" | "I";
  /** 贸易类型 — Trade type */
  tradeType?: string;
  /** 业务状态 — Business status */
  status?: "PROCESS" | "COMPLETE";
  /** 单证 — Shipment documents */
  shipmentDocuments?: TerminalEventShipmentDocumentsItem[];
  /** 集装箱 — Shipment equipments */
  shipmentEquipments?: TerminalEventShipmentEquipmentsItem[];
  /** 箱事件 — Equipment events */
  equipmentEvents?: TerminalEventEquipmentEventsItem[];
  /** 运输事件 — Transport events */
  transportEvents?: TerminalEventTransportEventsItem[];
  /** 单证事件 — Shipment events */
  shipmentEvents?: TerminalEventShipmentEventsItem[];
  /** 地点 — Shipment locations */
  shipmentLocations?: TerminalEventShipmentLocationsItem[];
  /** 运输 — Transports */
  transports?: TerminalEventTransportsItem[];
}

/** 单证 — Shipment document */
export interface TerminalEventShipmentDocumentsItem {
  /** 单证编号 — Document code */
  documentCode?: string;
  /** 单证类型 — Document type */
  documentType?: string;
  /** 报关单号 — Customs number */
  customsNumber?: string;
  /** 提单号 — Bill number */
  billNumber?: string;
  /** 件数 — Packages */
  packages?: number;
  /** 毛重 — Gross weight */
  grossWeight?: number;
  /** 体积 — Volume */
  volume?: number;
}

/** 集装箱 — Shipment equipment */
export interface TerminalEventShipmentEquipmentsItem {
  /** 箱 — Equipment */
  equipment?: TerminalEventShipmentEquipmentsItemEquipment;
  /** 空重 — Indicator */
  equipmentIndicator?: "LADEN" | "EMPTY";
}

/** 箱 — Equipment */
export interface TerminalEventShipmentEquipmentsItemEquipment {
  /** 箱号 — Container number */
  equipmentCode: string;
}

/** 箱事件 — Equipment event */
export interface TerminalEventEquipmentEventsItem {
  /** 事件类别 — Classifier */
  eventClassifier: "ACT" | "EST";
  /** 箱事件 — Equipment event */
  equipmentEventCategory: "GTIN" | "LOAD" | "DISC" | "GTOT";
  /** 空重 — Indicator */
  equipmentIndicator?: "LADEN" | "EMPTY";
  /** 箱 — Equipment */
  equipment: TerminalEventEquipmentEventsItemEquipment;
  /** 事件时间 — Event time */
  eventTime: string;
  /** 挂靠 — Transport call */
  transportCall?: TerminalEventEquipmentEventsItemTransportCall;
  /** 说明 — Details */
  details?: string;
}

/** 箱 — Equipment */
export interface TerminalEventEquipmentEventsItemEquipment {
  /** 箱号 — Container number */
  equipmentCode: string;
}

/** 挂靠 — Transport call */
export interface TerminalEventEquipmentEventsItemTransportCall {
  /** 运输类别 — Transport category */
  transportCategory?: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 船舶 — Vessel */
  vessel?: TerminalEventEquipmentEventsItemTransportCallVessel;
  /** 码头名称 — Facility name */
  facilityName?: string;
  /** 码头代码 — Facility code */
  facilityCode?: string;
  /** 设施类别 — Facility category */
  facilityCategory?: string;
  /** 地点 — Location */
  location?: TerminalEventEquipmentEventsItemTransportCallLocation;
}

/** 船舶 — Vessel */
export interface TerminalEventEquipmentEventsItemTransportCallVessel {
  /** 船名 — Vessel name */
  vesselName?: string;
  /** 海上移动识别码 — MMSI */
  mmsi?: string;
}

/** 地点 — Location */
export interface TerminalEventEquipmentEventsItemTransportCallLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 运输事件 — Transport event */
export interface TerminalEventTransportEventsItem {
  /** 事件类别 — Classifier */
  eventClassifier: "ACT" | "EST";
  /** 运输事件 — Transport event */
  transportEventCategory: "ARRI" | "DEPA" | "CYOP" | "CYCL" | "SICT" | "CUCT";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 挂靠 — Transport call */
  transportCall?: TerminalEventTransportEventsItemTransportCall;
  /** 说明 — Details */
  details?: string;
}

/** 挂靠 — Transport call */
export interface TerminalEventTransportEventsItemTransportCall {
  /** 运输类别 — Transport category */
  transportCategory?: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 船舶 — Vessel */
  vessel?: TerminalEventTransportEventsItemTransportCallVessel;
  /** 码头名称 — Facility name */
  facilityName?: string;
  /** 码头代码 — Facility code */
  facilityCode?: string;
  /** 设施类别 — Facility category */
  facilityCategory?: string;
  /** 地点 — Location */
  location?: TerminalEventTransportEventsItemTransportCallLocation;
}

/** 船舶 — Vessel */
export interface TerminalEventTransportEventsItemTransportCallVessel {
  /** 船名 — Vessel name */
  vesselName?: string;
  /** 海上移动识别码 — MMSI */
  mmsi?: string;
}

/** 地点 — Location */
export interface TerminalEventTransportEventsItemTransportCallLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 单证事件 — Shipment event */
export interface TerminalEventShipmentEventsItem {
  /** 事件类别 — Classifier */
  eventClassifier: "ACT" | "EST";
  /** 单证事件 — Shipment event */
  shipmentEventCategory: "HOLD" | "RELS" | "REFS" | "RECE";
  /** 事件时间 — Event time */
  eventTime: string;
  /** 单证类型 — Document type */
  shipmentDocType?: string;
  /** 单证编号 — Document reference */
  documentRef?: string;
  /** 状态 — Status */
  status?: string;
  /** 说明 — Details */
  details?: string;
}

/** 地点 — Shipment location */
export interface TerminalEventShipmentLocationsItem {
  /** 地点类别 — Location category */
  locationCategory: "POL" | "POD";
  /** 地点 — Location */
  location?: TerminalEventShipmentLocationsItemLocation;
}

/** 地点 — Location */
export interface TerminalEventShipmentLocationsItemLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 运输 — Transport */
export interface TerminalEventTransportsItem {
  /** 挂靠 — Transport call */
  loadTransportCall?: TerminalEventTransportsItemLoadTransportCall;
  /** 挂靠 — Transport call */
  dischargeTransportCall?: TerminalEventTransportsItemDischargeTransportCall;
}

/** 挂靠 — Transport call */
export interface TerminalEventTransportsItemLoadTransportCall {
  /** 运输类别 — Transport category */
  transportCategory?: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 船舶 — Vessel */
  vessel?: TerminalEventTransportsItemLoadTransportCallVessel;
  /** 码头名称 — Facility name */
  facilityName?: string;
  /** 码头代码 — Facility code */
  facilityCode?: string;
  /** 设施类别 — Facility category */
  facilityCategory?: string;
  /** 地点 — Location */
  location?: TerminalEventTransportsItemLoadTransportCallLocation;
}

/** 船舶 — Vessel */
export interface TerminalEventTransportsItemLoadTransportCallVessel {
  /** 船名 — Vessel name */
  vesselName?: string;
  /** 海上移动识别码 — MMSI */
  mmsi?: string;
}

/** 地点 — Location */
export interface TerminalEventTransportsItemLoadTransportCallLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

/** 挂靠 — Transport call */
export interface TerminalEventTransportsItemDischargeTransportCall {
  /** 运输类别 — Transport category */
  transportCategory?: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 船舶 — Vessel */
  vessel?: TerminalEventTransportsItemDischargeTransportCallVessel;
  /** 码头名称 — Facility name */
  facilityName?: string;
  /** 码头代码 — Facility code */
  facilityCode?: string;
  /** 设施类别 — Facility category */
  facilityCategory?: string;
  /** 地点 — Location */
  location?: TerminalEventTransportsItemDischargeTransportCallLocation;
}

/** 船舶 — Vessel */
export interface TerminalEventTransportsItemDischargeTransportCallVessel {
  /** 船名 — Vessel name */
  vesselName?: string;
  /** 海上移动识别码 — MMSI */
  mmsi?: string;
}

/** 地点 — Location */
export interface TerminalEventTransportsItemDischargeTransportCallLocation {
  /** 地点名称 — Location name */
  locationName?: string;
  /** 地点代码 — Location code */
  locationCode?: string;
  /** 港口时区 — Port time zone */
  portTimeZone?: string;
  /** 纬度 — Latitude */
  lat?: number;
  /** 经度 — Longitude */
  lon?: number;
  /** 港口英文名 — Port (English) */
  portEn?: string;
}

export interface DocumentsByType {
  pod: PodDocument;
  internalTransport: InternalTransportDocument;
  inbound: InboundDocument;
  outbound: OutboundDocument;
  check: CheckDocument;
  ondedEcOrder: OndedEcOrderDocument;
  bondedEcLogistics: BondedEcLogisticsDocument;
  goods: GoodsDocument;
  tally: TallyDocument;
  clearance: ClearanceDocument;
  purchase: PurchaseDocument;
  saleOrderToB: SaleOrderToBDocument;
  saleOrderToC: SaleOrderToCDocument;
  synchronizeGoods: SynchronizeGoodsDocument;
  vesselArchiveFeed: VesselArchiveFeedDocument;
  aisPositionFeed: AisPositionFeedDocument;
  transportBillFeed: TransportBillFeedDocument;
  routeScheduleFeed: RouteScheduleFeedDocument;
  vesselPlanFeed: VesselPlanFeedDocument;
  flightFeed: FlightFeedDocument;
  truckPositionFeed: TruckPositionFeedDocument;
  carrierFeed: CarrierFeedDocument;
  taxInformation: TaxInformationDocument;
  ecommerceSalesToB: EcommerceSalesToBDocument;
  ecommerceSalesToC: EcommerceSalesToCDocument;
  paymentAccountChange: PaymentAccountChangeDocument;
  brandRanking: BrandRankingDocument;
  inWarehouseData: InWarehouseDataDocument;
  warehouseIndicators: WarehouseIndicatorsDocument;
  warehouseStock: WarehouseStockDocument;
  expressTrace: ExpressTraceDocument;
  airCargoEvent: AirCargoEventDocument;
  oceanContainerEvent: OceanContainerEventDocument;
  terminalEvent: TerminalEventDocument;
}
