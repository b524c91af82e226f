// Placeholder: replaced by the JOSE implementation.
internal enum _JOSEPlaceholder {}
