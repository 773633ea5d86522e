import type { ProductType } from '@shared/products.js';
import type { IconName } from '../Icon.js';

/** Each product's icon, wherever the app lists the products (sidebar, dashboard tiles, landing page). */
export const PRODUCT_ICONS: Record<ProductType, IconName> = {
  airtime: 'phone',
  data: 'data',
  electricity: 'bulb',
  cable: 'tv',
  exam: 'ticket',
  epin: 'card',
  service: 'data',
};
