import type { ReactNode } from 'react';

/**
 * Spec 000 §2: eleven partner and payment marks. Our own drawings (no third-party trademarks):
 * generic card networks, crypto, bank transfer, e-wallets, responsible gaming and game studios.
 */
export const partnerMarkKeys = [
  'cardNetwork',
  'debitCard',
  'bitcoin',
  'stablecoin',
  'bankTransfer',
  'eWallet',
  'mobilePay',
  'adultsOnly',
  'responsibleGaming',
  'pawsStudio',
  'liveStudio',
] as const;
export type PartnerMarkKey = (typeof partnerMarkKeys)[number];

const text = (x: number, y: number, content: string, size = 9, weight = 800) => (
  <text
    x={x}
    y={y}
    fontSize={size}
    fontWeight={weight}
    fontFamily="system-ui, sans-serif"
    textAnchor="middle"
    fill="currentColor"
    stroke="none"
  >
    {content}
  </text>
);

export const partnerMarks: Record<PartnerMarkKey, ReactNode> = {
  cardNetwork: (
    <>
      <circle cx="22" cy="16" r="10" fill="currentColor" opacity="0.55" />
      <circle cx="34" cy="16" r="10" fill="currentColor" opacity="0.9" />
    </>
  ),
  debitCard: (
    <>
      <rect x="10" y="5" width="36" height="22" rx="3" />
      <rect x="15" y="11" width="7" height="6" rx="1" fill="currentColor" />
      <path d="M15 22h10M29 22h12" />
    </>
  ),
  bitcoin: (
    <>
      <circle cx="28" cy="16" r="12" />
      <path
        d="M25 10h4.5a2.5 2.5 0 0 1 0 5H25zM25 15h5a2.6 2.6 0 0 1 0 5.5h-5zM25 9.5v11.5M26.5 8v2M29 8v2M26.5 21v2M29 21v2"
        strokeWidth="1.5"
      />
    </>
  ),
  stablecoin: (
    <>
      <path d="m28 3 12 7v12l-12 7-12-7V10z" />
      {text(28, 20.5, '₮', 13)}
    </>
  ),
  bankTransfer: (
    <>
      <path d="M14 12 28 4l14 8z" fill="currentColor" />
      <path d="M17 14v10M24 14v10M32 14v10M39 14v10M13 27h30" />
    </>
  ),
  eWallet: (
    <>
      <path d="M14 9h26a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H14a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3z" />
      <path d="M43 14h-8a4 4 0 0 0 0 8h8" />
      <circle cx="35" cy="18" r="1.6" fill="currentColor" />
      <path d="M14 9l18-5 3 5" />
    </>
  ),
  mobilePay: (
    <>
      <rect x="16" y="4" width="14" height="24" rx="3" />
      <path d="M21 24h4M35 11a7 7 0 0 1 0 10M39 8a11 11 0 0 1 0 16" />
    </>
  ),
  adultsOnly: (
    <>
      <circle cx="28" cy="16" r="12" />
      {text(28, 19.5, '18+', 10)}
    </>
  ),
  responsibleGaming: (
    <>
      <path d="M28 4 39 8v8c0 6.5-4.6 10.4-11 12.5C21.6 26.4 17 22.5 17 16V8z" />
      <path d="m23 16 3.5 3.5L33 13" />
    </>
  ),
  pawsStudio: (
    <>
      <rect x="12" y="6" width="32" height="20" rx="2" />
      <path d="M12 11h32M12 21h32" strokeDasharray="2 3" />
      <ellipse cx="28" cy="18" rx="3.6" ry="2.8" fill="currentColor" />
      <circle cx="23.5" cy="14" r="1.5" fill="currentColor" />
      <circle cx="27" cy="12.5" r="1.5" fill="currentColor" />
      <circle cx="30.5" cy="13" r="1.5" fill="currentColor" />
      <circle cx="33" cy="15.5" r="1.4" fill="currentColor" />
    </>
  ),
  liveStudio: (
    <>
      <circle cx="28" cy="16" r="11" strokeDasharray="4 2.9" />
      <circle cx="28" cy="16" r="6" />
      {text(28, 19, 'L', 8)}
    </>
  ),
};
