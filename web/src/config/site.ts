/** Public business details shown in the footer and on the landing page. */
export const SITE = {
  name: 'VTU Wallet',
  tagline: 'Airtime, data and electricity tokens — paid from your naira wallet in seconds.',
  office: '12 Adeola Odeku Street, Victoria Island, Lagos',
  phones: ['0803 123 4567', '0905 765 4321'],
  emails: ['support@vtuwallet.ng', 'business@vtuwallet.ng'],
} as const;
