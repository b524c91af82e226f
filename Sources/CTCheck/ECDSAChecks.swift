import ECDSA

/// Filled in by the ECDSA signing work: P-256/P-384 signing and key derivation, and a deliberately leaky variant.
let ecdsaChecks: [CTCheck] = []
