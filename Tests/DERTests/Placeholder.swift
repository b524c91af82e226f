// Placeholder: replaced by the real DERTests.
