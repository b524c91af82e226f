// Placeholder: replaced by the real BigNumTests.
