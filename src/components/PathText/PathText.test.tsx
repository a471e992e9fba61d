import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PathText } from './PathText'

describe('PathText', () => {
  it('offers a line break after each slash and reads as the path', () => {
    const { container } = render(
      <code>
        <PathText path="/v1/accounts/{account}/capabilities" />
      </code>,
    )
    expect(container.textContent).toBe('/v1/accounts/{account}/capabilities')
    expect(container.querySelector('code')!.innerHTML).toBe(
      '/<wbr>v1/<wbr>accounts/<wbr>{account}/<wbr>capabilities',
    )
  })

  it('leaves a path without slashes whole', () => {
    const { container } = render(<PathText path="graphql" />)
    expect(container.innerHTML).toBe('graphql')
  })
})
