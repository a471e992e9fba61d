import { useEffect, useId, useRef } from 'react'
import type { ApiVersion } from '@/contract/apis'
import { OutlinedSelect } from '@/components/OutlinedSelect/OutlinedSelect'

type Props = {
  /** The entry's versions, its default first. */
  versions: ApiVersion[]
  /** The version shown. */
  value: string
  onChange: (id: string) => void
}

/**
 * The versions or variants of one API (GitHub's REST API and its Enterprise Server versions), as a
 * native select: labelled, keyboard- and phone-friendly, no menu code on the page's first load. The
 * shared OutlinedSelect, already on the page, rather than NativeSelect (2 KB and a request more).
 */
export function VersionPicker({ versions, value, onChange }: Props) {
  const id = useId()
  const field = useRef<HTMLDivElement>(null)
  // A version chosen on the server's page before this part took it over: hydration leaves it in
  // the select but never reports it, so it is taken up once, on mount.
  useEffect(() => {
    const chosen = field.current?.querySelector('select')?.value
    if (chosen && chosen !== value && versions.some((version) => version.id === chosen)) {
      onChange(chosen)
    }
    // Once, on the first mount: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <OutlinedSelect
      fieldRef={field}
      sx={{ maxWidth: 360 }}
      id={id}
      label={`Version (${versions.length})`}
      name="version"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {versions.map((version, index) => (
        <option key={version.id} value={version.id}>
          {index === 0 ? `${version.label} (default)` : version.label}
        </option>
      ))}
    </OutlinedSelect>
  )
}
