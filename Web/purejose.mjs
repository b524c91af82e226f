// PureJOSE in WebAssembly: JWT verification by the same Swift code as the native library, compiled to
// purejose.wasm (Scripts/build-wasm.sh). No dependencies; works in browsers, Node and Deno.
//
//   import * as PureJOSE from "./purejose.mjs";
//   await PureJOSE.load();                        // finds purejose.wasm beside this file, or load(bytes | Response | WebAssembly.Module)
//   PureJOSE.verify(token, { jwks, issuer, audience, nonce, now, leeway, algorithms })
//     → { valid: true, header, claims }  or  { valid: false, code, reason }     (codes: JWTError's, e.g. "expired")
//   PureJOSE.decode(token) → { header, claims }   (no signature check: inspection only; throws on a malformed token)
//
// Everything runs locally: the module makes no network request of its own (load() reads the .wasm beside this
// file unless given its bytes). The wasm build verifies only: it holds no randomness source to sign with.

let compiled = null;   // WebAssembly.Module
let wasm = null;       // the current instance's exports

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** The error `decode` throws and `verify` reports: `code` is a JWTError code, `reason` the explanation. */
export class PureJOSEError extends Error {
    constructor(code, reason) {
        super(`${code}: ${reason}`);
        this.name = "PureJOSEError";
        this.code = code;
        this.reason = reason;
    }
}

async function wasmBytes(source) {
    if (source === undefined) {
        const url = new URL("./purejose.wasm", import.meta.url);
        if (url.protocol === "file:" && typeof process !== "undefined" && process.versions?.node) {
            const { readFile } = await import("node:fs/promises");
            return readFile(url);
        }
        const response = await fetch(url);
        if (!response.ok) throw new Error(`purejose.wasm could not be loaded from ${url}: HTTP ${response.status}`);
        return response.arrayBuffer();
    }
    if (typeof Response !== "undefined" && source instanceof Response) return source.arrayBuffer();
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
    throw new TypeError("load() takes nothing, the bytes of purejose.wasm, a Response or a WebAssembly.Module");
}

function instantiate() {
    let exports = null;
    const imports = {
        env: {
            // memory.grow: the allocator's only way to get memory; -1 when the host refuses.
            grow_memory(pages) {
                try { return exports.memory.grow(pages); } catch { return -1; }
            },
            // Seeds Swift's Hasher (hashed collections); verification itself uses no randomness.
            random_bytes(pointer, count) {
                for (let done = 0; done < count; done += 65536) {
                    const n = Math.min(65536, count - done);
                    globalThis.crypto.getRandomValues(new Uint8Array(exports.memory.buffer, pointer + done, n));
                }
            },
        },
    };
    const instance = new WebAssembly.Instance(compiled, imports);
    exports = instance.exports;
    return exports;
}

/** Compiles and instantiates purejose.wasm. Call once before verify/decode; later calls do nothing. */
export async function load(source) {
    if (wasm) return;
    compiled = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(await wasmBytes(source));
    wasm = instantiate();
}

function requireLoaded() {
    if (!wasm) throw new Error("PureJOSE: call `await load()` first");
}

/** Copies strings into the module's memory, runs `body` with (pointer, length) pairs, frees them. */
function withInputs(strings, body) {
    const buffers = strings.map((s) => encoder.encode(s));
    const pointers = buffers.map((b) => wasm.pj_alloc(b.length));
    try {
        buffers.forEach((b, i) => new Uint8Array(wasm.memory.buffer, pointers[i], b.length).set(b));
        return body(pointers.flatMap((p, i) => [p, buffers[i].length]));
    } finally {
        pointers.forEach((p) => wasm.pj_free(p));
    }
}

function readResult() {
    const p = wasm.pj_result_pointer(), n = wasm.pj_result_length();
    const text = decoder.decode(new Uint8Array(wasm.memory.buffer, p, n));
    wasm.pj_result_release();
    return JSON.parse(text);
}

/** Runs one exported call; a trap (out of memory, or a defect) becomes an `internalError` verdict and a fresh instance. */
function call(strings, run) {
    requireLoaded();
    try {
        return withInputs(strings, (args) => { run(...args); return readResult(); });
    } catch (e) {
        if (!(e instanceof WebAssembly.RuntimeError)) throw e;
        wasm = instantiate();
        return { valid: false, code: "internalError", reason: `the WebAssembly module trapped (${e.message}); it has been restarted` };
    }
}

const optionTypes = {
    issuer: "string", audience: "string", subject: "string", nonce: "string", type: "string",
    now: "number", leeway: "number", maxAge: "number", requireExpiration: "boolean",
};

/**
 * Verifies a JWT (compact JWS): signature, `alg` rules, then the claims.
 * @param {string} token
 * @param {{jwks?: object|string, pem?: string, issuer?: string, audience?: string, subject?: string, nonce?: string,
 *          type?: string, now?: number|Date, leeway?: number, maxAge?: number, requireExpiration?: boolean,
 *          algorithms?: string[]}} options  exactly one of `jwks` (a JWK Set, object or JSON text) and `pem` (a public
 *          key); `now` in seconds since 1970 (or a Date; default the current time); `algorithms` default: every
 *          algorithm, each only with a key that fits it.
 * @returns {{valid: true, header: object, claims: object} | {valid: false, code: string, reason: string}}
 */
export function verify(token, options = {}) {
    if (typeof token !== "string") throw new TypeError("verify: the token must be a string");
    if (options === null || typeof options !== "object") throw new TypeError("verify: options must be an object");
    const { jwks, pem } = options;
    if ((jwks === undefined) === (pem === undefined)) throw new TypeError("verify: give exactly one of options.jwks and options.pem");
    if (pem !== undefined && typeof pem !== "string") throw new TypeError("verify: options.pem must be a string");
    if (jwks !== undefined && (jwks === null || (typeof jwks !== "string" && typeof jwks !== "object"))) {
        throw new TypeError("verify: options.jwks must be a JWK Set (object or JSON text)");
    }
    const settings = {};
    for (const [name, type] of Object.entries(optionTypes)) {
        let v = options[name];
        if (v === undefined || v === null) continue;
        if (name === "now" && v instanceof Date) v = v.getTime() / 1000;
        if (typeof v !== type || (type === "number" && !Number.isFinite(v))) {
            throw new TypeError(`verify: options.${name} must be a ${type === "number" ? "finite number" : type}`);
        }
        settings[name] = v;
    }
    if (settings.now === undefined) settings.now = Date.now() / 1000;
    if (options.algorithms !== undefined) {
        if (!Array.isArray(options.algorithms) || !options.algorithms.every((a) => typeof a === "string")) {
            throw new TypeError("verify: options.algorithms must be an array of algorithm names");
        }
        settings.algorithms = options.algorithms;
    }
    const keyText = pem !== undefined ? pem : typeof jwks === "string" ? jwks : JSON.stringify(jwks);
    return call([token, keyText, JSON.stringify(settings)], (t, tn, k, kn, o, on) => {
        wasm.pj_verify(t, tn, k, kn, pem !== undefined ? 1 : 0, o, on);
    });
}

/**
 * Reads a token's header and claims WITHOUT checking the signature — for display only, never for a trust decision.
 * @returns {{header: object, claims: object}}  throws PureJOSEError for a malformed token.
 */
export function decode(token) {
    if (typeof token !== "string") throw new TypeError("decode: the token must be a string");
    const r = call([token], (t, tn) => { wasm.pj_decode(t, tn); });
    if (r.valid === false) throw new PureJOSEError(r.code, r.reason);
    return { header: r.header, claims: r.claims };
}
