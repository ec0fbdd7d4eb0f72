import type { MetricRecord } from '@filmroom/contract';
import type { MetricDraft } from './types';

/**
 * A metric's value as every text writes it. The record keeps this text, and the write-up, the
 * points, the chat and the language-model guard all quote it: one number, one source.
 */
function formatValue(value: number, unit: string, decimals: number): string {
  const number = value.toFixed(decimals);
  if (unit === '°') return `${number}°`;
  if (unit === ':1') return `${number}:1`;
  if (unit === '') return number;
  return `${number} ${unit}`;
}

/** Ties a movement's metric to one athlete: its id, its written value. */
export function toRecord(draft: MetricDraft, athlete: number): MetricRecord {
  const value = Number(draft.value.toFixed(draft.decimals));
  return {
    id: `a${athlete}.${draft.key}`,
    athlete,
    name: draft.name,
    value,
    unit: draft.unit,
    text: formatValue(value, draft.unit, draft.decimals),
    t: draft.t === null ? null : Math.round(draft.t * 100) / 100,
    event: draft.event,
    target: draft.target,
    source: draft.source,
    status: draft.status,
  };
}

/** A metric draft with the usual defaults: a whole-clip measure without a target. */
export function metric(
  fields: Pick<MetricDraft, 'key' | 'name' | 'value' | 'unit' | 'topic'> & Partial<MetricDraft>,
): MetricDraft {
  return {
    decimals: fields.unit === '°' || fields.unit === 'steps/min' || fields.unit === '%' ? 0 : 2,
    t: null,
    event: null,
    target: null,
    source: null,
    status: 'info',
    ...fields,
  };
}

/** Judges a value against a target range: inside is ok, outside a fault. */
export function judged(value: number, range: { min?: number; max?: number }): 'ok' | 'fault' {
  if (range.min !== undefined && value < range.min) return 'fault';
  if (range.max !== undefined && value > range.max) return 'fault';
  return 'ok';
}
