/** User-facing messages, in the spec's words. Server and web import them from here. */
export const MSG = {
  allFieldRequiredLogin: 'All field are required',
  allFieldsRequired: 'All fields are required',
  /** The API's own words, typo included, kept as API clients know them; the web shows `enterYourEmail` instead. */
  enterEmail: 'Enter an your email',
  enterYourEmail: 'Enter your email',
  checkPhone: 'Please check the phone number entered',
  minimumAirtime: 'Minimum purchase is ₦100',
  nicknameRequired: 'Please enter a nickname for the number',
  provideAllValues: 'Please provide all values',
  selectNetwork: 'Please select a network',
  selectNetworkAdmin: 'Select a network',
  enterUsername: 'Enter a username',
  insufficientBalance: 'Insufficient balance',
  enterValidAmount: 'enter a valid amount',
  minimumPayment: 'minimum payment is 100',
  samePasswordTwice: 'Enter the same password twice',
  enterCouponCode: 'Enter a coupon code',
  enterValidValue: 'Please enter a valid value',
  enterValidPrice: 'enter a valid price',
  enterAccountNumber: 'Enter account number',
  somethingWentWrongAuth: 'Something went wrong',
  purchaseFallback: 'An error occur. kindly confirm your balance before retrying the transaction',
  somethingWentWrong: 'something went wrong',
  referralLinkCopied: 'Referral link copied',
  accountNumberCopied: 'Account number copied',
  copied: 'Copied',
  noTransactions: 'No transactions found',
  noContacts: 'No contacts yet',
  noBeneficiary: 'No beneficiary yet',
  noReferral: 'No referral yet',
  pageNotFound: 'Ohh! page not found',
  // Server-side messages (the spec leaves their wording to us).
  unauthorized: 'Please log in to continue',
  sessionExpired: 'Your session has expired, please log in again',
  forbidden: 'You are not allowed to do this',
  invalidCredentials: 'Invalid login details',
  userNameTaken: 'This user name is already taken',
  emailTaken: 'This email is already registered',
  passwordMismatch: 'Passwords do not match',
  weakPassword: 'Password must be at least 8 characters',
  wrongOldPassword: 'Your old password is not correct',
  passwordChanged: 'Password changed successfully',
  resetLinkSent: 'If an account exists for this email, a reset link has been sent',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordReset: 'Password reset successfully, please log in',
  userNotFound: 'User not found',
  couponNotFound: 'Invalid coupon code',
  couponUsed: 'This coupon has already been used',
  couponNotYours: 'This coupon does not belong to you',
  couponGenerated: 'Coupon generated successfully',
  walletFunded: 'Wallet funded successfully',
  airtimeProcessing: 'Your airtime purchase is being processed',
  duplicateRequest: 'This request was already made with different details',
  invalidNetwork: 'Please select a valid network',
  maximumAirtime: 'Maximum purchase is ₦50,000',
  notFound: 'Not found',
  badRequest: 'Invalid request',
  serverError: 'Something went wrong, please try again',
  walletBusy: 'Your wallet is busy with other requests, nothing was charged. Please try again in a moment',
  tryAgainShortly: 'We are busy right now, nothing was done. Please try again in a moment',
} as const;
export type MessageKey = keyof typeof MSG;

/** API keys (appended). */
export const API_KEY_MSG = {
  invalidApiKey: 'Invalid API key',
  rateLimited: 'Too many requests with this API key, please wait a minute and try again',
  regenerated: 'Your new API key is ready. Copy it now: it is shown only once',
  changedMeanwhile: 'Your API key was changed at the same time, please try again',
  /** A key on a route that is not a reseller route (operator, account management): 403. */
  notForApiKeys: 'An API key can only be used for purchases, balance, transactions and webhook settings. Sign in to do this',
  revoked: 'Your API key has been revoked; it no longer works',
  noKey: 'You have no API key',
  wrongPassword: 'Your password is not correct',
} as const;

/** Sign-in past the failed-login ceiling from an unknown device, and sessions. */
export const LOGIN_MSG = {
  // Past the failed-login ceiling one answer for a right and a wrong password: neither message may tell them apart.
  codeSent:
    "Many sign-ins on this account have failed. If the password is right, we have e-mailed a sign-in code to the account's e-mail address: enter it to continue",
  codeInvalid: 'The password or the sign-in code is not right, or the code has expired. Sign in without a code to get a new one',
  loggedOut: 'You have been logged out',
} as const;

/** Catalogue, data purchases, suppliers, service locks and contacts (appended). */
export const CATALOGUE_MSG = {
  dataProcessing: 'Your data purchase is being processed',
  planUnavailable: 'This data plan is not available at the moment, please choose another plan',
  planNotForNetwork: 'This data plan does not belong to the selected network',
  planNotFound: 'Plan not found',
  planAdded: 'Data plan added successfully',
  planUpdated: 'Data plan updated successfully',
  planDeleted: 'Data plan deleted successfully',
  planIdTaken: 'A plan with this id already exists',
  enterPlanName: 'Enter the plan name',
  priceUpdated: 'Price updated successfully',
  costPriceUpdated: 'Cost price updated successfully',
  supplierUpdated: 'Supplier updated successfully',
  selectSupplier: 'Select a supplier',
  serviceUpdated: 'Service updated successfully',
  selectServiceType: 'Select a service type (airtime, data, cable or exam)',
  selectServiceStatus: 'Select a status (available or locked)',
  contactSaved: 'Contact saved',
  contactUpdated: 'Contact updated',
  contactDeleted: 'Contact deleted',
  contactNotFound: 'Contact not found',
  decoderForgotten: 'Decoder removed from your saved decoders',
  decoderNotFound: 'Saved decoder not found',
  tooManyContacts: 'You have reached the maximum number of contacts',
} as const;

/** Refusal of a plan price under its cost, naming the cost: "No price may be below the cost price of ₦125.00". */
export function priceBelowCostMessage(costNaira: string): string {
  return `No price may be below the cost price of ${costNaira}`;
}

/** Refusal of a cost price that would put a plan's price under its cost. */
export function costAbovePriceMessage(costNaira: string, planId: number): string {
  return `Plan ${planId} would cost ${costNaira}, more than its price: raise its prices first`;
}

/** Refusal of a purchase whose service an admin locked, e.g. "MTN data is not available at the moment…". */
export function serviceLockedMessage(serviceName: string, serviceType: string): string {
  return `${serviceName} ${serviceType} is not available at the moment, please try again later`;
}

/** Refusal of a login attempt while its client must wait, e.g. "…Please wait 15 minutes and try again". */
export function tooManyLoginAttemptsMessage(waitSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed login attempts. Please wait ${wait} and try again`;
}

/** Money in and out: card links, reserved accounts, transfers, withdrawals, earnings, upgrade, KYC, account (appended). */
export const MONEY_MSG = {
  paymentLinkCreated: 'Payment link generated, proceed to pay',
  maximumPayment: 'Maximum payment is ₦1,000,000',
  paymentProviderUnavailable: 'Payment could not be started at the moment, please try again',
  accountsGenerated: 'Your payment accounts are ready',
  accountsExist: 'Your payment accounts',
  /** Monnify reserves accounts only under a BVN or NIN. */
  kycRequiredForAccounts: 'Complete your KYC first: verify your NIN or BVN with the Update KYC button to get payment accounts',
  accountsUnavailable: 'Payment accounts could not be generated at the moment, please try again',
  transferSuccessful: 'Transfer successful',
  cannotTransferToSelf: 'You cannot transfer to yourself',
  maximumTransfer: 'Maximum transfer is ₦1,000,000',
  selectBank: 'Select a bank',
  invalidAccountNumber: 'Account number must be 10 digits',
  accountValidated: 'Account validated',
  accountNotResolved: 'Could not verify this account number, please check it',
  bankServiceUnavailable: 'Bank service is not available at the moment, please try again',
  withdrawalProcessing: 'Your withdrawal is being processed',
  minimumWithdrawal: 'Minimum withdrawal is ₦100',
  maximumWithdrawal: 'Maximum withdrawal is ₦1,000,000',
  enterAccountName: 'Enter the account name',
  beneficiarySaved: 'Beneficiary saved',
  tooManyBeneficiaries: 'You have reached the maximum number of beneficiaries',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalSettled: 'Withdrawal re-queried',
  noEarnings: 'You have no earnings to withdraw',
  earningsWithdrawn: 'Earnings moved to your wallet',
  upgraded: 'You are now a reseller',
  alreadyReseller: 'You are already a reseller',
  onlyResellerUpgrade: 'You can only upgrade yourself to reseller',
  userTypeUpdated: 'User type updated',
  invalidUserType: 'Select a valid user type',
  kycOneMethod: 'Provide either your NIN or your BVN',
  kycInvalidNumber: 'NIN and BVN are 11 digits',
  kycAlreadySet: 'Your identity is already verified',
  kycNoMatch: 'We could not verify this number, please check it',
  kycInUse: 'This number is already linked to another account',
  kycVerified: 'Identity verified',
  identityUnavailable: 'Identity verification is not available at the moment, please try again',
  invalidWebhookUrl: 'Enter a valid https URL',
  webhookUpdated: 'Webhook updated',
  invalidSignature: 'Invalid signature',
} as const;

/** Electricity: meter validation and token purchases (appended). */
export const ELECTRICITY_MSG = {
  electricityProcessing: 'Your electricity purchase is being processed',
  meterValidated: 'Meter validated',
  /** Used when the supplier says the meter is wrong without saying why. */
  invalidMeter: 'Invalid meter number, please check it and try again',
  enterMeterNumber: 'Enter a valid meter number',
  selectCompany: 'Select an electricity company',
  selectMeterType: 'Select a meter type (prepaid or postpaid)',
  meterValidationUnavailable: 'Meter validation is not available at the moment, please try again',
  minimumElectricity: 'Minimum purchase is ₦1,000',
  maximumElectricity: 'Maximum purchase is ₦500,000',
  validateMeterFirst: 'Validate the meter first',
} as const;

/** "Minimum purchase for this meter is ₦1,500.00" when the disco's minimum is above ours. */
export function meterMinimumMessage(minimumNaira: string): string {
  return `Minimum purchase for this meter is ${minimumNaira}`;
}

/** An operator's refund of a purchase (appended). */
export const REFUND_MSG = {
  transactionNotFound: 'Transaction not found',
  alreadyRefunded: 'This transaction has already been refunded',
  failedNotRefundable: 'A failed transaction cannot be refunded',
  typeNotRefundable: 'Only airtime, data, electricity, cable TV and exam PIN purchases can be refunded',
  deliveredAdminOnly: 'This purchase was delivered: only an admin can refund it',
  deliveredReasonRequired: 'This purchase was delivered: give a reason to refund it',
} as const;

/** "Refund of ₦99.00 for ada was successful" (spec-shaped answer of POST /admin/refund/{id}). */
export function refundDoneMessage(amountNaira: string, userName: string): string {
  return `Refund of ${amountNaira} for ${userName} was successful`;
}

/** The notice to users (appended). */
export const NOTIFICATION_MSG = {
  enterMessage: 'Enter the notification message',
  tooLong: 'The notification must be at most 1000 characters',
  updated: 'Notification updated',
  acknowledged: 'Notification acknowledged',
  notCurrent: 'This notification has been replaced; reload to see the new one',
  plainTextOnly: 'The notification must be plain text, without HTML tags',
} as const;

/** Admin: the user list and the actions on one user (appended). */
export const ADMIN_USERS_MSG = {
  invalidPage: 'page must be a whole number from 1',
  invalidUserType: 'type must be one of smart earner, reseller, api user',
  invalidUserFilter: 'userName is invalid',
  invalidPhoneFilter: 'phoneNumber is invalid',
  userIdRequired: 'userId is required',
  userNotFound: 'User not found',
  mailAddressUndeliverable: "This user's e-mail address cannot receive mail, so the password was not reset",
} as const;

/** Webhooks to API users: the delivery log and the test delivery (appended). */
export const WEBHOOK_MSG = {
  noWebhookUrl: 'Set your webhook URL first',
  testDelivered: 'Test webhook delivered',
  testRefused: 'Your webhook URL did not accept the test webhook',
  /**
   * Why a delivery got no answer, whatever the cause (refused address, DNS, connection, TLS, timeout):
   * one generic reason, so the delivery log cannot be used to scan ports or networks.
   */
  unreachable: 'The webhook URL could not be reached',
} as const;

/** "ada's password has been reset successfully" (the admin's reset of a user's password). */
export function userPasswordResetMessage(userName: string): string {
  return `${userName}'s password has been reset successfully`;
}

/** An admin's mail to users (appended; the missing-field message is the spec's MSG.allFieldsRequired). */
export const SEND_MAIL_MSG = {
  invalidUrl: 'Enter a valid link (http:// or https://)',
  subjectTooLong: 'The subject must be at most 200 characters',
  messageTooLong: 'The message must be at most 5000 characters',
  linkMessageTooLong: 'The link text must be at most 200 characters',
  noMailAddress: 'This user has no e-mail address we can send to',
} as const;

/** A free-text field holding a control character (shared/api/text.ts): "Contact name contains characters that are not allowed". */
export function charactersNotAllowedMessage(field: string): string {
  return `${field} contains characters that are not allowed`;
}

/** "1 mail queued" / "12 mails queued": the answer of POST /admin/sendMail. */
export function mailsQueuedMessage(queued: number): string {
  return `${queued} ${queued === 1 ? 'mail' : 'mails'} queued`;
}

/** Admin: the audit log's filters (appended). */
export const AUDIT_MSG = {
  invalidDay: 'day must be a date (YYYY-MM-DD)',
  invalidActor: 'actor is invalid',
  invalidOperation: 'operation is not an operator action',
  invalidPage: 'page must be a whole number from 1',
} as const;

/** Coupon vendors: coupons paid from their wallet, cancelled back to it (appended). */
export const COUPON_VENDOR_MSG = {
  alreadyCancelled: 'This coupon has already been cancelled',
  notYourCoupon: 'Only the vendor who paid for this coupon can cancel it',
  invalidCode: 'code is invalid',
} as const;

/** "Coupon ABCD… cancelled: ₦500.00 is back in your wallet". */
export function couponCancelledMessage(code: string, amountNaira: string): string {
  return `Coupon ${code} cancelled: ${amountNaira} is back in your wallet`;
}

/** Cable TV and exam PINs. */
export const BILL_MSG = {
  cableProcessing: 'Your cable TV subscription is being processed',
  examProcessing: 'Your exam PIN purchase is being processed',
  cableVerified: 'Smartcard verified',
  examVerified: 'Profile verified',
  selectCableProvider: 'Select a cable TV provider (GOTV, DSTV, STARTIMES or SHOWMAX)',
  enterSmartcard: 'Enter a valid smartcard / IUC number',
  invalidSmartcard: 'Invalid smartcard / IUC number, please check it and try again',
  selectBouquet: 'Select a bouquet',
  bouquetNotForProvider: 'This bouquet does not belong to the selected provider',
  bouquetUnavailable: 'This bouquet is not available at the moment',
  selectSubscriptionType: 'Choose renew or change',
  renewIsCurrentBouquet: 'A renewal pays the current bouquet: choose it, or change the bouquet',
  selectExam: 'Select an exam (waec, waec-registration, jamb-utme or jamb-de)',
  selectExamService: 'Select an exam service (WAEC, WAEC-REGISTRATION or JAMB)',
  examUnavailable: 'This exam PIN is not available at the moment',
  quantityRange: 'Quantity must be from 1 to 10',
  quantityOne: 'JAMB PINs are bought one at a time',
  enterProfileId: 'Enter the candidate’s 10-digit JAMB profile id',
  invalidProfileId: 'Invalid JAMB profile id, please check it and try again',
  verificationUnavailable: 'Verification is not available at the moment, please try again',
  productNotFound: 'No such product',
  productUpdated: 'Price updated',
  priceBelowCost: 'A price cannot be below the cost price',
  invalidPrice: 'Enter valid prices',
  revealReasonRequired: 'Give a reason to reveal the PINs (it is kept in the audit log)',
  revealReasonTooLong: 'The reason may be at most 500 characters',
  noPinsToReveal: 'This transaction has no PINs',
} as const;

/** Bulk purchases. */
export const BULK_MSG = {
  airtimeProcessing: 'Your bulk airtime purchase is being processed',
  dataProcessing: 'Your bulk data purchase is being processed',
  invalidLines: 'Nothing was bought: correct these lines',
  noLines: 'Add at least one line',
  requestIdRequired: 'A bulk purchase needs a request_id (8 to 64 letters, digits, _ or -)',
  notFound: 'Bulk purchase not found',
} as const;

/** "A bulk purchase takes at most 100 lines". */
export function tooManyLinesMessage(maxLines: number): string {
  return `A bulk purchase takes at most ${maxLines} lines`;
}

/** "Line 3: Please check the phone number": one refused line of a bulk purchase (1-based). */
export function bulkLineMessage(line: number, message: string): string {
  return `Line ${line}: ${message}`;
}

/** "WAEC Result Checker cannot be sold above the approved price of ₦3,900.00". */
export function aboveApprovedPriceMessage(productName: string, approvedNaira: string): string {
  return `${productName} cannot be sold above the approved price of ${approvedNaira}`;
}

/** Why a transaction was refunded, in words (the details' "Refund reason"); the supplier's own words follow when it gave any. */
export const REFUND_REASON_MSG = {
  supplierFailed: 'The network provider could not deliver it',
  requeryFailed: 'The network provider confirmed it failed',
  supplierReversed: 'The network provider reversed it after delivery',
  operatorRefund: 'Refunded by customer support',
  payoutFailed: 'The bank transfer did not go through',
  payoutReversed: 'The bank reversed the transfer',
  recipientRefused: 'The bank account could not receive the transfer',
  other: 'Refunded',
} as const;

/** What an operator's refund without a reason records, in its audit entry and on the transaction (the spec's refund has no body). */
export const NO_REFUND_REASON = 'no reason given';

/** What a purchase receipt says while it waits and once it is final. */
export const RECEIPT_MSG = {
  processing: 'Sending your purchase to the network… this page updates by itself.',
  pending:
    'Pending: the network has not confirmed it yet. We keep checking; if it fails, your wallet is refunded automatically. You can close this and follow it under Transactions.',
  delivered: 'Delivered.',
  refunded: 'Not delivered: your wallet has been refunded.',
} as const;

/** The network picker's warning when the chosen network is not the number's (a ported number may still be right). */
export function networkMismatchMessage(prefix: string, detected: string, chosen: string): string {
  return `${prefix} numbers are usually ${detected}. Keep ${chosen} only if this number was ported to ${chosen}.`;
}
