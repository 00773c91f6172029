"""Verifier-guided generation (paper §6): edit instructions, the round loop, the report."""
