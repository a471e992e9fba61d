import { useEffect, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import { coverSrcSet } from '@/shared/seo/coverImage'
import { COVER_HEIGHT, COVER_WIDTH, FALLBACK_COVER } from '../lib/covers'
import type { PostSummary } from '../types'

type CoverImageProps = {
  post: Pick<PostSummary, 'image'>
  /** How wide the image is drawn, for the browser's choice between the two sizes. */
  sizes: string
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean
  sx?: SxProps<Theme>
}

/**
 * An article's cover at its own size (no layout shift), the fallback image if it cannot load.
 * Covers are abstract illustrations that repeat what the title says, so they are decorative.
 */
export function CoverImage({ post, sizes, priority = false, sx }: CoverImageProps) {
  const [failed, setFailed] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  // A cover that failed in the server's page before the app took it over: its error event came
  // before React listened, so the image says so itself (complete, with no pixels).
  useEffect(() => {
    const node = image.current
    if (node?.complete && node.naturalWidth === 0 && node.currentSrc) setFailed(true)
  }, [])
  return (
    <Box
      component="img"
      ref={image}
      src={failed ? FALLBACK_COVER : post.image}
      srcSet={failed ? undefined : coverSrcSet(post.image)}
      sizes={failed ? undefined : sizes}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      sx={[
        {
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: `${COVER_WIDTH} / ${COVER_HEIGHT}`,
          objectFit: 'cover',
          bgcolor: 'action.hover',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  )
}
