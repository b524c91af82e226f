// The constant-time layer (`constantTimeEquals`, `CT`) lives in the ConstantTime module. SHA2 re-exports it, so
// `import SHA2` keeps giving `constantTimeEquals(_:_:)` — the public name SHA2 has always offered — and the module's
// own constant-time comparisons (digests, MACs) and wipes come from there.
@_exported import ConstantTime
