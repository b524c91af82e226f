// ct-check: the constant-time proof program. Each subcommand runs one signing path with its secrets (private
// scalars, nonces, CRT values, blinding factors, seeds) in memory that was allocated and never written, so that
// `../shared/tools/ct-valgrind` (memcheck) reports any branch or memory address computed from them.
// `Scripts/ct-check.sh` builds it in release and runs every subcommand, then the leaky variants, which must fail.
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
checks += rsaChecks
checks += ed25519Checks
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
