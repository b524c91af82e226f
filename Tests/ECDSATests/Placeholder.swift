// Placeholder: replaced by the real ECDSATests.
