import { DRAWING_COLOURS, DRAWING_MAX_SHAPES } from '@filmroom/contract';
import {
  CircleIcon,
  DraftingCompassIcon,
  EraserIcon,
  FlashlightIcon,
  MousePointer2Icon,
  MoveUpRightIcon,
  PencilIcon,
  Redo2Icon,
  SlashIcon,
  SquareIcon,
  Trash2Icon,
  TypeIcon,
  Undo2Icon,
} from 'lucide-react';
import type { ComponentProps, KeyboardEvent, ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { COLOUR_NAMES } from '../lib/drawing-description';
import { DRAWING_TOOLS } from '../lib/drawing-tools';
import type { DrawingTool } from '../lib/drawing-tools';
import type { DrawingEditor } from './use-drawing-editor';

const TOOL_ICONS: Record<DrawingTool, typeof CircleIcon> = {
  select: MousePointer2Icon,
  arrow: MoveUpRightIcon,
  line: SlashIcon,
  ellipse: CircleIcon,
  rectangle: SquareIcon,
  pen: PencilIcon,
  text: TypeIcon,
  angle: DraftingCompassIcon,
  spotlight: FlashlightIcon,
};

/** What each tool asks of the coach, said under the toolbar. */
const TOOL_HINTS: Record<DrawingTool, string> = {
  select: 'Press a shape to select it; drag to move it.',
  arrow: 'Drag from the tail to the head.',
  line: 'Drag from one end to the other.',
  ellipse: 'Drag across the area to circle.',
  rectangle: 'Drag across the area to box.',
  pen: 'Draw freehand.',
  text: 'Press where the label goes, type it, then Enter.',
  angle: 'Drag from one end to the vertex, then move to the other end and press.',
  spotlight: 'Drag across what to keep lit; the rest dims.',
};

function ToolbarButton({
  tip,
  shortcut,
  className,
  ...props
}: ComponentProps<'button'> & { tip: string; shortcut?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-keyshortcuts={shortcut}
          className={cn(
            'inline-flex size-9 shrink-0 max-sm:size-8 items-center justify-center rounded-md text-foreground transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-primary aria-pressed:text-primary-foreground [&_svg]:size-4',
            className,
          )}
          {...props}
        />
      </TooltipTrigger>
      <TooltipContent>
        {tip}
        {shortcut ? <kbd className="ml-2 font-mono opacity-70">{shortcut}</kbd> : null}
      </TooltipContent>
    </Tooltip>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-0.5">
      {children}
    </div>
  );
}

// As in an ARIA toolbar, the arrow keys (and Home, End) move between its buttons.
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step && event.key !== 'Home' && event.key !== 'End') return;
  const buttons = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'),
  ];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (step ?? 0) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * The drawing tools, under the picture rather than over it (a phone's picture is too small to
 * share): the tools with their shortcuts, the palette, two widths, undo/redo, delete, clear.
 */
export function DrawingToolbar({
  editor,
  className,
}: {
  editor: DrawingEditor;
  className?: string;
}) {
  const count = editor.shapes.length;
  const full = count >= DRAWING_MAX_SHAPES;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div
        role="toolbar"
        aria-label="Drawing tools"
        onKeyDown={moveFocus}
        className="flex flex-wrap items-center gap-x-2 gap-y-1.5 rounded-lg border bg-card p-1.5 shadow-xs"
      >
        <Group label="Tools">
          {DRAWING_TOOLS.map((entry) => {
            const Icon = TOOL_ICONS[entry.tool];
            return (
              <ToolbarButton
                key={entry.tool}
                tip={entry.label}
                shortcut={entry.key}
                aria-label={entry.label}
                aria-pressed={editor.tool === entry.tool}
                onClick={() => editor.chooseTool(entry.tool)}
              >
                <Icon aria-hidden />
              </ToolbarButton>
            );
          })}
        </Group>
        <span aria-hidden className="hidden h-6 w-px bg-border sm:block" />
        <Group label="Colour">
          {DRAWING_COLOURS.map((colour) => (
            <ToolbarButton
              key={colour}
              tip={COLOUR_NAMES[colour]}
              aria-label={COLOUR_NAMES[colour]}
              aria-pressed={editor.colour === colour}
              onClick={() => editor.chooseColour(colour)}
              className="size-8 aria-pressed:bg-accent"
            >
              <span
                aria-hidden
                className={cn(
                  'size-5 rounded-full border-2 border-black/60 shadow-sm',
                  editor.colour === colour && 'ring-2 ring-primary ring-offset-2 ring-offset-card',
                )}
                style={{ backgroundColor: colour }}
              />
            </ToolbarButton>
          ))}
        </Group>
        <span aria-hidden className="hidden h-6 w-px bg-border sm:block" />
        <Group label="Width">
          {(['thin', 'thick'] as const).map((width) => (
            <ToolbarButton
              key={width}
              tip={width === 'thin' ? 'Thin' : 'Thick'}
              aria-label={width === 'thin' ? 'Thin' : 'Thick'}
              aria-pressed={editor.width === width}
              onClick={() => editor.chooseWidth(width)}
            >
              <span
                aria-hidden
                className={cn('w-4 rounded-full bg-current', width === 'thin' ? 'h-0.5' : 'h-1.5')}
              />
            </ToolbarButton>
          ))}
        </Group>
        <span aria-hidden className="hidden h-6 w-px bg-border sm:block" />
        <Group label="Edit">
          <ToolbarButton
            tip="Undo"
            shortcut="Control+Z"
            aria-label="Undo"
            disabled={!editor.canUndo}
            onClick={editor.undo}
          >
            <Undo2Icon aria-hidden />
          </ToolbarButton>
          <ToolbarButton
            tip="Redo"
            shortcut="Control+Shift+Z"
            aria-label="Redo"
            disabled={!editor.canRedo}
            onClick={editor.redo}
          >
            <Redo2Icon aria-hidden />
          </ToolbarButton>
          <ToolbarButton
            tip="Delete the selected shape"
            shortcut="Delete"
            aria-label="Delete shape"
            disabled={editor.selected === null}
            onClick={editor.removeSelected}
          >
            <Trash2Icon aria-hidden />
          </ToolbarButton>
          <ToolbarButton
            tip="Clear the drawing"
            aria-label="Clear all"
            disabled={count === 0}
            onClick={editor.clear}
          >
            <EraserIcon aria-hidden />
          </ToolbarButton>
        </Group>
      </div>
      <p role="status" className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        <span data-testid="drawing-shape-count" className="font-medium text-foreground">
          {count === 1 ? '1 shape' : `${count} shapes`}
          {full ? ' (the most a drawing holds)' : ''}
        </span>
        <span>{TOOL_HINTS[editor.tool]}</span>
      </p>
    </div>
  );
}
