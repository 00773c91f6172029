"""Human review of the instrument: how often the extractor and verifier are wrong.

``export`` samples whole scored answers (seeded, stratified by model × language) into a
CSV sheet (``sheet`` documents its layout), a person judges every claim and adds the
claims the extractor missed, ``judgments`` reads the sheet back (all or nothing, every
problem named by row and column), ``store`` merges it into the ``claim_reviews`` table,
and ``metrics`` (and the ``instrument_error`` view) report false contradictions, false
unverifiables and missed claims with intervals. ``gold`` turns the shared claim-level
gold into the same judgments. No Dagster import anywhere here; ``cli`` is `f1bench review`.
"""
