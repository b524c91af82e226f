// Placeholder: replaced by the BigNum implementation.
internal enum _BigNumPlaceholder {}
