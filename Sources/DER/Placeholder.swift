// Placeholder: replaced by the DER implementation.
internal enum _DERPlaceholder {}
