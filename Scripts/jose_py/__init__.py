"""Shared Python helpers of the fixture generators (Scripts/generate-*.py). Not part of the Swift package."""
