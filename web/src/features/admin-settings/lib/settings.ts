/** Admin settings, pure: which services can be locked, their status, and the cost price form. */
import type { z } from 'zod';
import type { ServiceView } from '@shared/api/admin.js';
import { setCostPriceRequest } from '@shared/api/catalogue.js';
import { NETWORK_NAMES, PLAN_TYPES, isNetworkName, type PlanType, type ServiceStatus, type ServiceType } from '@shared/constants.js';
import type { Kobo } from '@shared/money.js';
import { koboToApiNaira } from '@/lib/money.js';

export interface ServiceRow {
  name: string;
  /** The service types this name can be locked for: airtime per network; data per network or per plan type. */
  types: readonly ServiceType[];
}

/** Each network for airtime and data, then the MTN products (MTN-CG, …) for data alone. */
export const SERVICE_ROWS: readonly ServiceRow[] = [
  ...NETWORK_NAMES.map((name) => ({ name, types: ['airtime', 'data'] as const })),
  ...PLAN_TYPES.filter((type) => !isNetworkName(type)).map((name) => ({ name, types: ['data'] as const })),
];

/** A service's status as listed; anything never set is available. */
export function serviceStatusOf(services: readonly ServiceView[] | undefined, serviceType: ServiceType, serviceName: string): ServiceStatus {
  return services?.find((s) => s.serviceType === serviceType && s.serviceName === serviceName)?.serviceStatus ?? 'available';
}

/** "enter a valid price" unless the cost price is a non-zero naira amount, as the API checks it; the row gives the plan type. */
export const costPriceForm = setCostPriceRequest.pick({ costPrice: true });
export type CostPriceFormValues = z.input<typeof costPriceForm>;

/** POST /admin/costPrice's body: naira per GB, as the API takes it. */
export function costPriceBody(planType: PlanType, costPriceKobo: Kobo): { network: PlanType; costPrice: number } {
  return { network: planType, costPrice: koboToApiNaira(costPriceKobo) };
}
