import { SendHorizontalIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { CHAT_MESSAGE_MAX_LENGTH } from '@filmroom/contract/values';

// The count shows once a question gets near the limit, not for every short one.
const SHOW_COUNT_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

type ChatComposerProps = {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (message: string) => void;
  /** Spec §4: input and submit are disabled while an answer streams. */
  streaming: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
};

/** The question box: Enter sends, Shift+Enter starts a new line; a blank question is not sent. */
export function ChatComposer({
  draft,
  onDraftChange,
  onSend,
  streaming,
  inputRef,
}: ChatComposerProps) {
  const hintId = useId();
  const blank = draft.trim() === '';
  const formRef = useRef<HTMLFormElement>(null);
  const wasStreaming = useRef(streaming);

  // Disabling the box while the answer streams drops its focus; give it back after, so the
  // next question can be typed straight away (unless the person has moved on elsewhere).
  useEffect(() => {
    const answered = wasStreaming.current && !streaming;
    wasStreaming.current = streaming;
    if (!answered) return;
    const form = formRef.current;
    const textarea = form?.querySelector('textarea');
    // Where a dropped focus lands: the page, or the dialog around the form (its focus trap).
    const active = document.activeElement;
    if (form && textarea && (!active || active.contains(form))) textarea.focus();
  }, [streaming]);

  const send = () => {
    if (blank || streaming) return;
    onSend(draft);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character: its Enter picks the character.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Ask the AI Coach" className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <Textarea
          ref={inputRef}
          aria-label="Message"
          aria-describedby={hintId}
          placeholder={streaming ? 'The AI Coach is answering…' : 'Ask about this video…'}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={draft}
          disabled={streaming}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-none py-2 [overflow-wrap:anywhere] field-sizing-content"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          title="Send"
          disabled={blank || streaming}
          className="shrink-0"
        >
          {streaming ? <Spinner /> : <SendHorizontalIcon aria-hidden />}
        </Button>
      </div>
      <p id={hintId} className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>Enter sends; Shift+Enter starts a new line.</span>
        {draft.length >= SHOW_COUNT_FROM ? (
          <span className="tabular-nums">
            {draft.length}/{CHAT_MESSAGE_MAX_LENGTH}
          </span>
        ) : null}
      </p>
    </form>
  );
}
