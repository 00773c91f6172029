"""Verifier-guided generation: edit instructions, the round loop, the report."""
