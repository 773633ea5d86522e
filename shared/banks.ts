/**
 * Nigerian banks that receive transfers, with the bank code payout providers (Paystack's list)
 * take: the CBN code for deposit money banks, the NIP institution code for microfinance banks and
 * payment service banks. One data file: the local payout simulator serves it as its bank list, and
 * screens and tests read names from here.
 */
export interface NigerianBank {
  name: string;
  code: string;
}

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  { name: '9 Payment Service Bank', code: '120001' },
  { name: 'Access Bank', code: '044' },
  { name: 'Access Bank (Diamond)', code: '063' },
  { name: 'Carbon', code: '565' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Coronation Merchant Bank', code: '559' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'FairMoney Microfinance Bank', code: '51318' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'FSDH Merchant Bank', code: '501' },
  { name: 'Globus Bank', code: '00103' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Hope Payment Service Bank', code: '120002' },
  { name: 'Jaiz Bank', code: '301' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Lotus Bank', code: '303' },
  { name: 'Mint Microfinance Bank', code: '50304' },
  { name: 'MoMo Payment Service Bank', code: '120003' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'Nova Bank', code: '561' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'Optimus Bank', code: '107' },
  { name: 'Paga', code: '100002' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Parallex Bank', code: '104' },
  { name: 'Parkway ReadyCash', code: '311' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'PremiumTrust Bank', code: '105' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Rand Merchant Bank', code: '502' },
  { name: 'Rubies Microfinance Bank', code: '125' },
  { name: 'Safe Haven Microfinance Bank', code: '51113' },
  { name: 'Signature Bank', code: '106' },
  { name: 'SmartCash Payment Service Bank', code: '120004' },
  { name: 'Sparkle Microfinance Bank', code: '51310' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'SunTrust Bank', code: '100' },
  { name: 'TAJ Bank', code: '302' },
  { name: 'Titan Trust Bank', code: '102' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'VFD Microfinance Bank', code: '566' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];
