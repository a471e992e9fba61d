// Every cover is a 1200×630 WebP with a 600-wide copy and a JPEG for social previews beside it
// (public/blog/images, made by covers/renderCovers.ts); the head builders name the JPEG
// (src/shared/seo/articlePageHead.ts).

/** Shown in place of a cover that does not load. */
export const FALLBACK_COVER = '/blog/images/fallback.webp'
export const COVER_WIDTH = 1200
export const COVER_HEIGHT = 630
