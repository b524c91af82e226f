// Placeholder: replaced by the real RSATests.
