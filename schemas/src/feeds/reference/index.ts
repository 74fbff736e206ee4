export { transportBillFeedSchema } from './bills.ts';
export { carrierFeedSchema } from './carriers.ts';
export { flightFeedSchema } from './flights.ts';
export { routeScheduleFeedSchema, vesselPlanFeedSchema } from './schedules.ts';
export { truckPositionFeedSchema } from './trucks.ts';
export { aisPositionFeedSchema, vesselArchiveFeedSchema } from './vessels.ts';
