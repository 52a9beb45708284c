import { useId } from 'react';

/** The Focusroom mark: a timer ring in the product's purple (same drawing as the favicon). */
export function BrandMark({ size = 28 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c4b5fd" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="34" r="20" fill="none" stroke="#3b2f5c" strokeWidth="6" />
      <path
        d="M32 14a20 20 0 1 1-17.3 10"
        fill="none"
        stroke={`url(#${gradientId})`}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect x="27" y="4" width="10" height="6" rx="3" fill="#a78bfa" />
      <path d="M32 34 L32 22" stroke="#ede9fe" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="34" r="3.5" fill="#ede9fe" />
    </svg>
  );
}
