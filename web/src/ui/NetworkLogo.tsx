import type { NetworkName } from '@shared/constants.js';

/**
 * The four networks' marks, drawn inline (no image downloads): brand colour and word mark.
 * Decorative: the caller gives the accessible name (a label, or visually hidden text).
 */
const FONT = 'Arial, Helvetica, sans-serif';

function Mark({ network }: { network: NetworkName }) {
  switch (network) {
    case 'MTN':
      return (
        <>
          <rect width="64" height="40" rx="8" fill="#ffcb05" />
          <ellipse cx="32" cy="20" rx="25" ry="13.5" fill="none" stroke="#111" strokeWidth="2.6" />
          <text x="32" y="25.4" textAnchor="middle" fontFamily={FONT} fontSize="15" fontWeight="900" fill="#111">
            MTN
          </text>
        </>
      );
    case 'GLO':
      return (
        <>
          <rect width="64" height="40" rx="8" fill="#0b8a3a" />
          <circle cx="32" cy="20" r="16" fill="#3fb34f" />
          <circle cx="27" cy="14" r="7" fill="#7fd46b" opacity="0.55" />
          <text x="32" y="26" textAnchor="middle" fontFamily={FONT} fontSize="17" fontStyle="italic" fontWeight="900" fill="#fff">
            glo
          </text>
        </>
      );
    case 'AIRTEL':
      return (
        <>
          <rect width="64" height="40" rx="8" fill="#e40000" />
          <path d="M25 9c5-4 13-3 15 2 2 4-2 8-6 9" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
          <text x="32" y="31" textAnchor="middle" fontFamily={FONT} fontSize="12.5" fontWeight="800" fill="#fff">
            airtel
          </text>
        </>
      );
    case '9MOBILE':
      return (
        <>
          <rect width="64" height="40" rx="8" fill="#00624a" />
          <circle cx="15" cy="20" r="9.5" fill="#b4d335" />
          <text x="15" y="25" textAnchor="middle" fontFamily={FONT} fontSize="14" fontWeight="900" fill="#00624a">
            9
          </text>
          <text x="41" y="24" textAnchor="middle" fontFamily={FONT} fontSize="11" fontWeight="800" fill="#fff">
            mobile
          </text>
        </>
      );
  }
}

export function NetworkLogo({ network, className }: { network: NetworkName; className?: string }) {
  return (
    <svg className={`network-logo ${className ?? ''}`} viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      <Mark network={network} />
    </svg>
  );
}
