import { z } from 'zod'

/** The staff dashboard's Recent Activity: the kinds of item it lists. */
export const ACTIVITY_TYPES = [
  'api_added',
  'user_signup',
  'project_created',
  'api_tested',
  'revenue',
  'post_published',
] as const
export const activityTypeSchema = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof activityTypeSchema>

/** The most characters of someone's input an activity item carries; longer text ends in '…'. */
export const ACTIVITY_INPUT_MAX = 80

/**
 * Who typed an item's input: `staff` is a signed-in account (its own name, a post's title).
 * `visitor` (anyone on the public site) stays readable, but the server sends no visitor's text:
 * visitor tests are one counted line with no input.
 */
export const ACTIVITY_INPUT_SOURCES = ['visitor', 'staff'] as const

/**
 * Text a person chose, kept apart from the system's own sentence so that nobody can write a
 * line that reads as a system event: the screen shows it labelled with its source, verbatim.
 */
export const activityInputSchema = z.object({
  from: z.enum(ACTIVITY_INPUT_SOURCES),
  text: z.string().min(1).max(ACTIVITY_INPUT_MAX),
})
export type ActivityInput = z.infer<typeof activityInputSchema>

/**
 * Someone's text made fit to show: one line, without control or invisible formatting characters
 * (line breaks, bidirectional overrides, zero-width characters), at most ACTIVITY_INPUT_MAX
 * UTF-16 units with '…' where it was cut. Undefined when nothing visible is left.
 */
export const activityInputText = (text: string): string | undefined => {
  const line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (line === '') return undefined
  if (line.length <= ACTIVITY_INPUT_MAX) return line
  let cut = ''
  for (const char of line) {
    if (cut.length + char.length > ACTIVITY_INPUT_MAX - 1) break
    cut += char
  }
  return `${cut.trimEnd()}…`
}

export const activitySchema = z.object({
  id: z.string(),
  type: activityTypeSchema,
  /** Written by the system alone: never contains anyone's input. */
  message: z.string(),
  /** What someone typed that the item concerns, shown apart from the message; null when none. */
  input: activityInputSchema.nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  /** true for illustrative items of kinds the system does not record (projects, revenue). */
  sample: z.boolean(),
})
export type Activity = z.infer<typeof activitySchema>

export const activityResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(activitySchema),
})
export type ActivityResponse = z.infer<typeof activityResponseSchema>
