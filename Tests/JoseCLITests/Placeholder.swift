// Placeholder: replaced by the real JoseCLITests.
