import { TESTER_METHODS, type TesterMethod } from '@/contract/testerConstants'
import { headersToText, type Draft } from './draft'

/** Splits a shell command line the way a POSIX shell would for quotes and backslashes. */
export function shellWords(command: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | null = null
  const text = command.replace(/\\\r?\n/g, ' ')
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string
    if (quote === "'") {
      if (ch === "'") quote = null
      else word += ch
    } else if (quote === '"') {
      if (ch === '"') quote = null
      else if (ch === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) word += text[++i]
      else word += ch
    } else if (ch === "'" || ch === '"') {
      quote = ch
      inWord = true
    } else if (ch === '\\') {
      word += text[++i] ?? ''
      inWord = true
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += ch
      inWord = true
    }
  }
  if (inWord) words.push(word)
  return words
}

const isMethod = (value: string): value is TesterMethod =>
  (TESTER_METHODS as readonly string[]).includes(value)

/** A draft from a pasted `curl ...` command, or null when it is not one. */
export function parseCurl(command: string): Draft | null {
  const words = shellWords(command.trim())
  if (words[0] !== 'curl') return null
  let method: TesterMethod | undefined
  let url = ''
  const headers: Record<string, string> = {}
  const data: string[] = []
  let followRedirects = false
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i] as string
    const next = () => words[++i] ?? ''
    if (word === '-X' || word === '--request') {
      const value = next().toUpperCase()
      if (isMethod(value)) method = value
    } else if (word === '-H' || word === '--header') {
      const header = next()
      const colon = header.indexOf(':')
      if (colon > 0) headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim()
    } else if (['-d', '--data', '--data-raw', '--data-binary', '--data-ascii'].includes(word)) {
      data.push(next())
    } else if (word === '--json') {
      data.push(next())
      headers['Content-Type'] ??= 'application/json'
      headers.Accept ??= 'application/json'
    } else if (word === '-u' || word === '--user') {
      headers.Authorization = `Basic ${btoa(next())}`
    } else if (word === '-A' || word === '--user-agent') {
      headers['User-Agent'] = next()
    } else if (word === '-I' || word === '--head') {
      method = 'HEAD'
    } else if (word === '-L' || word === '--location') {
      followRedirects = true
    } else if (word === '--url') {
      url = next()
    } else if (!word.startsWith('-') && !url) {
      url = word
    }
  }
  if (!url) return null
  return {
    method: method ?? (data.length > 0 ? 'POST' : 'GET'),
    url,
    headersText: headersToText(headers),
    bodyText: data.join('&'),
    followRedirects,
  }
}
