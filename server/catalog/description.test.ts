import { describe, expect, it } from 'vitest'
import { renderDescription } from './description'

describe('renderDescription', () => {
  it('renders Markdown, headings under the page’s own', () => {
    const html = renderDescription(
      '# Title\n\nSome **bold** text and `code`.\n\n- one\n- two\n\n| a | b |\n|---|--:|\n| 1 | 2 |',
    )
    expect(html).toContain('<h3>Title</h3>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<code>code</code>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<td align="right">2</td>')
  })

  it('removes scripts, handlers, javascript: links, images, frames, forms and styles', () => {
    const html = renderDescription(
      [
        '<script>alert(1)</script>',
        '<p onclick="alert(2)" style="color:red" class="x" id="y">hi</p>',
        '[click](javascript:alert(3))',
        '<a href="JaVaScRiPt:alert(4)">x</a> <a href="data:text/html,hi">y</a> <a href="//evil.example">z</a>',
        '![x](https://tracker.example/p.gif)',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="q"><button>go</button></form>',
        '<svg><use href="#a"/></svg><math><mi>x</mi></math>',
        '<style>body{display:none}</style>',
        '<details open ontoggle="alert(5)"><summary>more</summary>inside</details>',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(
      /<script|onclick|style|class=|id=|javascript:|data:|\/\/evil|<img|iframe|<form|<input|<button|<svg|<math/i,
    )
    expect(html).toContain('hi')
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('<details><summary>more</summary>inside</details>')
    expect(html).not.toMatch(/ontoggle|<details [^>]*open/)
  })

  it('opens links in a new tab without handing over the page, whatever the source said', () => {
    expect(renderDescription('[docs](https://stripe.com/docs/api)')).toBe(
      '<p><a href="https://stripe.com/docs/api" target="_blank" rel="noopener noreferrer nofollow">docs</a></p>',
    )
    expect(
      renderDescription('<a href="https://a.example" target="_self" rel="opener">a</a>'),
    ).toContain('target="_blank" rel="noopener noreferrer nofollow"')
  })

  it('gives nothing for an empty description, and escapes text that looks like markup', () => {
    expect(renderDescription('  \n')).toBe('')
    expect(renderDescription('<p/> <p> </p>')).toBe('')
    expect(renderDescription('1 < 2 & "quotes"')).toBe('<p>1 &lt; 2 &amp; "quotes"</p>')
  })
})
