export type Row = { measure: string; value: string; note: string };

/** A Markdown table, so the figures paste straight into a note. */
export function printTable(rows: Row[]): void {
  const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => row[key].length));
  const line = (row: Row) =>
    `| ${row.measure.padEnd(width('measure'))} | ${row.value.padStart(width('value'))} | ${row.note.padEnd(width('note'))} |`;
  console.log(line({ measure: 'measure', value: 'value', note: 'note' }));
  console.log(
    `|${'-'.repeat(width('measure') + 2)}|${'-'.repeat(width('value') + 2)}|${'-'.repeat(width('note') + 2)}|`,
  );
  rows.forEach((row) => console.log(line(row)));
}
