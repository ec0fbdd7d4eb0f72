/**
 * A value chart's horizontal gridlines, each labelled at its left: one look for the Analysis
 * tab's metric chart and Compare's two-take chart.
 */
export function ChartYGrid({
  ticks,
  y,
  left,
  width,
  label,
}: {
  ticks: readonly number[];
  /** Where a value sits, in the SVG's pixels. */
  y: (value: number) => number;
  left: number;
  width: number;
  label: (tick: number) => string;
}) {
  return ticks.map((tick) => (
    <g key={`y${tick}`}>
      <line x1={left} x2={left + width} y1={y(tick)} y2={y(tick)} className="stroke-border" />
      <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted-foreground">
        {label(tick)}
      </text>
    </g>
  ));
}
