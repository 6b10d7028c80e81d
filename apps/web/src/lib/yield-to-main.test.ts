import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, paintWaitLimitMs, yieldToMain } from './yield-to-main.ts';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves after work already queued as a task, not within the current one', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const yielded = yieldToMain().then(() => order.push('after yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await yielded;
    expect(order).toEqual(['queued task', 'after yield']);
  });

  it('resolves at once in a hidden tab, whose timers the browser slows down', async () => {
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after yield');
    expect(order).toEqual(['after yield']);
    vi.restoreAllMocks();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves just after the next animation frame, not before it', async () => {
    vi.useFakeTimers();
    let drawFrame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      drawFrame = callback;
      return 1;
    });
    let isResolved = false;
    void afterNextPaint().then(() => {
      isResolved = true;
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(isResolved).toBe(false);
    expect(drawFrame).toBeDefined();
    drawFrame?.(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(isResolved).toBe(true);
  });

  it('gives up waiting in a tab that draws no frames', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    let isResolved = false;
    void afterNextPaint().then(() => {
      isResolved = true;
    });
    await vi.advanceTimersByTimeAsync(paintWaitLimitMs - 1);
    expect(isResolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isResolved).toBe(true);
  });
});
