// Placeholder: replaced by the ECDSA implementation.
internal enum _ECDSAPlaceholder {}
