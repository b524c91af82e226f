// Placeholder: replaced by the SHA2 implementation.
internal enum _SHA2Placeholder {}
