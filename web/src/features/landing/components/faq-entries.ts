import { AIRTIME_MIN_KOBO, RESELLER_UPGRADE_FEE_KOBO } from '@shared/constants.js';
import { formatNaira } from '@shared/money.js';

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    question: 'What is a VTU site?',
    answer:
      'VTU means Virtual Top-Up. A VTU site lets you recharge airtime, buy data bundles and pay for electricity online, straight from a wallet, without scratch cards or a trip to a vendor.',
  },
  {
    question: 'What do I gain by using this platform?',
    answer:
      'Cheaper data and airtime than the usual retail price, instant delivery on all four networks, a wallet you control, a full history of every purchase, and the chance to earn by reselling to your customers.',
  },
  {
    question: 'Is registration free?',
    answer: 'Yes. Creating an account costs nothing and there is no monthly fee. You only pay for what you buy.',
  },
  {
    question: 'How do I register?',
    answer:
      'Tap Login/Register, choose "Create an account", then enter a user name, your e-mail, your phone number and a password. You are signed in immediately.',
  },
  {
    question: 'How do I top up my wallet?',
    answer:
      'Open Fund wallet from your dashboard. You can redeem a coupon code, and further funding options are shown there as they become available for your account.',
  },
  {
    question: 'How long does a purchase take?',
    answer: `Most airtime and data purchases are delivered within seconds. Occasionally a network is slow; the transaction then shows as pending and completes on its own. Airtime starts from ${formatNaira(AIRTIME_MIN_KOBO)}.`,
  },
  {
    question: 'What happens if a transaction fails?',
    answer: 'You do not lose your money. A failed purchase is refunded to your wallet automatically and appears in your transactions as refunded.',
  },
  {
    question: 'How do I become a reseller?',
    answer: `Any user can upgrade to a reseller account with a one-time fee of ${formatNaira(RESELLER_UPGRADE_FEE_KOBO)}. Resellers get discounted prices, so every sale to your own customers earns you a margin.`,
  },
  {
    question: 'Do you have an API for developers?',
    answer: 'Yes. Every account has an API key, so you can connect your own website or app and sell airtime and data to your customers automatically.',
  },
  {
    question: 'Can I pay bills here?',
    answer: 'Yes. Electricity tokens for prepaid and postpaid meters across the major distribution companies, alongside airtime and data.',
  },
];
