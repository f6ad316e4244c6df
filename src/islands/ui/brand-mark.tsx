/** The agency's mark (the same drawing as components/Logo.astro), decorative: its text sits beside it. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M18 16h26v8H27v6h15v8H27v10h-9z" fill="#fff" />
      <circle cx="47" cy="45" r="5" fill="#fbbf24" />
    </svg>
  );
}
