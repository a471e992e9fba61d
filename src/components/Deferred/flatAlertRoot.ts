/**
 * MUI's Paper puts an elevated surface's shadow in a style attribute (its CSS variables), which the
 * CSP of a page the server draws blocks, so such a page would be left for the browser to draw
 * (src/app/ssr). An alert has no shadow: its root can be an outlined Paper instead. Passed as an
 * Alert's `slotProps.root`; the alert's own variant still decides whether an outline shows.
 */
export const FLAT_ALERT_ROOT = { variant: 'outlined' } as object
