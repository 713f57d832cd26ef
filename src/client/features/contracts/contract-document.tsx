import { Blockquote, Box, Code, Divider, List, Stack, Text, Title } from '@mantine/core';
import { Fragment, useMemo, type ReactNode } from 'react';
import {
  LINE_BREAK,
  markdownBlocks,
  type MarkdownBlock,
  type MarkdownRun,
} from '../../../shared/markdown.ts';

/*
 * A contract's Markdown on screen, read exactly as its PDF reads it (src/shared/markdown.ts):
 * React elements from plain text runs, never HTML, so no body or merge value can inject any.
 */

function Runs({ runs }: { runs: MarkdownRun[] }) {
  return runs.map((run, i) => {
    if (run.text === LINE_BREAK) return <br key={i} />;
    let node: ReactNode = run.text;
    if (run.code) node = <Code>{node}</Code>;
    if (run.italic) node = <em>{node}</em>;
    if (run.bold) node = <strong>{node}</strong>;
    return <Fragment key={i}>{node}</Fragment>;
  });
}

type Item = Extract<MarkdownBlock, { kind: 'item' }>;
type Group = MarkdownBlock | { kind: 'list'; items: Item[] };

/** Consecutive list items are one list (each keeps its own marker and depth). */
function grouped(blocks: MarkdownBlock[]): Group[] {
  const out: Group[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (block.kind === 'item' && last?.kind === 'list') last.items.push(block);
    else if (block.kind === 'item') out.push({ kind: 'list', items: [block] });
    else out.push(block);
  }
  return out;
}

const HEADING_ORDER = { 1: 3, 2: 4, 3: 5 } as const;

export function ContractDocument({ body, label }: { body: string; label?: string }) {
  const blocks = useMemo(() => grouped(markdownBlocks(body)), [body]);
  return (
    <Stack gap="sm" aria-label={label} role={label ? 'document' : undefined}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title
                key={i}
                order={HEADING_ORDER[Math.min(3, block.level) as 1 | 2 | 3]}
                mt={i > 0 ? 'xs' : 0}
              >
                <Runs runs={block.runs} />
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Runs runs={block.runs} />
              </Text>
            );
          case 'quote':
            return (
              <Blockquote key={i} p="sm" color="gray">
                <Text size="sm">
                  <Runs runs={block.runs} />
                </Text>
              </Blockquote>
            );
          case 'rule':
            return <Divider key={i} />;
          case 'list':
            return (
              <List key={i} size="sm" listStyleType="none" spacing={4}>
                {block.items.map((item, j) => (
                  <List.Item key={j} ml={item.depth * 20}>
                    <Box component="span" style={{ display: 'inline-flex', gap: 8 }}>
                      <Box component="span" miw={18} aria-hidden>
                        {item.marker}
                      </Box>
                      <Box component="span" style={{ overflowWrap: 'anywhere' }}>
                        <Runs runs={item.runs} />
                      </Box>
                    </Box>
                  </List.Item>
                ))}
              </List>
            );
        }
      })}
    </Stack>
  );
}
