/** A typographic arrow for the way back: an icon would add a chunk to the page's first load. */
export function BackArrow() {
  return <span aria-hidden>←</span>
}
