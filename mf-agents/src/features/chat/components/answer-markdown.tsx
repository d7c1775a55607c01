// An answer's Markdown, rendered safely: no raw HTML (react-markdown shows it as text), unsafe link protocols
// dropped, remote images not loaded, everything wrapping at phone width; citation markers with a source become
// buttons that open the cited passage, markers to nothing stay plain text.
import type { ChatSource } from "@acp/contracts/chat";
import { cn } from "@acp/ui/lib/cn";
import { type ComponentProps, memo, useMemo } from "react";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CITATION_ELEMENT, CITATION_PROPERTY, remarkCitations } from "../lib/citations";
import { locationInWords } from "../lib/location-words";

export type AnswerMarkdownProps = {
  content: string;
  sources: readonly ChatSource[];
  onOpenSource: (source: ChatSource) => void;
};

const REMARK_PLUGINS = [remarkGfm, remarkCitations];

/** The accessible name of a citation: its number, document and place. */
function citationLabel(source: ChatSource): string {
  return `Source ${source.number}: ${source.documentName}, ${locationInWords(source.location)}`;
}

function CitationMarker({
  number,
  sources,
  onOpenSource,
}: {
  number: number;
  sources: readonly ChatSource[];
  onOpenSource: (source: ChatSource) => void;
}) {
  const source = sources.find((item) => item.number === number);
  if (!source) return <>[{number}]</>;
  return (
    <button
      type="button"
      data-citation={number}
      aria-label={citationLabel(source)}
      title={citationLabel(source)}
      onClick={() => onOpenSource(source)}
      className="mx-0.5 rounded px-0.5 align-baseline font-medium text-primary text-xs underline underline-offset-2 hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      [{number}]
    </button>
  );
}

type ElementProps<Tag extends keyof React.JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

/** Elements whose look a chat bubble needs to change; `node` is react-markdown's and never reaches the DOM. */
const BASE_COMPONENTS: Components = {
  p: ({ node: _node, className, ...props }: ElementProps<"p">) => (
    <p className={cn("my-2 first:mt-0 last:mb-0", className)} {...props} />
  ),
  // Headings inside an answer would break the page's outline: they read as bold lines instead.
  h1: ({ node: _node, ...props }: ElementProps<"h1">) => (
    <p className="my-2 font-semibold text-base" {...props} />
  ),
  h2: ({ node: _node, ...props }: ElementProps<"h2">) => (
    <p className="my-2 font-semibold text-base" {...props} />
  ),
  h3: ({ node: _node, ...props }: ElementProps<"h3">) => <p className="my-2 font-semibold" {...props} />,
  h4: ({ node: _node, ...props }: ElementProps<"h4">) => <p className="my-2 font-semibold" {...props} />,
  h5: ({ node: _node, ...props }: ElementProps<"h5">) => <p className="my-2 font-semibold" {...props} />,
  h6: ({ node: _node, ...props }: ElementProps<"h6">) => <p className="my-2 font-semibold" {...props} />,
  ul: ({ node: _node, className, ...props }: ElementProps<"ul">) => (
    <ul className={cn("my-2 list-disc space-y-1 pl-5", className)} {...props} />
  ),
  ol: ({ node: _node, className, ...props }: ElementProps<"ol">) => (
    <ol className={cn("my-2 list-decimal space-y-1 pl-5", className)} {...props} />
  ),
  blockquote: ({ node: _node, ...props }: ElementProps<"blockquote">) => (
    <blockquote className="my-2 border-l-2 pl-3 text-muted-foreground" {...props} />
  ),
  a: ({ node: _node, href, children, ...props }: ElementProps<"a">) =>
    // The default URL transform empties unsafe protocols (javascript:, data:): such a link is left as its text.
    href ? (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary underline underline-offset-2 [overflow-wrap:anywhere]"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Remote images would be fetched from wherever the text points (tracking, mixed content): link them instead.
  img: ({ node: _node, src, alt }: ElementProps<"img">) =>
    typeof src === "string" && src !== "" ? (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary underline underline-offset-2 [overflow-wrap:anywhere]"
      >
        {alt || "Image"}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  pre: ({ node: _node, ...props }: ElementProps<"pre">) => (
    <pre
      className="my-2 whitespace-pre-wrap rounded-md bg-muted p-2 font-mono text-xs [overflow-wrap:anywhere]"
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }: ElementProps<"code">) => (
    <code
      className={cn("rounded bg-muted px-1 font-mono text-[0.85em] [overflow-wrap:anywhere]", className)}
      {...props}
    />
  ),
  // A table cannot wrap like prose: it scrolls inside its own box instead of widening the card.
  table: ({ node: _node, ...props }: ElementProps<"table">) => (
    <div className="my-2 max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-xs" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }: ElementProps<"th">) => (
    <th className="border px-2 py-1 text-left font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }: ElementProps<"td">) => (
    <td className="border px-2 py-1 align-top" {...props} />
  ),
};

export const AnswerMarkdown = memo(function AnswerMarkdown({
  content,
  sources,
  onOpenSource,
}: AnswerMarkdownProps) {
  const components = useMemo<Components>(
    () => ({
      ...BASE_COMPONENTS,
      [CITATION_ELEMENT]: ({ node }: ElementProps<"cite">) => {
        const number = Number(node?.properties?.[CITATION_PROPERTY]);
        return <CitationMarker number={number} sources={sources} onOpenSource={onOpenSource} />;
      },
    }),
    [sources, onOpenSource],
  );
  return (
    <div className="min-w-0 text-sm leading-relaxed [overflow-wrap:anywhere]">
      <Markdown remarkPlugins={REMARK_PLUGINS} components={components}>
        {content}
      </Markdown>
    </div>
  );
});
