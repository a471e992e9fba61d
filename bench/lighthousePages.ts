// The public pages Lighthouse measures (web.bench.ts) and those measured again at 8x, standing in
// for a slow host, which startTasks.bench.ts takes apart step by step.
import { FEED_PATH } from '../server/routes/blog'

/** The pages visitors meet most, measured at 8x too. */
export const SLOW_HOST_PAGES = ['directory', 'search', 'category', 'api', 'testerFilled', 'article']

/**
 * The blog's feed, read once: whether the blog answers, and its newest article's address (the
 * first item's link; the channel's own links, the blog and the feed itself, come before the items).
 */
const readFeed = async (base: string) => {
  const response = await fetch(`${base}${FEED_PATH}`).catch(() => null)
  if (!response?.ok) return { blog: false, article: null }
  if (!/xml/.test(response.headers.get('content-type') ?? '')) return { blog: true, article: null }
  const link = /<item>[\s\S]*?<link>([^<]+)<\/link>/.exec(await response.text())?.[1]
  return { blog: true, article: link ? new URL(link).pathname : null }
}

/** Each page's address on the server at `base`; null for a blog page when the blog is empty. */
export const lighthousePages = async (base: string): Promise<Record<string, string | null>> => {
  const feed = await readFeed(base)
  return {
    directory: '/apis',
    search: '/apis?search=weather&cors=true',
    api: '/apis/stripe-com',
    category: '/apis/category/payments',
    tools: '/apis/tools',
    tester: '/tools/tester',
    testerFilled: '/tools/tester?api=stripe-com',
    blog: feed.blog ? '/blog' : null,
    article: feed.article,
  }
}
