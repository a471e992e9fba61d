/**
 * Waits until a freshly started server has built its similar-APIs list (it answers 503 "still
 * being worked out" until then, which a page logs as a failed load): journeys about other things
 * then meet an API page as a visitor does on any later day. A hang guard, not a measure.
 */
export async function similarApisBuilt(baseUrl: string, apiId: string, withinMs = 600_000) {
  const deadline = Date.now() + withinMs
  for (;;) {
    const response = await fetch(`${baseUrl}/api/apis/${apiId}/similar`).catch(() => undefined)
    await response?.body?.cancel()
    if (response?.ok) return
    if (Date.now() > deadline) {
      throw new Error(
        `The server at ${baseUrl} had not built its similar-APIs list within ${withinMs} ms`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}
