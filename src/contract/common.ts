import { z } from 'zod'
import { API_ERROR_CODES } from './errorCodes'

export * from './errorCodes'

/** Every failed /api call answers this shape, with a message a person can act on. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string().min(1),
  /** What kind of refusal it was, where a client acts on the kind (errorCodes.ts). */
  code: z.enum(API_ERROR_CODES).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
