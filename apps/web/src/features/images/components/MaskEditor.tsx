import { Button } from '@studio/ui';
import { Brush, Eraser, Trash2, Undo } from 'lucide-react';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaskPoint, MaskStroke } from '../mask/maskRaster';
import { ChoiceGroup } from './ChoiceGroup';
import * as styles from './studio.css';

export interface MaskEditorProps {
  /** The source picture (a blob: URL) and its natural size: the mask is drawn and sent at it. */
  sourceUrl: string;
  width: number;
  height: number;
  strokes: readonly MaskStroke[];
  onStrokesChange: (strokes: readonly MaskStroke[]) => void;
}

/** Brush sizes in screen pixels (the slider), turned into the picture's own pixels when drawn. */
const MIN_BRUSH = 4;
const MAX_BRUSH = 96;

function draw(canvas: HTMLCanvasElement, strokes: readonly MaskStroke[], colour: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    context.globalCompositeOperation = stroke.tool === 'brush' ? 'source-over' : 'destination-out';
    context.strokeStyle = colour;
    context.fillStyle = colour;
    context.lineWidth = stroke.radius * 2;
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    context.beginPath();
    if (rest.length === 0) {
      context.arc(first.x, first.y, stroke.radius, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
  context.globalCompositeOperation = 'source-over';
}

/**
 * Paint where the picture may change: a canvas over the source at its natural size (the page
 * scales it), drawn with a pointer (mouse, pen or touch), with a brush and an eraser, a size,
 * undo (one stroke) and clear. The controls are ordinary buttons and a slider, so they work from
 * the keyboard; the painting itself needs a pointer.
 */
export function MaskEditor({
  sourceUrl,
  width,
  height,
  strokes,
  onStrokesChange,
}: MaskEditorProps) {
  const { t } = useTranslation('images');
  const sizeId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [tool, setTool] = useState<MaskStroke['tool']>('brush');
  const [size, setSize] = useState(32);
  // The stroke under way: a ref, since pointer moves come faster than renders; the state copy
  // only redraws it.
  const drawingRef = useRef<MaskStroke | null>(null);
  const [drawing, setDrawing] = useState<MaskStroke | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Strokes take the canvas's CSS colour (the theme's accent); its opacity shows the picture.
    draw(canvas, drawing ? [...strokes, drawing] : strokes, getComputedStyle(canvas).color);
  }, [strokes, drawing]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): MaskPoint => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * width,
      y: ((event.clientY - box.top) / box.height) * height,
    };
  };
  const radiusOf = (canvas: HTMLCanvasElement) => {
    const box = canvas.getBoundingClientRect();
    return (size / 2) * (box.width > 0 ? width / box.width : 1);
  };
  const track = (stroke: MaskStroke | null) => {
    drawingRef.current = stroke;
    setDrawing(stroke);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    try {
      // Keeps the stroke when the pointer leaves the canvas mid-drag; without it (a pointer the
      // browser no longer tracks) the stroke still ends on pointerup over the canvas.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Nothing to capture: draw on.
    }
    track({ tool, radius: radiusOf(event.currentTarget), points: [pointOf(event)] });
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = drawingRef.current;
    if (!current) return;
    track({ ...current, points: [...current.points, pointOf(event)] });
  };
  const onPointerEnd = () => {
    const current = drawingRef.current;
    if (!current) return;
    track(null);
    onStrokesChange([...strokes, current]);
  };

  return (
    <div className={styles.page}>
      <div className={styles.row}>
        <ChoiceGroup
          legend={t('mask.tool')}
          value={tool}
          onChange={setTool}
          choices={[
            {
              value: 'brush',
              label: t('mask.brush'),
              icon: <Brush size={14} aria-hidden="true" />,
            },
            {
              value: 'eraser',
              label: t('mask.eraser'),
              icon: <Eraser size={14} aria-hidden="true" />,
            },
          ]}
        />
        <div className={styles.choices}>
          <label htmlFor={sizeId} className={styles.legend}>
            {t('mask.size', { size })}
          </label>
          <input
            id={sizeId}
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            step={2}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
          />
        </div>
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            icon={<Undo size={16} aria-hidden="true" />}
            disabled={strokes.length === 0}
            onClick={() => onStrokesChange(strokes.slice(0, -1))}
          >
            {t('mask.undo')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<Trash2 size={16} aria-hidden="true" />}
            disabled={strokes.length === 0}
            onClick={() => onStrokesChange([])}
          >
            {t('mask.clear')}
          </Button>
        </div>
      </div>
      <div className={styles.maskStage}>
        <img
          className={styles.maskImage}
          src={sourceUrl}
          width={width}
          height={height}
          alt={t('mask.sourceAlt')}
        />
        <canvas
          ref={canvasRef}
          className={styles.maskCanvas}
          width={width}
          height={height}
          aria-label={t('mask.canvasLabel')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        />
      </div>
      <p className={styles.muted} role="status">
        {strokes.length === 0 ? t('mask.none') : t('mask.painted', { count: strokes.length })}
      </p>
    </div>
  );
}
