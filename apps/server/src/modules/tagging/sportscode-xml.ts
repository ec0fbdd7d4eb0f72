import { TAG_NAME_MAX_LENGTH, type TagEvent, type TagEventLabel } from '@filmroom/contract';
import type { XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../lib/http-errors';
import { playerTitle } from './tag-stats';

/**
 * Sportscode's interchange layout, which Nacsport, Metrica Play, LongoMatch and kloppy also read
 * and write: `file / ALL_INSTANCES / instance (ID, start, end, code, label (group, text))`, and
 * optionally `ROWS / row (code, R, G, B)` with 16-bit colour channels. The player and the period
 * travel as labels of their own groups, as those tools keep them.
 */
export const PLAYER_GROUP = 'Player';
export const PERIOD_GROUP = 'Period';
/** A label written with no group (LongoMatch and older Sportscode files) lands in this one. */
const UNGROUPED = 'Label';

/** One instance as read from a file: its range is its clip's, labels as written. */
export type SportscodeInstance = {
  code: string;
  start: number;
  end: number;
  labels: TagEventLabel[];
  colour: string | null;
};

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

// Times to the millisecond: finer than any frame, and short in the file.
const seconds = (value: number) => String(Math.round(value * 1000) / 1000);

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const labelElement = (group: string, text: string) =>
  `<label>${element('group', group)}${element('text', text)}</label>`;

/** The events as a Sportscode file; each instance's range is the event's clip (lead and lag in). */
export function toSportscodeXml(
  events: readonly TagEvent[],
  clipOf: (event: TagEvent) => { start: number; end: number },
): string {
  const instances = events.map((event, index) => {
    const clip = clipOf(event);
    const labels = [
      ...event.labels.map((label) => labelElement(label.group, label.text)),
      ...(event.playerId ? [labelElement(PLAYER_GROUP, playerTitle(event))] : []),
      ...(event.period ? [labelElement(PERIOD_GROUP, event.period)] : []),
    ];
    return [
      '    <instance>',
      `      ${element('ID', String(index + 1))}`,
      `      ${element('start', seconds(clip.start))}`,
      `      ${element('end', seconds(clip.end))}`,
      `      ${element('code', event.code)}`,
      ...labels.map((label) => `      ${label}`),
      '    </instance>',
    ].join('\n');
  });
  const colours = new Map(events.map((event) => [event.code, event.colour]));
  const rows = [...colours].map(([code, colour]) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16) * 257);
    return `    <row>${element('code', code)}<R>${r}</R><G>${g}</G><B>${b}</B></row>`;
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<file>',
    '  <ALL_INSTANCES>',
    ...instances,
    '  </ALL_INSTANCES>',
    '  <ROWS>',
    ...rows,
    '  </ROWS>',
    '</file>',
    '',
  ].join('\n');
}

/**
 * The parser and validator, loaded at the first import of a file: about 1 MiB of heap that every
 * process would otherwise hold from its start for a rare request (issue 33).
 */
let xmlTools: Promise<{ parser: XMLParser; isWellFormed: (text: string) => boolean }> | undefined;
const loadXml = () =>
  (xmlTools ??= import('fast-xml-parser').then(({ XMLParser, XMLValidator }) => ({
    parser: new XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      trimValues: true,
      // A tag that may repeat is always a list, even when a file has one of it.
      isArray: (tagName) => ['instance', 'label', 'row'].includes(tagName),
    }),
    isWellFormed: (text: string) => XMLValidator.validate(text) === true,
  })));

type Node = Record<string, unknown>;
const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  // `<code></code>` parses as "" and `<code><![CDATA[x]]></code>` as text: anything else is not.
  if (value && typeof value === 'object' && '#text' in value) return textOf(value['#text']);
  return undefined;
};
const nodesOf = (value: unknown): Node[] =>
  Array.isArray(value)
    ? value.filter((item): item is Node => !!item && typeof item === 'object')
    : [];

/**
 * The instances of a Sportscode file, or a 400 naming what is wrong. A DOCTYPE is refused:
 * the format has none, and its entities are how XML bombs are built.
 */
export async function parseSportscodeXml(text: string): Promise<SportscodeInstance[]> {
  if (/<!DOCTYPE/i.test(text))
    throw badRequest('The file declares a DOCTYPE: not a Sportscode file');
  const { parser, isWellFormed } = await loadXml();
  // The parser reads past what is not closed; the validator does not.
  if (!isWellFormed(text)) throw badRequest('The file is not well-formed XML');
  let document: Node;
  try {
    document = parser.parse(text) as Node;
  } catch {
    throw badRequest('The file is not well-formed XML');
  }
  const file = document.file as Node | undefined;
  const all = file?.ALL_INSTANCES;
  if (!file || all === undefined) {
    throw badRequest('Not a Sportscode file: expected file / ALL_INSTANCES / instance');
  }
  const colours = new Map<string, string>();
  for (const row of nodesOf((file.ROWS as Node | undefined)?.row)) {
    const code = textOf(row.code)?.trim();
    const channels = [row.R, row.G, row.B].map((value) => Number(textOf(value)));
    if (code && channels.every((value) => Number.isInteger(value) && value >= 0 && value < 65536)) {
      colours.set(code, `#${channels.map((value) => hex(Math.round(value / 257))).join('')}`);
    }
  }
  const instances = nodesOf(typeof all === 'object' && all ? (all as Node).instance : undefined);
  return instances.map((instance, index) => {
    const where = `instance ${textOf(instance.ID) ?? index + 1}`;
    const code = name(textOf(instance.code), `${where}: code`);
    const start = Number(textOf(instance.start));
    const end = Number(textOf(instance.end));
    if (!Number.isFinite(start) || start < 0) {
      throw badRequest(`${where}: start must be a number of seconds, 0 or more`);
    }
    if (!Number.isFinite(end) || end < start) {
      throw badRequest(`${where}: end must be a number of seconds, not before start`);
    }
    const labels = nodesOf(instance.label).map((label) => ({
      group: name(textOf(label.group) ?? UNGROUPED, `${where}: label group`),
      text: name(textOf(label.text), `${where}: label text`),
    }));
    return { code, start, end, labels, colour: colours.get(code) ?? null };
  });
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

function name(text: string | undefined, field: string): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed.length === 0) throw badRequest(`${field} is missing`);
  if (trimmed.length > TAG_NAME_MAX_LENGTH) {
    throw badRequest(`${field} must be at most ${TAG_NAME_MAX_LENGTH} characters`);
  }
  return trimmed;
}
