import { pick, transportCommodity, transportServiceType, transportVehicleType } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l } from './json-schema.ts';
import { containerList } from './lists.ts';

/** Internal transport (spec §3.2): trucking between port, bonded zone and warehouse. */
export const internalTransportSchema: JsonSchema = documentSchema({
  words: l(
    '内部运输单',
    'Internal transport',
    '港区、保税区与仓库之间的车辆运输',
    'Trucking between port, bonded zone and warehouse',
  ),
  properties: {
    ...pick('entOrderNo', 'serviceOrderNo', 'busiOrderNo', 'customerCode', 'clientOrderNo', 'logisticsNo'),
    serviceType: transportServiceType,
    ...pick(
      'provenance',
      'destination',
      'pickUpLocation',
      'transferDestination',
      'placeOfLoading',
      'placeOfUnloading',
    ),
    ...pick('laodTime', 'signTime', 'agreedTimePick', 'agreedTimeOfService', 'uponTime', 'arrivalTime'),
    vehicleType: transportVehicleType,
    ...pick('vehicleSpec', 'vehicleNo', 'carpool', 'splint'),
    ...pick(
      'transportMode',
      'transportToolNo',
      'transportTool',
      'voyageNo',
      'billNo',
      'contractNo',
      'superviseType',
    ),
    ...pick('logisticsCode', 'logisticsName'),
    commodity: transportCommodity,
    containerList,
  },
  required: [
    'serviceType',
    'provenance',
    'destination',
    'pickUpLocation',
    'laodTime',
    'signTime',
    'vehicleType',
    'vehicleSpec',
    'logisticsNo',
    'entOrderNo',
  ],
});
