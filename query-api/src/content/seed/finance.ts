import type { Bi } from '@tradelog/schemas/portal/content';
import { bi } from './types.ts';

/**
 * The first filter level of the cloud-finance catalogue (portal spec §9). The institutions and the
 * loan products behind the detail pages (cloudFinance{Slug}.html, §2) are the operator's
 * (README "Operator content"): rates and limits are a lender's to state, not ours.
 */
export const dataTypes: { value: string; label: Bi }[] = [
  { value: 'all', label: bi('全部', 'All') },
  { value: 'customs', label: bi('报关数据', 'Customs data') },
  { value: 'sales', label: bi('销售数据', 'Sales data') },
  { value: 'tax', label: bi('税务数据', 'Tax data') },
  { value: 'statements', label: bi('财务报表', 'Financial statements') },
  { value: 'inventory', label: bi('库存数据', 'Inventory data') },
  { value: 'purchasing', label: bi('采购数据', 'Purchasing data') },
  { value: 'express', label: bi('快递物流', 'Express delivery') },
  { value: 'seaFreight', label: bi('海运数据', 'Sea freight') },
  { value: 'winningBid', label: bi('中标订单', 'Winning-bid orders') },
  { value: 'patents', label: bi('专利数据', 'Patents') },
  { value: 'userTags', label: bi('用户标签', 'User tags') },
  { value: 'providentFund', label: bi('公积金', 'Provident fund') },
];
