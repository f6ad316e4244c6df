import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, TOAST_REMOVE_DELAY_MS, dismissToast, toast } from './toast-store.ts';

afterEach(() => {
  vi.useRealTimers();
  $toasts.set([]);
});

describe('toast store', () => {
  it('keeps at most one toast: a new one replaces the old', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'More', variant: 'destructive' });
    expect($toasts.get()).toEqual([
      expect.objectContaining({ title: 'Second', description: 'More', variant: 'destructive', open: true }),
    ]);
  });

  it('closes a dismissed toast and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Hello' });
    dismissToast(id);
    expect($toasts.get()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('leaves the current toast alone, and schedules nothing, when asked to close one it replaced', () => {
    vi.useFakeTimers();
    const old = toast({ title: 'Login failed', variant: 'destructive' });
    toast({ title: 'Welcome back!' });
    dismissToast(old);
    expect($toasts.get()).toEqual([expect.objectContaining({ title: 'Welcome back!', open: true })]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
