// ct-check: the constant-time proof program. Each subcommand calls the library's PUBLIC API (signing, key
// generation, HMAC, decoding of secret key material, comparison) with its secrets — private keys, HMAC keys, seeds,
// the system generator's output — undefined to memcheck (`tainted`, `undefinedBytes`, `taintStoredSecrets` in
// Undefined.swift; Scripts/ct-taint-random.c for the generator), so that `Scripts/ct-valgrind` reports any branch or
// memory address computed from them outside the declassification points listed in Scripts/ct-check.supp.
// `Scripts/ct-check.sh` builds it in release and runs every subcommand; the `leaky.*` variants must fail.
//
// Adding a module: one file `<Module>Checks.swift` defining `let <module>Checks: [CTCheck]`, and one line below.
//
//   ct-check LIST            names of the checks
//   ct-check NAME            run one check (exit 0; memcheck decides)

/// One named check: `run` reads its secrets from `undefinedBytes` and exercises one signing path.
struct CTCheck: Sendable {
    let name: String
    let run: @Sendable () -> Void
}

var checks: [CTCheck] = []
checks += ecdsaChecks
checks += ecdhChecks
checks += rsaChecks
checks += ed25519Checks
checks += hmacChecks
checks += mldsaChecks
checks += x25519Checks
checks += oaepChecks
checks += decodingChecks
checks += jwkChecks
checks += constantTimeChecks
checks += compareChecks
checks += aesChecks

let args = CommandLine.arguments.dropFirst()
guard let name = args.first else {
    print("usage: ct-check LIST | NAME"); exit(2)
}
if name == "LIST" {
    for c in checks { print(c.name) }
} else if let c = checks.first(where: { $0.name == name }) {
    c.run()
    print("ct-check \(name): done")
} else {
    print("ct-check: unknown check \(name)"); exit(2)
}
