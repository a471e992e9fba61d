import { describe, expect, it } from 'vitest'
import { titleOf } from './offlinePages'

describe('the title of a kept page', () => {
  it('is its HTML title without the site name, entities read', () => {
    expect(titleOf('<html><head><title>Stripe API | API Atlas</title>', '/apis/stripe-com')).toBe(
      'Stripe API',
    )
    expect(titleOf('<title>Q&amp;A &lt;guide&gt; | API Atlas</title>', '/blog/x')).toBe(
      'Q&A <guide>',
    )
  })

  it('is its path when the page has no title', () => {
    expect(titleOf('<main></main>', '/apis?search=sms')).toBe('/apis?search=sms')
    expect(titleOf('<title>  </title>', '/blog')).toBe('/blog')
  })
})
