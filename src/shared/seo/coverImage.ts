// How a blog cover is drawn at each place, shared by the screens (CoverImage) and the server,
// which preloads the page's main cover with exactly the candidates and sizes the page will pick.

/** Every cover is a 1200-wide WebP with this 600-wide copy beside it. */
export const smallCoverOf = (image: string) => image.replace(/\.webp$/, '-600.webp')

export const coverSrcSet = (image: string) => `${smallCoverOf(image)} 600w, ${image} 1200w`

/** How wide each cover is drawn, for the browser's choice between the two sizes. */
export const COVER_SIZES = {
  article: '(min-width: 900px) 852px, 100vw',
  featured: '(min-width: 900px) 660px, 100vw',
  card: '(min-width: 600px) 50vw, 100vw',
} as const

export type CoverPreload = { image: string; sizes: string }
