/**
 * Cable TV and exam PINs are both VTpass bill services: one order shape (serviceID, variation,
 * billers code, quantity), sent to the suppliers that sell bills. Each product keeps its own type
 * and lock; they share how they are delivered.
 */
import type { ServiceType } from '../../../shared/constants.js';
import type { ProductType } from '../../../shared/products.js';
import type { BillOrder } from '../purchases/suppliers-port.js';
import { notSold, placed, type ProductModule } from './product.js';

export function billProduct(type: Extract<ProductType, 'cable' | 'exam'>, lock: ServiceType): ProductModule {
  return {
    type,
    lock,
    requeryService: type,
    deliverable: (record) => record.bill !== undefined,
    suppliers: async (directory) => (await directory.forBills?.()) ?? [],
    submit(supplier, record) {
      const bill = record.bill!;
      const order: BillOrder = {
        ...placed(record),
        family: bill.family,
        serviceId: bill.serviceId,
        variationCode: bill.variationCode,
        ...(bill.billersCode ? { billersCode: bill.billersCode } : {}),
        ...(bill.subscriptionType ? { subscriptionType: bill.subscriptionType } : {}),
        quantity: bill.quantity,
        amountKobo: bill.amountKobo,
        phoneNumber: bill.customerPhone,
      };
      return supplier.buyBill ? supplier.buyBill(order) : Promise.resolve(notSold(supplier, 'bills_not_supported', order));
    },
  };
}
