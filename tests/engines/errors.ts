/**
 * ページのエラー（uncaught、unhandledrejection、console.error）を window に貯める。
 * 従来の WebDriver にはエラーを受け取る仕組みがなく、BiDi の console イベントでは Error の中身が
 * 読めないため、どちらのエンジンでもページの中で集める。
 */
export function installErrorCollector(): void {
  const w = window as unknown as {__engineErrors?: string[]};
  if (w.__engineErrors) return;
  const seen: string[] = [];
  w.__engineErrors = seen;
  const describe = (value: unknown): string =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  window.addEventListener('error', (event) => seen.push(event.message || describe(event.error)));
  window.addEventListener('unhandledrejection', (event) => seen.push(describe(event.reason)));
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(args.map(describe).join(' '));
    original(...args);
  };
}

export function drainErrors(): string[] {
  const w = window as unknown as {__engineErrors?: string[]};
  return w.__engineErrors?.splice(0) ?? [];
}
