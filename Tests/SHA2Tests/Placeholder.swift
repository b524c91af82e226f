// Placeholder: replaced by the real SHA2Tests.
