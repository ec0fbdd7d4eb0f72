import { useMemo } from 'react';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import type { Components, ExtraProps, Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/utils';
import { safeUrlTransform } from './safe-url';

/** A link in the text; opens elsewhere, never replacing the app. */
export function MarkdownLink({
  node: _node,
  className,
  ...props
}: ComponentProps<'a'> & ExtraProps) {
  return (
    <a
      className={cn(
        'font-medium text-primary underline underline-offset-2 hover:no-underline',
        className,
      )}
      target="_blank"
      rel="noreferrer noopener"
      {...props}
    />
  );
}

/**
 * Text written by the coach engine or a language model phrasing it (the analysis, the AI
 * Coach's answers): headings, lists, bold and tables of the metrics. Raw HTML in it is never
 * rendered (react-markdown skips it by default) and links and images keep only the spec's safe
 * addresses (spec §5). Headings start at h3: the text always sits under a titled card or dialog.
 */
const baseComponents: Components = {
  h1: ({ node: _node, ...props }) => (
    <h3 className="mt-5 mb-2 text-base font-semibold first:mt-0" {...props} />
  ),
  h2: ({ node: _node, ...props }) => (
    <h3 className="mt-5 mb-2 text-base font-semibold first:mt-0" {...props} />
  ),
  h3: ({ node: _node, ...props }) => (
    <h4 className="mt-4 mb-1.5 text-sm font-semibold first:mt-0" {...props} />
  ),
  h4: ({ node: _node, ...props }) => (
    <h5 className="mt-3 mb-1 text-sm font-semibold first:mt-0" {...props} />
  ),
  h5: ({ node: _node, ...props }) => (
    <h6 className="mt-3 mb-1 text-sm font-medium first:mt-0" {...props} />
  ),
  h6: ({ node: _node, ...props }) => (
    <h6 className="mt-3 mb-1 text-sm font-medium first:mt-0" {...props} />
  ),
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => (
    <ul className="my-2 list-disc space-y-1 pl-5 marker:text-primary" {...props} />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol className="my-2 list-decimal space-y-1 pl-5 marker:text-muted-foreground" {...props} />
  ),
  li: ({ node: _node, ...props }) => <li className="pl-0.5" {...props} />,
  strong: ({ node: _node, ...props }) => (
    <strong className="font-semibold text-foreground" {...props} />
  ),
  a: MarkdownLink,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-3 border-l-2 border-primary/60 pl-3 italic" {...props} />
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]" {...props} />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-4 border-border" {...props} />,
  img: ({ node: _node, alt, ...props }) => (
    <img className="my-3 max-w-full rounded-md" alt={alt ?? ''} loading="lazy" {...props} />
  ),
  // A wide table scrolls on its own rather than pushing the card wider than the column.
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-lg border first:mt-0 last:mb-0">
      <table className="w-full border-collapse text-sm tabular-nums" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-muted/70" {...props} />,
  tr: ({ node: _node, ...props }) => (
    <tr className="border-b last:border-b-0 even:bg-muted/30" {...props} />
  ),
  th: ({ node: _node, ...props }) => (
    <th scope="col" className="px-2.5 py-2 text-left text-xs font-semibold sm:px-3" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="px-2.5 py-1.5 align-top sm:px-3" {...props} />,
};

type MarkdownProps = {
  children: string;
  /** Elements drawn differently here (the chat draws its moment links as seek buttons). */
  components?: Components;
  /** Run after GitHub-flavoured markdown (tables, the coach engine's metrics). */
  remarkPlugins?: Options['remarkPlugins'];
  className?: string;
};

export function Markdown({ children, components, remarkPlugins, className }: MarkdownProps) {
  const merged = useMemo(() => ({ ...baseComponents, ...components }), [components]);
  const plugins = useMemo(() => [remarkGfm, ...(remarkPlugins ?? [])], [remarkPlugins]);
  return (
    <div className={cn('text-sm leading-relaxed text-foreground/90', className)}>
      <ReactMarkdown components={merged} remarkPlugins={plugins} urlTransform={safeUrlTransform}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
