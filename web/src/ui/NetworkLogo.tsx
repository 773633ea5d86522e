import type { NetworkName } from '@shared/constants.js';

/**
 * The four networks' marks, drawn inline (no image downloads): brand colour and word mark.
 * Decorative: the caller gives the accessible name (a label, or visually hidden text).
 */
const FONT = 'Arial, Helvetica, sans-serif';

/** Each network's brand colour, the tile behind its mark. */
const TILE: Record<NetworkName, string> = { MTN: '#ffcb05', GLO: '#0b8a3a', AIRTEL: '#e40000', '9MOBILE': '#00624a' };

/** A word of a mark, centred on `x`. */
function Word({
  x = 32,
  y,
  size,
  weight = 900,
  italic = false,
  fill,
  text,
}: {
  x?: number;
  y: number;
  size: number;
  weight?: number;
  italic?: boolean;
  fill: string;
  text: string;
}) {
  return (
    <text x={x} y={y} textAnchor="middle" fontFamily={FONT} fontSize={size} fontStyle={italic ? 'italic' : undefined} fontWeight={weight} fill={fill}>
      {text}
    </text>
  );
}

/** What is drawn on the network's tile. */
function Mark({ network }: { network: NetworkName }) {
  switch (network) {
    case 'MTN':
      return (
        <>
          <ellipse cx="32" cy="20" rx="25" ry="13.5" fill="none" stroke="#111" strokeWidth="2.6" />
          <Word y={25.4} size={15} fill="#111" text="MTN" />
        </>
      );
    case 'GLO':
      return (
        <>
          <circle cx="32" cy="20" r="16" fill="#3fb34f" />
          <circle cx="27" cy="14" r="7" fill="#7fd46b" opacity="0.55" />
          <Word y={26} size={17} italic fill="#fff" text="glo" />
        </>
      );
    case 'AIRTEL':
      return (
        <>
          <path d="M25 9c5-4 13-3 15 2 2 4-2 8-6 9" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
          <Word y={31} size={12.5} weight={800} fill="#fff" text="airtel" />
        </>
      );
    case '9MOBILE':
      return (
        <>
          <circle cx="15" cy="20" r="9.5" fill="#b4d335" />
          <Word x={15} y={25} size={14} fill="#00624a" text="9" />
          <Word x={41} y={24} size={11} weight={800} fill="#fff" text="mobile" />
        </>
      );
  }
}

export function NetworkLogo({ network, className }: { network: NetworkName; className?: string }) {
  return (
    <svg className={`network-logo ${className ?? ''}`} viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      <rect width="64" height="40" rx="8" fill={TILE[network]} />
      <Mark network={network} />
    </svg>
  );
}
