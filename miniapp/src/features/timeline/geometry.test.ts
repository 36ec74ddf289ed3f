import { describe, expect, it } from 'vitest';
import { applyKeys, arrowPath, barBox, draggedBox, draggedDates, keyDrag, modeAt, rowRange, spanOf } from './geometry.ts';
import { daysForDx, windowOf } from './scale.ts';

const w = windowOf('week', '2026-12-10', 1); // 2026-11-09 … 2027-01-31, 40 px a day

describe('bars', () => {
  it('a start→due issue spans both days; one date is a one-day marker; none is no bar', () => {
    expect(spanOf({ startDate: '2026-12-01', dueDate: '2026-12-03' })).toEqual({ first: '2026-12-01', last: '2026-12-03', single: false });
    expect(spanOf({ startDate: null, dueDate: '2026-12-03' })).toEqual({ first: '2026-12-03', last: '2026-12-03', single: true });
    expect(spanOf({ startDate: '2026-12-01', dueDate: null })).toEqual({ first: '2026-12-01', last: '2026-12-01', single: true });
    expect(spanOf({ startDate: null, dueDate: null })).toBeNull();
    expect(spanOf({ startDate: '2026-12-05', dueDate: '2026-12-03' })).toEqual({ first: '2026-12-03', last: '2026-12-03', single: true });
  });

  it('places a bar from its first day to the end of its last, cut at the window', () => {
    expect(barBox(w, spanOf({ startDate: '2026-11-10', dueDate: '2026-11-12' })!)).toEqual({ left: 40, width: 120, cutStart: false, cutEnd: false });
    expect(barBox(w, spanOf({ startDate: '2026-11-01', dueDate: '2026-11-09' })!)).toEqual({ left: 0, width: 40, cutStart: true, cutEnd: false });
    expect(barBox(w, spanOf({ startDate: '2027-01-31', dueDate: '2027-02-20' })!)).toEqual({ left: 83 * 40, width: 40, cutStart: false, cutEnd: true });
    expect(barBox(w, spanOf({ startDate: null, dueDate: '2027-02-01' })!)).toBeNull();
  });
});

describe('drag → new dates', () => {
  const issue = { startDate: '2026-12-01', dueDate: '2026-12-05' };

  it('moving shifts both dates by the same days', () => {
    expect(draggedDates(issue, 'move', 3)).toEqual({ startDate: '2026-12-04', dueDate: '2026-12-08' });
    expect(draggedDates(issue, 'move', -31)).toEqual({ startDate: '2026-10-31', dueDate: '2026-11-04' });
    expect(draggedDates(issue, 'move', 0)).toBeNull();
  });

  it('a one-date issue moves its one date', () => {
    expect(draggedDates({ startDate: null, dueDate: '2026-12-05' }, 'move', 2)).toEqual({ startDate: null, dueDate: '2026-12-07' });
    expect(draggedDates({ startDate: '2026-12-05', dueDate: null }, 'move', -2)).toEqual({ startDate: '2026-12-03', dueDate: null });
  });

  it('dragging an end resizes, never below one day', () => {
    expect(draggedDates(issue, 'end', 2)).toEqual({ startDate: '2026-12-01', dueDate: '2026-12-07' });
    expect(draggedDates(issue, 'end', -10)).toEqual({ startDate: '2026-12-01', dueDate: '2026-12-01' });
    expect(draggedDates(issue, 'start', -1)).toEqual({ startDate: '2026-11-30', dueDate: '2026-12-05' });
    expect(draggedDates(issue, 'start', 9)).toEqual({ startDate: '2026-12-05', dueDate: '2026-12-05' });
    expect(draggedDates({ startDate: '2026-12-05', dueDate: '2026-12-05' }, 'start', 3)).toBeNull();
  });

  it('resizing a one-date issue gives it the other date', () => {
    expect(draggedDates({ startDate: null, dueDate: '2026-12-05' }, 'start', -2)).toEqual({ startDate: '2026-12-03', dueDate: '2026-12-05' });
    expect(draggedDates({ startDate: '2026-12-05', dueDate: null }, 'end', 2)).toEqual({ startDate: '2026-12-05', dueDate: '2026-12-07' });
    expect(draggedDates({ startDate: null, dueDate: '2026-12-05' }, 'end', -2)).toBeNull();
  });

  it('pixels to days to dates at each zoom', () => {
    for (const [zoom, px] of [['week', 40], ['month', 12], ['quarter', 4]] as const) {
      const days = daysForDx(windowOf(zoom, '2026-12-10', 1), px * 5 + 1);
      expect(days).toBe(5);
      expect(draggedDates(issue, 'move', days)).toEqual({ startDate: '2026-12-06', dueDate: '2026-12-10' });
    }
  });

  it('the dragged bar shows the same change in pixels, at least a day wide', () => {
    const box = barBox(w, spanOf(issue)!)!;
    expect(draggedBox(box, 'move', 2, 40)).toEqual({ dx: 80, width: 200 });
    expect(draggedBox(box, 'end', -10, 40)).toEqual({ dx: 0, width: 40 });
    expect(draggedBox(box, 'start', 10, 40)).toEqual({ dx: 160, width: 40 });
    expect(draggedBox(box, 'start', -1, 40)).toEqual({ dx: -40, width: 240 });
  });

  it('a press on either end of a wide enough bar resizes; elsewhere it moves', () => {
    expect(modeAt(3, 200)).toBe('start');
    expect(modeAt(196, 200)).toBe('end');
    expect(modeAt(100, 200)).toBe('move');
    expect(modeAt(2, 12)).toBe('move');
  });

  it('keys: arrows move by a day, Shift+arrows move the end; presses add up', () => {
    expect(keyDrag('ArrowRight', false)).toEqual({ mode: 'move', days: 1 });
    expect(keyDrag('ArrowLeft', true)).toEqual({ mode: 'end', days: -1 });
    expect(keyDrag('ArrowUp', false)).toBeNull();
    const steps = [keyDrag('ArrowRight', false)!, keyDrag('ArrowRight', false)!, keyDrag('ArrowLeft', true)!, keyDrag('ArrowLeft', true)!, keyDrag('ArrowLeft', true)!, keyDrag('ArrowLeft', true)!, keyDrag('ArrowLeft', true)!];
    expect(applyKeys(issue, steps)).toEqual({ startDate: '2026-12-03', dueDate: '2026-12-03' });
  });
});

describe('arrows and rows', () => {
  it('an arrow runs right, down and into the start; a start not after the end turns back between rows', () => {
    expect(arrowPath(100, 16, 200, 80, 32)).toBe('M100 16H108V80H200');
    expect(arrowPath(100, 16, 60, 80, 32)).toBe('M100 16H108V64H52V80H60');
    expect(arrowPath(100, 80, 60, 16, 32)).toBe('M100 80H108V32H52V16H60');
  });

  it('renders only the rows in view and a few around them, moving the range a chunk at a time', () => {
    expect(rowRange(0, 10, 500, 8, 4)).toEqual({ start: 0, end: 22 });
    expect(rowRange(100, 10, 500, 8, 4)).toEqual({ start: 92, end: 118 });
    // Rows 100 to 103 lead the same range: scrolling through them renders nothing again.
    expect(rowRange(103, 10, 500, 8, 4)).toEqual(rowRange(100, 10, 500, 8, 4));
    expect(rowRange(495, 10, 500, 8, 4)).toEqual({ start: 484, end: 500 });
    expect(rowRange(-3, 10, 5, 8, 4)).toEqual({ start: 0, end: 5 });
    // Every row in view is rendered, wherever the view starts.
    for (let first = 0; first < 200; first++) {
      const { start, end } = rowRange(first, 10, 500, 8, 4);
      expect(start <= first && end >= first + 10).toBe(true);
    }
  });
});
