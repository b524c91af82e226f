import RSA

/// Filled in by the RSA signing work: the private operation for 2048 and 4096 bits, and a deliberately leaky variant.
let rsaChecks: [CTCheck] = []
