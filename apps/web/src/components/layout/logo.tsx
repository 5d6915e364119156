import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2 font-display text-xl font-bold text-ink"
      aria-label="Rasma home"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1e1b4b" />
        <path
          d="M8 22c4-9 8-13 16-14-5 3-8 7-10 14"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      Rasma
    </Link>
  );
}
