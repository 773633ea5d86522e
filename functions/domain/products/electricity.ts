/** Electricity: a bill payment of the token value (our fee stays with us) to the suppliers that sell electricity. */
import type { ElectricityOrder } from '../../ports/suppliers.js';
import { notSold, placed, type ProductModule } from './product.js';

export const electricity: ProductModule = {
  type: 'electricity',
  lock: undefined,
  requeryService: 'electricity',
  deliverable: (record) => record.electricity !== undefined,
  suppliers: (directory) => directory.forElectricity(),
  submit(supplier, record) {
    const meter = record.electricity!;
    const order: ElectricityOrder = {
      ...placed(record),
      meterId: meter.meterId,
      company: meter.company,
      meterNumber: meter.meterNumber,
      meterType: meter.meterType,
      amountKobo: record.faceValueKobo ?? record.amountKobo,
      phoneNumber: meter.customerPhone,
    };
    return supplier.buyElectricity ? supplier.buyElectricity(order) : Promise.resolve(notSold(supplier, 'electricity_not_supported', order));
  },
};
