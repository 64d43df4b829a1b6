/** The belfry bell, drawn inline so the app needs no image requests. */
export function BellIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 8c-1.7 0-3 1.3-3 3v1.3C21.6 13.8 17 20.2 17 28v11l-5 7v2h40v-2l-5-7V28c0-7.8-4.6-14.2-12-15.7V11c0-1.7-1.3-3-3-3z" />
      <circle cx="32" cy="53" r="4.5" />
    </svg>
  );
}
