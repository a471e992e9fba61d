import './SiteLogo.css'

/**
 * The site's mark (public/icon.svg's drawing), decorative beside the name it stands with. Drawn in
 * the page rather than as an <img> of the file: Chromium makes each SVG image a document of its
 * own (a frame, a document, its parse), a few tens of milliseconds of the main thread on every
 * page load, where these few shapes are laid out with the page. SiteLogo.test.tsx holds the
 * drawing to the file's.
 */
export function SiteLogo({ size }: { size: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="site-logo"
    >
      <rect width="64" height="64" rx="14" fill="#1f49d1" />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M15 32h34M32 15c-6 5-8 11-8 17s2 12 8 17c6-5 8-11 8-17s-2-12-8-17z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
      />
    </svg>
  )
}
