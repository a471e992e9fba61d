import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './MarkdownHtml'

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown('# Title\n\nSome **bold** text and `code`.\n\n- one\n- two')
    expect(html).toContain('<h3>Title</h3>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<code>code</code>')
    expect(html).toContain('<li>one</li>')
  })

  it('removes scripts, handlers, javascript: links, images and styles', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<p onclick="alert(2)" style="color:red">hi</p>',
        '[click](javascript:alert(3))',
        '![x](https://tracker.example/p.gif)',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/script|onclick|style=|javascript:|<img|iframe/i)
    expect(html).toContain('hi')
  })

  it('opens links in a new tab without handing over the page', () => {
    expect(renderMarkdown('[docs](https://stripe.com/docs/api)')).toBe(
      '<p><a href="https://stripe.com/docs/api" target="_blank" rel="noopener noreferrer nofollow">docs</a></p>\n',
    )
  })
})
