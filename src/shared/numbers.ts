/**
 * A whole number with en-US thousands separators, `1,234`, without Intl: a browser's first Intl
 * call loads its locale data, which cost the first render of a page ~70 ms here (~280 ms on a
 * throttled phone), for digits in groups of three.
 */
export function formatInteger(value: number) {
  const digits = String(Math.trunc(Math.abs(value)))
  return `${value < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`
}
