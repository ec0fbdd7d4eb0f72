import type { Sentiment } from '@filmroom/contract';
import { cn } from '@/lib/utils';
import { formatSentiment, SENTIMENT_COLOURS, sentimentTone } from '../lib/sentiment';

/** The sentiment with its marker colour: "Positive 87%" (spec §2, §9). */
export function SentimentBadge({
  sentiment,
  className,
}: {
  sentiment: Sentiment;
  className?: string;
}) {
  const tone = sentimentTone(sentiment);
  return (
    <span
      data-testid="sentiment"
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-full border bg-card px-2.5 py-0.5 text-xs font-semibold tabular-nums',
        className,
      )}
    >
      <span
        aria-hidden
        className="size-2.5 rounded-full ring-1 ring-black/10"
        style={{ backgroundColor: SENTIMENT_COLOURS[tone] }}
      />
      <span className="sr-only">Sentiment: </span>
      {formatSentiment(sentiment)}
    </span>
  );
}
