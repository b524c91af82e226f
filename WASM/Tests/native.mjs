// The native side of the comparison: PureJOSE's own `jose verify` (the same Swift code, built for this machine),
// run once per key set over a batch of tokens on standard input. Its verdict lines ('valid <claims>' or
// 'invalid: <code>: <reason>') are parsed into the shape purejose.mjs returns.
import { spawnSync, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "purejose-wasm-test-"));

/** Path of the native `jose` binary: $PUREJOSE_JOSE, or the debug build (`swift build --product jose` first). */
export function joseBinary() {
    if (process.env.PUREJOSE_JOSE) return process.env.PUREJOSE_JOSE;
    const bin = execFileSync("swift", ["build", "--show-bin-path"], { cwd: root, encoding: "utf8" }).trim();
    const path = join(bin, "jose");
    if (!existsSync(path)) throw new Error(`no native jose at ${path}: run 'swift build --product jose' first`);
    return path;
}

let counter = 0;

/**
 * Verifies `tokens` natively against one key (`{jwks}` or `{pem}`) with the given expectations.
 * @returns {{usageError: string|null, verdicts: Array<{valid: boolean, code?: string, reason?: string, claims?: object}>}}
 */
export function nativeVerdicts(jose, key, tokens, { now, issuer, audience, nonce, leeway, algorithms, requireExpiration = true }) {
    const file = join(scratch, `key-${++counter}`);
    writeFileSync(file, key.pem !== undefined ? key.pem : JSON.stringify(key.jwks));
    const args = ["verify", key.pem !== undefined ? "--key" : "--jwks", file, "--now", String(now)];
    if (issuer !== undefined) args.push("--iss", issuer);
    if (audience !== undefined) args.push("--aud", audience);
    if (nonce !== undefined) args.push("--nonce", nonce);
    if (leeway !== undefined) args.push("--leeway", String(leeway));
    if (!requireExpiration) args.push("--allow-missing-exp");
    for (const a of algorithms ?? []) args.push("--alg", a);
    const run = spawnSync(jose, args, { input: tokens.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 28 });
    if (run.status === 2) return { usageError: run.stderr.trim(), verdicts: [] };
    if (run.status !== 0 && run.status !== 1) throw new Error(`jose verify exited ${run.status}: ${run.stderr}`);
    const lines = run.stdout.split("\n").filter((l) => l.length > 0);
    if (lines.length !== tokens.length) throw new Error(`jose verify printed ${lines.length} verdicts for ${tokens.length} tokens`);
    return {
        usageError: null,
        verdicts: lines.map((line) => {
            if (line.startsWith("valid ")) return { valid: true, claims: JSON.parse(line.slice(6)) };
            const m = /^invalid: ([A-Za-z0-9]+): (.*)$/s.exec(line);
            if (!m) throw new Error(`unexpected verdict line: ${line}`);
            return { valid: false, code: m[1], reason: m[2] };
        }),
    };
}

/** The CLI shows reasons with line-unsafe characters replaced by '?' (JOSEBridge.describe); do the same. */
export function asPrinted(reason) {
    return [...reason].map((c) => {
        const v = c.codePointAt(0);
        const unsafe = v < 0x20 || (v >= 0x7f && v <= 0x9f) || v === 0x2028 || v === 0x2029 ||
            (v >= 0x202a && v <= 0x202e) || (v >= 0x2066 && v <= 0x2069);
        return unsafe ? "?" : c;
    }).join("");
}
