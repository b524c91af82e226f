// Placeholder: replaced by the RSA implementation.
internal enum _RSAPlaceholder {}
