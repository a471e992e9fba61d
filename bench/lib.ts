import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { buildApp } from '../server/app'

export const RESULTS_DIR = path.join(import.meta.dirname, 'results')

/** Prints a benchmark's figures and writes them to bench/results/<name>.json. */
export const writeResult = (name: string, figures: Record<string, unknown>) => {
  const result = {
    name,
    at: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.cpus().length,
    // Other work on the machine skews every figure; this says how busy it was.
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    ...figures,
  }
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = path.join(RESULTS_DIR, `${name}.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  console.log(JSON.stringify(result, null, 2))
  console.log(`Wrote ${path.relative(process.cwd(), file)}`)
}

/** A process's parent, from /proc (Linux). */
export const parentOf = (pid: number) =>
  // The field after the parenthesised command and the state letter.
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])

/** Every process below `root`, from /proc (Linux): children first, then theirs. */
export const descendantsOf = (root: number) => {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const pid = Number(entry)
      const parent = parentOf(pid)
      children.set(parent, [...(children.get(parent) ?? []), pid])
    } catch {
      // gone
    }
  }
  const found: number[] = []
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child)
      visit(child)
    }
  }
  visit(root)
  return found
}

/** The value below which the given share of sorted samples lie. */
export const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!

export const round = (value: number, digits = 3) => Number(value.toFixed(digits))

/** p50, p99 and max of durations in milliseconds. */
export const summarize = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  }
}

/**
 * buildApp options for a server that a benchmark loads: one load generator stands for many
 * visitors, so the per-IP limits it would hit are lifted, and no scheduler runs beside it.
 */
export const LOAD_GENERATOR_OPTIONS = {
  tester: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 }, maxInFlightPerIp: 1_000 },
  analytics: {
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    visitRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  },
  marketing: { schedulerIntervalMs: 0 },
  // The search gate stays: it is what holds the database, not a per-visitor limit.
  catalog: { searchesPerMinute: 1_000_000 },
} satisfies Parameters<typeof buildApp>[1]
