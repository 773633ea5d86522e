/** Exam PINs: WAEC and JAMB PINs (JAMB checked against the candidate's profile first), delivered as PINs on the record. */
import { billProductCode, examServiceName, type ExamProduct } from '../../../shared/bills.js';
import { billPriceFor, type BillDetails } from './bill-catalogue.js';
import { billProduct, verifiedBiller, type BillDraftDeps, type BillPurchaseRequest, type BillRefusal } from './bill.js';
import { purchaseRecord, type DraftDeps, type Drafted } from './product.js';

export interface ExamPurchaseInput extends BillPurchaseRequest {
  exam: ExamProduct;
  quantity: number;
  profileId?: string;
}

/**
 * Exam PINs: the exam's catalogue row must be available and its service not locked; JAMB's
 * profile id is verified at the supplier first (the candidate's name goes on the record). The
 * wallet pays the tier price × quantity; the supplier is paid its price × quantity.
 */
export const exam = billProduct('exam', 'exam', draftExam);

async function draftExam(input: ExamPurchaseInput, deps: BillDraftDeps & DraftDeps): Promise<Drafted | BillRefusal> {
  const product = await deps.billProducts.getBillProduct(billProductCode(input.exam.serviceId, input.exam.variationCode));
  if (!product?.isAvailable || product.family !== 'exam') return { kind: 'product_unavailable' };
  const unitKobo = billPriceFor(product, input.userType);
  // The approved price is a ceiling whatever is stored (an edit is refused above it; this guards older rows).
  if (!Number.isSafeInteger(unitKobo) || unitKobo <= 0 || unitKobo > input.exam.approvedPriceKobo) return { kind: 'product_unavailable' };
  let customerName: string | undefined;
  if (input.exam.verify) {
    const check = await verifiedBiller(input, deps, { serviceId: input.exam.serviceId, billersCode: input.profileId ?? '', type: input.exam.variationCode });
    if (check.kind !== 'valid') return check;
    customerName = check.customerName;
  }
  const billersCode = input.exam.verify ? input.profileId : undefined;
  const bill: BillDetails = {
    family: 'exam',
    serviceId: product.serviceId,
    productCode: product.code,
    productName: product.name,
    variationCode: product.variationCode,
    provider: input.exam.name,
    ...(billersCode ? { billersCode } : {}),
    quantity: input.quantity,
    amountKobo: product.costPriceKobo * input.quantity,
    customerPhone: input.customerPhone,
    ...(customerName ? { customerName } : {}),
  };
  const forProfile = billersCode ? ` for profile ${billersCode}${customerName ? ` (${customerName})` : ''}` : '';
  const draft = purchaseRecord(input, deps, {
    trans_Type: 'exam',
    trans_Network: examServiceName(input.exam),
    phone_number: billersCode ?? input.customerPhone,
    amountKobo: unitKobo * input.quantity,
    costKobo: product.costPriceKobo * input.quantity,
    volume: `${input.quantity} × ${product.name}`,
    description: `${input.quantity} ${product.name} PIN${input.quantity === 1 ? '' : 's'}${forProfile}`,
    requestFingerprint: examFingerprint(product.code, input.quantity, billersCode ?? input.customerPhone),
    bill,
  });
  return { kind: 'drafted', draft, lockNames: [examServiceName(input.exam)] };
}

export function examFingerprint(productCode: string, quantity: number, profileId: string): string {
  return `exam:${productCode}:${quantity}:${profileId}`;
}
