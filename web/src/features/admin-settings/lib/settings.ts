/** Admin settings, pure: which services can be locked, their status, and the cost price rule. */
import type { ServiceView } from '@shared/api/admin.js';
import { setCostPriceRequest } from '@shared/api/catalogue.js';
import { NETWORK_NAMES, PLAN_TYPES, isNetworkName, type ServiceStatus, type ServiceType } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';

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

/** "enter a valid price" unless the cost price is a non-zero naira amount (spec §5), as the API checks it. */
export function costPriceProblem(planType: string, costPrice: string): string | null {
  const parsed = setCostPriceRequest.safeParse({ network: planType, costPrice: costPrice.trim() });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.enterValidPrice);
}
