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

  it('resolves in the task after the next animation frame, not before it', async () => {
    let drawFrame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      drawFrame = callback;
      return 1;
    });
    let isResolved = false;
    const painted = afterNextPaint().then(() => {
      isResolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isResolved).toBe(false);
    drawFrame?.(0);
    await painted;
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
