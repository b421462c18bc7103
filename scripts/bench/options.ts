/** コマンドライン: npm run bench -- [--runs N] [--skip-stock] [--skip-lighthouse] [--skip-build] [--port P] [--config file] */
export type BenchOptions = {
  readonly runs: number;
  readonly skipStock: boolean;
  readonly skipLighthouse: boolean;
  /** 既存の build-bench（と .bench/stock/build）をそのまま測る。ビルド時間は n/a。 */
  readonly skipBuild: boolean;
  /** ours はこの番号、stock は +1 で配信する（ループバックのみ）。 */
  readonly port: number;
  /** ours を別の設定ファイルでビルドする（削減案の試作用）。出力は build-bench-<名前>。 */
  readonly config: string | null;
};

const usage =
  'usage: npm run bench -- [--runs N] [--skip-stock] [--skip-lighthouse] [--skip-build] [--port 3300] [--config file]';

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options = {
    runs: 3,
    skipStock: false,
    skipLighthouse: false,
    skipBuild: false,
    port: 3300,
    config: null as string | null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const number = (): number => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`${arg} には正の整数が要ります\n${usage}`);
      return value;
    };
    if (arg === '--runs') options.runs = number();
    else if (arg === '--port') options.port = number();
    else if (arg === '--config') {
      const file = argv[++i];
      if (!file) throw new Error(`--config にはファイルが要ります\n${usage}`);
      options.config = file;
    } else if (arg === '--skip-stock') options.skipStock = true;
    else if (arg === '--skip-lighthouse') options.skipLighthouse = true;
    else if (arg === '--skip-build') options.skipBuild = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`不明なオプション: ${arg}\n${usage}`);
  }
  return options;
}
