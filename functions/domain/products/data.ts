/** Data: a plan on a network, sent by each supplier's own plan id. */
import { isNetworkName } from '../../../shared/constants.js';
import type { DataOrder } from '../purchases/suppliers-port.js';
import { placed, type ProductModule } from './product.js';

export const data: ProductModule = {
  type: 'data',
  lock: 'data',
  requeryService: 'data',
  deliverable: (record) => isNetworkName(record.trans_Network) && record.dataPlan !== undefined,
  suppliers: (directory, network) => (isNetworkName(network) ? directory.forNetwork(network, 'data') : Promise.resolve([])),
  submit(supplier, record) {
    const plan = record.dataPlan!;
    const order: DataOrder = {
      ...placed(record),
      network: record.trans_Network as DataOrder['network'],
      phoneNumber: record.phone_number,
      planId: plan.planId,
      planName: plan.planName,
      supplierPlanIds: plan.supplierPlanIds,
    };
    return supplier.buyData(order);
  },
};
