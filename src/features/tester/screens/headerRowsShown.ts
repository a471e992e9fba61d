// What a person reads in the tester's header rows, for the stories' play functions.
import type { within } from 'storybook/test'

type Canvas = ReturnType<typeof within>

/** The named header rows shown, as an object of name to value. */
export function headerRowsShown(canvas: Canvas): Record<string, string> {
  const names = canvas.queryAllByRole('textbox', { name: 'Header' }) as HTMLInputElement[]
  const values = canvas.queryAllByRole('textbox', { name: 'Value' }) as HTMLInputElement[]
  return Object.fromEntries(
    names.flatMap((field, index) =>
      field.value.trim() === '' ? [] : [[field.value, values[index]?.value ?? '']],
    ),
  )
}
