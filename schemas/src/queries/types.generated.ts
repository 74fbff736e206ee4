// Generated from the query request schemas by schemas/scripts/generate-types.ts; do not edit.
// Regenerate with: node schemas/scripts/generate-types.ts

/** 链路节点查询 — Link-node query */
export interface LinkNodeRequest {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 单据类型 — Document type */
  documentsType: "10" | "20" | "30" | "40";
  /** 单据编号 — Document number */
  documentsNo: string;
  /** 页码 — Page */
  page?: number;
  /** 每页单据数 — Documents per page */
  pageSize?: number;
}

/** 押品重复融资查询 — Collateral exposure */
export interface CollateralExposureRequest {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 单据类型 — Document type */
  documentsType: "10";
  /** 融资单号 — Financing order number */
  documentsNo: string;
  /** 页码 — Page */
  page?: number;
  /** 每页押品数 — Pieces per page */
  pageSize?: number;
}

/** 采购订单查询 — Purchase order query */
export interface PurchaseOrdersRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 订单号 — Order number */
  orderNo?: string;
  /** 开始日期 — From date */
  beginDate: string;
  /** 结束日期 — To date */
  endDate: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 对企业销售查询 — Sales-to-business query */
export interface SalesToBusinessRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 订单号 — Order number */
  orderNo?: string;
  /** 开始日期 — From date */
  beginDate: string;
  /** 结束日期 — To date */
  endDate: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 对个人销售查询 — Sales-to-consumer query */
export interface SalesToConsumerRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 订单号 — Order number */
  orderNo?: string;
  /** 开始日期 — From date */
  beginDate: string;
  /** 结束日期 — To date */
  endDate: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
  /** 电商平台名称 — E-commerce platform */
  cbepcomName?: string;
}

/** 报关信息查询 — Customs declaration query */
export interface CustomsDeclarationsRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 企业类型 — Enterprise type */
  enterpriseType: "10" | "20";
  /** 数据来源 — Data source */
  dataSource: "10" | "20";
  /** 开始日期 — From date */
  starDate: string;
  /** 结束日期 — To date */
  endDate: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 商品信息查询 — Goods query */
export interface GoodsRequest {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 请求时间 — Changed since */
  requestTime?: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 库存查询 — Inventory query */
export interface InventoryRequest {
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 客户名称 — Customer name */
  customerName: string;
  /** 仓库编码 — Warehouse code */
  warehouseId: string;
  /** 商品编码 — Goods ids */
  goodsId: string;
  /** 数据来源 — Data source */
  dataSource: "10" | "20";
  /** 页码 — Page */
  pageNo: number;
  /** 每页条数 — Page size */
  pageSize: number;
}

/** 仓储汇总查询 — Warehouse summary query */
export interface WarehouseSummaryRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 统计期间 — Period */
  period: string;
}

/** 入库明细查询 — Inbound details query */
export interface InboundDetailsRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 统计月份 — Month */
  period: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 出库明细查询 — Outbound details query */
export interface OutboundDetailsRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 统计月份 — Month */
  period: string;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 企业月度趋势查询 — Enterprise monthly trend query */
export interface EnterpriseTrendRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 起始月份 — From month */
  fromMonth: string;
  /** 结束月份 — To month */
  toMonth: string;
}

/** 在仓数据查询 — In-warehouse data */
export interface InWarehouseDataRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 仓库编码 — Warehouse id */
  warehouseId?: string;
}

/** 仓库经营指标查询（已停用） — Warehouse operating indicators (deprecated) */
export interface WarehouseIndicatorsRequest {
  /** 企业编码 — Enterprise code */
  enterpriseCode: string;
  /** 企业名称 — Enterprise name */
  enterpriseName: string;
  /** 仓库编码 — Warehouse id */
  warehouseId: string;
  /** 查询日期 — Query date */
  queryTime: string;
}

/** 回款账户监控 — Payment account monitor */
export interface PaymentAccountMonitorRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 平台 — Platform */
  platform?: "JD" | "TMALL" | "YUNJI" | "VIP" | "VIP_SETTLEMENT" | "KAOLA";
}

/** 品牌排名查询 — Brand ranking */
export interface BrandRankingRequest {
  /** 排名类型 — Ranking type */
  rankingType: "0" | "1" | "2" | "99";
  /** 月份 — Month */
  dataMonth?: string;
  /** 品牌列表 — Brands */
  brandRankings: BrandRankingBrandRankingsItem[];
}

/** 品牌 — Brand */
export interface BrandRankingBrandRankingsItem {
  /** 品牌 — Brand */
  brand: string;
  /** 品类 — Category */
  category?: string;
}

/** 电商销售数据（对企业） — E-commerce sales to business */
export interface EcommerceSalesToBRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 企业名称 — Enterprise name */
  enterpriseName?: string;
  /** 平台 — Platform */
  platform?: "TMALL" | "JD" | "VIP" | "KAOLA" | "YUNJI";
  /** 期间 — Period */
  dataYear: string;
}

/** 电商销售数据（对个人） — E-commerce sales to consumer */
export interface EcommerceSalesToCRequest {
  /** 企业标识 — Enterprise id */
  enterpriseId: string;
  /** 企业名称 — Enterprise name */
  enterpriseName?: string;
  /** 平台 — Platform */
  platform?: "TMALL" | "JD" | "VIP" | "KAOLA" | "YUNJI";
  /** 期间 — Period */
  dataYear: string;
  /** 店铺编码 — Shop code */
  shopCode?: string;
}

/** 企业涉税信息查询 — Tax information */
export interface TaxInformationRequest {
  /** 纳税人识别号 — Taxpayer id */
  nsrsbh: string;
  /** 纳税人名称 — Taxpayer name */
  nsrsmc: string;
  /** 订单号 — Order number */
  orderNum: string;
  /** 查询场景 — Purpose */
  sendtype: "01" | "02";
  /** 数据类型 — Data type */
  datatype?: "01" | "02";
}

/** 快递轨迹订阅 — Express tracking subscription */
export interface ExpressSubscriptionRequest {
  /** 快递公司编码 — Carrier code */
  shipperCode: string;
  /** 快递单号 — Tracking number */
  logisticCode: string;
  /** 客户信息 — Customer check value */
  customerName?: string;
  /** 轨迹排序 — Trace order */
  sort?: "0" | "1";
  /** 订单编号 — Order code */
  orderCode?: string;
  /** 回调地址 — Callback URL */
  callbackUrl: string;
}

/** 快递轨迹订阅（地图版） — Express tracking subscription (map) */
export interface ExpressRouteMapSubscriptionRequest {
  /** 快递公司编码 — Carrier code */
  shipperCode: string;
  /** 快递单号 — Tracking number */
  logisticCode: string;
  /** 客户信息 — Customer check value */
  customerName?: string;
  /** 轨迹排序 — Trace order */
  sort?: "0" | "1";
  /** 订单编号 — Order code */
  orderCode?: string;
  /** 回调地址 — Callback URL */
  callbackUrl: string;
}

/** 海运集装箱跟踪 — Ocean container tracking */
export interface OceanTrackingRequest {
  /** 回调地址 — Callback URL */
  callbackUrl?: string;
  /** 查询参数 — Parameters */
  params: OceanTrackingParams;
}

/** 查询参数 — Parameters */
export interface OceanTrackingParams {
  /** 提单号 — Bill of lading number */
  billNo: string;
  /** 箱号 — Container number */
  containerNo?: string;
  /** 船公司编码 — Carrier code */
  carrierCode?: string;
  /** 港口编码 — Port code */
  portCode?: string;
  /** 进出口 — Export or import */
  isExport?: "E" | "I";
}

/** 码头集装箱跟踪 — Terminal container tracking */
export interface TerminalTrackingRequest {
  /** 回调地址 — Callback URL */
  callbackUrl?: string;
  /** 查询参数 — Parameters */
  params: TerminalTrackingParams;
}

/** 查询参数 — Parameters */
export interface TerminalTrackingParams {
  /** 业务编号 — Business number */
  businessNumber: string;
  /** 港口编码 — Port code */
  portCode: string;
  /** 进出口标识 — Export or import */
  ieid: "E" | "I";
}

/** 快递即时查询 — Express instant query */
export interface ExpressInstantQueryRequest {
  /** 快递公司编码 — Carrier code */
  shipperCode: string;
  /** 快递单号 — Tracking number */
  logisticCode: string;
  /** 客户信息 — Customer check value */
  customerName?: string;
  /** 轨迹排序 — Trace order */
  sort?: "0" | "1";
  /** 订单编号 — Order code */
  orderCode?: string;
}

/** 快递即时查询（地图版） — Express instant query (map) */
export interface ExpressRouteMapInstantQueryRequest {
  /** 快递公司编码 — Carrier code */
  shipperCode: string;
  /** 快递单号 — Tracking number */
  logisticCode: string;
  /** 客户信息 — Customer check value */
  customerName?: string;
  /** 轨迹排序 — Trace order */
  sort?: "0" | "1";
  /** 订单编号 — Order code */
  orderCode?: string;
}

/** 空运跟踪 — Air cargo tracking */
export interface AirTrackingRequest {
  /** 运单号 — Air waybill number */
  businessNumber: string;
  /** 回调地址 — Callback URL */
  callbackUrl?: string;
}

/** 船舶档案查询 — Vessel archive */
export interface VesselArchiveRequest {
  /** 海上移动业务识别码 — MMSI */
  mmsi?: string;
  /** IMO 编号 — IMO number */
  imo?: string;
  /** 船舶英文名 — Vessel name (English) */
  vesselNameEn?: string;
  /** 呼号 — Call sign */
  callsign?: string;
}

/** 船舶 AIS 位置查询 — Vessel AIS position */
export interface VesselAisRequest {
  /** 海上移动业务识别码 — MMSI */
  mmsi: string;
}

/** 国际运输单据查询 — International transport bill */
export interface TransportBillRequest {
  /** 提单号 — Bill number */
  billNo: string;
  /** 客户编码 — Customer code */
  customerCode: string;
  /** 客户名称 — Customer name */
  customerName: string;
  /** 订舱号 — Booking number */
  sybknoteno?: string;
}

/** 航线船期查询 — Route schedule */
export interface RouteScheduleRequest {
  /** 承运人代码 — Carrier code */
  carriercd: string;
  /** 主航线 — Major route */
  field_6?: string;
  /** 航线代码 — Service */
  service?: string;
  /** 页码 — Page number */
  pageNum?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 码头船舶计划查询 — Terminal vessel plan */
export interface TerminalVesselPlanRequest {
  /** 港口代码 — Port code */
  portCode: "CNSHA" | "CNNGB" | "CNYTN" | "CNSHK" | "CNNSA" | "CNTAO" | "CNTXG" | "CNXMN" | "CNDLC";
  /** 船舶英文名 — Vessel name (English) */
  vesselNameEn: string;
  /** 航次 — Voyage */
  voyage?: string;
  /** 进出口 — Export or import */
  isExport?: "E" | "I";
}

/** 全球航班计划查询 — Global flight schedule */
export interface FlightScheduleRequest {
  /** 出发机场 — Departure airports */
  fromAirports: string[];
  /** 到达机场 — Arrival airports */
  toAirports: string[];
  /** 计划出发起 — Departure from */
  departureFromDate?: string;
  /** 计划出发止 — Departure to */
  departureToDate?: string;
  /** 计划到达起 — Arrival from */
  arrivalFromDate?: string;
  /** 计划到达止 — Arrival to */
  arrivalToDate?: string;
  /** 时间窗起 — From */
  fromDate?: string;
  /** 时间窗止 — To */
  toDate?: string;
  /** 航司 — Airlines */
  airlines?: string[];
  /** 航班标识 — Flight ids */
  flightIds?: string[];
  /** 注册号 — Registrations */
  registrations?: string[];
  /** S 模式代码 — Mode-S codes */
  modeSHexCodes?: string[];
  /** 机型类别 — Aircraft classes */
  aircraftClasses?: string[];
  /** 数据来源 — Sources */
  sources?: string[];
  /** 返回航迹 — Include paths */
  includeFlightPaths?: boolean;
  /** 坐标系 — Coordinate system */
  coordinateSystem?: string;
  /** 返回链接 — Include links */
  includeFlightUrls?: boolean;
  /** 页码 — Page */
  page?: number;
  /** 每页条数 — Page size */
  pageSize?: number;
}

/** 货车定位 — Truck positioning */
export interface TruckPositionRequest {
  /** 车牌号 — Plate number */
  vclN: string;
}

/** 货车综合轨迹 — Truck integrated tracking */
export interface TruckTrackRequest {
  /** 车牌号 — Plate number */
  vclN: string;
  /** 查询开始时间 — From */
  qryBtm?: string;
  /** 查询结束时间 — To */
  qryEtm?: string;
}

/** 海运船公司列表 — Ocean carriers */
export interface OceanCarriersRequest {
  [field: string]: unknown;
}

export interface QueryRequestsByType {
  linkNode: LinkNodeRequest;
  collateralExposure: CollateralExposureRequest;
  purchaseOrders: PurchaseOrdersRequest;
  salesToBusiness: SalesToBusinessRequest;
  salesToConsumer: SalesToConsumerRequest;
  customsDeclarations: CustomsDeclarationsRequest;
  goods: GoodsRequest;
  inventory: InventoryRequest;
  warehouseSummary: WarehouseSummaryRequest;
  inboundDetails: InboundDetailsRequest;
  outboundDetails: OutboundDetailsRequest;
  enterpriseTrend: EnterpriseTrendRequest;
  inWarehouseData: InWarehouseDataRequest;
  warehouseIndicators: WarehouseIndicatorsRequest;
  paymentAccountMonitor: PaymentAccountMonitorRequest;
  brandRanking: BrandRankingRequest;
  ecommerceSalesToB: EcommerceSalesToBRequest;
  ecommerceSalesToC: EcommerceSalesToCRequest;
  taxInformation: TaxInformationRequest;
  expressSubscription: ExpressSubscriptionRequest;
  expressRouteMapSubscription: ExpressRouteMapSubscriptionRequest;
  oceanTracking: OceanTrackingRequest;
  terminalTracking: TerminalTrackingRequest;
  expressInstantQuery: ExpressInstantQueryRequest;
  expressRouteMapInstantQuery: ExpressRouteMapInstantQueryRequest;
  airTracking: AirTrackingRequest;
  vesselArchive: VesselArchiveRequest;
  vesselAis: VesselAisRequest;
  transportBill: TransportBillRequest;
  routeSchedule: RouteScheduleRequest;
  terminalVesselPlan: TerminalVesselPlanRequest;
  flightSchedule: FlightScheduleRequest;
  truckPosition: TruckPositionRequest;
  truckTrack: TruckTrackRequest;
  oceanCarriers: OceanCarriersRequest;
}

/** The fields each schema gives a default: present once a request is validated. */
export interface QueryRequestDefaultsByType {
  linkNode: "page" | "pageSize";
  collateralExposure: "page" | "pageSize";
  purchaseOrders: "page" | "pageSize";
  salesToBusiness: "page" | "pageSize";
  salesToConsumer: "page" | "pageSize";
  customsDeclarations: "page" | "pageSize";
  goods: "page" | "pageSize";
  inventory: never;
  warehouseSummary: never;
  inboundDetails: "page" | "pageSize";
  outboundDetails: "page" | "pageSize";
  enterpriseTrend: never;
  inWarehouseData: never;
  warehouseIndicators: never;
  paymentAccountMonitor: never;
  brandRanking: never;
  ecommerceSalesToB: never;
  ecommerceSalesToC: never;
  taxInformation: "datatype";
  expressSubscription: "sort";
  expressRouteMapSubscription: "sort";
  oceanTracking: never;
  terminalTracking: never;
  expressInstantQuery: "sort";
  expressRouteMapInstantQuery: "sort";
  airTracking: never;
  vesselArchive: never;
  vesselAis: never;
  transportBill: never;
  routeSchedule: "pageNum" | "pageSize";
  terminalVesselPlan: never;
  flightSchedule: "includeFlightPaths" | "includeFlightUrls" | "page" | "pageSize";
  truckPosition: never;
  truckTrack: never;
  oceanCarriers: never;
}
