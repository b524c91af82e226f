// Placeholder: replaced by the real JOSETests.
