/** One purchase flow for every product page: the page keeps its own fields, price and verification. */
export { usePurchaseFlow, type PurchaseFlowState, type PurchaseReview } from './use-purchase-flow.js';
export { useVerification, verificationErrorText } from './use-verification.js';
export { ChargePreview, PurchaseDialogs, PurchasePage, Verified, VerificationError } from './PurchasePage.js';
export { PurchaseOutcome, PurchaseReceipt } from './PurchaseReceipt.js';
export { NetworkPicker, PhoneField, networkFromAddress, useNetworkTarget, type NetworkTarget } from './PhoneField.js';
export { PRODUCT_ICONS } from './product-icons.js';
