import { Badge, Box, ColorSwatch, Group, Kbd, Paper, Portal, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toastError, toastSuccess } from '../toasts.tsx';
import { useInspectorShortcutKeys } from '../shortcut-label.ts';

/** SPEC §9: the colour-copy toast stays 2 s. */
const COPY_TOAST_MS = 2000;
const CARD_WIDTH = 272;
const CARD_HEIGHT = 212;
const CURSOR_GAP = 16;
/** Above Mantine's modals, menus and toasts, so everything can be inspected. */
const OVERLAY_Z = 10000;

interface Colour {
  hex: string;
  alpha: number;
}

interface Inspection {
  label: string;
  rect: DOMRect;
  radius: string;
  font: string;
  text: Colour | null;
  background: Colour | null;
  /** Whether the background belongs to an ancestor (the element itself is transparent). */
  backgroundInherited: boolean;
}

let colourCanvas: CanvasRenderingContext2D | null = null;

/**
 * Any CSS colour the browser computes (rgb(), color(srgb …), oklch(), color-mix()…) as hex,
 * by painting it on a 1×1 canvas and reading the pixel back.
 */
function toColour(css: string): Colour | null {
  colourCanvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const ctx = colourCanvas;
  if (!ctx) return null;
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = 'rgba(0, 0, 0, 0)';
  ctx.fillStyle = css;
  ctx.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
  const hex = `#${[r, g, b].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
  return { hex, alpha: a / 255 };
}

function describe(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const classes = Array.from(element.classList);
  // Mantine's readable class names say what the element is; hashed ones do not.
  const named =
    classes.find((name) => /^mantine-[A-Z]/.test(name)) ??
    classes.find((name) => !name.startsWith('m_') && !name.startsWith('mantine-focus'));
  return named ? `${tag}.${named}` : tag;
}

function inspect(element: Element): Inspection {
  const style = getComputedStyle(element);
  const family = style.fontFamily.split(',')[0]?.replaceAll('"', '').trim() ?? '';
  let background = toColour(style.backgroundColor);
  let backgroundInherited = false;
  for (
    let parent = element.parentElement;
    (!background || background.alpha === 0) && parent;
    parent = parent.parentElement
  ) {
    background = toColour(getComputedStyle(parent).backgroundColor);
    backgroundInherited = true;
  }
  return {
    label: describe(element),
    rect: element.getBoundingClientRect(),
    radius: style.borderRadius,
    font: `${family} ${style.fontSize} / ${style.fontWeight}`,
    text: toColour(style.color),
    background: background && background.alpha > 0 ? background : null,
    backgroundInherited,
  };
}

/** The colour C copies: the element's own background, else its text colour. */
function colourToCopy(inspection: Inspection): Colour | null {
  if (inspection.background && !inspection.backgroundInherited) return inspection.background;
  return inspection.text;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ff="monospace" ta="right" truncate>
        {children}
      </Text>
    </Group>
  );
}

function ColourRow({ label, colour }: { label: string; colour: Colour | null }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {colour ? (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={colour.hex} size={12} withShadow />
          <Text size="xs" ff="monospace">
            {colour.hex}
            {colour.alpha < 1 ? ` ${Math.round(colour.alpha * 100)}%` : ''}
          </Text>
        </Group>
      ) : (
        <Text size="xs" ff="monospace">
          none
        </Text>
      )}
    </Group>
  );
}

/**
 * The design inspector (SPEC §2): outlines the element under the pointer and shows its
 * size, position, radius, font and colours; C copies a colour's hex. It never takes
 * the pointer, so the page stays usable underneath.
 */
export default function InspectorOverlay({ onExit }: { onExit: () => void }) {
  const [pointer, setPointer] = useState({ x: 0, y: 0 });
  const [inspection, setInspection] = useState<Inspection | null>(null);
  const frame = useRef(0);
  const lastPointer = useRef<{ x: number; y: number } | null>(null);
  const shortcutKeys = useInspectorShortcutKeys();

  useEffect(() => {
    const measure = () => {
      frame.current = 0;
      const at = lastPointer.current;
      if (!at) return;
      const element = document.elementFromPoint(at.x, at.y);
      setPointer(at);
      setInspection(element ? inspect(element) : null);
    };
    const schedule = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure);
    };
    const onMove = (event: PointerEvent) => {
      lastPointer.current = { x: event.clientX, y: event.clientY };
      schedule();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    // Scrolling moves the page under a still pointer.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('scroll', schedule, { capture: true });
      cancelAnimationFrame(frame.current);
    };
  }, []);

  const copy = async () => {
    const colour = inspection && colourToCopy(inspection);
    if (!colour) return;
    try {
      await navigator.clipboard.writeText(colour.hex);
      toastSuccess('Color Copied!', colour.hex, { duration: COPY_TOAST_MS });
    } catch {
      toastError('Copy Failed', 'The clipboard is not available here.', {
        duration: COPY_TOAST_MS,
      });
    }
  };

  useHotkeys([
    ['C', () => void copy()],
    ['Escape', onExit],
  ]);

  const rect = inspection?.rect;
  const fitsRight = pointer.x + CURSOR_GAP + CARD_WIDTH < window.innerWidth;
  const fitsBelow = pointer.y + CURSOR_GAP + CARD_HEIGHT < window.innerHeight;
  const copyTarget = inspection && colourToCopy(inspection);

  return (
    <Portal>
      <Box style={{ pointerEvents: 'none' }} pos="fixed" inset={0} data-inspector-overlay>
        {rect && (
          <Box
            pos="fixed"
            top={rect.top}
            left={rect.left}
            w={rect.width}
            h={rect.height}
            bd="1.5px solid var(--mantine-color-pink-5)"
            bg="color-mix(in srgb, var(--mantine-color-pink-5) 10%, transparent)"
            style={{ zIndex: OVERLAY_Z }}
          />
        )}
        {inspection && rect && (
          <Paper
            pos="fixed"
            left={
              fitsRight ? pointer.x + CURSOR_GAP : Math.max(8, pointer.x - CURSOR_GAP - CARD_WIDTH)
            }
            top={
              fitsBelow ? pointer.y + CURSOR_GAP : Math.max(8, pointer.y - CURSOR_GAP - CARD_HEIGHT)
            }
            w={CARD_WIDTH}
            p="sm"
            shadow="lg"
            withBorder
            style={{ zIndex: OVERLAY_Z + 1 }}
            role="status"
            aria-label="Inspected element"
          >
            <Stack gap={6}>
              <Text size="xs" fw={700} ff="monospace" c="pink" truncate>
                {inspection.label}
              </Text>
              <Row label="Size">{`${Math.round(rect.width)} × ${Math.round(rect.height)}`}</Row>
              <Row label="Position">{`x ${Math.round(rect.left)}, y ${Math.round(rect.top)}`}</Row>
              <Row label="Radius">{inspection.radius}</Row>
              <Row label="Font">{inspection.font}</Row>
              <ColourRow label="Text" colour={inspection.text} />
              <ColourRow
                label={inspection.backgroundInherited ? 'Background (parent)' : 'Background'}
                colour={inspection.background}
              />
              {copyTarget && (
                <Text size="xs" c="dimmed" mt={2}>
                  Press <Kbd size="xs">C</Kbd> to copy {copyTarget.hex}
                </Text>
              )}
            </Stack>
          </Paper>
        )}
        <Badge
          pos="fixed"
          bottom={16}
          left="50%"
          size="lg"
          color="pink"
          variant="filled"
          tt="none"
          style={{ zIndex: OVERLAY_Z + 1, transform: 'translateX(-50%)' }}
        >
          {`Inspector on · ${shortcutKeys.join('+')} or Esc to exit`}
        </Badge>
      </Box>
    </Portal>
  );
}
