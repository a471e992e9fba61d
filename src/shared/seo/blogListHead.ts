// The blog list's head and heading, shared by its screen and the server's HTML for /blog.
import { BLOG_PATH } from './articlePageHead'
import type { PageHead } from './heads'
import { breadcrumbJsonLd } from './jsonLd'

// The list's own copy of the address: importing articlePageHead.ts's would tie the list's chunk
// to the article's.

export const BLOG_TITLE = 'API Atlas Blog'
export const BLOG_SUMMARY =
  'Practical guides to choosing, integrating, securing and testing third-party APIs.'

export function blogListHead(siteUrl: string): PageHead {
  return {
    title: 'Blog',
    description: `${BLOG_SUMMARY} Tutorials, lists and checklists from the team behind API Atlas.`,
    path: BLOG_PATH,
    keywords: ['API blog', 'API integration', 'API security', 'API testing'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: BLOG_PATH },
      ]),
    ],
  }
}
