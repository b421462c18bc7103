import type {Spread} from './types';

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return {median: NaN, min: NaN, max: NaN, values};
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return {median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, values};
}
