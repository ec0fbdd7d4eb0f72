import type { TagButton, TagLabelGroup, TagRatio, TagTemplate } from '@filmroom/contract';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toastSuccess } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { useUpdateTagTemplate } from '../api/tag-templates';

type Draft = Pick<TagTemplate, 'name' | 'buttons' | 'labelGroups' | 'periods'> & {
  ratios: TagRatio[];
};

const NEW_BUTTON: TagButton = {
  name: '',
  colour: '#8b8d98',
  hotkey: null,
  leadSeconds: 5,
  lagSeconds: 3,
  mode: 'instant',
};

/** Replaces item `index` of a list with `change` applied, leaving the rest as they were. */
function changed<T>(list: readonly T[], index: number, change: Partial<T>): T[] {
  return list.map((item, at) => (at === index ? { ...item, ...change } : item));
}
const without = <T,>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);
const hotkeyOf = (typed: string) => (typed.trim() === '' ? null : typed.trim().slice(-1));

/**
 * Edits a coach's own code window: its buttons (name, colour, hotkey, lead and lag, instant or
 * toggled), label groups and labels, periods and ratios. The server checks the whole window
 * and its message is shown as it is (a hotkey used twice, a ratio counting a missing button).
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  template: TagTemplate;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    name: template.name,
    buttons: template.buttons,
    labelGroups: template.labelGroups,
    periods: template.periods,
    ratios: template.ratios,
  });
  const save = useUpdateTagTemplate(template.id);
  const set = (change: Partial<Draft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const labelKeys = draft.labelGroups.flatMap((group) =>
    group.labels.map((label) => `${group.name}: ${label.text}`),
  );

  return (
    <form
      aria-labelledby="template-editor-title"
      className="grid gap-4 rounded-md border p-3"
      onSubmit={(submit) => {
        submit.preventDefault();
        save.mutate(draft, {
          onSuccess: () => {
            toastSuccess('Code window saved');
            onClose();
          },
        });
      }}
    >
      <h4 id="template-editor-title" className="text-sm font-semibold">
        Edit code window
      </h4>
      <Field label="Name">
        {(id) => (
          <Input id={id} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </Field>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Buttons</legend>
        {draft.buttons.map((button, index) => (
          <ButtonRow
            key={index}
            index={index}
            button={button}
            onChange={(change) => set({ buttons: changed(draft.buttons, index, change) })}
            onRemove={() => set({ buttons: without(draft.buttons, index) })}
          />
        ))}
        <AddRowButton onClick={() => set({ buttons: [...draft.buttons, NEW_BUTTON] })}>
          Add button
        </AddRowButton>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Label groups</legend>
        {draft.labelGroups.map((group, index) => (
          <LabelGroupRow
            key={index}
            group={group}
            onChange={(change) => set({ labelGroups: changed(draft.labelGroups, index, change) })}
            onRemove={() => set({ labelGroups: without(draft.labelGroups, index) })}
          />
        ))}
        <AddRowButton
          onClick={() =>
            set({
              labelGroups: [
                ...draft.labelGroups,
                { name: '', labels: [{ text: '', hotkey: null }] },
              ],
            })
          }
        >
          Add label group
        </AddRowButton>
      </fieldset>

      <Field label="Periods, separated by commas">
        {(id) => (
          <Input
            id={id}
            defaultValue={draft.periods.join(', ')}
            onChange={(e) =>
              set({
                periods: e.target.value
                  .split(',')
                  .map((period) => period.trim())
                  .filter(Boolean),
              })
            }
          />
        )}
      </Field>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Ratios</legend>
        {draft.ratios.map((ratio, index) => (
          <RatioRow
            key={index}
            ratio={ratio}
            codes={draft.buttons.map((button) => button.name).filter(Boolean)}
            labels={labelKeys}
            onChange={(change) => set({ ratios: changed(draft.ratios, index, change) })}
            onRemove={() => set({ ratios: without(draft.ratios, index) })}
          />
        ))}
        <AddRowButton
          disabled={draft.buttons.length === 0}
          onClick={() => {
            const code = draft.buttons[0]?.name ?? '';
            set({
              ratios: [
                ...draft.ratios,
                {
                  name: '',
                  numerator: { code, label: labelKeys[0] ?? null },
                  denominator: { code, label: null },
                },
              ],
            });
          }}
        >
          Add ratio
        </AddRowButton>
      </fieldset>

      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {save.error instanceof ApiError ? save.error.text : save.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save code window'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "Add …" under a list of rows: a small button with a plus, at the list's start. */
function AddRowButton({
  variant = 'outline',
  disabled,
  onClick,
  children,
}: {
  variant?: 'outline' | 'ghost';
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant={variant}
      className="justify-self-start"
      disabled={disabled}
      onClick={onClick}
    >
      <PlusIcon aria-hidden />
      {children}
    </Button>
  );
}

/** A label above its control, tied to it by id. */
function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A clip's lead or lag around an event, in half seconds. */
function SecondsField({
  label,
  seconds,
  onChange,
}: {
  label: string;
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  return (
    <Field label={label} className="w-20">
      {(id) => (
        <Input
          id={id}
          type="number"
          min={0}
          step={0.5}
          value={seconds}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </Field>
  );
}

function ButtonRow({
  index,
  button,
  onChange,
  onRemove,
}: {
  index: number;
  button: TagButton;
  onChange: (change: Partial<TagButton>) => void;
  onRemove: () => void;
}) {
  const what = button.name || `button ${index + 1}`;
  return (
    <div
      role="group"
      aria-label={`Button ${what}`}
      // Wraps rather than follows the window's width: the panel is narrow on any screen.
      className="flex flex-wrap items-end gap-2"
    >
      <Field label="Name" className="min-w-32 flex-1">
        {(id) => (
          <Input id={id} value={button.name} onChange={(e) => onChange({ name: e.target.value })} />
        )}
      </Field>
      <Field label="Colour" className="w-14">
        {(id) => (
          <Input
            id={id}
            type="color"
            className="p-1"
            value={button.colour}
            onChange={(e) => onChange({ colour: e.target.value })}
          />
        )}
      </Field>
      <Field label="Key" className="w-14">
        {(id) => (
          <Input
            id={id}
            value={button.hotkey ?? ''}
            onChange={(e) => onChange({ hotkey: hotkeyOf(e.target.value) })}
          />
        )}
      </Field>
      <SecondsField
        label="Lead s"
        seconds={button.leadSeconds}
        onChange={(leadSeconds) => onChange({ leadSeconds })}
      />
      <SecondsField
        label="Lag s"
        seconds={button.lagSeconds}
        onChange={(lagSeconds) => onChange({ lagSeconds })}
      />
      <Field label="Mode" className="w-28">
        {(id) => (
          <NativeSelect
            id={id}
            value={button.mode}
            onChange={(e) => onChange({ mode: e.target.value as TagButton['mode'] })}
          >
            <option value="instant">Instant</option>
            <option value="toggled">Toggled</option>
          </NativeSelect>
        )}
      </Field>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Remove ${what}`}
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}

function LabelGroupRow({
  group,
  onChange,
  onRemove,
}: {
  group: TagLabelGroup;
  onChange: (change: Partial<TagLabelGroup>) => void;
  onRemove: () => void;
}) {
  const what = group.name || 'new group';
  return (
    <div role="group" aria-label={`Label group ${what}`} className="grid gap-2 rounded border p-2">
      <div className="flex items-end gap-2">
        <Field label="Group">
          {(id) => (
            <Input
              id={id}
              value={group.name}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </Field>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Remove group ${what}`}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {group.labels.map((label, index) => (
        <div key={index} className="grid grid-cols-[minmax(0,1fr)_3.5rem_auto] items-end gap-2">
          <Field label="Label">
            {(id) => (
              <Input
                id={id}
                value={label.text}
                onChange={(e) =>
                  onChange({ labels: changed(group.labels, index, { text: e.target.value }) })
                }
              />
            )}
          </Field>
          <Field label="Key">
            {(id) => (
              <Input
                id={id}
                value={label.hotkey ?? ''}
                onChange={(e) =>
                  onChange({
                    labels: changed(group.labels, index, { hotkey: hotkeyOf(e.target.value) }),
                  })
                }
              />
            )}
          </Field>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove label ${label.text || index + 1} of ${what}`}
            onClick={() => onChange({ labels: without(group.labels, index) })}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      <AddRowButton
        variant="ghost"
        onClick={() => onChange({ labels: [...group.labels, { text: '', hotkey: null }] })}
      >
        Add label to {what}
      </AddRowButton>
    </div>
  );
}

function RatioRow({
  ratio,
  codes,
  labels,
  onChange,
  onRemove,
}: {
  ratio: TagRatio;
  codes: string[];
  labels: string[];
  onChange: (change: Partial<TagRatio>) => void;
  onRemove: () => void;
}) {
  const what = ratio.name || 'new ratio';
  const side = (which: 'numerator' | 'denominator', title: string) => (
    <>
      <Field label={`${title}: event`} className="min-w-28 flex-1">
        {(id) => (
          <NativeSelect
            id={id}
            value={ratio[which].code}
            onChange={(e) => onChange({ [which]: { ...ratio[which], code: e.target.value } })}
          >
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={`${title}: with label`} className="min-w-28 flex-1">
        {(id) => (
          <NativeSelect
            id={id}
            value={ratio[which].label ?? ''}
            onChange={(e) =>
              onChange({ [which]: { ...ratio[which], label: e.target.value || null } })
            }
          >
            <option value="">Any</option>
            {labels.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </>
  );
  return (
    <div role="group" aria-label={`Ratio ${what}`} className="flex flex-wrap items-end gap-2">
      <Field label="Ratio name" className="w-24">
        {(id) => (
          <Input id={id} value={ratio.name} onChange={(e) => onChange({ name: e.target.value })} />
        )}
      </Field>
      {side('numerator', 'Made')}
      {side('denominator', 'Of')}
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Remove ${what}`}
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}
