/**
 * The products the platform sells, one module each. Fulfilment and settlement look a product up
 * here; the request path places a purchase through its module. Adding a product is its module, one
 * line below, its labels in shared/products.ts and its route (docs/adding-a-product.md).
 */
import type { ProductType } from '../../../shared/products.js';
import { airtime } from './airtime.js';
import { cable } from './cable.js';
import { configuredService } from './configured-service.js';
import { data } from './data.js';
import { electricity } from './electricity.js';
import { epin } from './epin.js';
import { exam } from './exam.js';
import type { ProductModule } from './product.js';

export const PRODUCT_MODULES: Readonly<Record<ProductType, ProductModule>> = { airtime, data, electricity, cable, exam, epin, service: configuredService };

/** The module of a transaction type, when it is a product. */
export function productModule(type: string): ProductModule | undefined {
  return Object.hasOwn(PRODUCT_MODULES, type) ? PRODUCT_MODULES[type as ProductType] : undefined;
}

export type { ProductModule };
