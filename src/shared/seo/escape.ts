/** Text for HTML or XML, in element content and in quoted attributes (`&#39;` is valid in both). */
export const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
