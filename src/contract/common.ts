import { z } from 'zod'

/** Every failed /api call answers this shape, with a message a person can act on. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string().min(1),
})
export type ApiError = z.infer<typeof apiErrorSchema>
