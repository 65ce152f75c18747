import { spawn, type ChildProcess } from 'node:child_process';

/** How a managed process is launched (the same every time it is started again). */
export interface ProcessSpec {
  /** Logical name, e.g. `entity-service` or `nats`. */
  name: string;
  /** Replica index among the processes of the same name. */
  index: number;
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  /** Resolves once a freshly started process is ready (a log line, a health endpoint, a NATS answer). */
  ready: (p: ManagedProcess) => Promise<void>;
  /** Bound of the readiness wait in ms (default 90 s: a 2-core machine starting a dozen processes). */
  readyTimeoutMs?: number;
}

/** Lines kept per process (a ring: the newest lines win). */
const KEEP_LINES = 4_000;

/**
 * One OS process of a test topology: started, killed (`SIGKILL` like a crash, or `SIGTERM`) and started
 * again with the same command, environment and data; its output lines are kept so that tests can wait on
 * them (readiness lines) and show them when something fails.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exitedP: Promise<number | null> = Promise.resolve(null);
  private readonly lines: string[] = [];
  /** Number of lines ever seen (so that a wait can start from "now"). */
  private seen = 0;
  private readonly watchers = new Set<(line: string) => void>();
  private readonly exitWatchers = new Set<(code: number | null, signal: NodeJS.Signals | null) => void>();
  /** How many times the process was started. */
  starts = 0;

  constructor(readonly spec: ProcessSpec) {}

  get name(): string {
    return this.spec.name;
  }
  get index(): number {
    return this.spec.index;
  }
  /** `name#index`, as shown in reports. */
  get label(): string {
    return `${this.spec.name}#${this.spec.index}`;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }
  /** True while the process runs. */
  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it is ready (its spec's condition); fails fast if it exits first. */
  async start(): Promise<void> {
    if (this.alive) throw new Error(`${this.label} is already running (pid ${this.pid})`);
    const child = spawn(this.spec.command, this.spec.args, { cwd: this.spec.cwd, env: this.spec.env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.starts += 1;
    this.exitedP = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        for (const w of this.exitWatchers) w(code, signal);
        resolve(code);
      }),
    );
    const onData = (() => {
      let rest = '';
      return (chunk: Buffer) => {
        rest += chunk.toString('utf8');
        let nl: number;
        while ((nl = rest.indexOf('\n')) >= 0) {
          this.push(rest.slice(0, nl));
          rest = rest.slice(nl + 1);
        }
      };
    })();
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    this.push(`--- ${this.label} started (pid ${child.pid}, start ${this.starts}) ---`);
    const timeoutMs = this.spec.readyTimeoutMs ?? 90_000;
    await this.untilOrExit(this.spec.ready(this), timeoutMs, 'ready');
  }

  private push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > KEEP_LINES) this.lines.splice(0, this.lines.length - KEEP_LINES);
    this.seen += 1;
    for (const w of this.watchers) w(line);
  }

  /** Races a condition against the process exiting and a time bound; the error carries the log tail. */
  async untilOrExit<T>(p: Promise<T>, timeoutMs: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
    try {
      return await Promise.race([
        p,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${this.label}: not ${what} within ${timeoutMs} ms\n${this.tail(30)}`)), timeoutMs);
        }),
        new Promise<never>((_, reject) => {
          onExit = (code, signal) => reject(new Error(`${this.label} exited (code ${code}, signal ${signal}) before ${what}\n${this.tail(30)}`));
          if (!this.alive) onExit(this.child?.exitCode ?? null, this.child?.signalCode ?? null);
          else this.exitWatchers.add(onExit);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onExit) this.exitWatchers.delete(onExit);
    }
  }

  /**
   * Waits for an output line matching `re` written since this process's latest start (or since `fromLine`,
   * see {@link mark}).
   */
  waitForLine(re: RegExp, opts: { fromLine?: number; timeoutMs?: number } = {}): Promise<string> {
    const from = opts.fromLine ?? this.startLine();
    const firstKept = this.seen - this.lines.length;
    for (let i = Math.max(from, firstKept); i < this.seen; i++) {
      const l = this.lines[i - firstKept]!;
      if (re.test(l)) return Promise.resolve(l);
    }
    let watcher: ((line: string) => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    return new Promise<string>((resolve, reject) => {
      watcher = (line) => {
        if (re.test(line)) resolve(line);
      };
      this.watchers.add(watcher);
      timer = setTimeout(() => reject(new Error(`${this.label}: no line matching ${re} within ${opts.timeoutMs ?? 60_000} ms\n${this.tail(30)}`)), opts.timeoutMs ?? 60_000);
    }).finally(() => {
      clearTimeout(timer);
      this.watchers.delete(watcher!);
    });
  }

  /** Position in the output: lines written after it are "new" for {@link waitForLine}. */
  mark(): number {
    return this.seen;
  }

  private startLine(): number {
    // The banner line pushed by start() is the first line of the current run.
    const firstKept = this.seen - this.lines.length;
    for (let i = this.lines.length - 1; i >= 0; i--) if (this.lines[i]!.startsWith(`--- ${this.label} started`)) return firstKept + i;
    return firstKept;
  }

  /** The last `n` output lines (for error messages). */
  tail(n = 50): string {
    return this.lines.slice(-n).map((l) => `  [${this.label}] ${l}`).join('\n');
  }

  /** Every kept output line. */
  output(): string[] {
    return [...this.lines];
  }

  /** Kills the process with `signal` (default `SIGKILL`: a crash) and waits until it has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const c = this.child;
    if (!c || !this.alive) return;
    this.push(`--- ${this.label} killed with ${signal} ---`);
    const exited = this.exitedP;
    c.kill(signal);
    await exited;
  }

  /** Stops gracefully (SIGTERM), and kills it when it has not exited within `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const c = this.child;
    if (!c || !this.alive) return;
    const exited = this.exitedP;
    c.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
    clearTimeout(timer);
    if (!done) await this.kill('SIGKILL');
  }

  /** Kills it (a crash by default) and starts it again, waiting until it is ready. */
  async restart(opts: { signal?: NodeJS.Signals } = {}): Promise<void> {
    await this.kill(opts.signal ?? 'SIGKILL');
    await this.start();
  }
}
