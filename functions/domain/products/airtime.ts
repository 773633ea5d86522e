/** Airtime: a top-up of its face value on a network, by any supplier serving that network. */
import { isNetworkName } from '../../../shared/constants.js';
import type { AirtimeOrder } from '../../ports/suppliers.js';
import { placed, type ProductModule } from './product.js';

export const airtime: ProductModule = {
  type: 'airtime',
  lock: 'airtime',
  requeryService: 'airtime',
  deliverable: (record) => isNetworkName(record.trans_Network),
  suppliers: (directory, network) => (isNetworkName(network) ? directory.forNetwork(network, 'airtime') : Promise.resolve([])),
  submit(supplier, record) {
    const order: AirtimeOrder = {
      ...placed(record),
      network: record.trans_Network as AirtimeOrder['network'],
      phoneNumber: record.phone_number,
      faceValueKobo: record.faceValueKobo ?? record.amountKobo,
    };
    return supplier.buyAirtime(order);
  },
};
