import { http, HttpResponse, passthrough } from 'msw'

// The blog's text is compiled into the site; only its cover images come over the network.
const covers = '*/blog/images/:file'

export const blogHandlers = {
  default: [],
  /** Covers that do not load (moved, blocked, a flaky network): the fallback image stands in. */
  brokenCovers: [
    http.get(covers, ({ params }) =>
      params.file === 'fallback.webp' ? passthrough() : new HttpResponse(null, { status: 404 }),
    ),
  ],
}
