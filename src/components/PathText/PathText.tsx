import { Fragment } from 'react'

/**
 * An address path that a narrow line breaks after a slash, between its segments, rather than
 * inside one ("/capabilitie s"). A segment longer than the line still breaks where the element's
 * `overflow-wrap` allows. `<wbr>` adds no character, so the path reads and copies as it is.
 */
export function PathText({ path }: { path: string }) {
  const segments = path.split(/(?<=\/)/)
  return segments.map((segment, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {segment}
    </Fragment>
  ))
}
