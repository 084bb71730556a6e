"""Scenario builders shared by the tests."""
